package sdkresult

// The rules judge each return statement of each handler on each path its
// values take to an SDK, because what reaches the client is decided
// there: by the values and the API that receives them — after the
// project's adapters, delegates and the server's middleware, which the
// error-flow layer follows. Each rule flags a return only when it can
// prove the values that make it wrong — an error that is surely non-nil, a
// result that is surely nil — so an error passed on from a callee the
// layer cannot see into is never judged: a noisy rule is a broken rule.
//
// mcperr tool handlers are not checked here: the runtime binding turns
// their errors into tool results itself.

import (
	"cmp"
	_ "embed"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer checks how the values go-sdk and mcp-go handlers return reach
// the client.
var Analyzer = &analysis.Analyzer{
	Name:      "sdkresult",
	Doc:       docs.Analyzer(doc, "sdkresult"),
	URL:       rules.AnalyzerURL("sdkresult"),
	Requires:  []*analysis.Analyzer{model.Analyzer, errflow.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(pendingFact), new(forwardedFact), new(rootFixesFact), new(suppressionsFact)},
}

// pendingFact is a package fact: the findings about the package's mcp-go
// handlers that hold only if the server they are registered on does not
// convert their errors, by the function they are in (model.FuncName): the
// package that registers them, and sees the server, reports them (see
// report.Pending). A package fact, because a handler is often a literal,
// or a function only its own package can name, that another package
// reaches through a function that returns or registers it.
type pendingFact struct {
	Funcs   []pendingFunc // sorted by name
	Layouts map[string]report.Layout
}

// pendingFunc is the pending findings of the handlers in one function.
type pendingFunc struct {
	Name     string
	Findings []report.Pending
	// Direct reports that the function's package registers its handlers
	// with the SDK directly (the Handler of a server.ServerTool): their
	// fixes hold wherever the server does not convert errors.
	Direct bool
	// Pkg is the import path of the function's package when the fact is
	// another's, which forwards what it does not settle (see
	// forwardUnsettled); empty for the fact's own package.
	Pkg string
}

func (*pendingFact) AFact() {}

// forwardedFact is a package's forwarding of the pending findings of the
// handlers of its imports that it does not settle (see forwardUnsettled).
type forwardedFact struct {
	Funcs   []pendingFunc // Pkg set on each
	Layouts map[string]report.Layout
}

func (*forwardedFact) AFact() {}

func (f *forwardedFact) String() string {
	var names []string
	for _, pf := range f.Funcs {
		names = append(names, pf.Name)
	}
	return "forwarded: " + strings.Join(names, " ")
}

func (f *pendingFact) String() string {
	var parts []string
	for _, pf := range f.Funcs {
		set := report.PendingSet{Findings: pf.Findings}
		parts = append(parts, pf.Name+" "+set.String())
	}
	return strings.Join(parts, "; ")
}

// of returns the pending findings of the function named name.
func (f *pendingFact) of(name string) pendingFunc {
	for _, pf := range f.Funcs {
		if pf.Name == name && pf.Pkg == "" {
			return pf
		}
	}
	return pendingFunc{}
}

// convertingFlag is read from pass.Analyzer.Flags in run, never through a
// package variable, so that each configured copy of the analyzer keeps its
// own value.
const convertingFlag = "converting-middleware"

func init() {
	Analyzer.Flags.Bool(convertingFlag, false,
		"the server converts handler errors into tool results centrally where mcperrlint cannot see it: do not report sdk-protocol-error, nor a result returned with such an error")
	Analyzer.Flags.Bool(report.FoldFlag, true,
		"report one finding where one return decides many (an adapter forwarding every handler's error raw), with the returns it decides as related positions; false reports each return")
}

type checker struct {
	pending map[string][]report.Pending // findings for other packages, by the function they are in
	// protocolThrough are the roots (by stepKey) through which an error
	// that may be a deliberate protocol error passes.
	protocolThrough map[string]bool
	// middlewares are the declarations the server roots' fixes share, by
	// the file they go in (serverfix.go).
	middlewares map[*ast.File]*middleware
	pass        *analysis.Pass
	flow        *errflow.Result
	info        *types.Info
	r           *report.Reporter
	converting  bool
	done        map[doneKey]bool
	// capturing is set while the findings of a handler registered by
	// another package are made for it (notePending); pendingDirect says,
	// of each function with such findings, whether its handlers are
	// registered directly here.
	capturing     bool
	pendingDirect map[string]bool
}

type doneKey struct {
	rule string
	at   any // an ast.Node, or a report.Position
}

// once reports whether rule has not been reported at node yet.
func (c *checker) once(rule rules.Rule, at any) bool {
	k := doneKey{rule.ID, at}
	if c.done[k] {
		return false
	}
	c.done[k] = true
	return true
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	flow := pass.ResultOf[errflow.Analyzer].(*errflow.Result)
	defer flow.Acquire()()
	if !flow.Relevant() {
		return nil, nil
	}
	r := report.New(pass, m)
	defer r.Finish()
	r.ExportSuppressions(func(s report.Suppressions) analysis.Fact { return &suppressionsFact{s} })
	c := &checker{
		pass:       pass,
		flow:       flow,
		info:       pass.TypesInfo,
		r:          r,
		converting: pass.Analyzer.Flags.Lookup(convertingFlag).Value.(flag.Getter).Get().(bool),
		done:       map[doneKey]bool{},
	}
	settled := map[*types.Func]bool{}
	decided := map[*types.Func]bool{} // settled on a path whose server is known here
	for _, h := range flow.Handlers {
		switch {
		case h.Body == nil:
			c.reportPending(h)
			settled[h.Func] = true
			if slices.ContainsFunc(h.Paths, func(p *errflow.Path) bool { return !p.Deferred }) {
				decided[h.Func] = true
			}
		case m.InGenerated(pass.Fset, h.Body.Node.Pos()):
		case h.Candidate:
			// What holds if a handler of another package makes its
			// returns its own: recorded for that package (a result
			// helper's, see errflow's seedResultHelpers).
			for _, p := range h.Paths {
				if p.Kind.SDK() {
					c.notePending(h, p)
				}
			}
		default:
			c.checkPaths(h)
		}
	}
	for _, src := range flow.Sources {
		if src.Error && !m.InGenerated(pass.Fset, src.Body.Node.Pos()) {
			c.checkSource(src)
		}
	}
	c.exportPendings()
	c.exportRootFixes()
	if _, passing := flow.ServersPassErrors(); passing && !c.converting {
		c.reportUnsettled(settled)
	}
	if len(flow.ServerSites()) == 0 {
		// A handler this package registers on a server it is given is
		// still the builder's to judge.
		c.forwardUnsettled(decided)
	}
	return nil, nil
}

// unsettled returns, by the import path of their package, the pending
// findings of handlers of the packages this one imports that it does not
// register where it can follow them: its own imports' facts, and what they
// forwarded.
func (c *checker) unsettled(settled map[*types.Func]bool, all bool) (funcs []pendingFunc, layouts map[string]report.Layout) {
	followed := map[string]bool{}
	for fn := range settled {
		if fn.Pkg() != nil {
			followed[fn.Pkg().Path()] = true
		}
	}
	seen := map[[2]string]bool{}
	add := func(pkg string, fs []pendingFunc, ls map[string]report.Layout) {
		for _, f := range fs {
			f.Pkg = cmp.Or(f.Pkg, pkg)
			k := [2]string{f.Pkg, f.Name}
			if followed[f.Pkg] || f.Pkg == c.pass.Pkg.Path() || seen[k] {
				continue
			}
			seen[k] = true
			funcs = append(funcs, f)
		}
		for file, l := range ls {
			if layouts == nil {
				layouts = map[string]report.Layout{}
			}
			layouts[file] = l
		}
	}
	for _, pf := range c.packageFacts(all) {
		if pf.Package == c.pass.Pkg {
			continue
		}
		switch fact := pf.Fact.(type) {
		case *pendingFact:
			add(pf.Package.Path(), fact.Funcs, fact.Layouts)
		case *forwardedFact:
			add("", fact.Funcs, fact.Layouts)
		}
	}
	return funcs, layouts
}

// packageFacts returns the pending and forwarded facts of every package
// this one depends on (all), or of its direct imports only: each package
// that builds no server forwards what it does not settle, so the direct
// imports hold what a package below them left, and reading them costs
// what the package imports, not what the program holds.
func (c *checker) packageFacts(all bool) []analysis.PackageFact {
	var facts []analysis.PackageFact
	if all {
		facts = c.pass.AllPackageFacts()
	} else {
		for _, imp := range c.pass.Pkg.Imports() {
			if f := new(pendingFact); c.pass.ImportPackageFact(imp, f) {
				facts = append(facts, analysis.PackageFact{Package: imp, Fact: f})
			}
			if f := new(forwardedFact); c.pass.ImportPackageFact(imp, f) {
				facts = append(facts, analysis.PackageFact{Package: imp, Fact: f})
			}
		}
	}
	slices.SortFunc(facts, func(a, b analysis.PackageFact) int { return strings.Compare(a.Package.Path(), b.Package.Path()) })
	return facts
}

// forwardUnsettled exports, from a package that builds no server, the
// pending findings of its imports' handlers that it does not settle, for
// the package that builds the servers: go vet gives a package the facts of
// the packages whose types it can reach, and a server's main package
// reaches the handlers' package only through this one's functions (a
// RegisterTools(s) in between). The standalone driver gives every fact;
// what is forwarded is then found twice and reported once.
func (c *checker) forwardUnsettled(settled map[*types.Func]bool) {
	funcs, layouts := c.unsettled(settled, false)
	if len(funcs) > 0 {
		c.pass.ExportPackageFact(&forwardedFact{Funcs: funcs, Layouts: layouts})
	}
}

// reportUnsettled reports, in a package that builds mcp-go servers all of
// which pass handlers' errors on, the pending findings of the handlers of
// the packages it imports whose registration it cannot follow (they
// register themselves, through a function given the server): a program
// serves its handlers on the servers it builds. It is the judgement the
// handlers' packages could not make, made where the servers are seen. A
// package some of whose handlers this one registers where it can follow
// them is judged by those registrations only.
func (c *checker) reportUnsettled(settled map[*types.Func]bool) {
	var rel []analysis.RelatedInformation
	sites := c.flow.ServerSites()
	for _, call := range sites {
		rel = append(rel, analysis.RelatedInformation{Pos: call.Pos(), End: call.End(), Message: "the server is built here, without a middleware that turns errors into results"})
	}
	// The first server is the root: the others are related positions of
	// every finding, and the same middleware is the edit there.
	var root *report.Root
	if len(sites) > 0 {
		r := c.serverRoot(sites[0])
		root = &r
		rel = rel[1:]
	}
	funcs, all := c.unsettled(settled, true)
	for _, pf := range funcs {
		// The registrations are not followed here: a fix holds only
		// where the handler's package saw it registered directly.
		var layouts map[string]report.Layout
		if pf.Direct {
			layouts = all
		}
		for _, f := range pf.Findings {
			if f.Needs == report.NeedsPassing && c.once(rules.Rule{ID: f.Rule}, f.At) {
				c.r.FoldPending(f, protocolOnly(f, root), pf.Name, rel, layouts)
			}
		}
	}
}

// checkPaths checks a handler of this package on each of its paths: the
// shortest first, so that a handler registered directly and also through
// a wrapper is reported as the SDK sees it directly. On a path whose
// server is not known here, what depends on the server is recorded for
// the package that registers the handler.
func (c *checker) checkPaths(h *errflow.Handler) {
	paths := slices.Clone(h.Paths)
	slices.SortStableFunc(paths, func(a, b *errflow.Path) int { return len(a.Via) - len(b.Via) })
	for _, p := range paths {
		if !p.Kind.SDK() {
			continue
		}
		c.checkHandler(h, p)
		if p.Deferred {
			c.notePending(h, p)
		}
	}
}

// notePending records, for a handler whose server is not known here, the
// findings that hold if the server passes its errors on as JSON-RPC
// errors: on the handler's function, or, for a literal, on the declared
// function it is written in, which another package can name.
func (c *checker) notePending(h *errflow.Handler, p *errflow.Path) {
	owner := h.Func
	if owner == nil {
		owner = h.Body.Root.Body.Func
	}
	if owner == nil {
		return // a literal of a package variable's initialiser
	}
	passing := *p
	passing.Deferred = false
	c.capturing = true
	found := c.r.Capture(func(rules.Rule) report.Needs { return report.NeedsPassing }, func() {
		c.checkProtocolFamily(h, &passing)
	})
	c.capturing = false
	if len(found) > 0 {
		if c.pending == nil {
			c.pending = map[string][]report.Pending{}
			c.pendingDirect = map[string]bool{}
		}
		key := model.FuncName(owner)
		c.pending[key] = append(c.pending[key], found...)
		if _, seen := c.pendingDirect[key]; !seen {
			c.pendingDirect[key] = true
		}
		c.pendingDirect[key] = c.pendingDirect[key] && h.Func == owner && directlyRegistered(h, false)
	}
}

// exportPendings exports the findings notePending recorded.
func (c *checker) exportPendings() {
	if len(c.pending) == 0 {
		return
	}
	fact := &pendingFact{}
	var all []report.Pending
	for name, found := range c.pending {
		fact.Funcs = append(fact.Funcs, pendingFunc{Name: name, Findings: found, Direct: c.pendingDirect[name]})
		all = append(all, found...)
	}
	fact.Layouts = c.r.Layouts(all)
	slices.SortFunc(fact.Funcs, func(a, b pendingFunc) int { return strings.Compare(a.Name, b.Name) })
	c.pass.ExportPackageFact(fact)
}

// reportPending reports the findings another package recorded about a
// handler this one registers, which its paths here make true.
func (c *checker) reportPending(h *errflow.Handler) {
	fact := new(pendingFact)
	if h.Func == nil || h.Func.Pkg() == nil || !c.pass.ImportPackageFact(h.Func.Pkg(), fact) {
		return
	}
	// The fixes the handler's package kept hold where this package
	// registers the handler with the SDK directly.
	pf := fact.of(model.FuncName(h.Func))
	layouts := fact.Layouts
	if c.converting || !directlyRegistered(h, true) && !(pf.Direct && unwrapped(h)) {
		layouts = nil
	}
	for _, p := range h.Paths {
		var root *report.Root
		if r, ok := c.builtRoot(p); ok && !c.converting {
			root = &r
		}
		for _, f := range pf.Findings {
			if !f.Needs.Holds(p.Protocol() && !p.Deferred && !c.converting, p.Kind == model.ToolHandler) || !c.once(rules.Rule{ID: f.Rule}, f.At) {
				continue
			}
			c.r.FoldPending(f, protocolOnly(f, root), handlerKey(h), related(p), layouts)
		}
	}
}

// protocolOnly returns root for a pending finding of sdk-protocol-error,
// the one rule a server's middleware decides, and nil for any other.
func protocolOnly(f report.Pending, root *report.Root) *report.Root {
	if f.Rule != rules.SDKProtocolError.ID {
		return nil
	}
	return root
}

// A site is one return statement of a handler on one path, with what is
// known of the error it returns.
type site struct {
	h         *errflow.Handler
	p         *errflow.Path
	ret       *ast.ReturnStmt
	err       ast.Expr // nil when the path drops the handler's error
	errNonNil bool
	value     errflow.Value // of err

	// spread, for a return of one call that hands its arguments back
	// (return fail(out, err)), are the arguments it returns, by result.
	spread []ast.Expr
}

// result returns the expression the return gives for the path's tool
// result, or nil.
func (st *site) result() ast.Expr { return st.at(st.p.Result()) }

// output returns the expression the return gives for the path's output,
// or nil.
func (st *site) output() ast.Expr { return st.at(st.p.Output()) }

func (st *site) at(i int) ast.Expr {
	switch {
	case i < 0:
		return nil
	case st.spread != nil:
		return st.spread[i]
	}
	return st.ret.Results[i]
}

func (c *checker) checkHandler(h *errflow.Handler, p *errflow.Path) {
	for _, st := range c.sites(h, p) {
		c.noteProtocolThrough(st)
		protocol := c.checkProtocolError(st)
		c.checkNilResult(st)
		c.checkResultDropped(st, protocol)
		c.checkWrappedProtocolError(st)
		c.checkErrorResultWithoutContent(st)
	}
	for _, st := range c.spreadSites(h, p) {
		c.checkResultDropped(st, false)
	}
	c.checkFilledDropped(h, p)
	c.checkDeferredErrors(h, p)
}

// spreadSites returns the returns of a typed handler (go-sdk, or mcp-go
// structured) that return one call handing its arguments back, as a
// project's fail(out, err) does: return nil, out, err. The output given
// it is what the handler returns with the error. (The other rules judge
// such a return through the helper's summary.)
func (c *checker) spreadSites(h *errflow.Handler, p *errflow.Path) []*site {
	b := h.Body
	n := h.Sig.Results().Len()
	if b == nil || n != len(p.Roles) || p.Kind != model.GoSDKTyped && p.Kind != model.MCPGoStructured || errflow.NamedResultsDeferred(b) {
		return nil
	}
	ei := p.Error()
	var out []*site
	for _, ret := range b.Returns {
		if len(ret.Results) != 1 || n < 2 || ei < 0 {
			continue
		}
		call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
		if !ok {
			continue
		}
		spread := make([]ast.Expr, n)
		for i := range n {
			spread[i] = c.flow.PassedArg(b, call, i)
		}
		given := func(i int) bool { return i >= 0 && spread[i] != nil }
		if !given(ei) || !given(p.Output()) && !given(p.Result()) {
			continue
		}
		st := &site{h: h, p: p, ret: ret, spread: spread}
		c.setError(st, spread[ei])
		out = append(out, st)
	}
	return out
}

// checkFilledDropped reports a typed go-sdk handler that returns, with
// the error, an output that the function both came from returns filled
// when it fails: out, err := pipelines.Wait(…); return res, out, err (or
// through a helper that hands them back, toolutil.WithHints(res, out,
// err)). When Wait fails that way, the SDK drops what it saw and sends
// only the error's text. (A return whose error is surely non-nil is
// checkResultDropped's.)
func (c *checker) checkFilledDropped(h *errflow.Handler, p *errflow.Path) {
	b := h.Body
	n := h.Sig.Results().Len()
	oi, ei := p.Output(), p.Error()
	if p.Kind != model.GoSDKTyped || b == nil || oi < 0 || ei < 0 || n != len(p.Roles) {
		return
	}
	for _, ret := range b.Returns {
		var out, err ast.Expr
		switch len(ret.Results) {
		case n:
			if c.flow.ErrNonNil(b, ret, ret.Results[ei]) {
				continue
			}
			out, err = ret.Results[oi], ret.Results[ei]
		case 1:
			call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			out, err = c.flow.PassedArg(b, call, oi), c.flow.PassedArg(b, call, ei)
		}
		if out == nil || err == nil {
			continue
		}
		fn := c.flow.FilledWithError(b, out, err)
		if fn == nil || len(ret.Results) == n && fn.Pkg() == c.pass.Pkg {
			continue // a function of this package whose results are returned as they are is a delegate, checked itself
		}
		at := ret.Results[min(oi, len(ret.Results)-1)]
		c.r.Report(rules.SDKResultDropped, at,
			"%s may return its %s filled together with an error, and the go-sdk discards the output a typed handler returns with a non-nil error, sending the client only the error's text: "+
				"when the error comes with an output, report the failure with res.SetError(err) and a nil error to keep the output, or put what the client needs in the error",
			model.FuncName(fn), types.TypeString(h.Sig.Results().At(oi).Type(), types.RelativeTo(c.pass.Pkg)))
	}
}

// checkSource reports the errors a helper returns that reach, through a
// handler that passes them on, an SDK that sends them as JSON-RPC errors:
// the failure starts there, and so does the fix, or the handler's.
func (c *checker) checkSource(src *errflow.Source) {
	p := src.Path
	if !p.Protocol() || p.Deferred || c.converting || src.Body.Sig.Results().Len() == 0 {
		return
	}
	if c.reportedAbove(src, map[*errflow.Body]bool{}) {
		return
	}
	b := src.Body
	n := b.Sig.Results().Len()
	roles := make([]errflow.Role, n)
	roles[n-1] = errflow.RoleError
	h := &errflow.Handler{Func: b.Func, Body: b, Sig: b.Sig}
	sp := &errflow.Path{Kind: p.Kind, Roles: roles, Via: append([]errflow.Step{{Pos: src.Handler.Body.Node.Pos(), What: "its error is returned by the handler " + handlerName(src.Handler)}}, p.Via...)}
	for _, st := range c.sites(h, sp) {
		c.checkProtocolError(st)
	}
}

// reportedAbove reports whether every return that hands src's error on
// surely returns an error of its own making — where it is reported, and
// where the fix belongs — or hands it to a source for which that holds:
// a helper's error forwarded by another helper (return i.runDocker(…)),
// which a middleware then wraps with %w, is reported at the middleware.
func (c *checker) reportedAbove(src *errflow.Source, seen map[*errflow.Body]bool) bool {
	if seen[src.Body] {
		return true // a cycle: decided where it started
	}
	seen[src.Body] = true
	for _, fw := range src.Forwards {
		n := fw.Body.Sig.Results().Len()
		o, ok := errflow.ResultOrigin(fw.Ret, n-1, n)
		switch {
		case !ok:
			return false
		case o.Index < 0 && c.flow.ErrNonNil(fw.Body, fw.Ret, o.Expr):
			continue
		}
		above := c.sourceOf(fw.Body)
		if above == nil || !c.reportedAbove(above, seen) {
			return false
		}
	}
	return true
}

// sourceOf returns the source whose body b is, or nil.
func (c *checker) sourceOf(b *errflow.Body) *errflow.Source {
	for _, s := range c.flow.Sources {
		if s.Body == b {
			return s
		}
	}
	return nil
}

// handlerKey tells handlers apart, for counting them: literals have no
// name.
func handlerKey(h *errflow.Handler) string {
	if h.Body != nil {
		return fmt.Sprint(h.Body.Node.Pos())
	}
	return handlerName(h)
}

// handlerName names a handler for messages.
func handlerName(h *errflow.Handler) string {
	if h.Func != nil {
		return h.Func.Name()
	}
	return "function literal"
}

// checkProtocolFamily runs, on one path, the checks whose findings depend
// on whether the server converts errors: sdk-protocol-error, and
// sdk-result-dropped for the handlers whose errors are JSON-RPC errors.
func (c *checker) checkProtocolFamily(h *errflow.Handler, p *errflow.Path) {
	for _, st := range c.sites(h, p) {
		protocol := c.checkProtocolError(st)
		if plainKind(p.Kind) {
			c.checkResultDropped(st, protocol)
		}
	}
	c.checkDeferredErrors(h, p)
}

// sites returns the return statements of a handler on a path, with what is
// known of their errors.
func (c *checker) sites(h *errflow.Handler, p *errflow.Path) []*site {
	b := h.Body
	n := h.Sig.Results().Len()
	if n != len(p.Roles) || errflow.NamedResultsDeferred(b) {
		return nil
	}
	var out []*site
	for _, ret := range b.Returns {
		if len(ret.Results) != n {
			continue
		}
		st := &site{h: h, p: p, ret: ret}
		if i := p.Error(); i >= 0 {
			c.setError(st, ret.Results[i])
		}
		out = append(out, st)
	}
	return out
}

// setError records err as the error a site returns, with what is known
// of it.
func (c *checker) setError(st *site, err ast.Expr) {
	b := st.h.Body
	st.err = err
	st.errNonNil = c.flow.ErrNonNil(b, st.ret, err)
	st.value = c.flow.Value(b, err, -1)
}

// sdkOf returns the protocol errors a path's SDK passes through.
func sdkOf(k model.HandlerKind) errflow.Proto {
	if k.GoSDK() {
		return errflow.ProtoGoSDK
	}
	return errflow.ProtoMCPGo
}

// plainKind reports whether a kind's error goes to the client as a
// JSON-RPC error: go-sdk raw handlers and mcp-go handlers other than
// structured ones, which mcp-go turns into tool errors itself.
func plainKind(k model.HandlerKind) bool {
	return k == model.GoSDKRaw || k == model.MCPGoPlain || k == model.MCPGoTyped
}

// sdkProtocolError reports a surely non-nil error that the SDK sends as a
// JSON-RPC error with a meaningless code, and says whether it did.
func (c *checker) checkProtocolError(st *site) bool {
	p := st.p
	if !p.Protocol() || p.Deferred || c.converting || st.err == nil || !st.errNonNil {
		return false
	}
	if st.value.ContextOnly && st.value.Context {
		return false // the call was cancelled: its answer is not read
	}
	if st.value.MaybeProtocol(sdkOf(p.Kind)) {
		return false // a deliberate protocol error, or one that may be
	}
	if st.value.Shape == errflow.ShapeNil {
		return false // every value it can be is nil: the return never runs with an error
	}
	if !c.once(rules.SDKProtocolError, st.err) {
		return true
	}
	d := analysis.Diagnostic{Pos: st.err.Pos(), End: st.err.End()}
	// A result returned with the error is built and thrown away (an error
	// result's fix is to return it alone); the finding says so, as it is
	// the one edit for both.
	discarded := ""
	if res := st.result(); res != nil && st.h.Body != nil {
		switch {
		case errflow.IsErrorResult(c.flow.ResultShape(st.h.Body, res)):
			discarded = ", and the error result returned with it is discarded"
		case c.flow.HoldsResult(st.h.Body, res):
			discarded = ", and the result returned with it is discarded"
		}
	}
	if p.Kind == model.GoSDKRaw {
		d.Message = "the go-sdk sends an error returned by " + subject(st, "a raw handler") + " as a JSON-RPC error with code 0, which the model never sees" + discarded + ": " +
			"report the failure as a result (res.SetError(err)) with a nil error, or return a *jsonrpc.Error if a protocol error is meant"
	} else {
		d.Message = fmt.Sprintf("mcp-go sends an error returned by %s as a JSON-RPC internal error (-32603), which the model never sees%s: "+
			"return mcp.NewToolResultError(msg) (or NewToolResultErrorFromErr) with a nil error", subject(st, p.Kind.WithArticle()), discarded)
	}
	d.Message += PathSentence(st.p)
	d.Related = related(p)
	d.SuggestedFixes = c.protocolErrorFix(st)
	if more := otherDelegators(st.h, p); len(more) > 0 {
		// A helper whose results many handlers return as their own
		// (return resultJSON(res)): its return is where the edit is, and
		// each of those handlers hands its error on.
		d.Message += fmt.Sprintf(" (%d handlers return what this function returns)", len(more)+1)
		for _, s := range more {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.Pos, End: s.Pos + 1, Message: "another handler returns what this function returns here"})
		}
		c.r.Diagnostic(rules.SDKProtocolError, d)
		return true
	}
	if root, ok := c.protocolRoot(p); ok {
		c.r.Fold(rules.SDKProtocolError, root, handlerKey(st.h), d)
		return true
	}
	c.r.Diagnostic(rules.SDKProtocolError, d)
	return true
}

// otherDelegators returns the returns, other than the one p goes through,
// of the handlers that return h's results as their own, when p reaches
// the SDK through one of them and through no adapter nearer it: then
// each of them is a handler return this one edit fixes, and none of them
// is a root.
func otherDelegators(h *errflow.Handler, p *errflow.Path) []errflow.Step {
	if len(h.Delegators) < 2 || len(p.Via) == 0 {
		return nil
	}
	root, ok := p.Root()
	if !ok || root.Pos != p.Via[0].Pos {
		return nil
	}
	var out []errflow.Step
	for _, s := range h.Delegators {
		if s.Pos != root.Pos {
			out = append(out, s)
		}
	}
	return out
}

// noteProtocolThrough records, for the root of a return's path, that an
// error which may be a deliberate protocol error passes through it.
func (c *checker) noteProtocolThrough(st *site) {
	step, ok := st.p.Root()
	if !ok || st.err == nil || !st.value.MaybeProtocol(sdkOf(st.p.Kind)) || st.value.Shape == errflow.ShapeNil {
		return
	}
	if c.protocolThrough == nil {
		c.protocolThrough = map[string]bool{}
	}
	c.protocolThrough[stepKey(step)] = true
}

// stepKey identifies a root: its position here, its site in another
// package.
func stepKey(s errflow.Step) string {
	if s.Pos.IsValid() {
		return fmt.Sprint(int(s.Pos))
	}
	return s.Site
}

// protocolRoot returns the root of a path's protocol errors: the return,
// nearest the SDK, that hands the handler's error on unchanged — an
// adapter's return res, err. Converting the error into an error result
// there makes every error it hands on one the model can read.
func (c *checker) protocolRoot(p *errflow.Path) (report.Root, bool) {
	if root, ok := c.builtRoot(p); ok {
		return root, true
	}
	step, ok := p.Root()
	if !ok {
		return report.Root{}, false
	}
	root := report.Root{Pos: step.Pos, End: step.Pos + 1, Site: step.Site, Narrow: step.Delegates}
	if ret := c.returnAt(step.Pos); ret != nil {
		root.End = ret.End()
		root.Fix = func() []analysis.SuggestedFix {
			if c.protocolThrough[stepKey(step)] {
				return nil // a deliberate protocol error passes here too: an edit for all would turn it into a tool error
			}
			return c.rootFix(ret, p.Kind)
		}
	} else if fix, at := c.r.ForeignRootFix(step.Site); fix != nil {
		root.File, root.Line, root.At = at.File, at.Line, at
		root.Fix = func() []analysis.SuggestedFix {
			if c.protocolThrough[stepKey(step)] {
				return nil
			}
			return fix()
		}
	}
	sdk := "the go-sdk sends each as a JSON-RPC error with code 0"
	idiom := "res.SetError(err) on a new result, returned with a nil error"
	if !p.Kind.GoSDK() {
		sdk = "mcp-go sends each as a JSON-RPC internal error (-32603)"
		idiom = "mcp.NewToolResultError(err.Error()), nil"
	}
	root.Message = func(returns, handlers int) string {
		return fmt.Sprintf("this return hands the errors of %s of %s on to the SDK, and %s, which the model never sees: "+
			"turn the error into an error result here (%s), and every one of them becomes a tool error the model can read",
			report.Count(returns, "return"), report.Count(handlers, "handler"), sdk, idiom)
	}
	return root, true
}

// builtRoot returns the root of a path's protocol errors at the server
// the package builds (Path.Built), when no adapter is nearer: the server
// decides every handler's returns, and a handler that returns one
// function's results (Step.Delegates) decides that function's only.
func (c *checker) builtRoot(p *errflow.Path) (report.Root, bool) {
	if step, ok := p.Root(); p.Built == nil || ok && !step.Delegates {
		return report.Root{}, false
	}
	return c.serverRoot(p.Built), true
}

// serverRoot returns the root of the protocol errors of the handlers
// served on an mcp-go server built, with no middleware that converts
// errors, by call: a tool handler middleware given to it that turns
// next's error into an error result is one edit that makes every one of
// them a tool error the model can read: the root's fix adds one
// (serverfix.go).
func (c *checker) serverRoot(call *ast.CallExpr) report.Root {
	return report.Root{
		Pos:    call.Pos(),
		End:    call.End(),
		Fix:    func() []analysis.SuggestedFix { return c.serverFix(call) },
		Member: "a return whose error this server sends as a JSON-RPC error",
		Message: func(returns, handlers int) string {
			edit := "build it with a tool handler middleware that turns next's error into an error result " +
				"(server.WithToolHandlerMiddleware(m), m returning mcp.NewToolResultError(err.Error()), nil), " +
				"and every one of them becomes a tool error the model can read"
			if !hasMiddlewareOption(c.info, call) {
				edit = "this mcp-go release has no tool handler middleware (server.WithToolHandlerMiddleware came later): " +
					"upgrade mcp-go and " + edit + "; or return mcp.NewToolResultError(msg), nil at each"
			}
			return fmt.Sprintf("this server hands the errors of %s of %s on as JSON-RPC internal errors (-32603), which the model never sees: %s",
				report.Count(returns, "return"), report.Count(handlers, "handler"), edit)
		},
	}
}

// hasMiddlewareOption reports whether the mcp-go release a server is
// built with has server.WithToolHandlerMiddleware.
func hasMiddlewareOption(info *types.Info, call *ast.CallExpr) bool {
	fn := model.Callee(info, call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Scope().Lookup("WithToolHandlerMiddleware") != nil
}

// returnAt returns the return statement of the package at pos, or nil.
func (c *checker) returnAt(pos token.Pos) *ast.ReturnStmt {
	if !pos.IsValid() {
		return nil
	}
	b := c.flow.Index().Enclosing(pos)
	if b == nil {
		return nil
	}
	for _, ret := range b.Returns {
		if ret.Pos() == pos {
			return ret
		}
	}
	return nil
}

// subject names what returns the values: the handler kind its signature
// says, or "this function" when it is not an SDK handler itself.
func subject(st *site, direct string) string {
	own := model.KindOf(st.h.Sig)
	switch {
	case st.p.Middleware:
		return "a tool-call middleware itself (not passed on from next: on every tool's path)"
	case own == st.p.Kind:
		return direct
	case own != 0:
		return own.WithArticle()
	}
	return "this function"
}

// PathSentence says, for a handler whose values reach the SDK through the
// project's own code, how: " (It reaches the SDK this way: passed to
// github.NewTool; …)". It is "" for a handler registered directly or found
// by its signature.
func PathSentence(p *errflow.Path) string {
	if len(p.Via) < 2 {
		return ""
	}
	var steps []string
	for _, s := range p.Via {
		text := s.What
		if s.Site != "" {
			text += " (" + s.Site + ")"
		}
		steps = append(steps, text)
	}
	return " (it reaches the SDK this way: " + strings.Join(steps, "; ") + ")"
}

// related points at the steps of a path in this package that give a
// return its meaning: adapters, delegating handlers, the registration.
func related(p *errflow.Path) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for _, s := range p.Via {
		if s.Pos.IsValid() && !s.BySignature() {
			out = append(out, analysis.RelatedInformation{Pos: s.Pos, End: s.Pos + 1, Message: s.What})
		}
	}
	return out
}

// checkNilResult reports a handler returning neither a result nor an
// error.
func (c *checker) checkNilResult(st *site) {
	p := st.p
	res := st.result()
	if !plainKind(p.Kind) || st.errNonNil || st.err == nil || res == nil {
		return
	}
	results := st.h.Sig.Results()
	if !c.flow.IsNilAs(st.h.Body, res, results.At(p.Result()).Type()) || !c.flow.IsNilAs(st.h.Body, st.err, results.At(p.Error()).Type()) {
		return
	}
	at := report.Range{From: res, To: st.err}
	d := analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Related: related(p)}
	if p.Kind == model.GoSDKRaw {
		d.Message = "a go-sdk raw handler that returns a nil result and a nil error crashes the server (go-sdk v1.8.0 dereferences the result): " +
			"return a result, or an error"
	} else {
		d.Message = fmt.Sprintf("mcp-go answers %s that returns a nil result and a nil error with a JSON-RPC internal error (-32603, \"handler returned no result\"): "+
			"return a result, e.g. mcp.NewToolResultText(...)", p.Kind.WithArticle())
	}
	c.r.Diagnostic(rules.SDKNilResult, d)
}

// checkResultDropped reports a result returned together with a surely
// non-nil error, which the SDK throws away. protocol says that
// sdk-protocol-error already reported the return.
func (c *checker) checkResultDropped(st *site, protocol bool) {
	if !st.errNonNil || st.err == nil {
		return
	}
	if st.value.ContextOnly && st.value.Context {
		return // the call was cancelled: nobody reads what comes with the error
	}
	p := st.p
	b := st.h.Body
	switch k := p.Kind; {
	case k == model.GoSDKTyped:
		res, what := st.result(), "result"
		if res == nil || !c.flow.HoldsResult(b, res) {
			res, what = st.output(), "output"
			if res == nil || !c.flow.FilledAt(b, res, st.ret.Pos()) {
				return
			}
		}
		c.r.Report(rules.SDKResultDropped, report.Range{From: res, To: st.err},
			"the go-sdk discards the %s a typed handler returns with a non-nil error and sends the client only the error's text: "+
				"report the failure with res.SetError(err) and a nil error to keep the %s, or put what the client needs in the error", what, what)
	case k == model.MCPGoStructured:
		out := st.output()
		if out == nil || !c.flow.FilledAt(b, out, st.ret.Pos()) {
			return
		}
		c.r.Report(rules.SDKResultDropped, report.Range{From: out, To: st.err},
			"mcp-go discards the value a structured handler returns with a non-nil error and sends the client only \"tool execution failed: <error>\": "+
				"put what the client needs in the error, or return the value with a nil error")
	case plainKind(k):
		res := st.result()
		if protocol || p.Converting || p.Deferred || c.converting || res == nil || !c.flow.HoldsResult(b, res) {
			return
		}
		sdkName, handler := "mcp-go", "a handler"
		if k.GoSDK() {
			sdkName, handler = "the go-sdk", "a raw handler"
		}
		c.r.Report(rules.SDKResultDropped, report.Range{From: res, To: st.err},
			"%s sends the client only the error %s returns and discards the result returned with it: return the result or the error, not both",
			sdkName, handler)
	}
}

// checkWrappedProtocolError reports a typed go-sdk handler's error that
// wraps a *jsonrpc.Error, which the SDK does not recognise.
func (c *checker) checkWrappedProtocolError(st *site) {
	if st.p.Kind != model.GoSDKTyped || st.err == nil || !st.value.WrapsRPC || errflow.IsNil(c.info, st.err) {
		return
	}
	c.r.Report(rules.SDKWrappedProtocolError, st.err,
		"this error wraps a *jsonrpc.Error, but the go-sdk sends a typed handler's error as a JSON-RPC error only when it is a *jsonrpc.Error itself "+
			"(a type assertion, not errors.As): the client gets a tool error with the text instead; return the *jsonrpc.Error itself")
}

// checkErrorResultWithoutContent reports an error result literal, returned
// by the handler as it is, that has no Content.
func (c *checker) checkErrorResultWithoutContent(st *site) {
	k := st.p.Kind
	res := st.result()
	if !k.SDK() || k == model.MCPGoStructured || st.errNonNil || res == nil {
		return
	}
	typed := k == model.GoSDKTyped
	what := "an empty content list"
	if typed && st.p.Output() >= 0 && !types.IsInterface(st.h.Sig.Results().At(st.p.Output()).Type()) {
		what = "only the zero output's JSON as text"
	}
	if out := st.output(); typed && out != nil && !c.flow.IsZero(out) {
		// The output's JSON becomes the content: it explains the failure
		// when it has a field that can say what failed, set.
		t, explains := c.outputExplains(out)
		if explains {
			return
		}
		what = fmt.Sprintf("the output's JSON as text, in which no field of %s says what failed", types.TypeString(t, types.RelativeTo(c.pass.Pkg)))
	}
	for _, lit := range c.returnedLits(st, res) {
		if !c.once(rules.SDKErrorResultWithoutContent, lit) || !errorResultWithoutContent(c.info, lit) {
			continue
		}
		fix := "call res.SetError(err), or set Content: []mcp.Content{&mcp.TextContent{Text: ...}}"
		if k.MCPGo() {
			fix = "return mcp.NewToolResultError(msg) instead"
		}
		c.r.Report(rules.SDKErrorResultWithoutContent, lit,
			"this error result has no Content: the client gets isError with %s, and the model no word of what failed; %s", what, fix)
	}
}

// explainingField matches the names of the fields an output can say what
// failed in.
var explainingField = regexp.MustCompile(`(?i)^(err|errors?|.*error|message|msg|reason|details?|warnings?|failures?|problems?)$`)

// outputExplains reports whether a typed handler's non-zero output can
// tell the model what failed: its type is not a struct (a map, a string:
// anything may be in it), or its struct type has a field named like an
// explanation (Error, Message, Reason, Warning...) that the output, when
// it is a literal, sets. It returns the output's type for messages.
func (c *checker) outputExplains(out ast.Expr) (types.Type, bool) {
	t := c.info.TypeOf(out)
	st, ok := model.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return t, true
	}
	var names []string
	for i := range st.NumFields() {
		if f := st.Field(i); explainingField.MatchString(f.Name()) {
			names = append(names, f.Name())
		}
	}
	if len(names) == 0 {
		return t, false
	}
	lit := model.CompositeLit(out)
	if lit == nil {
		return t, true // a value built elsewhere may have them set
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return t, true // positional: every field set
		}
		if key, ok := kv.Key.(*ast.Ident); ok && slices.Contains(names, key.Name) && !c.flow.IsZero(kv.Value) {
			return t, true
		}
	}
	return t, false
}

// returnedLits returns the result literals a return gives as they are: the
// literal itself, or the literals a local variable holds that is used only
// as a returned result.
func (c *checker) returnedLits(st *site, e ast.Expr) []*ast.CompositeLit {
	if lit := model.CompositeLit(e); lit != nil {
		return []*ast.CompositeLit{lit}
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	lv, _ := c.info.Uses[id].(*types.Var)
	root := st.h.Body.Root
	if lv == nil || lv.IsField() || root.Addressed(lv) || root.Resolver.MayHoldZero(e) || !root.OnlyReturned(lv) {
		return nil
	}
	var lits []*ast.CompositeLit
	for _, o := range root.Resolver.Origins(e) {
		if lit := model.CompositeLit(o); lit != nil {
			lits = append(lits, lit)
		}
	}
	return lits
}

// errorResultWithoutContent reports whether lit is a go-sdk or mcp-go
// CallToolResult literal with IsError: true and no Content.
func errorResultWithoutContent(info *types.Info, lit *ast.CompositeLit) bool {
	if !errflow.IsCallToolResult(info.TypeOf(lit)) {
		return false
	}
	isError, content := false, false
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false // positional fields: not worth guessing
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return false
		}
		switch key.Name {
		case "IsError":
			isError, _ = errflow.BoolConst(info, kv.Value)
		case "Content":
			inner := model.CompositeLit(kv.Value)
			content = !errflow.IsNil(info, kv.Value) && (inner == nil || len(inner.Elts) > 0)
		}
	}
	return isError && !content
}

// suppressionsFact is the package fact of the package's suppression
// directives, for the packages that report roots here (see
// report.Suppressions).
type suppressionsFact struct{ report.Suppressions }

func (*suppressionsFact) AFact() {}
