package handlerbody

// The rules iterate over a handler's returns and error branches, which
// come from errflow, shared with the other analyzers. What else they ask
// of the body — which result variables are made error results, which
// locals are used only to be returned, how values move between variables —
// is gathered in one walk of the body, closures included, the first time
// any rule asks, rather than in a walk per question (and per error
// variable, and per round of a fixed point).

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A bodyIndex is what the rules ask of a handler's body beyond errflow's
// answers.
type bodyIndex struct {
	// marked are the local variables made error results after they are
	// built: SetError is called on them, or their IsError is assigned.
	marked map[*types.Var]bool
	// usedOther are the local variables some use of which is not a whole
	// result of a return statement.
	usedOther map[*types.Var]bool
	// moves are the assignments, declarations, range clauses and calls of
	// the body, in source order; vars holds their variables back to back.
	moves []move
	vars  []*types.Var
}

// A move is a statement or call through which values computed from the
// variables it reads (from) may be stored into the variables it writes
// (to): x = f(err), var x = err, for _, x = range errs, fill(&x, err).
type move struct {
	kind     moveKind
	node     ast.Node // the statement or call
	from, to span     // in bodyIndex.vars
}

type span struct{ lo, hi int32 }

type moveKind uint8

const (
	assignVar  moveKind = iota + 1 // x = …: errflow follows it
	assignInto                     // x.f = …, x[i] = …, *x = …
	declareVar                     // var x = …
	rangeOver                      // for k, v = range …
	callArgs                       // a call: x.M(…) and f(&x, …) may store their arguments in x
)

func (ix *bodyIndex) from(mv *move) []*types.Var { return ix.vars[mv.from.lo:mv.from.hi] }
func (ix *bodyIndex) to(mv *move) []*types.Var   { return ix.vars[mv.to.lo:mv.to.hi] }

// index returns the handler's bodyIndex, walking the body on first use.
func (h *handler) index() *bodyIndex {
	if h.ix == nil {
		h.ix = h.newIndex()
	}
	return h.ix
}

func (h *handler) newIndex() *bodyIndex {
	info := h.c.info
	ix := &bodyIndex{marked: map[*types.Var]bool{}, usedOther: map[*types.Var]bool{}}
	returned := map[*ast.Ident]bool{} // whole results of the returns walked so far
	ast.Inspect(h.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v := h.localVar(n); v != nil && !returned[n] {
				ix.usedOther[v] = true
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok {
					returned[id] = true
				}
			}
		case *ast.AssignStmt:
			h.indexAssign(ix, n)
		case *ast.ValueSpec:
			for i, name := range n.Names {
				value := errflow.Declared(n, i)
				if v, _ := info.Defs[name].(*types.Var); v != nil && value != nil {
					ix.add(info, declareVar, n, []ast.Expr{value}, v)
				}
			}
		case *ast.RangeStmt:
			var to []*types.Var
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if x != nil {
					if v := h.rootVar(x); v != nil {
						to = append(to, v)
					}
				}
			}
			if len(to) > 0 {
				ix.add(info, rangeOver, n, []ast.Expr{n.X}, to...)
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && isSetError(model.Callee(info, n)) {
				if v := h.localVar(sel.X); v != nil {
					ix.marked[v] = true
				}
			}
			ix.add(info, callArgs, n, n.Args, h.callTargets(n)...)
		}
		return true
	})
	return ix
}

// indexAssign records the moves of an assignment, and the results it makes
// error results by setting IsError.
func (h *handler) indexAssign(ix *bodyIndex, n *ast.AssignStmt) {
	info := h.c.info
	for i, lhs := range n.Lhs {
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsError" && isCallToolResult(info.TypeOf(sel.X)) {
			isError, known := true, false
			if i < len(n.Rhs) {
				isError, known = boolConst(info, n.Rhs[i])
			}
			if v := h.localVar(sel.X); v != nil && (!known || isError) {
				ix.marked[v] = true
			}
		}
		rhs := errflow.Assigned(n, i)
		v := h.rootVar(lhs)
		if rhs == nil || v == nil {
			continue
		}
		kind := assignInto
		if _, plain := ast.Unparen(lhs).(*ast.Ident); plain {
			kind = assignVar
		}
		ix.add(info, kind, n, []ast.Expr{rhs}, v)
	}
}

// add records a move from the variables the expressions read to vars.
func (ix *bodyIndex) add(info *types.Info, kind moveKind, node ast.Node, exprs []ast.Expr, to ...*types.Var) {
	mv := move{kind: kind, node: node}
	mv.from.lo = int32(len(ix.vars))
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					ix.vars = append(ix.vars, v)
				}
			}
			return true
		})
	}
	mv.from.hi = int32(len(ix.vars))
	mv.to.lo = mv.from.hi
	ix.vars = append(ix.vars, to...)
	mv.to.hi = int32(len(ix.vars))
	ix.moves = append(ix.moves, mv)
}

// mutatedBy returns the variables err is stored into after they are
// built: x.Cause = err, x.SetCause(err), fill(&x, err).
func (h *handler) mutatedBy(err *types.Var) map[*types.Var]bool {
	if m, ok := h.mutated[err]; ok {
		return m
	}
	ix := h.index()
	m := map[*types.Var]bool{}
	for i := range ix.moves {
		mv := &ix.moves[i]
		// A plain assignment is followed by Origins.
		if (mv.kind == assignInto || mv.kind == callArgs) && slices.Contains(ix.from(mv), err) {
			for _, v := range ix.to(mv) {
				m[v] = true
			}
		}
	}
	if h.mutated == nil {
		h.mutated = map[*types.Var]map[*types.Var]bool{}
	}
	h.mutated[err] = m
	return m
}

// taintedBy returns err and the variables of the handler whose value is
// computed from it: msg := err.Error(), res.SetError(err),
// out.Errors = append(out.Errors, err).
func (h *handler) taintedBy(err *types.Var) map[*types.Var]bool {
	if t, ok := h.tainted[err]; ok {
		return t
	}
	ix := h.index()
	t := map[*types.Var]bool{err: true}
	for changed := true; changed; {
		changed = false
		for i := range ix.moves {
			mv := &ix.moves[i]
			if !readsAny(ix.from(mv), t) {
				continue
			}
			for _, v := range ix.to(mv) {
				if !t[v] {
					t[v] = true
					changed = true
				}
			}
		}
	}
	if h.tainted == nil {
		h.tainted = map[*types.Var]map[*types.Var]bool{}
	}
	h.tainted[err] = t
	return t
}

// readsAny reports whether one of vars is among read.
func readsAny(read []*types.Var, vars map[*types.Var]bool) bool {
	for _, v := range read {
		if vars[v] {
			return true
		}
	}
	return false
}

// passedOnBefore reports whether the branch hands its error to a call
// before ret: log.Printf("…: %v", err), span.RecordError(err).
func (h *handler) passedOnBefore(br *errflow.Branch, ret *ast.ReturnStmt) bool {
	ix := h.index()
	for i := range ix.moves {
		mv := &ix.moves[i]
		if mv.kind == callArgs && within(mv.node, br.Body) && mv.node.End() <= ret.Pos() && slices.Contains(ix.from(mv), br.Err) {
			return true
		}
	}
	return false
}

// within reports whether n lies in outer.
func within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// errorMarked returns the local variables of the handler that are made
// error results after they are built: SetError is called on them, or their
// IsError field is assigned.
func (h *handler) errorMarked() map[*types.Var]bool { return h.index().marked }

// onlyReturned reports whether every use of v in the handler is as a whole
// result of a return statement: nothing fills it in between.
func (h *handler) onlyReturned(v *types.Var) bool { return !h.index().usedOther[v] }
