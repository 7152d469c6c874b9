package errflow

// Narrowing by errors.As. A helper that translates a client's errors
//
//	var apiErr *googleapi.Error
//	if errors.As(err, &apiErr) {
//		switch apiErr.Code { … every case returns its own words … }
//	}
//	return err
//
// returns err as it is only when err is not a *googleapi.Error, so the
// body that type's Error prints cannot be in what that return carries.
// A summary records, per error parameter, the types every return that
// carries it has tested away (Slot.Narrow), and a caller leaves out the
// raw values those types print (Blob.ErrType). The test must be the
// plain errors.As(param, &target), in a statement that runs before the
// return on its way from the function's start, whose branch always
// returns; a parameter assigned anywhere is not narrowed.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// errTypeName names an error type for Blob.ErrType and Slot.Narrow:
// "path.Name" of the named type, pointers dropped; "" for others.
func errTypeName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// narrowing accumulates, over a body's returns, the types each error
// parameter carried by a result is known not to be there.
type narrowing struct {
	b     *Body
	info  *types.Info
	types map[[2]int][]string // by result and parameter index
	// reassigned says, of each variable asked about, whether the body
	// assigns it: asked once per return that carries it, walked once.
	reassigned map[*types.Var]bool
}

// add records a return of result i that carries the parameters of v.
func (n *narrowing) add(i int, ret *ast.ReturnStmt, v Value) {
	for _, p := range slices.Concat(v.Params, v.Shows) {
		idx := paramIndex(n.b.Sig, p)
		if idx < 0 || !IsError(p.Type()) {
			continue
		}
		key := [2]int{i, idx}
		guards := n.guards(ret, p)
		if n.types == nil {
			n.types = map[[2]int][]string{}
		}
		if have, ok := n.types[key]; ok {
			guards = slices.DeleteFunc(guards, func(t string) bool { return !slices.Contains(have, t) })
		}
		n.types[key] = guards
	}
}

// slot returns what Slot.Narrow records for result i.
func (n *narrowing) slot(i int) []ParamTypes {
	var out []ParamTypes
	for key, ts := range n.types {
		if key[0] == i && len(ts) > 0 {
			slices.Sort(ts)
			out = append(out, ParamTypes{Param: key[1], Types: ts})
		}
	}
	slices.SortFunc(out, func(a, b ParamTypes) int { return a.Param - b.Param })
	return out
}

// guards returns the types p is tested away from on the way to ret: each
// if statement before it, in a block that encloses it, whose condition is
// errors.As(p, &target) and whose branch always returns.
func (n *narrowing) guards(ret ast.Node, p *types.Var) []string {
	if n.b.Block == nil || n.assigned(p) {
		return nil
	}
	var out []string
	path := PathTo(n.b.Block, ret)
	for i := len(path) - 1; i > 0; i-- {
		block, ok := path[i-1].(*ast.BlockStmt)
		if !ok {
			if _, lit := path[i-1].(*ast.FuncLit); lit {
				break // another function's statements
			}
			continue
		}
		for _, s := range block.List {
			if s == path[i] {
				break
			}
			if t := n.asGuard(s, p); t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

// asGuard returns the type an if statement tests p for with errors.As
// when its branch always returns, or "".
func (n *narrowing) asGuard(s ast.Stmt, p *types.Var) string {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Else != nil || !terminating(is.Body) {
		return ""
	}
	call, ok := ast.Unparen(is.Cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !model.IsFunc(model.Callee(n.info, call), "errors", "As") {
		return ""
	}
	if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); !ok || n.info.Uses[id] != p {
		return ""
	}
	target, ok := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
	if !ok || target.Op != token.AND {
		return ""
	}
	t := n.info.TypeOf(target.X)
	if t == nil || types.IsInterface(t) {
		return ""
	}
	return errTypeName(t)
}

// assigned reports whether the body assigns p anywhere.
func (n *narrowing) assigned(p *types.Var) bool {
	if found, ok := n.reassigned[p]; ok {
		return found
	}
	found := false
	ast.Inspect(n.b.Block, func(node ast.Node) bool {
		if as, ok := node.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && n.info.Uses[id] == p {
					found = true
				}
			}
		}
		return !found
	})
	if n.reassigned == nil {
		n.reassigned = map[*types.Var]bool{}
	}
	n.reassigned[p] = found
	return found
}

// terminating reports whether a statement never completes normally, as
// the spec's terminating statements: a return, a panic, a block ending in
// one, an if with an else both of which are, a switch with a default
// every clause of which ends in one and that no break leaves.
func terminating(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminating(s.List[len(s.List)-1])
	case *ast.IfStmt:
		return s.Else != nil && terminating(s.Body) && terminating(s.Else)
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		return ok && id.Name == "panic"
	case *ast.SwitchStmt:
		return clausesTerminate(s.Body)
	case *ast.TypeSwitchStmt:
		return clausesTerminate(s.Body)
	}
	return false
}

// clausesTerminate reports whether a switch body has a default and every
// clause ends in a terminating statement, with no break in it.
func clausesTerminate(body *ast.BlockStmt) bool {
	hasDefault := false
	for _, c := range body.List {
		cc, ok := c.(*ast.CaseClause)
		if !ok || len(cc.Body) == 0 || !terminating(cc.Body[len(cc.Body)-1]) || breaks(cc) {
			return false
		}
		hasDefault = hasDefault || cc.List == nil
	}
	return hasDefault
}

// breaks reports whether a clause holds a break that leaves its switch:
// one outside any loop, switch or select nested in it.
func breaks(clause *ast.CaseClause) bool {
	found := false
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt:
			found = found || n.Tok == token.BREAK
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.FuncLit:
			return false
		}
		return !found
	}
	for _, s := range clause.Body {
		ast.Inspect(s, visit)
	}
	return found
}

// local drops from bs, the raw values ret returns of the origin o, those
// of the error types an errors.As test before ret picks out of the local
// o names: a helper that answers a client's *RequestError in its own
// words and returns every other error as it is never returns that
// type's body. (Parameters are narrowed by the caller, through
// Slot.Narrow.) bs itself is not changed.
func (n *narrowing) local(ret *ast.ReturnStmt, o Origin, bs []Blob) []Blob {
	if len(bs) == 0 || o.Index >= 0 {
		return bs
	}
	id, ok := ast.Unparen(o.Expr).(*ast.Ident)
	if !ok {
		return bs
	}
	v, _ := n.info.Uses[id].(*types.Var)
	if v == nil || IsParam(v) || !IsError(v.Type()) {
		return bs
	}
	away := n.guards(ret, v)
	if len(away) == 0 {
		return bs
	}
	return slices.DeleteFunc(slices.Clone(bs), func(b Blob) bool { return slices.Contains(away, b.ErrType) })
}

// TestedAway returns the error types the variable v of body b cannot hold
// at ret: those an errors.As test before it, whose branch always returns,
// picked out (see Slot.Narrow). A raw value such a type prints
// (Blob.ErrType) is not in what ret returns of v.
func (r *Result) TestedAway(b *Body, ret ast.Node, v *types.Var) []string {
	n := narrowing{b: b, info: r.pass.TypesInfo}
	return n.guards(ret, v)
}
