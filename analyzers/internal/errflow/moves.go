package errflow

// Whether a value carries an error is not only a matter of where it comes
// from: an error can be stored into a value after it is built
// (res.SetError(err), out.Errors = append(out.Errors, err), fill(&x, err))
// or its text copied into a variable (msg := err.Error()). The walk of a
// root records every statement and call through which values may move
// between variables; TaintedBy and MutatedBy follow them.

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
)

// A move is a statement or call through which values computed from the
// variables it reads (from) may be stored into the variables it writes
// (to): x = f(err), var x = err, for _, x = range errs, fill(&x, err).
// A root has many: each names its variables by where they lie in the
// root's lists (see Root.from and Root.to), which keeps it small.
type move struct {
	node     ast.Node // the statement or call
	from, to part
	kind     moveKind
}

// A part is the part [start, end) of a list.
type part struct{ start, end int32 }

// from returns the variables mv reads.
func (r *Root) from(mv *move) []*types.Var { return r.moveReads[mv.from.start:mv.from.end] }

// to returns the variables mv writes.
func (r *Root) to(mv *move) []*types.Var { return r.moveTargets[mv.to.start:mv.to.end] }

type moveKind uint8

const (
	moveAssign  moveKind = iota + 1 // x = …: the resolver follows it
	moveInto                        // x.f = …, x[i] = …, *x = …
	moveDeclare                     // var x = …
	moveRange                       // for k, v = range …
	moveCall                        // a call: x.M(…) and f(&x, …) may store their arguments in x
)

// move records a move from the variables the expressions read to vars.
// The expressions are not walked again: which variables they read is
// known once the walk of the root has passed them (see resolveMoves).
func (w *rootWalk) move(kind moveKind, node ast.Node, exprs []ast.Expr, to ...*types.Var) {
	if len(exprs) == 0 {
		return // a call of nothing moves no value
	}
	start := int32(len(w.targets) - w.rootTargets)
	w.targets = append(w.targets, to...)
	w.moves = append(w.moves, move{kind: kind, node: node, to: part{start, start + int32(len(to))}})
	w.spans = append(w.spans, span{exprs[0].Pos(), exprs[len(exprs)-1].End()})
}

// A readVar is a variable an identifier at pos reads.
type readVar struct {
	pos token.Pos
	v   *types.Var
}

// A span is the source of a move's values: from the first expression's
// start to the last one's end.
type span struct{ start, end token.Pos }

// resolveMoves gives the root just walked, whose moves start at first,
// its lists of the variables its moves read and write, and each move the
// variables read in its span (an expression's identifiers are the ones
// within its extent); it drops the calls that read none: they move no
// value.
func (w *rootWalk) resolveMoves(first int) {
	byPos := func(a, b readVar) int { return cmp.Compare(a.pos, b.pos) }
	if !slices.IsSortedFunc(w.reads, byPos) {
		slices.SortStableFunc(w.reads, byPos)
	}
	start := len(w.vars)
	for _, rv := range w.reads {
		w.vars = append(w.vars, rv.v)
	}
	w.r.moveReads = w.vars[start:len(w.vars):len(w.vars)]
	w.r.moveTargets = w.targets[w.rootTargets:len(w.targets):len(w.targets)]
	w.rootTargets = len(w.targets)
	kept := w.moves[:first]
	for i, mv := range w.moves[first:] {
		sp := w.spans[i]
		lo := sort.Search(len(w.reads), func(j int) bool { return w.reads[j].pos >= sp.start })
		hi := lo + sort.Search(len(w.reads)-lo, func(j int) bool { return w.reads[lo+j].pos >= sp.end })
		if lo == hi && mv.kind == moveCall {
			continue // a call of nothing but constants moves no value
		}
		mv.from = part{int32(lo), int32(hi)}
		kept = append(kept, mv)
	}
	w.moves = kept
	w.reads, w.spans = w.reads[:0], w.spans[:0]
}

// MutatedBy returns the variables err is stored into after they are
// built: x.Cause = err, x.SetCause(err), fill(&x, err). (A plain
// assignment is followed by the resolver instead.)
func (r *Root) MutatedBy(err *types.Var) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	for i := range r.moves {
		mv := &r.moves[i]
		if (mv.kind == moveInto || mv.kind == moveCall) && slices.Contains(r.from(mv), err) {
			for _, v := range r.to(mv) {
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
			if !readsAny(r.from(mv), t) {
				continue
			}
			for _, v := range r.to(mv) {
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
		if mv.kind == moveCall && Within(mv.node, br.Body) && mv.node.End() <= pos.Pos() && slices.Contains(r.from(mv), br.Holder()) {
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
