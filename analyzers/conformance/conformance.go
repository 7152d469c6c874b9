package conformance

// What reaches a tool's client is computed bottom-up, as a summary of each
// function: the reasons it names with Fail and RecoveryFor (when it runs,
// wherever in its body), and the runtime errors it returns (built by a
// factory or New, possibly wrapped, or returned by a function it calls).
// Summaries cross packages as facts, so a handler is judged on what the
// services it calls really produce; within a package they are solved to a
// fixed point, so helpers may call each other.
//
// The rules differ in which way they may err. Reporting an undeclared
// reason or code needs the error to reach the client: an error the
// handler tests (errors.Is, CodeOf...) may be translated on the way and is
// not held against the contract. Reporting an unthrown reason needs
// nothing to produce it: every error counts, tested or not, and any reason
// that cannot be known silences the rule.

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

//go:embed doc.go
var doc string

// Analyzer checks that handlers fail only in the ways their tool's
// contract declares, across packages.
var Analyzer = &analysis.Analyzer{
	Name:     "conformance",
	Doc:      docs.Analyzer(doc, "conformance"),
	URL:      rules.AnalyzerURL("conformance"),
	Requires: []*analysis.Analyzer{model.Analyzer, errflow.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	flow := pass.ResultOf[errflow.Analyzer].(*errflow.Result)
	defer flow.Acquire()()
	if !m.ReachesRuntime || !m.Relevant() || !flow.Relevant() {
		return nil, nil // nothing here names a tool or Fail
	}
	c := &checker{
		pass: pass, flow: flow, r: report.New(pass, m), reported: map[findingKey]bool{},
		handlers: map[*model.Tool][]*errflow.Handler{}, views: map[*model.Tool]*toolView{},
		verdicts: map[token.Pos]verdict{}, owned: map[token.Pos]bool{},
	}
	for _, h := range flow.Handlers {
		for _, t := range h.Tools {
			c.handlers[t] = append(c.handlers[t], h)
		}
	}
	defer c.r.Finish()
	c.checkDynamic()
	for _, t := range m.Tools {
		c.views[t] = c.view(t)
		c.judgeReasons(t, c.views[t])
	}
	if m.ImportsRuntime {
		c.checkRecoveries()
	}
	for _, t := range m.Tools {
		if !errflow.IsTestFile(pass, fileOf(pass, t.Lit)) {
			c.checkTool(t)
		}
	}
	return nil, nil
}

type checker struct {
	pass     *analysis.Pass
	flow     *errflow.Result
	r        *report.Reporter
	reported map[findingKey]bool
	handlers map[*model.Tool][]*errflow.Handler
	views    map[*model.Tool]*toolView

	// verdicts says, of each reason written at a Fail or RecoveryFor of
	// the package, what the contracts of the tools that reach it make of
	// it; owned are the RecoveryFor reasons error-contract-recovery-
	// unforwarded reports, which error-contract-reason-undeclared leaves
	// to it.
	verdicts map[token.Pos]verdict
	owned    map[token.Pos]bool
}

// An effect is a way a failure reaches a tool's client, as the layer
// summarises it.
type effect = errflow.Effect

// fileOf returns the file of the package that contains n.
func fileOf(pass *analysis.Pass, n ast.Node) *ast.File {
	if f := model.FileOf(pass.Files, n.Pos()); f != nil {
		return f
	}
	return pass.Files[0]
}

// A findingKey identifies a finding: one per rule, node, tool and reason
// (or code), however many sites produce it.
type findingKey struct {
	rule    string
	at      token.Pos
	tool    token.Pos
	subject any
}

// once reports whether a finding with this key is new.
func (c *checker) once(rule rules.Rule, at ast.Node, tool token.Pos, subject any) bool {
	key := findingKey{rule.ID, at.Pos(), tool, subject}
	if c.reported[key] {
		return false
	}
	c.reported[key] = true
	return true
}

// checkDynamic reports the reasons that reach Fail without being constant.
func (c *checker) checkDynamic() {
	order, dynamic := c.flow.DynamicReasons()
	nodes := slices.Clone(order)
	slices.SortFunc(nodes, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
	for _, node := range nodes {
		through := "mcperr.Fail"
		if fn := dynamic[node]; fn != nil {
			through = model.FuncName(fn) + ", which passes it to mcperr.Fail,"
		}
		c.r.Report(rules.ReasonDynamic, node,
			"the reason passed to %s is not a constant, so it cannot be checked against the tool's contract, and a reason the contract does not declare fails with CodeInternalError at run time: pass one of the declared reasons as a constant",
			through)
	}
}

// A toolView is what reaches the client of one tool.
type toolView struct {
	t        *model.Tool
	effects  []effect
	visible  bool // every handler's body or fact is known
	dynamic  bool // some reason cannot be known
	handlers []ast.Node
}

// view gathers the effects of a tool's handlers. A handler the tool's
// Handler is passed through (withLogging(getBook)) is called by a wrapper
// that may translate what it returns: its returned errors count as
// produced, but are not held against the contract.
func (c *checker) view(t *model.Tool) *toolView {
	hs := c.handlers[t]
	v := &toolView{t: t, visible: len(hs) > 0}
	for _, h := range hs {
		wrapped := false
		for _, p := range h.Paths {
			if p.Tool == t && p.Wrapped {
				wrapped = true
			}
		}
		var sum *errflow.Summary
		switch {
		case h.Lit != nil:
			sum = c.flow.LitSummary(h.Lit)
		case h.Func != nil:
			sum = c.flow.Summary(h.Func)
		}
		if sum == nil {
			if h.Body != nil {
				sum = &errflow.Summary{}
			} else {
				v.visible = false
				continue
			}
		}
		if n := h.Node(); n != nil {
			v.handlers = append(v.handlers, n)
		}
		v.dynamic = v.dynamic || sum.Dynamic
		for _, e := range sum.Effects {
			if e.ParamReason() { // a parameter of a function around the handler
				v.dynamic = true
				continue
			}
			if h.Body == nil {
				e.At, e.Via = t.HandlerExpr, h.Func
			}
			if wrapped && e.Kind == errflow.ReturnKind {
				e.Inspected = true
			}
			v.effects = append(v.effects, e)
		}
	}
	slices.SortStableFunc(v.effects, func(a, b effect) int {
		if a.At.Pos() != b.At.Pos() {
			return int(a.At.Pos() - b.At.Pos())
		}
		return compareEffects(a, b)
	})
	return v
}

// compareEffects orders effects for reporting.
func compareEffects(a, b effect) int {
	return cmp.Or(
		cmp.Compare(a.Kind, b.Kind),
		cmp.Compare(a.Reason, b.Reason),
		cmp.Compare(a.Code, b.Code),
		cmp.Compare(a.Site, b.Site),
	)
}

// checkTool judges what reaches the client of a tool against its
// contract.
func (c *checker) checkTool(t *model.Tool) {
	if t.Errors != nil && t.Contract == nil {
		return // not statically known: contractstruct reports it
	}
	v := c.views[t]
	for _, e := range v.effects {
		switch {
		case e.Reason == "":
			c.checkCode(v, e)
		case t.Contract == nil:
			c.checkNoContract(v, e)
		default:
			c.checkReason(v, e)
		}
	}
	if t.Contract != nil && v.visible && !v.dynamic {
		c.checkUnthrown(v)
	}
}

// checkNoContract reports a Fail under a tool that declares no Errors: it
// always fails with CodeInternalError.
func (c *checker) checkNoContract(v *toolView, e effect) {
	if e.Kind != errflow.FailKind || !c.once(rules.ReasonUndeclared, e.At, v.t.Lit.Pos(), e.Reason) {
		return
	}
	c.report(rules.ReasonUndeclared, e, "%s, but tool %s declares no Errors: at run time Fail returns a CodeInternalError error instead; declare the reason in the tool's Errors",
		c.describe(e), toolName(v.t))
}

// checkReason judges an effect that names a reason.
func (c *checker) checkReason(v *toolView, e effect) {
	contract := v.t.Contract
	if e.Kind == errflow.ReturnKind && e.Inspected {
		return // the handler may translate it
	}
	entry := contract.Lookup(e.Reason)
	if entry == nil {
		if !reasonsKnown(contract) || e.Kind == errflow.RecoveryKind && c.owned[e.At.Pos()] ||
			!c.once(rules.ReasonUndeclared, e.At, v.t.Lit.Pos(), e.Reason) {
			return
		}
		var consequence string
		switch e.Kind {
		case errflow.FailKind:
			consequence = "at run time Fail returns a CodeInternalError error instead"
		case errflow.RecoveryKind:
			consequence = "RecoveryFor adds no recovery hint for it"
		default:
			consequence = "the client would receive a reason the contract does not list"
		}
		c.report(rules.ReasonUndeclared, e, "%s, which tool %s does not declare (%s): %s; declare it in the tool's Errors%s",
			c.describe(e), toolName(v.t), declared(contract), consequence, c.serviceHint(e))
		return
	}
	if e.Kind == errflow.ReturnKind && e.ByStatus {
		c.checkByStatus(v, e, entry)
		return
	}
	if e.Kind != errflow.ReturnKind || e.Code == 0 {
		return
	}
	code, ok := entry.Code.Int()
	if !ok || code == e.Code || !c.once(rules.ReasonCodeMismatch, e.At, v.t.Lit.Pos(), e.Reason) {
		return
	}
	c.report(rules.ReasonCodeMismatch, e, "%s with code %s, but tool %s declares reason %q with code %s: the client would receive a code the contract does not promise for it; build the error with code %s, or return mcperr.Fail",
		c.describe(e), errflow.CodeName(e.Code), toolName(v.t), e.Reason, errflow.CodeName(code), errflow.CodeName(code))
}

// checkByStatus reports a declared reason carried by an error whose code
// mcperr.FromHTTPResponse picks from the response's status: the client
// receives the reason with whatever code the status maps to, not
// necessarily the one the contract declares for it.
func (c *checker) checkByStatus(v *toolView, e effect, entry *model.Entry) {
	code, ok := entry.Code.Int()
	if !ok || !c.once(rules.ReasonCodeMismatch, e.At, v.t.Lit.Pos(), e.Reason) {
		return
	}
	c.report(rules.ReasonCodeMismatch, e, "%s with the code mcperr.FromHTTPResponse picks from the response's status (a 429 is RateLimited, a 404 NotFound), but tool %s declares reason %q with code %s: the client may receive the reason with another code; pass mcperr.WithCodeOverride to keep %s, or choose the reason by status",
		c.describe(e), toolName(v.t), e.Reason, errflow.CodeName(code), errflow.CodeName(code))
}

// baseline are the codes any tool may fail with without declaring them:
// the server's own faults and its infrastructure's.
var baseline = map[mcperr.Code]bool{
	mcperr.CodeInternalError:      true,
	mcperr.CodeServiceUnavailable: true,
	mcperr.CodeTimeout:            true,
	mcperr.CodeValidationError:    true,
	mcperr.CodeSerializationError: true,
}

// checkCode judges a returned error without a reason by its code.
func (c *checker) checkCode(v *toolView, e effect) {
	contract := v.t.Contract
	if e.Kind != errflow.ReturnKind || contract == nil || e.Inspected || e.Code == 0 || baseline[mcperr.Code(e.Code)] || !codesKnown(contract) {
		return
	}
	for _, entry := range contract.Entries {
		if code, _ := entry.Code.Int(); code == e.Code {
			return
		}
	}
	if !c.once(rules.Conformance, e.At, v.t.Lit.Pos(), e.Code) {
		return
	}
	c.report(rules.Conformance, e, "%s, but tool %s declares no failure with code %s: declare it in the tool's Errors, or fail with one of the declared reasons",
		c.describeCode(e), toolName(v.t), errflow.CodeName(e.Code))
}

// checkUnthrown reports the declared reasons nothing produces.
func (c *checker) checkUnthrown(v *toolView) {
	reached := map[string]bool{}
	covered := map[int64]bool{} // codes the handler returns without a reason: preferfail's finding
	for _, e := range v.effects {
		reached[e.Reason] = true
		if e.Kind == errflow.ReturnKind && e.Reason == "" && e.Via == nil && c.inside(v.handlers, e.At) {
			covered[e.Code] = true
		}
	}
	contract := v.t.Contract
	for i, entry := range contract.Entries {
		reason, ok := entry.Reason.String()
		if !ok || reason == "" || reached[reason] {
			continue
		}
		if thrown, ok := entry.ThrownByService.Bool(); !ok || thrown {
			continue
		}
		if code, ok := entry.Code.Int(); ok && covered[code] {
			continue
		}
		reached[reason] = true // once per reason
		c.r.Report(rules.Unthrown, unthrownSite(v.t, i),
			"tool %s declares reason %q, but nothing it runs produces it (no Fail, RecoveryFor or WithReason names it in the handler, the functions it calls or the services they reach): remove the entry, or set ThrownByService: true if it comes from where mcperrlint cannot follow, such as an interface method or a function value",
			toolName(v.t), reason)
	}
}

// unthrownSite is where to report that entry i of a tool's contract is
// never produced: its Reason when written in the tool's Errors literal,
// the element naming it there, or the Errors field.
func unthrownSite(t *model.Tool, i int) ast.Node {
	c := t.Contract
	if c.Lit == nil || i >= len(c.Sites) {
		return t.Errors
	}
	e := c.Entries[i]
	if lit, ok := c.Sites[i].(*ast.CompositeLit); ok && lit == e.Lit && e.Reason.Expr != nil {
		return e.Reason.Expr
	}
	return c.Sites[i]
}

// inside reports whether node lies in one of nodes.
func (c *checker) inside(nodes []ast.Node, node ast.Node) bool {
	for _, n := range nodes {
		if n.Pos() <= node.Pos() && node.End() <= n.End() {
			return true
		}
	}
	return false
}

// report reports a finding about an effect, with related information at
// the function of another package it arrives through.
func (c *checker) report(rule rules.Rule, e effect, format string, args ...any) {
	d := analysis.Diagnostic{Pos: e.At.Pos(), End: e.At.End(), Message: fmt.Sprintf(format, args...)}
	if e.Via != nil && e.Via.Pos().IsValid() {
		d.Related = []analysis.RelatedInformation{{
			Pos:     e.Via.Pos(),
			End:     e.Via.Pos() + token.Pos(len(e.Via.Name())),
			Message: objName(e.Via) + " is declared here",
		}}
	}
	c.r.Diagnostic(rule, d)
}

// foreign reports whether an effect is written in another package.
func (c *checker) foreign(e effect) bool {
	return e.Via != nil && c.flow.Site(e.At.Pos()) != e.Site
}

// describe says what names or carries an effect's reason.
func (c *checker) describe(e effect) string {
	if !c.foreign(e) {
		through := ""
		if e.Via != nil {
			through = ", through " + objName(e.Via) + ","
		}
		switch e.Kind {
		case errflow.FailKind:
			return fmt.Sprintf("mcperr.Fail%s names reason %q", through, e.Reason)
		case errflow.RecoveryKind:
			return fmt.Sprintf("mcperr.RecoveryFor%s names reason %q", through, e.Reason)
		}
		if e.Via != nil {
			return fmt.Sprintf("an error built by %s carries reason %q", objName(e.Via), e.Reason)
		}
		return fmt.Sprintf("this error carries reason %q", e.Reason)
	}
	switch e.Kind {
	case errflow.FailKind:
		return fmt.Sprintf("%s can fail with reason %q through mcperr.Fail (%s)", objName(e.Via), e.Reason, e.Site)
	case errflow.RecoveryKind:
		return fmt.Sprintf("%s asks for the recovery hint of reason %q (%s)", objName(e.Via), e.Reason, e.Site)
	}
	return fmt.Sprintf("%s %s an error with reason %q (%s)", objName(e.Via), returns(e.Via), e.Reason, e.Site)
}

// describeCode says what returns an error without a reason.
func (c *checker) describeCode(e effect) string {
	if c.foreign(e) {
		return fmt.Sprintf("%s %s a %s error without a reason (%s)", objName(e.Via), returns(e.Via), errflow.CodeName(e.Code), e.Site)
	}
	return fmt.Sprintf("this %s error reaches the client", errflow.CodeName(e.Code))
}

// serviceHint suggests ThrownByService for reasons a service produces.
func (c *checker) serviceHint(e effect) string {
	if c.foreign(e) {
		return ", with ThrownByService: true, or translate the error in the handler"
	}
	return " or use a declared reason"
}

// reasonsKnown reports whether every reason of the contract is known, so
// a reason not among them is surely undeclared.
func reasonsKnown(c *model.Contract) bool {
	if len(c.NotStatic) > 0 {
		return false
	}
	for _, e := range c.Entries {
		if _, ok := e.Reason.String(); !ok {
			return false
		}
	}
	return true
}

// codesKnown reports whether every code the contract declares is known.
// An entry without a Code declares none (error-contract-code-type reports
// it) and leaves the others' codes known; one whose Code is not a
// constant may declare any.
func codesKnown(c *model.Contract) bool {
	if len(c.NotStatic) > 0 {
		return false
	}
	for _, e := range c.Entries {
		if _, ok := e.Code.Int(); !ok && e.Code.Written {
			return false
		}
	}
	return true
}

// declared lists a contract's reasons for messages.
func declared(c *model.Contract) string {
	reasons := c.Reasons()
	if len(reasons) == 0 {
		return "it declares none"
	}
	return "declared: " + strings.Join(slices.Compact(slices.Sorted(slices.Values(reasons))), ", ")
}

func toolName(t *model.Tool) string {
	if t.Name == "" {
		return "(unnamed)"
	}
	return strconv.Quote(t.Name)
}

// returns says how an object gives an error: a function returns it, a
// variable holds it.
func returns(obj types.Object) string {
	if _, ok := obj.(*types.Var); ok {
		return "holds"
	}
	return "can return"
}

// objName names a function as model.FuncName does, and a variable as pkg.V.
func objName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		return model.FuncName(fn)
	}
	if obj.Pkg() != nil {
		return obj.Pkg().Name() + "." + obj.Name()
	}
	return obj.Name()
}
