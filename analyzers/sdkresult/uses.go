package sdkresult

// A function with a handler's shape is not always what reaches the SDK:
// it may be a helper another handler calls, or be wrapped by a function
// that decides itself what becomes of its errors. uses records, in one
// walk of the package, how each handler-shaped function is used, so that
// the rules judge a handler's errors only when they do reach the SDK.

import (
	"go/ast"
	"go/types"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

type uses struct {
	called     map[*types.Func]bool        // functions called directly
	calledVars map[*types.Var]bool         // local variables called as functions
	litVars    map[*ast.FuncLit]*types.Var // function literals assigned to a variable
	wrappers   map[any][]wrapping          // handler (*ast.FuncLit or *types.Func) -> the wrappers it is passed to
	converts   map[wrapping]bool           // memo: does a local wrapper keep the handler's errors from the SDK?
}

// A wrapping is a handler passed as argument index param to fn, a
// function that takes a handler and returns one.
type wrapping struct {
	fn    *types.Func
	param int
}

func (c *checker) uses() *uses {
	if c.u != nil {
		return c.u
	}
	u := &uses{
		called:     map[*types.Func]bool{},
		calledVars: map[*types.Var]bool{},
		litVars:    map[*ast.FuncLit]*types.Var{},
		wrappers:   map[any][]wrapping{},
		converts:   map[wrapping]bool{},
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				c.recordCall(u, n)
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, rhs := range n.Rhs {
						if lit, ok := ast.Unparen(rhs).(*ast.FuncLit); ok {
							if v, ok := c.info.ObjectOf(identOf(n.Lhs[i])).(*types.Var); ok {
								u.litVars[lit] = v
							}
						}
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i, value := range n.Values {
						if lit, ok := ast.Unparen(value).(*ast.FuncLit); ok {
							if v, ok := c.info.Defs[n.Names[i]].(*types.Var); ok {
								u.litVars[lit] = v
							}
						}
					}
				}
			}
			return true
		})
	}
	c.u = u
	return u
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	if id == nil {
		return &ast.Ident{} // ObjectOf of a fresh identifier is nil
	}
	return id
}

func (c *checker) recordCall(u *uses, call *ast.CallExpr) {
	fn := model.Callee(c.info, call)
	if fn == nil {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if v, ok := c.info.Uses[id].(*types.Var); ok {
				u.calledVars[v] = true
			}
		}
		return
	}
	u.called[fn] = true
	sig, ok := fn.Type().(*types.Signature)
	if !ok || !isWrapper(sig) || inSDK(fn.Pkg()) {
		return
	}
	for i, arg := range call.Args {
		if i >= sig.Params().Len() || !handlerShapedType(sig.Params().At(i).Type()) {
			continue
		}
		var key any
		if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
			key = lit
		} else if f := model.FuncOf(c.info, arg); f != nil {
			key = f
		} else {
			continue
		}
		u.wrappers[key] = append(u.wrappers[key], wrapping{fn, i})
	}
}

// isWrapper reports whether sig takes a handler-shaped function and
// returns one: a middleware applied to one handler.
func isWrapper(sig *types.Signature) bool {
	takes, returns := false, false
	for i := range sig.Params().Len() {
		takes = takes || handlerShapedType(sig.Params().At(i).Type())
	}
	for i := range sig.Results().Len() {
		returns = returns || handlerShapedType(sig.Results().At(i).Type())
	}
	return takes && returns
}

// handlerShapedType reports whether t is a function type returning a tool
// result.
func handlerShapedType(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && handlerShaped(sig)
}

func inSDK(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return inGoSDK(pkg) || p == model.MCPGoPath || p == model.MCPGoServer
}

// helper reports whether a handler-shaped function that no registration
// names is called directly in the package: it is then a helper, and its
// caller decides what reaches the client.
func (c *checker) helper(h *model.Handler) bool {
	if h.Registered {
		return false
	}
	u := c.uses()
	if h.Func != nil {
		return u.called[h.Func]
	}
	if v := u.litVars[h.Lit]; v != nil {
		return u.calledVars[v]
	}
	return false
}

// converted reports whether the handler is passed to a wrapper that may
// turn its errors into results: one in another package (what it does is
// not known here), or one in this package that never passes on the error
// of calling the handler.
func (c *checker) converted(h *model.Handler) bool {
	u := c.uses()
	var key any = h.Lit
	if h.Func != nil {
		key = h.Func
	}
	for _, w := range u.wrappers[key] {
		if c.wrapperConverts(u, w) {
			return true
		}
	}
	return false
}

func (c *checker) wrapperConverts(u *uses, w wrapping) bool {
	if answer, ok := u.converts[w]; ok {
		return answer
	}
	u.converts[w] = true // while deciding, and for wrappers not declared here
	decl := c.m.Funcs[w.fn]
	sig, ok := w.fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || !ok || w.param >= sig.Params().Len() {
		return true
	}
	param := sig.Params().At(w.param)
	propagates := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if propagates {
			return false
		}
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return true
		}
		s := c.scope(lit.Body)
		for _, ret := range s.returns {
			if len(ret.Results) > 0 && c.reaches(s, ret.Results[len(ret.Results)-1], param, map[ast.Expr]bool{}) {
				propagates = true
			}
		}
		return true
	})
	u.converts[w] = !propagates
	return !propagates
}

// reaches reports whether the value of e may come from calling param: e is
// such a call, or one of its origins is, or mentions a variable that may
// hold one (fmt.Errorf("...: %w", err)).
func (c *checker) reaches(s *scope, e ast.Expr, param *types.Var, seen map[ast.Expr]bool) bool {
	if seen[e] {
		return false
	}
	seen[e] = true
	found := false
	for _, o := range append([]ast.Expr{e}, s.origins(c.info, e)...) {
		ast.Inspect(o, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && c.info.Uses[id] == param {
					found = true
				}
			case *ast.Ident:
				if n != o && localVar(c.info, n) != nil && c.reaches(s, n, param, seen) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
