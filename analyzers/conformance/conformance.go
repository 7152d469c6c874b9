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
	Name:      "conformance",
	Doc:       docs.Analyzer(doc, "conformance"),
	URL:       rules.DocsURL + "#analyzer-conformance",
	Requires:  []*analysis.Analyzer{model.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(errorsFact), new(entryFact)},
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	if !m.ReachesRuntime || pass.Pkg.Path() == model.RuntimePath {
		return nil, nil
	}
	s := summarize(pass, m)
	if !m.Relevant() {
		return nil, nil // facts only: nothing here names a tool or Fail
	}
	c := &checker{pass: pass, s: s, r: report.New(pass, m), reported: map[findingKey]bool{}}
	defer c.r.Finish()
	c.checkDynamic()
	if m.ImportsRuntime {
		c.checkRecoveries()
	}
	for _, t := range m.Tools {
		c.checkTool(t)
	}
	return nil, nil
}

type checker struct {
	pass     *analysis.Pass
	s        *summarizer
	r        *report.Reporter
	reported map[findingKey]bool
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
	nodes := slices.Clone(c.s.dynamicOrder)
	slices.SortFunc(nodes, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
	for _, node := range nodes {
		through := "mcperr.Fail"
		if fn := c.s.dynamic[node]; fn != nil {
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

// view gathers the effects of a tool's handlers.
func (c *checker) view(t *model.Tool) *toolView {
	v := &toolView{t: t, visible: len(t.Handlers) > 0}
	for _, h := range t.Handlers {
		var sum *summary
		switch {
		case h.Lit != nil:
			sum = c.s.lits[h.Lit]
		case h.Decl != nil:
			sum = c.s.sums[h.Func]
		case h.Func != nil:
			fact := c.s.importFact(h.Func)
			if fact == nil {
				v.visible = false
				continue
			}
			v.dynamic = v.dynamic || fact.Dynamic
			for _, ef := range fact.Effects {
				if ef.Param > 0 {
					v.dynamic = true
					continue
				}
				v.effects = append(v.effects, effect{effectFact: ef, at: t.HandlerExpr, via: h.Func})
			}
			continue
		}
		if sum == nil {
			v.visible = false
			continue
		}
		if n := h.Node(); n != nil {
			v.handlers = append(v.handlers, n)
		}
		v.dynamic = v.dynamic || sum.dynamic
		for _, e := range sum.effects {
			if e.param != nil { // a parameter of a function around the handler
				v.dynamic = true
				continue
			}
			v.effects = append(v.effects, e)
		}
	}
	if call, ok := ast.Unparen(t.HandlerExpr).(*ast.CallExpr); ok && v.visible {
		c.wrapped(v, call, 0)
	}
	slices.SortStableFunc(v.effects, func(a, b effect) int {
		if a.at.Pos() != b.at.Pos() {
			return int(a.at.Pos() - b.at.Pos())
		}
		return compareEffects(a.effectFact, b.effectFact)
	})
	return v
}

// wrapped adds what the functions a handler factory is given produce. In
// Handler: withLogging(getBook) the handler is the literal withLogging
// returns, which calls getBook through a parameter the analyzer does not
// follow: what getBook names counts, and what it returns counts as
// produced, though the wrapper may translate it on the way.
func (c *checker) wrapped(v *toolView, call *ast.CallExpr, depth int) {
	if depth > maxWrappers {
		return
	}
	info := c.pass.TypesInfo
	add := func(effects []effect, dynamic bool) {
		v.dynamic = v.dynamic || dynamic
		for _, e := range effects {
			if e.param != nil {
				v.dynamic = true
				continue
			}
			if e.Kind == returnKind {
				e.Inspected = true
			}
			v.effects = append(v.effects, e)
		}
	}
	for _, arg := range call.Args {
		switch a := ast.Unparen(arg).(type) {
		case *ast.FuncLit:
			if sum := c.s.lits[a]; sum != nil {
				add(sum.effects, sum.dynamic)
			}
		case *ast.CallExpr:
			if decl := c.s.decls[model.Callee(info, a)]; decl != nil {
				for _, lit := range model.ReturnedFuncLits(decl.Body) {
					if sum := c.s.lits[lit]; sum != nil {
						add(sum.effects, sum.dynamic)
					}
				}
			}
			c.wrapped(v, a, depth+1)
		default:
			fn := model.FuncOf(info, a)
			if fn == nil || isAbstract(fn) || inRuntime(fn) {
				continue
			}
			if sum := c.s.sums[fn]; sum != nil {
				add(sum.effects, sum.dynamic)
			} else if fact := c.s.importFact(fn); fact != nil {
				var effects []effect
				for _, ef := range fact.Effects {
					if ef.Param > 0 {
						v.dynamic = true
						continue
					}
					effects = append(effects, effect{effectFact: ef, at: a, via: fn})
				}
				add(effects, fact.Dynamic)
			}
		}
	}
}

// maxWrappers bounds how deep wrapped follows withA(withB(h)).
const maxWrappers = 4

// checkTool judges what reaches the client of a tool against its
// contract.
func (c *checker) checkTool(t *model.Tool) {
	if t.Errors != nil && t.Contract == nil {
		return // not statically known: contractstruct reports it
	}
	v := c.view(t)
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
	if e.Kind != failKind || !c.once(rules.ReasonUndeclared, e.at, v.t.Lit.Pos(), e.Reason) {
		return
	}
	c.report(rules.ReasonUndeclared, e, "%s, but tool %s declares no Errors: at run time Fail returns a CodeInternalError error instead; declare the reason in the tool's Errors",
		c.describe(e), toolName(v.t))
}

// checkReason judges an effect that names a reason.
func (c *checker) checkReason(v *toolView, e effect) {
	contract := v.t.Contract
	if e.Kind == returnKind && e.Inspected {
		return // the handler may translate it
	}
	entry := contract.Lookup(e.Reason)
	if entry == nil {
		if !reasonsKnown(contract) || !c.once(rules.ReasonUndeclared, e.at, v.t.Lit.Pos(), e.Reason) {
			return
		}
		var consequence string
		switch e.Kind {
		case failKind:
			consequence = "at run time Fail returns a CodeInternalError error instead"
		case recoveryKind:
			consequence = "RecoveryFor adds no recovery hint for it"
		default:
			consequence = "the client would receive a reason the contract does not list"
		}
		c.report(rules.ReasonUndeclared, e, "%s, which tool %s does not declare (%s): %s; declare it in the tool's Errors%s",
			c.describe(e), toolName(v.t), declared(contract), consequence, c.serviceHint(e))
		return
	}
	if e.Kind != returnKind || e.Code == 0 {
		return
	}
	code, ok := entry.Code.Int()
	if !ok || code == e.Code || !c.once(rules.ReasonCodeMismatch, e.at, v.t.Lit.Pos(), e.Reason) {
		return
	}
	c.report(rules.ReasonCodeMismatch, e, "%s with code %s, but tool %s declares reason %q with code %s: the client would receive a code the contract does not promise for it; build the error with code %s, or return mcperr.Fail",
		c.describe(e), codeName(e.Code), toolName(v.t), e.Reason, codeName(code), codeName(code))
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
	if e.Kind != returnKind || contract == nil || e.Inspected || e.Code == 0 || baseline[mcperr.Code(e.Code)] || !codesKnown(contract) {
		return
	}
	for _, entry := range contract.Entries {
		if code, _ := entry.Code.Int(); code == e.Code {
			return
		}
	}
	if !c.once(rules.Conformance, e.at, v.t.Lit.Pos(), e.Code) {
		return
	}
	c.report(rules.Conformance, e, "%s, but tool %s declares no failure with code %s: declare it in the tool's Errors, or fail with one of the declared reasons",
		c.describeCode(e), toolName(v.t), codeName(e.Code))
}

// checkUnthrown reports the declared reasons nothing produces.
func (c *checker) checkUnthrown(v *toolView) {
	reached := map[string]bool{}
	covered := map[int64]bool{} // codes the handler returns without a reason: preferfail's finding
	for _, e := range v.effects {
		reached[e.Reason] = true
		if e.Kind == returnKind && e.Reason == "" && e.via == nil && c.inside(v.handlers, e.at) {
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
	d := analysis.Diagnostic{Pos: e.at.Pos(), End: e.at.End(), Message: fmt.Sprintf(format, args...)}
	if e.via != nil && e.via.Pos().IsValid() {
		d.Related = []analysis.RelatedInformation{{
			Pos:     e.via.Pos(),
			End:     e.via.Pos() + token.Pos(len(e.via.Name())),
			Message: objName(e.via) + " is declared here",
		}}
	}
	c.r.Diagnostic(rule, d)
}

// foreign reports whether an effect is written in another package.
func (c *checker) foreign(e effect) bool {
	return e.via != nil && c.s.site(e.at.Pos()) != e.Site
}

// describe says what names or carries an effect's reason.
func (c *checker) describe(e effect) string {
	if !c.foreign(e) {
		through := ""
		if e.via != nil {
			through = ", through " + objName(e.via) + ","
		}
		switch e.Kind {
		case failKind:
			return fmt.Sprintf("mcperr.Fail%s names reason %q", through, e.Reason)
		case recoveryKind:
			return fmt.Sprintf("mcperr.RecoveryFor%s names reason %q", through, e.Reason)
		}
		if e.via != nil {
			return fmt.Sprintf("an error built by %s carries reason %q", objName(e.via), e.Reason)
		}
		return fmt.Sprintf("this error carries reason %q", e.Reason)
	}
	switch e.Kind {
	case failKind:
		return fmt.Sprintf("%s can fail with reason %q through mcperr.Fail (%s)", objName(e.via), e.Reason, e.Site)
	case recoveryKind:
		return fmt.Sprintf("%s asks for the recovery hint of reason %q (%s)", objName(e.via), e.Reason, e.Site)
	}
	return fmt.Sprintf("%s %s an error with reason %q (%s)", objName(e.via), returns(e.via), e.Reason, e.Site)
}

// describeCode says what returns an error without a reason.
func (c *checker) describeCode(e effect) string {
	if c.foreign(e) {
		return fmt.Sprintf("%s %s a %s error without a reason (%s)", objName(e.via), returns(e.via), codeName(e.Code), e.Site)
	}
	return fmt.Sprintf("this %s error reaches the client", codeName(e.Code))
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

// codesKnown reports whether every code of the contract is known.
func codesKnown(c *model.Contract) bool {
	if len(c.NotStatic) > 0 {
		return false
	}
	for _, e := range c.Entries {
		if _, ok := e.Code.Int(); !ok {
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
