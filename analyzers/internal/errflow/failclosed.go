package errflow

// A helper that answers with an empty value when it cannot decide is not
// always hiding a failure: an access check that cannot resolve a path
// answers "not allowed", a matcher that cannot parse its input answers "no
// match", and the caller then refuses. Such a helper fails closed, and its
// empty answer is the safe one. What tells the two apart is not the
// helper but what its callers do with the answer: a helper fails closed
// when every call of it in the package decides, on the empty answer, to
// fail — the branch its answer chooses returns an error or an error
// result. One caller that takes the empty answer for a real one, or one
// the layer cannot see (a method value, a function value), and the helper
// is judged as before.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A truth is what a condition is known to be: true, false or unknown.
type truth int8

const (
	unknownTruth truth = iota
	isTrue
	isFalse
)

func (t truth) not() truth {
	switch t {
	case isTrue:
		return isFalse
	case isFalse:
		return isTrue
	}
	return unknownTruth
}

// failsClosed reports whether every call of fn in the package decides, on
// an empty answer (false, "", nil, zero), to fail.
func (f *finder) failsClosed(fn *types.Func) bool {
	if fn == nil || fn.Signature().Results().Len() != 1 {
		return false
	}
	calls := f.callsOf[fn]
	if len(calls) == 0 {
		return false
	}
	for _, sc := range calls {
		if sc.b == nil || !f.failsOnEmpty(sc.b, sc.call) {
			return false
		}
	}
	return true
}

// failsOnEmpty reports whether body b, where call is written, fails when
// the call's value is empty: the call (or the local its value is given
// to, every use of it) is a condition of an if statement whose branch
// taken on the empty value returns a failure.
func (f *finder) failsOnEmpty(b *Body, call *ast.CallExpr) bool {
	if f.guardFails(b, call, func(e ast.Expr) bool { return ast.Unparen(e) == call }) {
		return true
	}
	v := assignedLocal(f.info, b.Block, call)
	if v == nil || b.Root.Addressed(v) {
		return false
	}
	uses := 0
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && f.info.Uses[id] == v {
			uses++
		}
		return true
	})
	// Every use is in a condition that fails on the empty value, or the
	// first one is (s := find(name); if s == nil { return err }; use
	// s.Name): what follows that guard runs only with a value.
	guards, firstGuarded := 0, false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		is, ok := n.(*ast.IfStmt)
		if !ok || !Mentions(f.info, is.Cond, v) {
			return true
		}
		if f.ifFails(b, is, func(e ast.Expr) bool { return model.VarOf(f.info, e) == v }) {
			guards += countUses(f.info, is.Cond, v)
			if is.Init == nil && guardsFirst(f.info, b.Block, is, v) {
				firstGuarded = true
			}
		}
		return true
	})
	return uses > 0 && (guards == uses || firstGuarded)
}

// guardsFirst reports whether the if statement is, a statement of a
// block, holds the first use of v in body: the block's own statement, not
// one nested in a branch that may not run.
func guardsFirst(info *types.Info, body *ast.BlockStmt, is *ast.IfStmt, v *types.Var) bool {
	var first *ast.Ident
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && (first == nil || id.Pos() < first.Pos()) {
			first = id
		}
		return true
	})
	if first == nil || first.Pos() < is.Cond.Pos() || first.End() > is.Cond.End() {
		return false
	}
	inBlock := false
	ast.Inspect(body, func(n ast.Node) bool {
		if blk, ok := n.(*ast.BlockStmt); ok {
			for _, st := range blk.List {
				if st == ast.Stmt(is) {
					inBlock = true
				}
			}
		}
		return !inBlock
	})
	return inBlock
}

// countUses counts the identifiers of node that use v.
func countUses(info *types.Info, node ast.Node, v *types.Var) int {
	n := 0
	ast.Inspect(node, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == v {
			n++
		}
		return true
	})
	return n
}

// guardFails reports whether the innermost if statement of b whose
// condition holds the expression isValue fails when that value is empty.
func (f *finder) guardFails(b *Body, call *ast.CallExpr, isValue func(ast.Expr) bool) bool {
	var guard *ast.IfStmt
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if is, ok := n.(*ast.IfStmt); ok && is.Cond.Pos() <= call.Pos() && call.End() <= is.Cond.End() {
			guard = is
		}
		return true
	})
	return guard != nil && f.ifFails(b, guard, isValue)
}

// ifFails reports whether the branch of is that runs when the value
// isValue names is empty returns a failure.
func (f *finder) ifFails(b *Body, is *ast.IfStmt, isValue func(ast.Expr) bool) bool {
	switch emptyTruth(f.info, is.Cond, isValue) {
	case isTrue:
		return f.endsInFailure(b, is.Body)
	case isFalse:
		if blk, ok := is.Else.(*ast.BlockStmt); ok {
			return f.endsInFailure(b, blk)
		}
	}
	return false
}

// emptyTruth returns what cond is when the value isValue names is empty,
// as far as the value alone decides it.
func emptyTruth(info *types.Info, cond ast.Expr, isValue func(ast.Expr) bool) truth {
	cond = ast.Unparen(cond)
	if isValue(cond) {
		return isFalse // a bool that is empty is false
	}
	switch c := cond.(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return emptyTruth(info, c.X, isValue).not()
		}
	case *ast.BinaryExpr:
		switch c.Op {
		case token.LOR, token.LAND:
			x, y := emptyTruth(info, c.X, isValue), emptyTruth(info, c.Y, isValue)
			if c.Op == token.LOR {
				if x == isTrue || y == isTrue {
					return isTrue
				}
				if x == isFalse && y == isFalse {
					return isFalse
				}
				return unknownTruth
			}
			if x == isFalse || y == isFalse {
				return isFalse
			}
			if x == isTrue && y == isTrue {
				return isTrue
			}
		case token.EQL, token.NEQ:
			// v == "", v == nil, v == 0, len(v) == 0: true of the empty value.
			if (isValue(c.X) || IsLenOf(info, c.X, isValue)) && isZeroOperand(info, c.Y) ||
				(isValue(c.Y) || IsLenOf(info, c.Y, isValue)) && isZeroOperand(info, c.X) {
				if c.Op == token.EQL {
					return isTrue
				}
				return isFalse
			}
		}
	}
	return unknownTruth
}

// IsLenOf reports whether e is len(v), the builtin, of a value isValue
// accepts.
func IsLenOf(info *types.Info, e ast.Expr, isValue func(ast.Expr) bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	return ok && len(call.Args) == 1 && isBuiltin(info, call, "len") && isValue(call.Args[0])
}

// isZeroOperand reports whether e is nil or a constant zero value.
func isZeroOperand(info *types.Info, e ast.Expr) bool {
	return IsNil(info, e) || zeroConstant(info, ast.Unparen(e))
}

// endsInFailure reports whether a block, written in b, ends by returning
// a failure: a surely non-nil error, or an error result.
func (f *finder) endsInFailure(b *Body, blk *ast.BlockStmt) bool {
	if blk == nil || len(blk.List) == 0 {
		return false
	}
	ret, ok := blk.List[len(blk.List)-1].(*ast.ReturnStmt)
	if !ok || b.Sig == nil || len(ret.Results) != b.Sig.Results().Len() {
		return false
	}
	for i, e := range ret.Results {
		t := b.Sig.Results().At(i).Type()
		switch {
		case IsErrorOrRuntimeError(t):
			if f.r.ErrNonNil(b, ret, e) {
				return true
			}
		case IsCallToolResult(t):
			if IsErrorResult(f.r.ResultShape(b, e)) {
				return true
			}
		}
	}
	return false
}

// FailedOnInput reports whether the error br handles, in body b, is one
// of examining b's own input: every call it may come from is a function
// (not a method of a client it holds) given nothing but b's parameters
// and constants, and no context — a path resolved, a reference parsed,
// a file looked at. A predicate whose input cannot be examined answers
// "no" (isAllowed(path), isKnownImage(ref)): it fails closed. A failure
// of a backend it queries (query(ctx, q)) is another matter.
func (r *Result) FailedOnInput(b *Body, br *Branch) bool {
	info := r.pass.TypesInfo
	origins := handledOrigins(b, br)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := model.Callee(info, call)
		if fn == nil || fn.Signature().Recv() != nil {
			return false
		}
		for _, a := range call.Args {
			if !fromInput(info, b, a, 0) {
				return false
			}
		}
	}
	return true
}

// fromInput reports whether an expression of b is made of b's
// parameters, constants and calls of functions given only such values
// (filepath.Join(dir, "LICENSE")), through locals assigned only so.
func fromInput(info *types.Info, b *Body, e ast.Expr, depth int) bool {
	if depth > maxEmptyDepth {
		return false
	}
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true // a constant
	}
	if t := info.TypeOf(e); t != nil && model.IsNamed(t, "context", "Context") {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if IsParam(v) {
			return declares(b, v)
		}
		origins := b.Root.Resolver.Origins(e)
		if len(origins) == 0 {
			return false
		}
		for _, o := range origins {
			if o == ast.Expr(e) || !fromInput(info, b, o, depth+1) {
				return false
			}
		}
		return true
	case *ast.BinaryExpr:
		return fromInput(info, b, e.X, depth+1) && fromInput(info, b, e.Y, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return len(e.Args) == 1 && fromInput(info, b, e.Args[0], depth+1)
		}
		fn := model.Callee(info, e)
		if fn == nil || fn.Signature().Recv() != nil {
			return false
		}
		for _, a := range e.Args {
			if !fromInput(info, b, a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
