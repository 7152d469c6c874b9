package errflow

// Whether a value carries an error is not only a matter of where it comes
// from: an error can be stored into a value after it is built
// (res.SetError(err), out.Errors = append(out.Errors, err), fill(&x, err))
// or its text copied into a variable (msg := err.Error()). The walk of a
// root records every statement and call through which values may move
// between variables; TaintedBy and MutatedBy follow them.

import (
	"go/ast"
	"go/types"
	"slices"
)

// A move is a statement or call through which values computed from the
// variables it reads (from) may be stored into the variables it writes
// (to): x = f(err), var x = err, for _, x = range errs, fill(&x, err).
type move struct {
	kind     moveKind
	node     ast.Node // the statement or call
	from, to []*types.Var
}

type moveKind uint8

const (
	moveAssign  moveKind = iota + 1 // x = …: the resolver follows it
	moveInto                        // x.f = …, x[i] = …, *x = …
	moveDeclare                     // var x = …
	moveRange                       // for k, v = range …
	moveCall                        // a call: x.M(…) and f(&x, …) may store their arguments in x
)

// move records a move from the variables the expressions read to vars.
func (w *rootWalk) move(kind moveKind, node ast.Node, exprs []ast.Expr, to ...*types.Var) {
	start := len(w.vars.read)
	for _, e := range exprs {
		ast.Walk(&w.vars, e)
	}
	if len(w.vars.read) == start && kind == moveCall {
		return // a call of nothing but constants moves no value
	}
	w.vars.read = append(w.vars.read, to...)
	end, toStart := len(w.vars.read), len(w.vars.read)-len(to)
	w.moves = append(w.moves, move{
		kind: kind,
		node: node,
		from: w.vars.read[start:toStart:toStart],
		to:   w.vars.read[toStart:end:end],
	})
}

// moveVars collects the variables of the moves of a package's roots, the
// ones the expressions it walks read and the ones they move into, in one
// buffer of which each move keeps its part: the buffer only grows, so a
// part is never written again.
type moveVars struct {
	info *types.Info
	read []*types.Var
}

func (m *moveVars) Visit(n ast.Node) ast.Visitor {
	if id, ok := n.(*ast.Ident); ok {
		if v, ok := m.info.Uses[id].(*types.Var); ok {
			m.read = append(m.read, v)
		}
	}
	return m
}

// MutatedBy returns the variables err is stored into after they are
// built: x.Cause = err, x.SetCause(err), fill(&x, err). (A plain
// assignment is followed by the resolver instead.)
func (r *Root) MutatedBy(err *types.Var) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	for i := range r.moves {
		mv := &r.moves[i]
		if (mv.kind == moveInto || mv.kind == moveCall) && slices.Contains(mv.from, err) {
			for _, v := range mv.to {
				m[v] = true
			}
		}
	}
	return m
}

// TaintedBy returns err and the variables of the root whose value is
// computed from it: msg := err.Error(), res.SetError(err),
// out.Errors = append(out.Errors, err).
func (r *Root) TaintedBy(err *types.Var) map[*types.Var]bool {
	t := map[*types.Var]bool{err: true}
	for changed := true; changed; {
		changed = false
		for i := range r.moves {
			mv := &r.moves[i]
			if !readsAny(mv.from, t) {
				continue
			}
			for _, v := range mv.to {
				if !t[v] {
					t[v] = true
					changed = true
				}
			}
		}
	}
	return t
}

// PassedOnBefore reports whether the branch hands its error to a call
// before pos: log.Printf("…: %v", err), span.RecordError(err).
func (r *Root) PassedOnBefore(br *Branch, pos ast.Node) bool {
	for i := range r.moves {
		mv := &r.moves[i]
		if mv.kind == moveCall && Within(mv.node, br.Body) && mv.node.End() <= pos.Pos() && slices.Contains(mv.from, br.Err) {
			return true
		}
	}
	return false
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

// Within reports whether n lies in outer.
func Within(n, outer ast.Node) bool {
	return outer.Pos() <= n.Pos() && n.End() <= outer.End()
}
