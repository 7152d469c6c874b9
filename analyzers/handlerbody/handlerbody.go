package handlerbody

// The rules judge a handler by what its return statements give the client,
// and by which error-handling branch they are in. Both come from errflow:
// a return belongs to the innermost branch that runs only when an error
// variable is non-nil, and a branch chosen by errors.Is (a sentinel) is a
// translation of a known condition, not a failure to pass on. Values are
// followed through local variables, flow-insensitively; every question a
// rule asks errs towards the answer that keeps it silent, so that a
// finding is something the reader can see is wrong.
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

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer checks how MCP tool handlers of every kind fail: with what
// error, keeping which cause, telling the client what.
var Analyzer = &analysis.Analyzer{
	Name:     "handlerbody",
	Doc:      docs.Analyzer(doc, "handlerbody"),
	URL:      rules.DocsURL + "#analyzer-handlerbody",
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	if !m.Relevant() {
		return nil, nil
	}
	c := &checker{pass: pass, info: pass.TypesInfo, model: m, flows: m.Flows(), report: report.New(pass, m), done: map[doneKey]bool{},
		helpers: map[*types.Func]*helperBlobs{}}
	defer c.report.Finish()
	c.runtime = importedRuntime(pass.Pkg)

	c.checkPackage()
	for _, mh := range m.Handlers {
		h := c.handler(mh)
		if h == nil {
			continue
		}
		preferMCPErrorInHandler(h)
		preserveCauseOnRethrow(h)
		noFakeEmptyResult(h)
		noStringifyInReturnedErrors(h)
	}
	return nil, nil
}

// A checker checks one package.
type checker struct {
	pass    *analysis.Pass
	info    *types.Info
	model   *model.Model
	flows   *errflow.Index // errflow's answers, shared with the other analyzers through the model
	report  *report.Reporter
	runtime *types.Package // the mcperr package as imported, or nil

	done map[doneKey]bool // findings already reported

	helpers      map[*types.Func]*helperBlobs // what the errors of the package's helpers carry
	helperDepth  int                          // how many helpers returnedBlobs is inside
	handlerFuncs map[*types.Func]bool         // the handlers declared as functions, on first use
}

// A doneKey is one finding: a rule at a node. A value reached from two
// returns, or two handlers, is reported once.
type doneKey struct {
	rule string
	node ast.Node
}

// once reports whether rule has not yet been reported at node, and records
// that it now is.
func (c *checker) once(rule rules.Rule, node ast.Node) bool {
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

// A handler is one handler with a body in this package, being checked.
type handler struct {
	*model.Handler
	c        *checker
	body     *ast.BlockStmt
	resolver *errflow.Resolver
	branches []*errflow.Branch
	returns  []*ast.ReturnStmt
	results  int // how many results the handler has

	// computed on first use
	ix      *bodyIndex
	tainted map[*types.Var]map[*types.Var]bool
	mutated map[*types.Var]map[*types.Var]bool
}

// handler prepares mh for checking, or returns nil when its body is not in
// this package.
func (c *checker) handler(mh *model.Handler) *handler {
	body := mh.Body()
	if body == nil || mh.Sig == nil || c.model.InGenerated(c.pass.Fset, body.Pos()) {
		return nil
	}
	flow := c.flows.Func(body)
	return &handler{
		Handler:  mh,
		c:        c,
		body:     body,
		resolver: flow.Resolver(),
		branches: flow.Branches(),
		returns:  flow.Returns(),
		results:  mh.Sig.Results().Len(),
	}
}

// hasResult reports whether the handler's first result is an SDK
// *CallToolResult, which can be an error result. An adapted handler's is
// when its type says so: adapters such as mcp-grafana's pass a returned
// result on as it is.
func (h *handler) hasResult() bool {
	switch h.Kind {
	case model.GoSDKRaw, model.GoSDKTyped, model.MCPGoPlain, model.MCPGoTyped:
		return true
	case model.Adapted:
		t := h.Sig.Results().At(0).Type()
		return model.IsPointerTo(t, model.GoSDKPath, "CallToolResult") || model.IsPointerTo(t, model.MCPGoPath, "CallToolResult")
	}
	return false
}

// describe names the handler in messages.
func (h *handler) describe() string {
	if h.Func != nil {
		return fmt.Sprintf("%s %s", h.Kind, h.Func.Name())
	}
	return h.Kind.String()
}

// localVar returns the variable an identifier denotes when it is a
// variable of a function (a local, a parameter, a captured variable), not a
// field or a package variable.
func (h *handler) localVar(expr ast.Expr) *types.Var {
	id, ok := ast.Unparen(expr).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := h.c.info.Uses[id].(*types.Var)
	if v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// declaredInBody reports whether v is declared in the handler's body, so
// that every value it holds is assigned there.
func (h *handler) declaredInBody(v *types.Var) bool {
	return h.body.Pos() <= v.Pos() && v.Pos() < h.body.End()
}

// isNilError reports whether a returned error is surely nil: the nil
// literal, or a local of the body declared without a value and never
// assigned one.
func (h *handler) isNilError(expr ast.Expr) bool {
	if errflow.IsNil(h.c.info, expr) {
		return true
	}
	v := h.localVar(expr)
	if v == nil || !h.declaredInBody(v) {
		return false
	}
	for _, o := range h.resolver.Origins(expr) {
		if !errflow.IsNil(h.c.info, o) {
			return false
		}
	}
	return true
}

// branchFor returns the error branch a return is in, unless there is none,
// or the return is chosen by testing which error it is: a sentinel branch,
// or a test of err of the code's own (see classified).
func (h *handler) branchFor(ret *ast.ReturnStmt) *errflow.Branch {
	br := errflow.Innermost(h.branches, ret)
	if br == nil || br.Sentinel || h.classified(br, ret) {
		return nil
	}
	return br
}

// classified reports whether a return in the branch br is chosen by a test
// of which error br.Err is, beyond the ones errflow knows: a conjunct of
// the branch's condition (err != nil && apierrors.IsNotFound(err)), or an
// if or case inside the branch that encloses the return
// (if status.Code(err) == codes.NotFound, switch { case isRetryable(err) }).
// Such a return translates a known condition. A negated test (!isX(err))
// and an else or default clause keep the unknown failures, and are not
// classifications.
func (h *handler) classified(br *errflow.Branch, ret *ast.ReturnStmt) bool {
	info := h.c.info
	testsErr := func(cond ast.Expr) bool {
		for _, c := range conjuncts(cond) {
			if u, ok := c.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				continue
			}
			if b, ok := c.(*ast.BinaryExpr); ok && (errflow.IsNil(info, b.X) || errflow.IsNil(info, b.Y)) {
				continue // err != nil: no test of which error
			}
			if errflow.Mentions(info, c, br.Err) {
				return true
			}
		}
		return false
	}
	if br.Cond != nil && testsErr(br.Cond) {
		return true
	}
	found := false
	visit := func(n ast.Node) bool {
		if found || n == nil || n.End() <= ret.Pos() || n.Pos() > ret.Pos() {
			return false // only nodes enclosing the return
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			inBody := n.Body.Pos() <= ret.Pos() && ret.End() <= n.Body.End()
			if inBody && (testsErr(n.Cond) || n.Init != nil && errflow.Mentions(info, n.Init, br.Err)) {
				found = true
			}
		case *ast.SwitchStmt:
			tagged := n.Tag != nil && errflow.Mentions(info, n.Tag, br.Err) ||
				n.Init != nil && errflow.Mentions(info, n.Init, br.Err)
			for _, stmt := range n.Body.List {
				clause, ok := stmt.(*ast.CaseClause)
				if !ok || clause.List == nil || ret.Pos() < clause.Pos() || clause.End() < ret.End() {
					continue
				}
				if tagged {
					found = true
				}
				for _, e := range clause.List {
					if testsErr(e) {
						found = true
					}
				}
			}
		}
		return !found
	}
	ast.Inspect(br.Body, visit)
	return found
}

// conjuncts splits a condition at its top-level && operators.
func conjuncts(cond ast.Expr) []ast.Expr {
	cond = ast.Unparen(cond)
	if b, ok := cond.(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{cond}
}

// branchNode returns the node to point at for a branch: its condition, or
// for a default clause its body.
func branchNode(br *errflow.Branch) ast.Node {
	if br.Cond != nil {
		return br.Cond
	}
	return br.Body
}

// related points at the branch a finding is about.
func (h *handler) related(br *errflow.Branch) []analysis.RelatedInformation {
	n := branchNode(br)
	return []analysis.RelatedInformation{{
		Pos:     n.Pos(),
		End:     n.End(),
		Message: fmt.Sprintf("%s is handled here", br.Err.Name()),
	}}
}

// preferMCPErrorInHandler reports the plain errors an mcperr tool handler
// builds with errors.New or fmt.Errorf and returns, directly or through
// local variables. The client receives such an error's text with a code
// guessed by Classify and no reason. Returning a callee's error unchanged
// is fine, and so is fmt.Errorf wrapping (%w) an error that is statically
// an *mcperr.Error: the client sees the wrapped error.
func preferMCPErrorInHandler(h *handler) {
	if h.Kind != model.ToolHandler {
		return
	}
	info := h.c.info
	for _, ret := range h.returns {
		e := errflow.Result(ret, h.results-1, h.results)
		if e == nil || errflow.IsNil(info, e) {
			continue
		}
		for _, o := range h.resolver.Origins(e) {
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
				if h.wrapsRuntimeError(call) {
					continue
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

// wrapsRuntimeError reports whether a fmt.Errorf call wraps, with %w, an
// error that is statically an *mcperr.Error, whose code, message and data
// the client then receives.
func (h *handler) wrapsRuntimeError(call *ast.CallExpr) bool {
	_, verbs, ok := formatOf(h.c.info, call, 0)
	if !ok {
		return false
	}
	for _, v := range verbs {
		if v.verb != 'w' {
			continue
		}
		arg := operand(call, 0, v)
		if arg == nil {
			continue
		}
		if model.IsRuntimeError(h.c.info.TypeOf(arg)) {
			return true
		}
		origins := h.resolver.Origins(arg)
		all := len(origins) > 0
		for _, o := range origins {
			all = all && model.IsRuntimeError(h.c.info.TypeOf(o))
		}
		if all {
			return true
		}
	}
	return false
}
