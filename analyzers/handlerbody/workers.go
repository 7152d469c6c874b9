package handlerbody

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noDroppedItem reports the failures that work run once per item drops:
// a goroutine or a task (errgroup's Go, WaitGroup.Go) started in a loop
// of the handler, or the callback of a walk (errflow.WalkOf), or
// one started once, as a part of the handler's work (startedOnce), whose
// branch that handles err only returns from the literal, without the
// error, while what the literal stores into the handler's variables
// after it is what the handler answers with. It is noSkippedFailure's
// skip, where the literal's return is the loop's continue, and it is
// judged the same way: the failed call did work (errflow.FailedCall), the
// branch keeps err nowhere, and the answer after the loop, or after the
// walk, is a success made of what the items stored.
func noDroppedItem(h *handler) {
	if h.b.Block == nil || len(h.b.Lits) == 0 {
		return
	}
	for _, nb := range h.b.Nested() {
		lit, ok := nb.Node.(*ast.FuncLit)
		if !ok || nb.Block == nil {
			continue
		}
		site, what, once := perItem(h.c.info, h.b.Block, lit)
		if site == nil {
			continue
		}
		for _, br := range nb.Branches {
			h.checkDroppedItem(nb, lit, br, site, what, once)
		}
	}
}

// checkDroppedItem checks one branch of a literal run per item (see
// noDroppedItem); site is the statement of the handler that runs the
// items, the loop or the walk, or that starts the literal once.
func (h *handler) checkDroppedItem(nb *errflow.Body, lit *ast.FuncLit, br *errflow.Branch, site ast.Stmt, what string, once bool) {
	info := h.c.info
	body, ok := br.Body.(*ast.BlockStmt)
	if !ok || br.Partial || br.Sentinel || br.Cond == nil {
		return
	}
	leave := onlyLeaves(info, br.Err, body)
	if leave == nil || !h.c.flow.FailedCall(nb, br) || h.c.flow.Probes(nb, br) {
		return
	}
	written := h.c.itemWrites(lit, br, h.b.Block)
	if len(written) == 0 {
		return
	}
	answer := derived(info, h.b.Block, site.End(), h.b.Block.End(), written)
	ret := h.answerAfter(h.b.Block, site, answer)
	if !h.carriesOnWhenNil(br, body, ret, siteErrors(info, site)) || !errflow.MentionsAny(info, ret, answer) || tellsAsked(info, h.b.Block, site, ret) {
		return
	}
	if !h.c.once(rules.NoFakeEmptyResult, br.Body) {
		return
	}
	format := "%s drops the item whose call fails: " + what + " returns when %s is not nil, without it, and the handler answers with what the others stored (line %d): when every call fails the client reads an empty success, and when some fail a part passed off as the whole; keep the failures and return them (or an error result when nothing succeeded)"
	dropped, success := "the item is dropped here", "the success made of what the items stored"
	if once {
		format = "%s drops its part when the call fails: " + what + " returns when %s is not nil, without it, and the answer is made of what it would have stored (line %d): the client reads the part missing as if there were nothing; return the error (or carry it in the answer)"
		dropped, success = "the part is dropped here", "the success made of what the parts stored"
	}
	h.reportCarriedOn(br, ret, format,
		analysis.RelatedInformation{Pos: leave.Pos(), End: leave.End(), Message: dropped},
		analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: success})
}

// siteErrors returns the errors site, the statement that runs the items,
// assigns from its call (err := filepath.WalkDir(root, visit)): returned
// as they are, they are nil when the walk succeeds, and what it answers
// then is a success.
func siteErrors(info *types.Info, site ast.Stmt) map[*types.Var]bool {
	as, ok := site.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
		return nil
	}
	out := map[*types.Var]bool{}
	for _, lhs := range as.Lhs {
		if v := errflow.RootVar(info, lhs); v != nil && errflow.IsError(v.Type()) {
			out[v] = true
		}
	}
	return out
}

// perItem reports how lit, a literal of the handler's body fn, is run
// once per item: the statement of fn that runs the items (the loop that
// starts it, or the walk that calls it) and words for lit; nil when it is
// not. A literal started in a loop is a goroutine (go func(){…}()) or
// the argument of a call made as a statement (g.Go(func() error {…})).
// One started outside any loop is one part of the function's work, and
// once says so (see startedOnce).
func perItem(info *types.Info, fn *ast.BlockStmt, lit *ast.FuncLit) (site ast.Stmt, what string, once bool) {
	path := errflow.PathTo(fn, lit)
	if len(path) < 3 {
		return nil, "", false
	}
	call, ok := path[len(path)-2].(*ast.CallExpr)
	if !ok {
		return nil, "", false
	}
	if walk := errflow.WalkOf(info, path); walk != nil {
		return enclosingStmt(path), "the callback of " + walk.Pkg().Name() + "." + walk.Name(), false
	}
	loop := enclosingLoop(fn, call)
	if loop == nil {
		site, what := startedOnce(info, path, call, lit)
		return site, what, site != nil
	}
	switch path[len(path)-3].(type) {
	case *ast.GoStmt:
		if call.Fun == lit {
			return loop, "the goroutine started in the loop", false
		}
		return loop, "the function started in the loop", false
	case *ast.ExprStmt:
		if call.Fun != lit {
			return loop, "the function started in the loop", false
		}
	}
	return nil, "", false
}

// startedOnce reports, for a literal of path's function started outside
// any loop, the statement that starts it and words for it: a goroutine
// (go func(){…}()) or a task (g.Go(func() error {…}), wg.Go(…)) made as
// a statement. Work the function splits into parallel parts is judged as
// the function is: a part that returns on failure without its error,
// where the answer is made of what the parts store, is a part left out
// as surely as one an if adds only on success.
func startedOnce(info *types.Info, path []ast.Node, call *ast.CallExpr, lit *ast.FuncLit) (ast.Stmt, string) {
	switch stmt := path[len(path)-3].(type) {
	case *ast.GoStmt:
		if call.Fun == lit {
			return stmt, "the goroutine"
		}
	case *ast.ExprStmt:
		if fn := model.Callee(info, call); call.Fun != lit && fn != nil && fn.Name() == "Go" && len(call.Args) == 1 {
			return stmt, "the function started with " + fn.Name()
		}
	}
	return nil, ""
}

// enclosingStmt returns the innermost statement of path, which runs from
// a function's body down to a node.
func enclosingStmt(path []ast.Node) ast.Stmt {
	for i := len(path) - 1; i >= 0; i-- {
		if s, ok := path[i].(ast.Stmt); ok {
			return s
		}
	}
	return nil
}

// onlyLeaves returns the return that ends a branch body of a literal run
// per item when the body only leaves without the error: before it, only
// calls whose results are dropped (a log line) that keep err nowhere, and
// the return gives no error — return, return nil, return false. Nil
// otherwise.
func onlyLeaves(info *types.Info, err *types.Var, body *ast.BlockStmt) *ast.ReturnStmt {
	n := len(body.List)
	if n == 0 {
		return nil
	}
	ret, ok := body.List[n-1].(*ast.ReturnStmt)
	if !ok {
		return nil
	}
	for _, r := range ret.Results {
		if tv, ok := info.Types[r]; !ok || errflow.IsError(tv.Type) && !tv.IsNil() || errflow.Mentions(info, r, err) {
			return nil
		}
	}
	if n > 1 && !onlyReported(info, err, &ast.BlockStmt{List: body.List[:n-1]}) {
		return nil
	}
	return ret
}

// itemWrites returns the variables of the handler's body fn, declared
// outside lit, that lit writes into after br and not before it (see
// writesAfter): what each item stores for the answer (names =
// append(names, …), found[i] = …, results <- …).
func (c *checker) itemWrites(lit *ast.FuncLit, br *errflow.Branch, fn *ast.BlockStmt) []*types.Var {
	outside := func(v *types.Var) bool {
		return v.Pos() >= fn.Pos() && (v.Pos() < lit.Pos() || v.Pos() >= lit.End())
	}
	return writesAfter(c, lit.Body, br, outside, true, nil)
}
