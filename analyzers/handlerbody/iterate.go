package handlerbody

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noUncheckedIteration reports a loop over an iterator that tells its
// failure only after the loop — for rows.Next() { … }, for sc.Scan()
// { … }: a value whose loop method answers a bool and that has an Err()
// error method (database/sql's Rows, bufio's Scanner, and every driver's
// and client's cursor built the same way) — when the function never asks
// it for Err and answers, after the loop, with what the loop gathered. A
// connection lost midway ends the loop as the last row does: the client
// reads part of the rows as all of them.
//
// The iterator must be the function's own (a parameter's Err is its
// caller's to check).
func noUncheckedIteration(h *handler) {
	if h.b.Block == nil {
		return
	}
	info := h.c.info
	ast.Inspect(h.b.Block, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		loop, ok := n.(*ast.ForStmt)
		if !ok {
			return true
		}
		it, method := iterator(info, loop.Cond)
		if it == nil || errflow.IsParam(it) || asksErr(info, h.b.Block, loop, it) {
			return true
		}
		written := slices.DeleteFunc(h.c.loopGathers(loop), func(v *types.Var) bool { return v == it })
		if len(written) == 0 {
			return true
		}
		ret := h.successWith(loop, written)
		if ret == nil || !h.c.once(rules.NoFakeEmptyResult, loop) {
			return true
		}
		h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos: loop.Cond.Pos(),
			End: loop.Cond.End(),
			Related: []analysis.RelatedInformation{
				{Pos: ret.Pos(), End: ret.End(), Message: "the success that answers with what the loop gathered"},
			},
			Message: fmt.Sprintf("%s reads %s until %s answers false but never checks %s.Err(), and answers with what the loop gathered (line %d): a failure midway ends the loop as the last item does, and the client reads a part as the whole; check %s.Err() after the loop",
				h.describe(), it.Name(), method, it.Name(), h.c.pass.Fset.Position(ret.Pos()).Line, it.Name()),
		})
		return true
	})
}

// iterator returns the local a loop condition steps (rows in
// rows.Next()) and the method's name, when the condition is a call of a
// method without arguments that answers a bool, on a value that also has
// an Err() error method; nil otherwise.
func iterator(info *types.Info, cond ast.Expr) (*types.Var, string) {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil, ""
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || info.Selections[sel] == nil || !types.Identical(info.TypeOf(call), types.Typ[types.Bool]) {
		return nil, ""
	}
	v := errflow.RootVar(info, sel.X)
	if v == nil || !errflow.IsLocal(v) || v != model.VarOf(info, ast.Unparen(sel.X)) {
		return nil, ""
	}
	obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, v.Pkg(), "Err")
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, ""
	}
	sig := fn.Signature()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !errflow.IsError(sig.Results().At(0).Type()) {
		return nil, ""
	}
	return v, sel.Sel.Name
}

// asksErr reports whether block calls it.Err() after loop, before it is
// given another value (rows, err = db.Query(…) for the next loop), or
// hands it on anywhere (to a helper, a closure, a return): then it may be
// checked there.
func asksErr(info *types.Info, block *ast.BlockStmt, loop *ast.ForStmt, it *types.Var) bool {
	until := block.End()
	ast.Inspect(block, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Pos() > loop.End() && as.Pos() < until {
			for _, lhs := range as.Lhs {
				if model.VarOf(info, ast.Unparen(lhs)) == it {
					until = as.Pos()
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "Err" && model.VarOf(info, ast.Unparen(n.X)) == it && n.Pos() > loop.Pos() && n.Pos() < until {
				found = true
			}
		case *ast.CallExpr:
			for _, a := range n.Args {
				if model.VarOf(info, ast.Unparen(a)) == it {
					found = true
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if model.VarOf(info, ast.Unparen(r)) == it {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// loopGathers returns the locals declared before loop that its body
// writes into (appends to, assigns, stores into): what it gathers.
func (c *checker) loopGathers(loop *ast.ForStmt) []*types.Var {
	var out []*types.Var
	seen := map[*types.Var]bool{}
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		add := func(_ token.Pos, v *types.Var) {
			if errflow.IsLocal(v) && v.Pos() < loop.Pos() && !seen[v] && !errflow.IsError(v.Type()) {
				seen[v] = true
				out = append(out, v)
			}
		}
		if inc, ok := n.(*ast.IncDecStmt); ok { // a count of the items
			if v := errflow.RootVar(c.info, inc.X); v != nil {
				add(inc.Pos(), v)
			}
		}
		c.nodeWrites(n, add)
		return true
	})
	return out
}
