package errflow

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A Branch is a block that runs only when an error variable is non-nil:
// the body of "if err != nil", the else of "if err == nil", a switch case
// on err, and so on.
type Branch struct {
	Err  *types.Var // the error the branch handles
	Body ast.Node   // *ast.BlockStmt or *ast.CaseClause
	Cond ast.Expr   // the test that chose it; nil for a default clause

	// Sentinel reports that the branch was chosen by testing which error
	// err is — errors.Is, errors.As, a comparison with a particular error,
	// os.IsNotExist and its kind, a type switch case — rather than only
	// that it is non-nil. Such a branch translates a known condition; it is
	// not a re-throw of an unknown failure.
	Sentinel bool
	// Partial reports that the branch may also run with err nil:
	// if err != nil || name == "". What it returns while err is non-nil
	// must still carry it, but err is not surely non-nil there.
	Partial bool
	// Base is, for a branch that tests an error field of a local struct
	// (if r.Err != nil), the local: Err is then the field, and what the
	// local was assigned is what the branch handles (see Holder).
	Base *types.Var
}

// Name is how the source names the error the branch handles: err, or
// r.Err.
func (br *Branch) Name() string {
	if br.Base != nil {
		return br.Base.Name() + "." + br.Err.Name()
	}
	return br.Err.Name()
}

// Holder returns the variable whose values the branch handles: the error
// variable, or the local whose error field it tests.
func (br *Branch) Holder() *types.Var {
	if br.Base != nil {
		return br.Base
	}
	return br.Err
}

// Branches returns the error branches of a function body, leaving out
// those in nested function literals, in source order.
func Branches(info *types.Info, body *ast.BlockStmt) []*Branch {
	if body == nil {
		return nil
	}
	var out []*Branch
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			out = append(out, ifBranches(info, n)...)
		case *ast.SwitchStmt:
			out = append(out, switchBranches(info, n)...)
		case *ast.TypeSwitchStmt:
			out = append(out, typeSwitchBranches(info, n)...)
		}
		return true
	})
	return out
}

// Innermost returns the innermost branch among branches that contains n,
// or nil. A return inside a branch for another error belongs to that one.
func Innermost(branches []*Branch, n ast.Node) *Branch {
	var best *Branch
	for _, b := range branches {
		if b.Body.Pos() <= n.Pos() && n.End() <= b.Body.End() {
			if best == nil || best.Body.Pos() <= b.Body.Pos() && b.Body.End() <= best.Body.End() {
				best = b
			}
		}
	}
	return best
}

// A test is what a condition says about an error variable.
type test struct {
	err      *types.Var
	base     *types.Var // see Branch.Base
	nonNil   bool       // true: the condition holding implies err != nil; false: err == nil
	sentinel bool
	partial  bool // the condition may hold with err nil (err != nil || x)
}

func ifBranches(info *types.Info, s *ast.IfStmt) []*Branch {
	t, ok := condTest(info, s.Cond)
	if !ok {
		return nil
	}
	if t.nonNil {
		return []*Branch{{Err: t.err, Body: s.Body, Cond: s.Cond, Sentinel: t.sentinel, Partial: t.partial, Base: t.base}}
	}
	switch els := s.Else.(type) {
	case *ast.BlockStmt, *ast.IfStmt: // else { ... } or else if ...
		return []*Branch{{Err: t.err, Body: els, Cond: s.Cond, Base: t.base}}
	}
	return nil
}

// condTest interprets a condition as a test of an error variable.
func condTest(info *types.Info, cond ast.Expr) (test, bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.NEQ, token.EQL:
			return comparison(info, c)
		case token.LAND:
			// err != nil && more: the body still runs only with an error.
			// A sentinel test on either side makes the branch a sentinel.
			l, lok := condTest(info, c.X)
			r, rok := condTest(info, c.Y)
			switch {
			case lok && rok && l.err == r.err && l.base == r.base && l.nonNil && r.nonNil:
				return test{err: l.err, base: l.base, nonNil: true, sentinel: l.sentinel || r.sentinel}, true
			case lok && l.nonNil:
				return l, true
			case rok && r.nonNil:
				return r, true
			}
		case token.LOR:
			// errors.Is(err, A) || errors.Is(err, B): still a sentinel.
			l, lok := condTest(info, c.X)
			r, rok := condTest(info, c.Y)
			switch {
			case lok && rok && l.err == r.err && l.sentinel && r.sentinel:
				return l, true
			case lok && l.nonNil && !l.sentinel && !(rok && r.err == l.err):
				// err != nil || name == "": runs with err non-nil, and
				// with it nil; so does a longer chain
				// (err != nil || resp == nil || resp.StatusCode != 200).
				return test{err: l.err, base: l.base, nonNil: true, partial: true}, true
			}
		}
	case *ast.CallExpr:
		if v := sentinelCall(info, c); v != nil {
			return test{err: v, nonNil: true, sentinel: true}, true
		}
	}
	return test{}, false
}

// comparison interprets err != nil, err == nil, err == ErrX.
func comparison(info *types.Info, c *ast.BinaryExpr) (test, bool) {
	x, y := c.X, c.Y
	if IsNil(info, x) {
		x, y = y, x
	}
	v := errorVar(info, x)
	base := (*types.Var)(nil)
	if v == nil {
		v, base = errorField(info, x)
	}
	if v == nil {
		return test{}, false
	}
	if IsNil(info, y) {
		return test{err: v, base: base, nonNil: c.Op == token.NEQ}, true
	}
	if c.Op == token.EQL && IsError(info.TypeOf(y)) {
		return test{err: v, base: base, nonNil: true, sentinel: true}, true // err == io.EOF
	}
	return test{}, false
}

// sentinelCall returns the error variable a call tests for a particular
// condition (see TestedError), or nil.
func sentinelCall(info *types.Info, call *ast.CallExpr) *types.Var {
	if tested := TestedError(info, call); tested != nil {
		return errorVar(info, tested)
	}
	return nil
}

// errorVar returns the variable expr names when it is a variable of an
// error type.
func errorVar(info *types.Info, expr ast.Expr) *types.Var {
	id, ok := ast.Unparen(expr).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || !IsError(v.Type()) {
		return nil
	}
	return v
}

// errorField returns, for r.Err with r a local variable of a struct type
// and Err a field of an error type, the field and the local.
func errorField(info *types.Info, expr ast.Expr) (field, base *types.Var) {
	sel, ok := ast.Unparen(expr).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil, nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	local, _ := info.Uses[id].(*types.Var)
	f, _ := info.Uses[sel.Sel].(*types.Var)
	if local == nil || f == nil || local.IsField() || local.Pkg() == nil || local.Parent() == local.Pkg().Scope() || !IsError(f.Type()) {
		return nil, nil
	}
	return f, local
}

func switchBranches(info *types.Info, s *ast.SwitchStmt) []*Branch {
	if s.Tag == nil {
		// switch { case err != nil: ... case errors.Is(err, x): ... }
		var out []*Branch
		for _, stmt := range s.Body.List {
			clause := stmt.(*ast.CaseClause)
			if len(clause.List) != 1 {
				continue
			}
			if t, ok := condTest(info, clause.List[0]); ok && t.nonNil {
				out = append(out, &Branch{Err: t.err, Body: clause, Cond: clause.List[0], Sentinel: t.sentinel})
			}
		}
		return out
	}
	// switch err { case nil: ... case io.EOF: ... default: ... }
	v := errorVar(info, s.Tag)
	if v == nil {
		return nil
	}
	return valueClauses(info, v, s.Body, func(e ast.Expr) bool { return IsNil(info, e) })
}

func typeSwitchBranches(info *types.Info, s *ast.TypeSwitchStmt) []*Branch {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			if ta, ok := a.Rhs[0].(*ast.TypeAssertExpr); ok {
				x = ta.X
			}
		}
	case *ast.ExprStmt:
		if ta, ok := a.X.(*ast.TypeAssertExpr); ok {
			x = ta.X
		}
	}
	v := errorVar(info, x)
	if v == nil {
		return nil
	}
	return valueClauses(info, v, s.Body, func(e ast.Expr) bool { return IsNil(info, e) })
}

// valueClauses turns the clauses of a switch on err into branches: a case
// listing particular errors or types is a sentinel branch; the default
// clause is an ordinary error branch when a "case nil" took the nil error.
func valueClauses(info *types.Info, v *types.Var, body *ast.BlockStmt, isNil func(ast.Expr) bool) []*Branch {
	var out []*Branch
	var def *ast.CaseClause
	nilHandled := false
	for _, stmt := range body.List {
		clause := stmt.(*ast.CaseClause)
		if clause.List == nil {
			def = clause
			continue
		}
		hasNil := false
		for _, e := range clause.List {
			hasNil = hasNil || isNil(e)
		}
		if hasNil {
			nilHandled = true
			continue
		}
		out = append(out, &Branch{Err: v, Body: clause, Cond: clause.List[0], Sentinel: true})
	}
	if def != nil && nilHandled {
		out = append(out, &Branch{Err: v, Body: def})
	}
	return out
}

// PathTo returns the nodes from root down to node, both included, or nil
// when node is not in root: astutil.PathEnclosingInterval's path, the
// other way round, for a root that is not a file.
func PathTo(root, node ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() > node.Pos() || n.End() < node.End() {
			return false
		}
		stack = append(stack, n)
		if n == node {
			found = slices.Clone(stack)
		}
		return true
	})
	return found
}

// deadBranch reports whether br, the branch of is that runs with its
// error non-nil, can never run: an earlier if of the same block (or of
// one enclosing it) returned when the error was not nil, and nothing
// assigns it in between. (if !valid(id) { if err != nil { … } }, with
// err checked and returned on just before, is left from an edit.)
//
// path runs from the function's body down to the if, both included.
func deadBranch(info *types.Info, path []ast.Node, br *Branch) bool {
	if len(path) == 0 {
		return false
	}
	is, ok := path[len(path)-1].(*ast.IfStmt)
	if !ok || br.Base != nil || br.Partial || br.Sentinel || br.Body != ast.Node(is.Body) || is.Init != nil {
		return false
	}
	return nilBefore(info, path, br.Err)
}

// nilBefore reports whether err is surely nil where the last node of path
// is: an earlier if of the same block (or of one enclosing it, within the
// function) returned when it was not nil, and nothing assigns it in
// between. path runs from the function's body down to the node.
func nilBefore(info *types.Info, path []ast.Node, err *types.Var) bool {
	for i := len(path) - 1; i > 0; i-- {
		switch parent := path[i-1].(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			if assigns(info, parent, err) {
				return false // assigned later in the loop: the next round sees it
			}
		case *ast.IfStmt:
			if parent.Init != nil && assigns(info, parent.Init, err) {
				return false // if err = dec.Decode(&v); err != nil
			}
		case *ast.SwitchStmt:
			if parent.Init != nil && assigns(info, parent.Init, err) {
				return false
			}
		case *ast.BlockStmt:
			// The statements before path[i], nearest first.
			at, _ := slices.BinarySearchFunc(parent.List, path[i].Pos(), func(st ast.Stmt, pos token.Pos) int { return cmp.Compare(st.Pos(), pos) })
			for j := at - 1; j >= 0; j-- {
				st := parent.List[j]
				if returnsOnErr(info, st, err) {
					return true
				}
				if assigns(info, st, err) {
					return false
				}
			}
		}
	}
	return false
}

// returnsOnErr reports whether st is if err != nil { …; return … }.
func returnsOnErr(info *types.Info, st ast.Stmt, err *types.Var) bool {
	is, ok := st.(*ast.IfStmt)
	if !ok || is.Else != nil || !terminating(is.Body) {
		return false
	}
	if is.Init != nil && assigns(info, is.Init, err) {
		return false // if err := f(); err != nil: another err
	}
	c, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || c.Op != token.NEQ {
		return false // err != nil && more: it may carry on with err not nil
	}
	t, ok := comparison(info, c)
	return ok && t.err == err && t.base == nil && t.nonNil && !t.sentinel
}

// assigns reports whether n assigns v anywhere, or takes its address.
func assigns(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				found = true
			}
		case *ast.ValueSpec:
			for _, name := range n.Names {
				if info.Defs[name] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
