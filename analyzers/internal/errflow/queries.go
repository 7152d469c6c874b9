package errflow

// The questions the rules ask about one return of a handler, answered
// from the body's index and the values of what it returns. Each errs
// towards the answer that keeps a rule silent: a value from a callee the
// layer cannot see is never surely nil, surely non-nil, surely empty or
// surely without a cause.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// ErrNonNil reports whether the error e, returned by ret in body b, is
// surely non-nil: it is the error of an enclosing "if err != nil" branch,
// not reassigned in it before ret, or every value it may hold is.
func (r *Result) ErrNonNil(b *Body, ret *ast.ReturnStmt, e ast.Expr) bool {
	return errNonNil(r.pass.TypesInfo, b, ret, e, func(e ast.Expr) bool { return r.Value(b, e, -1).NonNil })
}

// errNonNil is ErrNonNil, with what the layer knows of e's values given
// by valueNonNil.
func errNonNil(info *types.Info, b *Body, ret *ast.ReturnStmt, e ast.Expr, valueNonNil func(ast.Expr) bool) bool {
	if lv := localVar(info, e); lv != nil && !b.Root.Addressed(lv) {
		for _, br := range b.Branches {
			if br.Err == lv && !br.Partial && Within(ret, br.Body) && !assignedBetween(info, br.Body, lv, ret.Pos()) {
				return true
			}
		}
	}
	if testedField(info, b, ret, e) {
		return true
	}
	return valueNonNil(e)
}

// testedField reports whether e is a field path of a local (r.Err,
// res.Status.Err) that an if holding ret tests against nil
// (if r.Err != nil { return nil, r.Err }), with nothing assigned to the
// local, or through its address, between the test and ret.
func testedField(info *types.Info, b *Body, ret *ast.ReturnStmt, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || b.Block == nil {
		return false
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return false
	}
	lv := RootVar(info, sel)
	if lv == nil || lv.IsField() || b.Root.Addressed(lv) {
		return false
	}
	path := types.ExprString(sel)
	for _, n := range PathTo(b.Block, ret) {
		is, ok := n.(*ast.IfStmt)
		if !ok || !Within(ret, is.Body) || !testsNonNilPath(info, is.Cond, path, lv) {
			continue
		}
		if !assignedBetween(info, is.Body, lv, ret.Pos()) && !callsOn(info, is.Body, lv, ret.Pos()) {
			return true
		}
	}
	return false
}

// testsNonNilPath reports whether cond is path != nil, or a conjunction
// holding it, with path rooted at lv.
func testsNonNilPath(info *types.Info, cond ast.Expr, path string, lv *types.Var) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch be.Op {
	case token.LAND:
		return testsNonNilPath(info, be.X, path, lv) || testsNonNilPath(info, be.Y, path, lv)
	case token.NEQ:
		for _, pair := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			if IsNil(info, pair[1]) && types.ExprString(ast.Unparen(pair[0])) == path && RootVar(info, pair[0]) == lv {
				return true
			}
		}
	}
	return false
}

// callsOn reports whether node, before pos, calls a method on lv or a
// field of it, or hands its address on: either may change the field.
func callsOn(info *types.Info, node ast.Node, lv *types.Var, pos token.Pos) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && RootVar(info, sel.X) == lv {
				found = true
			}
		case *ast.UnaryExpr:
			found = n.Op == token.AND && RootVar(info, n.X) == lv
		}
		return !found
	})
	return found
}

// assignedBetween reports whether lv, or a part of it, is assigned in
// node before pos.
func assignedBetween(info *types.Info, node ast.Node, lv *types.Var, pos token.Pos) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if RootVar(info, lhs) == lv { // lv, or a field or element of it
					found = true
				}
			}
		}
		return true
	})
	return found
}

// IsNilAs reports whether e, returned as a result of type slot, is surely
// nil: the literal nil, or a local variable of that very type that only
// ever holds nil. (A nil *T returned as an error is not a nil error.)
func (r *Result) IsNilAs(b *Body, e ast.Expr, slot types.Type) bool {
	info := r.pass.TypesInfo
	if IsNil(info, e) {
		return true
	}
	lv := localVar(info, e)
	if lv == nil || b.Root.Addressed(lv) || !types.Identical(lv.Type(), slot) || !b.Root.Resolver.declaredIn(lv) {
		return false
	}
	return onlyNil(info, b, e)
}

// IsNilError reports whether a returned error is surely nil: the nil
// literal, or a local declared without a value and never assigned one.
func (r *Result) IsNilError(b *Body, e ast.Expr) bool {
	info := r.pass.TypesInfo
	if IsNil(info, e) {
		return true
	}
	v := localVar(info, e)
	if v == nil || !b.Root.Resolver.declaredIn(v) || IsParam(v) {
		return false
	}
	// Every value it holds is nil, or it is read after an if that
	// returned when it was not (err := os.Remove(tmp); if err != nil {
	// return "", err }; return "", err: the second is nil).
	return onlyNil(info, b, e) || b.Block != nil && nilBefore(info, PathTo(b.Block, e), v)
}

// onlyNil reports whether every value the local e may hold is nil.
func onlyNil(info *types.Info, b *Body, e ast.Expr) bool {
	for _, o := range b.Root.Resolver.Origins(e) {
		if !IsNil(info, o) {
			return false
		}
	}
	return true
}

// HoldsResult reports whether a returned result surely holds something:
// it is surely non-nil and not written in the return itself as a literal
// with nothing in it but IsError (&mcp.CallToolResult{} returned with an
// error loses nothing), nor new(T).
func (r *Result) HoldsResult(b *Body, e ast.Expr) bool {
	info := r.pass.TypesInfo
	if lit := model.CompositeLit(e); lit != nil && onlyIsError(lit) {
		return false
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if isBuiltin(info, call, "new") {
			return false
		}
	}
	return r.Value(b, e, -1).NonNil
}

// onlyIsError reports whether a result literal sets no field but IsError.
func onlyIsError(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		if key, ok := kv.Key.(*ast.Ident); !ok || key.Name != "IsError" {
			return false
		}
	}
	return true
}

// Filled reports whether every value e may hold is a composite literal
// with at least one element that is not empty, nor a copy of the input
// (echoesInput): output a handler surely meant to send. Out{Items:
// []Item{}} is what a handler writes before it has anything, and loses
// nothing when the SDK drops it.
func (r *Result) Filled(b *Body, e ast.Expr) bool {
	if !filled(r.pass.TypesInfo, b, e) {
		return false
	}
	for _, o := range b.Root.Resolver.Origins(e) {
		lit := model.CompositeLit(o)
		if lit == nil || !slices.ContainsFunc(lit.Elts, func(elt ast.Expr) bool {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			return !r.empty(b, elt, 0) && !zeroConstant(r.pass.TypesInfo, ast.Unparen(elt)) && !r.echoesInput(elt)
		}) {
			return false
		}
	}
	return true
}

// echoesInput reports whether e only copies what the function was given:
// a parameter, or a field of one (Out{Symbol: in.Ident}). The client
// knows its own input; an output that holds nothing else loses nothing
// when it is dropped.
func (r *Result) echoesInput(e ast.Expr) bool {
	e = ast.Unparen(e)
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s := r.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.FieldVal {
			return false
		}
		e = ast.Unparen(sel.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	return ok && IsParam(v) && !v.IsField()
}

// FilledAt reports whether e, returned at pos, may hold output a handler
// meant to send: it is Filled, or it is a local variable one of whose
// fields a statement that can run before pos writes (out.Files =
// append(out.Files, f)): one before it that does not sit in a block that
// returns before reaching it, or one in a loop around it, whose earlier
// iterations ran. A return before any such write gives the empty literal
// it started as. Writes in function literals are not followed.
func (r *Result) FilledAt(b *Body, e ast.Expr, pos token.Pos) bool {
	if r.Filled(b, e) {
		return true
	}
	info := r.pass.TypesInfo
	v := localVar(info, e)
	if v == nil || b.Block == nil {
		return false
	}
	contains := func(n ast.Node) bool { return n.Pos() <= pos && pos < n.End() }
	var loops []ast.Node // the loops around pos
	written := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			if contains(n) {
				loops = append(loops, n)
			}
		case *ast.BlockStmt:
			if !contains(n) && len(n.List) > 0 {
				if _, ok := n.List[len(n.List)-1].(*ast.ReturnStmt); ok {
					return false // leaves the function before pos
				}
			}
		case *ast.AssignStmt:
			inLoop := slices.ContainsFunc(loops, func(l ast.Node) bool { return l.Pos() <= n.Pos() && n.End() <= l.End() })
			if n.Pos() > v.Pos() && (n.End() <= pos || inLoop) {
				for _, lhs := range n.Lhs {
					if _, isField := ast.Unparen(lhs).(*ast.SelectorExpr); isField && RootVar(info, lhs) == v {
						written = true
					}
				}
			}
		}
		return !written
	})
	return written
}

func filled(info *types.Info, b *Body, e ast.Expr) bool {
	res := b.Root.Resolver
	if res.MayHoldZero(e) {
		return false
	}
	if v := localVar(info, e); v != nil && b.Root.Addressed(v) {
		return false
	}
	origins := res.Origins(e)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		lit := model.CompositeLit(o)
		if lit == nil || len(lit.Elts) == 0 {
			return false
		}
	}
	return true
}

// IsZero reports whether e, written in a return, is surely the zero value
// of its type: nil, T{}, &T{}, or a zero constant.
func (r *Result) IsZero(e ast.Expr) bool {
	info := r.pass.TypesInfo
	e = ast.Unparen(e)
	if IsNil(info, e) {
		return true
	}
	if lit := model.CompositeLit(e); lit != nil {
		return len(lit.Elts) == 0
	}
	return zeroConstant(info, e)
}

// zeroConstant reports whether e is a constant of its type's zero value:
// false, "", 0.
func zeroConstant(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// ResultShape says what a returned tool result expression is. A local
// variable on which SetError is called, or whose IsError is assigned, is
// an error result whatever it was built as.
func (r *Result) ResultShape(b *Body, e ast.Expr) Shape {
	info := r.pass.TypesInfo
	if IsNil(info, e) {
		return ShapeNil
	}
	if v := localVar(info, e); v != nil && b.Root.Marked(v) {
		return ShapeError
	}
	return r.Value(b, e, -1).Shape
}

// IsErrorResult reports whether a returned tool result may be an error
// result.
func IsErrorResult(s Shape) bool { return s&ShapeError != 0 }

// InnermostBranch returns the innermost error branch of b that holds n,
// or nil. A return inside a branch for another error belongs to that one.
func InnermostBranch(b *Body, n ast.Node) *Branch {
	return Innermost(b.Branches, n)
}

// FailureBranch returns the error branch a return is in, unless there is
// none, or the return is chosen by testing which error it is: a sentinel
// branch, or a test of err of the code's own (see classified).
func (r *Result) FailureBranch(b *Body, ret ast.Node) *Branch {
	br := Innermost(b.Branches, ret)
	if br == nil || br.Sentinel || classified(r.pass.TypesInfo, b.Root, br, ret) {
		return nil
	}
	return br
}

// Translated reports whether the return ret, in the branch br of b, is
// chosen by testing which error br handles (see classified): there, that
// error is a known condition being translated, not a failure.
func (r *Result) Translated(b *Body, br *Branch, ret ast.Node) bool {
	return br.Sentinel || classified(r.pass.TypesInfo, b.Root, br, ret)
}

// classified reports whether a return in the branch br is chosen by a test
// of which error br.Err is, beyond the ones errflow knows: a conjunct of
// the branch's condition (err != nil && apierrors.IsNotFound(err)), or an
// if or case inside the branch that encloses the return
// (if status.Code(err) == codes.NotFound, switch { case isRetryable(err) }).
// Such a return translates a known condition. A negated test (!isX(err))
// and an else or default clause keep the unknown failures, and are not
// classifications.
func classified(info *types.Info, root *Root, br *Branch, ret ast.Node) bool {
	errVars := root.derivedFrom(info, br)
	testsErr := func(cond ast.Expr) bool {
		for _, c := range Conjuncts(cond) {
			if u, ok := c.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				continue
			}
			if b, ok := c.(*ast.BinaryExpr); ok && (IsNil(info, b.X) || IsNil(info, b.Y)) {
				continue // err != nil: no test of which error
			}
			if MentionsAny(info, c, errVars) || testsContext(info, c) {
				return true
			}
		}
		return false
	}
	if br.Cond != nil && !br.Partial && testsErr(br.Cond) {
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
			if inBody && (testsErr(n.Cond) || n.Init != nil && Mentions(info, n.Init, br.Err)) {
				found = true
			}
		case *ast.SwitchStmt:
			tagged := n.Tag != nil && Mentions(info, n.Tag, br.Err) ||
				n.Init != nil && Mentions(info, n.Init, br.Err)
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
		case *ast.BlockStmt:
			found = guarded(n.List, ret, testsErr)
		case *ast.CaseClause:
			found = guarded(n.Body, ret, testsErr)
		}
		return !found
	}
	ast.Inspect(br.Body, visit)
	return found
}

// testsContext reports whether a condition compares the context's error
// with a particular one (ctx.Err() == context.DeadlineExceeded): when the
// context is done, that is what err is, and a return it chooses
// translates a known condition (a timeout).
func testsContext(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ || IsNil(info, b.X) || IsNil(info, b.Y) {
		return false
	}
	for _, side := range []ast.Expr{b.X, b.Y} {
		if call, ok := ast.Unparen(side).(*ast.CallExpr); ok && IsContextError(info, call) {
			return true
		}
	}
	return false
}

// derivedFrom returns the branch's error and the variables the branch
// assigns from it, as the walk's moves record them: what a type assertion,
// errors.As or a field of it gives
// (ghErr, ok := err.(*github.ErrorResponse); if ok && ghErr.Response.StatusCode == 404),
// so that a test of them is a test of which error err is. Function
// literals in the branch run some other time, and do not count.
func (r *Root) derivedFrom(info *types.Info, br *Branch) map[*types.Var]bool {
	vars := map[*types.Var]bool{br.Err: true}
	for i := range r.moves {
		mv := &r.moves[i]
		if !Within(mv.node, br.Body) || !slices.Contains(r.from(mv), br.Err) || r.inLiteral(mv.node, br.Body) {
			continue
		}
		switch mv.kind {
		case moveAssign:
			for _, v := range r.to(mv) {
				vars[v] = true
			}
		case moveCall: // errors.As(err, &target)
			call, ok := mv.node.(*ast.CallExpr)
			if !ok || len(call.Args) != 2 || !model.IsFunc(model.Callee(info, call), "errors", "As") {
				continue
			}
			if u, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr); ok && u.Op == token.AND {
				if v := localVar(info, u.X); v != nil {
					vars[v] = true
				}
			}
		}
	}
	return vars
}

// inLiteral reports whether n lies in a function literal nested in outer.
func (r *Root) inLiteral(n, outer ast.Node) bool {
	for _, b := range r.Bodies {
		if lit, ok := b.Node.(*ast.FuncLit); ok && Within(lit, outer) && Within(n, lit) {
			return true
		}
	}
	return false
}

// guarded reports whether a return follows, in a statement list that
// encloses it, a guard that returns unless a test of the error holds:
//
//	if !strings.Contains(err.Error(), "cannot unmarshal array") {
//		return Wrap(err)
//	}
//	… // here err is known to be that error
func guarded(list []ast.Stmt, ret ast.Node, testsErr func(ast.Expr) bool) bool {
	for _, stmt := range list {
		if stmt.Pos() > ret.Pos() {
			break
		}
		if guard, ok := stmt.(*ast.IfStmt); ok && guard.Else == nil && guard.End() <= ret.Pos() && ReturnsLast(guard.Body) {
			if u, ok := ast.Unparen(guard.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT && testsErr(u.X) {
				return true
			}
		}
	}
	return false
}

// ReturnsLast reports whether a block ends in a return.
func ReturnsLast(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// Conjuncts splits a condition at its top-level && operators.
func Conjuncts(cond ast.Expr) []ast.Expr {
	cond = ast.Unparen(cond)
	if b, ok := cond.(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []ast.Expr{cond}
}

// CarriesError reports whether the error value expr of body b holds err:
// err itself, mcperr.WithCause(err), a %w operand of fmt.Errorf,
// errors.Join(err, …), err handed to a helper whose summary says its
// result carries that argument (or to any function the layer cannot see
// into), or stored in a field of the value. err.Error(), %v and %s copy
// the text and drop the error.
func (r *Result) CarriesError(b *Body, expr ast.Expr, err *types.Var) bool {
	c := &carrier{r: r, b: b, err: err, mutated: b.Root.MutatedBy(err), seen: map[ast.Expr]bool{}}
	return c.carries(expr)
}

type carrier struct {
	r       *Result
	b       *Body
	err     *types.Var
	mutated map[*types.Var]bool
	seen    map[ast.Expr]bool
}

func (c *carrier) carries(e ast.Expr) bool {
	info := c.r.pass.TypesInfo
	e = ast.Unparen(e)
	if c.seen[e] {
		return false
	}
	c.seen[e] = true
	switch e := e.(type) {
	case *ast.Ident:
		if info.Uses[e] == c.err {
			return true
		}
		v := localVar(info, e)
		if v == nil {
			return false
		}
		if c.mutated[v] {
			return true
		}
		for _, o := range c.b.Root.Resolver.Origins(e) {
			if c.carries(o) {
				return true
			}
		}
	case *ast.CallExpr:
		return c.call(e)
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if c.carries(elt) {
				return true
			}
		}
	case *ast.UnaryExpr:
		return c.carries(e.X)
	case *ast.StarExpr:
		return c.carries(e.X)
	case *ast.TypeAssertExpr:
		return c.carries(e.X)
	case *ast.IndexExpr:
		return c.carries(e.X)
	case *ast.SelectorExpr:
		if info.Uses[e.Sel] == c.err {
			return true // r.Err, in a branch that tests it (Branch.Base)
		}
		if s, ok := info.Selections[e]; ok && s.Kind() == types.FieldVal {
			return c.carries(e.X)
		}
	}
	return false
}

// call reports whether a call's result carries err.
func (c *carrier) call(e *ast.CallExpr) bool {
	info := c.r.pass.TypesInfo
	if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
		return len(e.Args) == 1 && c.carries(e.Args[0])
	}
	if IsBasic(info.TypeOf(e)) {
		// A text (fmt.Sprintf("%v", err), err.Error()) holds the error's
		// words, not the error: a field given it keeps no cause.
		return false
	}
	fn := model.Callee(info, e)
	switch {
	case model.IsFunc(fn, "errors", "New"):
		return false
	case model.IsFunc(fn, "fmt", "Errorf"):
		return c.errorfWraps(e)
	}
	if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal &&
			!IsBasic(info.TypeOf(e)) && c.carries(sel.X) {
			return true // err.Wrap(…), a method of a concrete error type
		}
	}
	if sum := c.r.Summary(fn); sum != nil && fn != nil && !inRuntime(fn) {
		// A helper of the package or of another: it carries what its
		// summary says it carries.
		return c.summaryCarries(e, fn, sum)
	}
	for _, a := range e.Args {
		if !IsBasic(info.TypeOf(a)) && c.carries(a) {
			return true
		}
	}
	return false
}

// summaryCarries reports whether a call of fn carries err through one of
// the arguments its summary says its error (or error result) carries.
func (c *carrier) summaryCarries(e *ast.CallExpr, fn *types.Func, sum *Summary) bool {
	shift := MethodExprShift(c.r.pass.TypesInfo, e.Fun)
	n := fn.Signature().Results().Len()
	for i := range n {
		sl := sum.Slot(i)
		for _, p := range sl.Params {
			for _, a := range ArgsOf(e, fn.Signature(), p, shift) {
				if c.carries(a) {
					return true
				}
			}
		}
	}
	return false
}

// errorfWraps reports whether a fmt.Errorf call wraps err with %w. When
// the format cannot be read the verbs are unknown, and any non-text
// operand counts.
func (c *carrier) errorfWraps(call *ast.CallExpr) bool {
	info := c.r.pass.TypesInfo
	wrapped, ok := Wrapped(info, call)
	if !ok {
		for _, a := range call.Args[min(1, len(call.Args)):] {
			if !IsBasic(info.TypeOf(a)) && c.carries(a) {
				return true
			}
		}
		return false
	}
	for _, a := range wrapped {
		if c.carries(a) {
			return true
		}
	}
	return false
}

// ResultCarries reports whether an error result returned by ret carries
// the branch's error: err reaches it at all — its text, SetError(err), a
// helper that shows it. A branch that only hands err to a call before
// returning (logging it, recording it on a span) tells the operator, not
// the model, which reads a fixed message ("Failed to place order") and
// cannot tell a rejected price from an expired token; it keeps the cause
// where it can only when err's text holds a raw upstream value (a body,
// a command's output), which no-stringify-upstream-error keeps out of the
// result — there the log and words of the server's own are the remedy —
// or err comes from a port whose adapter main wires in (withheldRaw).
func (r *Result) ResultCarries(b *Body, res ast.Expr, br *Branch, ret ast.Node) bool {
	// For a field the branch tests (r.Err), what is made of the local
	// holding it: a result that prints r shows the error.
	tainted := b.Root.TaintedBy(br.Holder())
	tainted[br.Err] = true
	if MentionsAny(r.pass.TypesInfo, res, tainted) {
		if call, ok := ast.Unparen(res).(*ast.CallExpr); ok {
			fn := model.Callee(r.pass.TypesInfo, call)
			if sum := r.Summary(fn); sum != nil && fn != nil && !inRuntime(fn) && fn.Pkg() != nil && fn.Pkg().Path() != model.MCPGoPath {
				c := &carrier{r: r, b: b, err: br.Err, mutated: b.Root.MutatedBy(br.Err), seen: map[ast.Expr]bool{}}
				if !c.summaryCarries(call, fn, sum) && !r.textCarries(b, call, tainted, sum, fn) {
					return r.withheldRaw(b, br, ret)
				}
			}
		}
		return true
	}
	return r.withheldRaw(b, br, ret)
}

// withheldRaw reports whether the branch hands its error to a call before
// ret (a log line) and the error's text holds a raw upstream value, or
// may: it comes from a port wired elsewhere.
func (r *Result) withheldRaw(b *Body, br *Branch, ret ast.Node) bool {
	return b.Root.PassedOnBefore(br, ret) && r.RawInError(b, br)
}

// RawInError reports whether the text of the error the branch handles
// holds a raw upstream value (a body, a command's output), or may: it
// comes from a port whose adapter the program's main wires in. Such an
// error is one a client must not read as it is.
func (r *Result) RawInError(b *Body, br *Branch) bool {
	w := r.finalWalk(b.Root)
	for _, o := range handledOrigins(b, br) {
		if len(w.origin(o, 0).Blobs) > 0 {
			return true
		}
		// An error of a port whose adapter the program's main wires in:
		// what its text holds is known only there.
		if call, ok := ast.Unparen(o.Expr).(*ast.CallExpr); ok {
			if fn := model.Callee(r.pass.TypesInfo, call); fn != nil && r.WiredElsewhere(fn) {
				return true
			}
		}
	}
	return false
}

// textCarries reports whether a tainted variable (err's text, a value
// built from it: fmt.Errorf("search: %w", err)) reaches an argument a
// helper's result carries, mentions or shows the text of.
func (r *Result) textCarries(b *Body, call *ast.CallExpr, tainted map[*types.Var]bool, sum *Summary, fn *types.Func) bool {
	shift := MethodExprShift(r.pass.TypesInfo, call.Fun)
	for i := range fn.Signature().Results().Len() {
		sl := sum.Slot(i)
		for _, p := range slices.Concat(sl.Params, sl.Mentions, sl.Shows) {
			for _, a := range ArgsOf(call, fn.Signature(), p, shift) {
				if MentionsAny(r.pass.TypesInfo, a, tainted) {
					return true
				}
			}
		}
	}
	return false
}

// emptyText matches the text of a result that claims there is nothing to
// show: "", "[]", "null", "No results found", "no dashboards found.", "No
// messages.", "There are no open alerts.", "Nothing to show".
var emptyText = regexp.MustCompile(`(?i)^\s*(|\[\]|\{\}|null|none|nothing(\s+[\w'-]+){0,3}|(there\s+(are|is|were|was)\s+)?no(\s+[\w'-]+){1,4}|(0|zero)(\s+[\w-]+){0,3}\s+(found|returned|available|matched))[.!]?\s*$`)

// qualifier is what a format adds to a claim of emptiness to say where it
// looked: "No context found for file: %s", "No results in %s".
var qualifier = regexp.MustCompile(`(?i)\s+(for|in|matching|with|under|at|on|of|from)\b[^.!]*$`)

// emptyClaim reports whether a format's text, before its first verb and
// without the words that say where it looked, claims there is nothing:
// the value it formats is the question, not an answer.
func emptyClaim(format string) bool {
	head, _, found := strings.Cut(format, "%")
	if !found {
		return emptyText.MatchString(format)
	}
	head = strings.TrimRight(head, " :\t\n\"'`(")
	return head != "" && emptyText.MatchString(qualifier.ReplaceAllString(head, ""))
}

// maxEmptyDepth bounds how deep emptiness is followed through literals and
// variables.
const maxEmptyDepth = 6

// EmptySuccess reports whether a returned value is surely an empty
// success: nil, a zero or empty composite literal (fields set only to nil
// or to empty literals; a constant such as OK: false states a fact and is
// not empty), a local variable that holds only such values and is used
// only to be returned, an SDK result with no content or only a text that
// claims there is nothing, or mcp-go's constructor of one.
// EmptyText reports whether a text claims there is nothing: "", "[]",
// "No results found".
func EmptyText(s string) bool { return emptyText.MatchString(s) }

func (r *Result) EmptySuccess(b *Body, expr ast.Expr) bool {
	return r.empty(b, expr, 0)
}

func (r *Result) empty(b *Body, expr ast.Expr, depth int) bool {
	if depth > maxEmptyDepth {
		return false
	}
	info := r.pass.TypesInfo
	expr = ast.Unparen(expr)
	if IsNil(info, expr) {
		return true
	}
	if lit := model.CompositeLit(expr); lit != nil {
		return r.emptyLiteral(b, lit, depth)
	}
	if s, ok := StringConst(info, expr); ok {
		return emptyText.MatchString(s) // a text that claims there is nothing
	}
	switch e := expr.(type) {
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		if model.IsFunc(fn, "fmt", "Sprintf") && len(e.Args) > 0 {
			format, ok := StringConst(info, e.Args[0])
			return ok && emptyClaim(format)
		}
		if fn == nil || !model.IsFunc(fn, model.MCPGoPath, fn.Name()) {
			return false
		}
		switch fn.Name() {
		case "NewToolResultText", "NewTextContent":
			return len(e.Args) == 1 && r.empty(b, e.Args[0], depth+1)
		case "NewToolResultStructuredOnly":
			return len(e.Args) == 1 && r.empty(b, e.Args[0], depth+1)
		case "NewToolResultStructured":
			if len(e.Args) != 2 || !r.empty(b, e.Args[0], depth+1) {
				return false
			}
			s, ok := StringConst(info, e.Args[1])
			return ok && emptyText.MatchString(s)
		}
	case *ast.Ident:
		v := localVar(info, e)
		if v == nil || !immutable(v.Type()) && !b.Root.OnlyReturned(v) {
			return false // a use may have filled it in
		}
		for _, o := range b.Root.Resolver.Origins(e) {
			if o == ast.Expr(e) || !r.empty(b, o, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// immutable reports whether a value of type t cannot be changed through
// a use of the variable that holds it: a string, a number, a boolean.
func immutable(t types.Type) bool {
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// emptyLiteral reports whether a composite literal holds nothing.
func (r *Result) emptyLiteral(b *Body, lit *ast.CompositeLit, depth int) bool {
	info := r.pass.TypesInfo
	t := info.TypeOf(lit)
	switch {
	case IsCallToolResult(t):
		if LitIsError(info, lit) != ShapeSuccess {
			return false
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "IsError" {
				continue
			}
			if !r.empty(b, kv.Value, depth+1) {
				return false
			}
		}
		return true
	case IsTextContent(t):
		text := LitField(lit, "Text")
		if text == nil {
			return true
		}
		s, ok := StringConst(info, text)
		return ok && emptyText.MatchString(s)
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if !r.empty(b, elt, depth+1) {
			return false
		}
	}
	return true
}

// FilledWithError returns the function whose one call gives both out and
// err (out, err := pipelines.Wait(…)) when its summary says it may return
// out filled with a non-nil error, or nil.
func (r *Result) FilledWithError(b *Body, out, err ast.Expr) *types.Func {
	oc, oi := singleCallOrigin(b, out)
	ec, ei := singleCallOrigin(b, err)
	if oc == nil || oc != ec || oi < 0 {
		return nil
	}
	for _, c := range r.finalWalk(b.Root).callees(oc) {
		if c.fn != nil && ei == errorIndex(c.sig) && oi < len(c.sum.Results) && c.sum.Results[oi].FailFilled {
			return c.fn
		}
	}
	return nil
}

// singleCallOrigin returns the call a local holds a result of, and which,
// when that is its only origin.
func singleCallOrigin(b *Body, e ast.Expr) (*ast.CallExpr, int) {
	origins := b.Root.Resolver.OriginsOf(ast.Unparen(e))
	if len(origins) != 1 {
		return nil, -1
	}
	call, ok := ast.Unparen(origins[0].Expr).(*ast.CallExpr)
	if !ok {
		return nil, -1
	}
	return call, origins[0].Index
}

// PassedArg returns, for a call of a function whose result index carries
// exactly one of its parameters (toolutil.WithHints(res, out, err) hands
// out and err back), the argument given there, or nil.
func (r *Result) PassedArg(b *Body, call *ast.CallExpr, index int) ast.Expr {
	fn := model.Callee(r.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	param := typeParamPassed(fn.Origin().Signature(), index)
	if sum := r.s.summary(fn); param < 0 && sum != nil && index < len(sum.Results) && len(sum.Results[index].Params) == 1 {
		param = sum.Results[index].Params[0]
	}
	if param < 0 {
		return nil
	}
	args := ArgsOf(call, fn.Signature(), param, MethodExprShift(r.pass.TypesInfo, call.Fun))
	if len(args) != 1 {
		return nil
	}
	return args[0]
}

// typeParamPassed returns the one parameter whose type is result index's,
// when that is a type parameter: all a generic function can return of a
// type it knows nothing of is what it was given of it (or its zero value).
// It returns -1 otherwise.
func typeParamPassed(sig *types.Signature, index int) int {
	if index >= sig.Results().Len() {
		return -1
	}
	tp, ok := types.Unalias(sig.Results().At(index).Type()).(*types.TypeParam)
	if !ok {
		return -1
	}
	found := -1
	for i := range sig.Params().Len() {
		if types.Identical(sig.Params().At(i).Type(), tp) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// WrapsRuntimeError reports whether a fmt.Errorf call in b wraps, with %w,
// an error that may be an *mcperr.Error: statically one, or what a
// function whose summary says it builds runtime errors (a factory, New,
// Fail) returns. The client then gets that error's code, reason and
// message, whatever fmt.Errorf adds.
func (r *Result) WrapsRuntimeError(b *Body, call *ast.CallExpr) bool {
	info := r.pass.TypesInfo
	wrapped, _ := Wrapped(info, call)
	for _, arg := range wrapped {
		if model.IsRuntimeError(info.TypeOf(arg)) {
			return true
		}
		for _, o := range b.Root.Resolver.Origins(arg) {
			inner, ok := ast.Unparen(o).(*ast.CallExpr)
			if !ok {
				continue
			}
			if model.IsRuntimeError(info.TypeOf(inner)) {
				return true
			}
			var sum *Summary
			if lit, ok := ast.Unparen(inner.Fun).(*ast.FuncLit); ok {
				sum = r.LitSummary(lit)
			} else {
				sum = r.Summary(model.Callee(info, inner))
			}
			if sum != nil && buildsRuntimeErrors(sum) {
				return true
			}
		}
	}
	return false
}

// buildsRuntimeErrors reports whether a summary says its function may
// return an *mcperr.Error: one it builds or passes on, or Fail's.
func buildsRuntimeErrors(sum *Summary) bool {
	if sum.Dynamic {
		return true
	}
	for _, e := range sum.Effects {
		if e.Kind == ReturnKind || e.Kind == FailKind {
			return true
		}
	}
	return false
}
