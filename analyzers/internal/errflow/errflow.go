// Package errflow answers the questions about error values that several
// mcperrlint rules ask of a function body: what does it return, where can a
// returned error come from, and which statements handle a non-nil error.
//
// The answers are syntactic and flow-insensitive: a local variable may hold
// any value assigned to it anywhere in the function, including in closures.
// That over-approximates what reaches a return, which is the safe direction
// for rules that ask "can this error carry X?" and, for rules that ask "is
// X produced?", is what a reader of the function would assume too.
package errflow

import (
	"go/ast"
	"go/types"
)

// Returns returns the return statements of a function body, leaving out
// those of function literals nested in it, in source order.
func Returns(body *ast.BlockStmt) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	if body == nil {
		return nil
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// Result returns the expression a return statement gives for result i of
// a function with n results: Results[i], or, for "return f()" with a
// multi-valued call, the call. It returns nil for a bare return.
func Result(ret *ast.ReturnStmt, i, n int) ast.Expr {
	switch {
	case len(ret.Results) == n:
		return ret.Results[i]
	case len(ret.Results) == 1 && n > 1:
		return ret.Results[0]
	}
	return nil
}

// A Resolver follows local variables of one function body back to the
// expressions assigned to them.
type Resolver struct {
	info *types.Info
	body *ast.BlockStmt
	// assigns are the values given to locals, in source order; first
	// indexes them by variable when there are too many to scan.
	assigns []assignment
	first   map[*types.Var]int32
	zero    map[*types.Var]bool // locals declared without a value
}

// An assignment is a value given to a local.
type assignment struct {
	v     *types.Var
	value ast.Expr
	next  int32 // with first: the index of v's next assignment, or -1
}

// scanAssigns is how many assignments a resolver scans rather than
// indexes: most bodies have fewer, and a short scan costs less than a map.
const scanAssigns = 16

// NewResolver indexes the assignments of body, closures included.
func NewResolver(info *types.Info, body *ast.BlockStmt) *Resolver {
	r := &Resolver{info: info, body: body}
	if body != nil {
		ast.Inspect(body, r.record)
	}
	r.finish()
	return r
}

// finish indexes the assignments by variable, when there are many.
func (r *Resolver) finish() {
	if len(r.assigns) <= scanAssigns {
		return
	}
	r.first = make(map[*types.Var]int32, len(r.assigns))
	for i := len(r.assigns) - 1; i >= 0; i-- {
		a := &r.assigns[i]
		a.next = -1
		if j, ok := r.first[a.v]; ok {
			a.next = j
		}
		r.first[a.v] = int32(i)
	}
}

// nextAssign returns the index of the assignment of v after the one at
// index i (-1: the first), or -1 when there is none.
func (r *Resolver) nextAssign(v *types.Var, i int) int {
	if r.first != nil {
		if i < 0 {
			if j, ok := r.first[v]; ok {
				return int(j)
			}
			return -1
		}
		return int(r.assigns[i].next)
	}
	for j := i + 1; j < len(r.assigns); j++ {
		if r.assigns[j].v == v {
			return j
		}
	}
	return -1
}

// record indexes one assignment or declaration.
func (r *Resolver) record(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			v := r.localVar(lhs)
			if v == nil {
				continue
			}
			if value := Assigned(n, i); value != nil {
				r.assign(v, value)
			}
		}
	case *ast.RangeStmt:
		// for k, v := range x: both hold parts of x.
		for _, lhs := range []ast.Expr{n.Key, n.Value} {
			if v := r.localVar(lhs); v != nil {
				r.assign(v, n.X)
			}
		}
	case *ast.TypeSwitchStmt:
		// switch e := x.(type): each clause's e holds x.
		if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if ta, ok := as.Rhs[0].(*ast.TypeAssertExpr); ok {
				for _, clause := range n.Body.List {
					if v, ok := r.info.Implicits[clause].(*types.Var); ok {
						r.assign(v, ta.X)
					}
				}
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			v, _ := r.info.Defs[name].(*types.Var)
			if v == nil {
				continue
			}
			if len(n.Values) == 0 {
				if r.zero == nil {
					r.zero = map[*types.Var]bool{}
				}
				r.zero[v] = true
			}
			if value := Declared(n, i); value != nil {
				r.assign(v, value)
			}
		}
	}
	return true
}

// Assigned returns the expression the i-th left-hand side of as is given:
// its own right-hand side, or the one multi-valued right-hand side
// (v, err := f(); v, ok := m[k]). It returns nil when there is neither.
func Assigned(as *ast.AssignStmt, i int) ast.Expr {
	return nth(as.Rhs, i, len(as.Lhs))
}

// Declared returns the expression the i-th name of spec is given, as
// Assigned does for an assignment, or nil for a declaration without values.
func Declared(spec *ast.ValueSpec, i int) ast.Expr {
	return nth(spec.Values, i, len(spec.Names))
}

// nth returns the value of the i-th of n targets given values.
func nth(values []ast.Expr, i, n int) ast.Expr {
	switch {
	case len(values) == n:
		return values[i]
	case len(values) == 1:
		return values[0]
	}
	return nil
}

// assign records that v is given value.
func (r *Resolver) assign(v *types.Var, value ast.Expr) {
	r.assigns = append(r.assigns, assignment{v: v, value: value})
}

// localVar returns the variable an assignment's left-hand side denotes,
// when it is a plain identifier of a local variable.
func (r *Resolver) localVar(lhs ast.Expr) *types.Var {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := r.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// Origins returns the expressions expr may evaluate to, following local
// variables through their assignments, transitively. An identifier that
// cannot be followed (a parameter, a package variable, a variable of an
// enclosing function that a function literal's body captures) is its own
// origin. Parentheses are removed. A local declared without a value and
// never assigned contributes nothing: it holds nil.
func (r *Resolver) Origins(expr ast.Expr) []ast.Expr {
	e := ast.Unparen(expr)
	v := r.followed(e)
	if v == nil {
		return []ast.Expr{e}
	}
	w := originWalk{r: r}
	w.follow(v)
	return w.out
}

// followed returns the local variable e names when the resolver knows all
// its assignments, or nil.
func (r *Resolver) followed(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := r.info.Uses[id].(*types.Var)
	if v == nil || isParam(v) || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !r.declaredIn(v) {
		return nil
	}
	return v
}

// An originWalk follows variables for Origins.
type originWalk struct {
	r    *Resolver
	out  []ast.Expr
	seen varSet
}

func (w *originWalk) follow(v *types.Var) {
	if !w.seen.add(v) {
		return
	}
	for i := w.r.nextAssign(v, -1); i >= 0; i = w.r.nextAssign(v, i) {
		value := ast.Unparen(w.r.assigns[i].value)
		if u := w.r.followed(value); u != nil {
			w.follow(u)
		} else {
			w.out = append(w.out, value)
		}
	}
}

// A varSet is a set of variables: an array while it is small, as it
// almost always is, a map beyond.
type varSet struct {
	small [8]*types.Var
	n     int
	m     map[*types.Var]bool
}

// add adds v to the set and reports whether it was not in it.
func (s *varSet) add(v *types.Var) bool {
	if s.m != nil {
		if s.m[v] {
			return false
		}
		s.m[v] = true
		return true
	}
	for _, u := range s.small[:s.n] {
		if u == v {
			return false
		}
	}
	if s.n < len(s.small) {
		s.small[s.n] = v
		s.n++
		return true
	}
	s.m = make(map[*types.Var]bool, 2*len(s.small))
	for _, u := range s.small {
		s.m[u] = true
	}
	s.m[v] = true
	return true
}

// declaredIn reports whether v is declared in the body the resolver
// indexed: only then are all its assignments known.
func (r *Resolver) declaredIn(v *types.Var) bool {
	return r.body != nil && r.body.Pos() <= v.Pos() && v.Pos() < r.body.End()
}

// MayHoldZero reports whether expr, followed through local variables as
// Origins follows it, may still hold the zero value of a local declared
// without one ("var err error"), which Origins leaves out. A rule that
// needs every possible value (is this error surely non-nil?) asks both.
func (r *Resolver) MayHoldZero(expr ast.Expr) bool {
	var seen varSet
	return r.mayHoldZero(expr, &seen)
}

func (r *Resolver) mayHoldZero(e ast.Expr, seen *varSet) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := r.info.Uses[id].(*types.Var)
	if v == nil || !seen.add(v) {
		return false
	}
	if r.zero[v] {
		return true
	}
	for i := r.nextAssign(v, -1); i >= 0; i = r.nextAssign(v, i) {
		if r.mayHoldZero(r.assigns[i].value, seen) {
			return true
		}
	}
	return false
}

// isParam reports whether v is a parameter, named result or receiver,
// whose value comes from outside the body.
func isParam(v *types.Var) bool {
	switch v.Kind() {
	case types.ParamVar, types.ResultVar, types.RecvVar:
		return true
	}
	return false
}

// Mentions reports whether node uses the variable v anywhere, including in
// nested function literals.
func Mentions(info *types.Info, node ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return true
	})
	return found
}

// IsNil reports whether expr is the predeclared nil.
func IsNil(info *types.Info, expr ast.Expr) bool {
	expr = ast.Unparen(expr)
	if id, ok := expr.(*ast.Ident); !ok || id.Name != "nil" {
		return false // only the identifier can denote it: no need to look up the expression
	}
	tv, ok := info.Types[expr]
	return ok && tv.IsNil()
}

// errorType is the predeclared error interface.
var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// IsError reports whether t implements error.
func IsError(t types.Type) bool {
	return t != nil && types.Implements(t, errorType)
}
