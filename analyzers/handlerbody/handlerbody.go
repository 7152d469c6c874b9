package handlerbody

// The rules judge a handler by what its return statements give the client,
// on each path the error-flow layer finds for it (adapters, delegates,
// registrations), and by which error-handling branch they are in: a
// return belongs to the innermost branch that runs only when an error
// variable is non-nil, and a branch chosen by errors.Is (a sentinel) is a
// translation of a known condition, not a failure to pass on. Values are
// followed through local variables, flow-insensitively, and into the
// helpers that build them, through their summaries; every question a rule
// asks errs towards the answer that keeps it silent, so that a finding is
// something the reader can see is wrong.
//
// Messages, by contrast, are checked wherever they are built: an mcperr
// error's message and an SDK error result's text reach the client whether
// a handler or a helper built them.

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
	"github.com/mcperrlint/mcperrlint/analyzers/preferfail"
)

//go:embed doc.go
var doc string

// Analyzer checks how MCP tool handlers of every kind fail: with what
// error, keeping which cause, telling the client what.
var Analyzer = &analysis.Analyzer{
	Name:      "handlerbody",
	Doc:       docs.Analyzer(doc, "handlerbody"),
	URL:       rules.AnalyzerURL("handlerbody"),
	Requires:  []*analysis.Analyzer{model.Analyzer, errflow.Analyzer, preferfail.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(implSinkFact), new(pendingFact), new(projectPendingFact), new(sourcePendingFact), new(answerPendingFact), new(suppressionsFact), new(bodyFixesFact), new(abstractSourceFact), new(abstractAnswerFact)},
}

func init() {
	Analyzer.Flags.Bool(report.FoldFlag, true,
		"report one finding where one place decides many (a helper that puts the body of every response it is handed into its error result), with what it decides as related positions; false reports each")
}

// pendingFact holds the findings about a function shaped like an mcperr
// tool's handler that no tool of its package uses: a tool of another
// package that does reports them (see report.Pending).
type pendingFact struct{ report.PendingSet }

// projectPendingFact is a package fact: the findings about the functions
// the package stores as project handler types, by type (see
// errflow/projects.go). A package whose handlers call values of such a
// type reports them. It is a package fact because those functions are
// mostly unexported, and drivers keep a dependency's facts about its
// exported objects only.
type projectPendingFact struct {
	Types []projectPending // sorted by Type: a fact encodes deterministically
}

// A projectPending is the findings about the functions stored as one type.
type projectPending struct {
	Type string
	report.PendingSet
}

func (*projectPendingFact) AFact() {}

func (f *projectPendingFact) String() string {
	var parts []string
	for _, t := range f.Types {
		parts = append(parts, t.Type+" "+t.PendingSet.String())
	}
	return "project " + strings.Join(parts, "; ")
}

func (*pendingFact) AFact() {}

// sourcePendingFact holds the causes an exported function loses while
// handling errors: a package whose handler returns or tests its error
// reports them (see errflow.ForeignSources), as a handler's helper of its
// own package is judged. Only preserve-cause-on-rethrow: whether the
// function's other values reach a client is the caller's business.
type sourcePendingFact struct{ report.PendingSet }

func (*sourcePendingFact) AFact() {}

func (f *sourcePendingFact) String() string { return "source " + f.PendingSet.String() }

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	flow := pass.ResultOf[errflow.Analyzer].(*errflow.Result)
	defer flow.Acquire()()
	if !flow.Relevant() {
		return nil, nil
	}
	c := &checker{pass: pass, info: pass.TypesInfo, model: m, flow: flow, report: report.New(pass, m), done: map[doneKey]bool{}, pending: map[*errflow.Handler][]report.Pending{}}
	c.failFixes = pass.ResultOf[preferfail.Analyzer].(*preferfail.Result)
	defer c.report.Finish()
	c.exportBodyFixes()
	c.report.ExportSuppressions(func(s report.Suppressions) analysis.Fact { return &suppressionsFact{s} })
	c.markRootsElsewhere()
	c.runtime = importedRuntime(pass.Pkg)

	c.checkPackage()
	for _, fh := range flow.Handlers {
		switch {
		case fh.Body == nil:
			c.reportPending(fh)
		case m.InGenerated(pass.Fset, fh.Body.Node.Pos()):
		case fh.Candidate:
			c.exportPending(fh)
		default:
			c.checkHandler(fh)
		}
	}
	for _, src := range flow.Sources {
		if m.InGenerated(pass.Fset, src.Body.Node.Pos()) {
			continue
		}
		if h := src.Handler; h.Candidate {
			// What a candidate's helpers lose is the candidate's finding.
			c.pending[h] = append(c.pending[h], c.report.Capture(candidateNeeds, func() { c.checkSource(src) })...)
			continue
		}
		c.checkSource(src)
	}
	for _, ce := range flow.Callees {
		if !m.InGenerated(pass.Fset, ce.Body.Node.Pos()) {
			noFakeEmptyInCallee(c, ce)
		}
	}
	c.exportPendings()
	c.reportImplSinks()
	c.exportImplSinks()
	c.reportProjectCalls()
	c.exportSources()
	c.reportForeignSources()
	c.exportAbstractSources()
	c.reportAbstractSources()
	c.exportAnswers()
	c.reportForeignAnswers()
	c.reportAbstractAnswers()
	return nil, nil
}

// exportSources records, for each exported function of the package with
// an error result that is not one of its handlers, the causes it loses,
// for the packages whose handlers use its error.
func (c *checker) exportSources() {
	// Judged here already: the package's handlers (not its candidates,
	// which another package may call as services), and the helpers their
	// errors come from.
	judged := map[*types.Func]bool{}
	for _, h := range c.flow.Handlers {
		if h.Func != nil && h.Body != nil && !h.Candidate {
			judged[h.Func] = true
		}
	}
	for _, src := range c.flow.Sources {
		if src.Body.Func != nil {
			judged[src.Body.Func] = true
		}
	}
	// Every function's findings are captured anew (a candidate's were
	// captured for its own fact), and a helper's once, for the facts of
	// every exported function its error reaches.
	saved := c.done
	defer func() { c.done = saved }()
	capture := func(b *errflow.Body) []report.Pending {
		c.done = map[doneKey]bool{}
		return c.report.Capture(candidateNeeds, func() { c.checkSourceBody(b, model.Adapted, nil) })
	}
	helpers := map[*errflow.Body][]report.Pending{}
	for _, root := range c.flow.Index().Roots() {
		b := root.Body
		if b.Func == nil || !b.Func.Exported() || judged[b.Func] || b.Sig == nil || b.Sig.Results().Len() == 0 ||
			!errflow.IsErrorOrRuntimeError(b.Sig.Results().At(b.Sig.Results().Len()-1).Type()) || c.model.InGenerated(c.pass.Fset, b.Node.Pos()) {
			continue
		}
		found := capture(b)
		// The helpers of the package its error comes from: Apply →
		// download → validate, where validate loses the cause.
		step := report.PendingRelated{At: c.report.Position(b.Node.Pos(), b.Node.Pos()+1), Message: "its error reaches the callers of " + b.Func.Name() + " through it"}
		for _, h := range c.flow.ErrorHelpers(b) {
			if h.Func != nil && judged[h.Func] || c.model.InGenerated(c.pass.Fset, h.Node.Pos()) {
				continue // judged for a handler of the package already
			}
			lost, ok := helpers[h]
			if !ok {
				lost = capture(h)
				helpers[h] = lost
			}
			for _, p := range lost {
				p.Related = append(slices.Clip(p.Related), step)
				found = append(found, p)
			}
		}
		set := c.report.NewPendingSet(found)
		c.addForeignLosses(&set, b)
		if len(set.Findings) > 0 {
			c.pass.ExportObjectFact(b.Func, &sourcePendingFact{set})
		}
	}
}

// addForeignLosses adds to set the causes lost by the functions of other
// packages whose error b's error may carry (engines' Configure, behind
// the interface b's helper calls), as their packages recorded them, less
// those set has, with the layouts their fixes need: a service two
// packages away from a handler loses its causes for that handler too.
func (c *checker) addForeignLosses(set *report.PendingSet, b *errflow.Body) {
	have := func(p report.Pending) bool {
		return slices.ContainsFunc(set.Findings, func(q report.Pending) bool { return q.Rule == p.Rule && q.At == p.At })
	}
	for _, fs := range c.flow.ForeignHelpers(b) {
		fact := new(sourcePendingFact)
		if !c.pass.ImportObjectFact(fs.Func, fact) {
			continue
		}
		step := report.PendingRelated{At: c.report.Position(fs.Call.Pos(), fs.Call.End()), Message: "its error reaches the callers of " + b.Func.Name() + " through this call"}
		for _, p := range fact.Findings {
			if have(p) {
				continue
			}
			p.Related = append(slices.Clip(p.Related), step)
			set.Findings = append(set.Findings, p)
		}
		set.Layouts = mergeLayouts(set.Layouts, fact.Layouts)
	}
}

// reportForeignSources reports the causes the functions of other packages
// whose error the package's handlers use lose, as their packages recorded
// them.
func (c *checker) reportForeignSources() {
	c.reportForeign(c.flow.ForeignSources, "its error reaches a handler's client through this call", func(fn *types.Func) *report.PendingSet {
		if fact := new(sourcePendingFact); c.pass.ImportObjectFact(fn, fact) {
			return &fact.PendingSet
		}
		return nil
	})
}

// reportForeign reports the findings the packages of the functions fns
// call recorded about them (what imported gives, nil for none), each
// once, with the package's call as a related position saying what.
func (c *checker) reportForeign(fns []errflow.ForeignSource, what string, imported func(*types.Func) *report.PendingSet) {
	for _, fs := range fns {
		set := imported(fs.Func)
		if set == nil {
			continue
		}
		related := []analysis.RelatedInformation{{Pos: fs.Call.Pos(), End: fs.Call.End(), Message: what}}
		for _, f := range set.Findings {
			if c.once(rules.Rule{ID: f.Rule}, f.At) {
				c.report.ReportPending(f, related, set.Layouts)
			}
		}
	}
}

// checkSource checks a helper whose returned error reaches a handler's
// client: what it returns while handling an error must carry that error,
// as a handler's must.
func (c *checker) checkSource(src *errflow.Source) {
	what := "its error reaches the client through this handler"
	if src.Dropped {
		what = "its error is handled by this handler, which does not pass it on"
	}
	c.checkSourceBody(src.Body, src.Path.Kind, []errflow.Step{{Pos: src.Handler.Body.Node.Pos(), What: what}})
}

// checkSourceBody holds a function whose error reaches a handler of the
// given kind, through the steps via, to what preserve-cause-on-rethrow
// asks of a handler.
func (c *checker) checkSourceBody(b *errflow.Body, kind model.HandlerKind, via []errflow.Step) {
	n := b.Sig.Results().Len()
	roles := make([]errflow.Role, n)
	roles[n-1] = errflow.RoleError
	fh := &errflow.Handler{Func: b.Func, Body: b, Sig: b.Sig}
	if lit, ok := b.Node.(*ast.FuncLit); ok {
		fh.Lit = lit
	}
	p := &errflow.Path{Kind: kind, Roles: roles, Via: via}
	preserveCauseOnRethrow(&handler{Handler: fh, Path: p, c: c, b: b, results: n, source: true})
}

// checkHandler checks a handler of this package on each of its paths.
func (c *checker) checkHandler(fh *errflow.Handler) {
	for _, p := range fh.Paths {
		h := &handler{Handler: fh, Path: p, c: c, b: fh.Body, results: fh.Sig.Results().Len()}
		if h.results != len(p.Roles) {
			continue
		}
		preferMCPErrorInHandler(h)
		preserveCauseOnRethrow(h)
		noFakeEmptyResult(h)
		noSwallowedFailure(h)
		noFixedAnswerOnFailure(h)
		noEmptiedFailure(h)
		noSkippedFailure(h)
		noSkippedInClosure(h)
		noDroppedKeptFailure(h)
		noDroppedItem(h)
		noUncheckedIteration(h)
		noFallThroughOnFailure(h)
		noSuccessOnlyPart(h)
		noDiscardedFailure(h)
		noStringifyInReturnedErrors(h)
		noStringifyInShownOutput(h)
		noStringifyInOutput(h)
	}
}

// exportPending checks a candidate handler on the path a tool would give
// it, and keeps what it finds for the package whose tool uses it.
func (c *checker) exportPending(fh *errflow.Handler) {
	c.pending[fh] = append(c.pending[fh], c.report.Capture(candidateNeeds, func() { c.checkHandler(fh) })...)
}

// candidateNeeds says what a candidate's finding needs to hold.
func candidateNeeds(rule rules.Rule) report.Needs {
	if rule == rules.PreferMCPErrorInHandler {
		return report.NeedsTool
	}
	return report.NeedsClient
}

// exportPendings exports the findings of each candidate, its helpers'
// included, for the package that makes it a handler.
func (c *checker) exportPendings() {
	byType := map[string][]report.Pending{}
	for _, fh := range c.flow.Handlers {
		found := c.pending[fh]
		switch {
		case len(found) == 0:
		case fh.Project != nil:
			byType[errflow.TypeKey(fh.Project)] = append(byType[errflow.TypeKey(fh.Project)], found...)
		case fh.Func != nil:
			c.pass.ExportObjectFact(fh.Func, &pendingFact{c.report.NewPendingSet(found)})
		}
	}
	if len(byType) == 0 {
		return
	}
	fact := &projectPendingFact{}
	for _, t := range slices.Sorted(maps.Keys(byType)) {
		fact.Types = append(fact.Types, projectPending{Type: t, PendingSet: c.report.NewPendingSet(byType[t])})
	}
	c.pass.ExportPackageFact(fact)
}

// reportProjectCalls reports, for each project handler type whose values
// the package's handlers call, the findings every package it imports
// recorded about the functions it stores as that type.
func (c *checker) reportProjectCalls() {
	if len(c.flow.ProjectCalls) == 0 {
		return
	}
	calls := map[string]*ast.CallExpr{}
	for tn, call := range c.flow.ProjectCalls {
		calls[errflow.TypeKey(tn)] = call
	}
	for _, pf := range report.SortedPackageFacts(c.pass) {
		fact, ok := pf.Fact.(*projectPendingFact)
		if !ok || pf.Package == c.pass.Pkg {
			continue
		}
		for _, t := range fact.Types {
			call := calls[t.Type]
			if call == nil {
				continue
			}
			related := []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "called here as a handler"}}
			for _, f := range t.Findings {
				if f.Needs == report.NeedsClient && c.once(rules.Rule{ID: f.Rule}, f.At) {
					c.report.ReportPending(f, related, t.Layouts)
				}
			}
		}
	}
}

// reportPending reports the findings another package recorded about a
// handler this one registers, which its paths here make true.
func (c *checker) reportPending(fh *errflow.Handler) {
	fact := new(pendingFact)
	if fh.Func == nil || !c.pass.ImportObjectFact(fh.Func, fact) {
		return
	}
	for _, p := range fh.Paths {
		for _, f := range fact.Findings {
			if !f.Needs.Holds(p.Protocol() && !p.Deferred, p.Kind == model.ToolHandler) || !c.once(rules.Rule{ID: f.Rule}, f.At) {
				continue
			}
			c.report.ReportPending(f, pathRelated(p), fact.Layouts)
		}
	}
}

// pathRelated points at the steps of this package that make a handler of
// another package what it is: the registration, the adapters.
func pathRelated(p *errflow.Path) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, s := range p.Via {
		if s.Pos.IsValid() {
			out = append(out, analysis.RelatedInformation{Pos: s.Pos, End: s.Pos + 1, Message: s.What})
		}
	}
	return out
}

// A checker checks one package.
type checker struct {
	pass   *analysis.Pass
	info   *types.Info
	model  *model.Model
	flow   *errflow.Result
	report *report.Reporter
	// imported are the packages the package depends on, by path, made on
	// first use (see importedPackage).
	imported map[string]*types.Package
	runtime  *types.Package // the mcperr package as imported, or nil
	// failFixes are the calls error-contract-prefer-fail rewrites to Fail:
	// prefer-error-factory offers no fix of its own for them.
	failFixes *preferfail.Result

	done map[doneKey]bool // findings already reported

	// pending are the findings about candidates, exported at the end.
	pending map[*errflow.Handler][]report.Pending
	// implSinks are the texts that show the errors of interface
	// parameters' methods, by the function whose parameter it is (see
	// implsinks.go).
	implSinks    []implSink
	serviceCalls map[*errflow.Root]bool // see callsServiceParam
	// closures are the local variables given a function literal and
	// nothing else (see localFunc); inClosure, the literals whose writes
	// closureWrites is following.
	closures  map[*types.Var]*ast.FuncLit
	inClosure map[*ast.FuncLit]bool
	// encodingOnly memoizes failsOnlyEncoding, asked at every delegated
	// return each rule judges.
	encodingOnly map[*types.Func]bool
}

// A doneKey is one finding: a rule at a node. A value reached from two
// returns, two paths or two handlers, is reported once.
type doneKey struct {
	rule string
	node any // an ast.Node, or a posRange
}

// once reports whether rule has not yet been reported at node, and records
// that it now is.
func (c *checker) once(rule rules.Rule, node any) bool {
	k := doneKey{rule.ID, node}
	if c.done[k] {
		return false
	}
	c.done[k] = true
	return true
}

// importedRuntime returns the mcperr runtime among pkg's imports, or nil.
func importedRuntime(pkg *types.Package) *types.Package {
	for _, imp := range pkg.Imports() {
		if imp.Path() == model.RuntimePath {
			return imp
		}
	}
	return nil
}

// A handler is one handler with a body in this package, on one of its
// paths, being checked.
type handler struct {
	*errflow.Handler
	Path    *errflow.Path
	c       *checker
	b       *errflow.Body
	results int // how many results the handler has

	// source: not a handler, but a helper whose error reaches one.
	source bool
	// reads: the handler of a read of a resource or a prompt, judged as a
	// tool handler's helper is (see errflow.Result.ReadHandlers).
	reads bool
}

// errorSlot returns the index of the result that becomes the error, or
// -1.
func (h *handler) errorSlot() int { return h.Path.Error() }

// resultSlot returns the index of the result that is the tool result the
// client reads, or -1. An adapted handler's first result is one when its
// type says so: adapters such as mcp-grafana's pass a returned result on
// as it is.
func (h *handler) resultSlot() int {
	if i := h.Path.Result(); i >= 0 {
		return i
	}
	if h.Path.Kind == model.Adapted {
		t := h.Sig.Results().At(0).Type()
		if model.IsPointerTo(t, model.GoSDKPath, "CallToolResult") || model.IsPointerTo(t, model.MCPGoPath, "CallToolResult") {
			return 0
		}
	}
	return -1
}

// kind is the kind of the API the handler's values reach.
func (h *handler) kind() model.HandlerKind { return h.Path.Kind }

// describe names the handler in messages, by what it is written as: an
// SDK handler, an mcperr tool's handler, or a function an adapter of the
// project turns into a handler.
func (h *handler) describe() string {
	switch {
	case h.reads && h.Func != nil:
		return fmt.Sprintf("%s %s", h.kind(), h.Func.Name())
	case h.reads:
		return "the " + h.kind().String()
	case h.source:
		return "helper " + h.Name()
	}
	kind := model.KindOf(h.Sig)
	switch {
	case kind != 0:
	case h.kind() == model.ToolHandler:
		kind = model.ToolHandler
	default:
		kind = model.Adapted
	}
	if h.Func != nil {
		return fmt.Sprintf("%s %s", kind, h.Func.Name())
	}
	return "the " + kind.String() // a literal
}

// failureAnswer says what the handler fails with when nothing it did
// worked: an error result, or, for a read, which has none, its error.
func (h *handler) failureAnswer() string {
	if h.kind().Reads() {
		return "the error"
	}
	return "an error result"
}

// branchFor returns the error branch a return is in, unless there is none,
// or the return is chosen by testing which error it is.
func (h *handler) branchFor(ret *ast.ReturnStmt) *errflow.Branch {
	return h.c.flow.FailureBranch(h.b, ret)
}

// branchNode returns the node to point at for a branch: its condition, or
// for a default clause its body.
func branchNode(br *errflow.Branch) ast.Node {
	if br.Cond != nil {
		return br.Cond
	}
	return br.Body
}

// related points at the branch a finding is about, and at the steps that
// give the handler's path its meaning.
func (h *handler) related(br *errflow.Branch) []analysis.RelatedInformation {
	n := branchNode(br)
	out := []analysis.RelatedInformation{{
		Pos:     n.Pos(),
		End:     n.End(),
		Message: fmt.Sprintf("%s is handled here", br.Name()),
	}}
	for _, s := range h.Path.Via {
		if s.Pos.IsValid() && s.Pos != h.b.Node.Pos() {
			out = append(out, analysis.RelatedInformation{Pos: s.Pos, End: s.Pos + 1, Message: s.What})
		}
	}
	return out
}

// preferMCPErrorInHandler reports the plain errors an mcperr tool handler
// builds with errors.New or fmt.Errorf and returns, directly or through
// local variables. The client receives such an error's text with a code
// guessed by Classify and no reason. Returning a callee's error unchanged
// is fine, and so is fmt.Errorf wrapping (%w) an error that is statically
// an *mcperr.Error: the client sees the wrapped error.
func preferMCPErrorInHandler(h *handler) {
	if h.kind() != model.ToolHandler {
		return
	}
	info := h.c.info
	errIndex := h.errorSlot()
	for _, ret := range h.b.Returns {
		e := errflow.ResultExpr(ret, errIndex, h.results)
		if e == nil || errflow.IsNil(info, e) {
			continue
		}
		for _, o := range h.b.Root.Resolver.Origins(e) {
			call, ok := o.(*ast.CallExpr)
			if !ok {
				continue
			}
			fn := model.Callee(info, call)
			var built string
			switch {
			case model.IsFunc(fn, "errors", "New"):
				built = "errors.New"
			case model.IsFunc(fn, "fmt", "Errorf"):
				if !h.c.flow.Value(h.b, call, -1).Plain || h.c.flow.WrapsRuntimeError(h.b, call) {
					continue // it wraps an *mcperr.Error, or may: a service's
				}
				built = "fmt.Errorf"
			default:
				continue
			}
			if !h.c.once(rules.PreferMCPErrorInHandler, call) {
				continue
			}
			h.c.report.Report(rules.PreferMCPErrorInHandler, call,
				"%s returns a plain error built by %s: the client gets its text with a guessed code and no reason; return an mcperr error (mcperr.Fail with a contract reason, or a factory such as mcperr.InvalidParams), or return the callee's error unchanged",
				h.describe(), built)
		}
	}
}

// qualifier returns how the file of call spells the runtime's names, judging
// by how the call names its function ("mcperr.", an alias, or "" under a dot
// import), and false when that cannot be relied on for a fix.
func (c *checker) qualifier(call *ast.CallExpr) (string, bool) {
	fn := model.Callee(c.info, call)
	if fn == nil {
		return "", false
	}
	return model.RuntimeQualifier(c.info, c.pass.Pkg, call, fn.Name())
}

// resolvesTo reports whether name, written at pos, denotes obj.
func (c *checker) resolvesTo(name string, pos token.Pos, obj types.Object) bool {
	return model.LookupAt(c.pass.Pkg, name, pos) == obj
}

// suppressionsFact is the package fact of the package's suppression
// directives, for the packages that report roots here (see
// report.Suppressions).
type suppressionsFact struct{ report.Suppressions }

func (*suppressionsFact) AFact() {}
