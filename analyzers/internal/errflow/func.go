package errflow

// Several analyzers ask errflow about the same bodies: conformance about
// every function of a package, handlerbody, preferfail and sdkresult about
// the handlers among them. A Func answers for one body and an Index holds
// the Func of every body of a package that was asked about, so that each
// body is walked once per package, not once per analyzer. The model hands
// out the package's Index (model.Model.Flows); the checker may run the
// analyzers of one package in parallel, so both types are safe for
// concurrent use, and what they return is read-only.

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"
)

// An Index holds the Func of each function body of one package asked
// about so far.
type Index struct {
	info  *types.Info
	mu    sync.Mutex
	funcs map[*ast.BlockStmt]*Func
}

// NewIndex returns an empty index of the bodies of the package info
// describes.
func NewIndex(info *types.Info) *Index {
	return &Index{info: info, funcs: map[*ast.BlockStmt]*Func{}}
}

// Func returns the Func of body, a function body of the index's package
// (or nil, which has no returns, branches or locals).
func (x *Index) Func(body *ast.BlockStmt) *Func {
	x.mu.Lock()
	f := x.funcs[body]
	if f == nil {
		f = &Func{info: x.info, body: body}
		x.funcs[body] = f
	}
	x.mu.Unlock()
	return f
}

// A Func is what errflow knows of one function body: its returns, its
// error branches, the assignments its Resolver follows and the variables
// whose address it takes. All are computed together, in one walk of the
// body, the first time any is asked for. The slices returned are shared:
// callers must not modify them.
type Func struct {
	info *types.Info
	body *ast.BlockStmt

	once      sync.Once
	resolver  Resolver
	returns   []*ast.ReturnStmt
	branches  []*Branch
	addressed map[*types.Var]bool
}

// Resolver returns the resolver of the body, as NewResolver builds it.
func (f *Func) Resolver() *Resolver {
	f.once.Do(f.index)
	return &f.resolver
}

// Returns returns the return statements of the body, as Returns does.
func (f *Func) Returns() []*ast.ReturnStmt {
	f.once.Do(f.index)
	return f.returns
}

// Branches returns the error branches of the body, as Branches does.
func (f *Func) Branches() []*Branch {
	f.once.Do(f.index)
	return f.branches
}

// Addressed reports whether the body takes the address of the variable v
// (&v), closures included: anything may then be stored in v, which its
// assignments do not show.
func (f *Func) Addressed(v *types.Var) bool {
	f.once.Do(f.index)
	return f.addressed[v]
}

// index walks the body once: every node is an assignment the resolver may
// follow, closures included; returns and branches are those outside
// nested function literals, in source order.
func (f *Func) index() {
	r := &f.resolver
	r.info, r.body = f.info, f.body
	if f.body == nil {
		return
	}
	var litEnd token.Pos // the end of the outermost literal being walked, if any
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		r.record(n)
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			f.address(u.X)
		}
		if n.Pos() < litEnd {
			return true // inside a nested literal
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			litEnd = n.End()
		case *ast.ReturnStmt:
			f.returns = append(f.returns, n)
		case *ast.IfStmt:
			f.branches = append(f.branches, ifBranches(f.info, n)...)
		case *ast.SwitchStmt:
			f.branches = append(f.branches, switchBranches(f.info, n)...)
		case *ast.TypeSwitchStmt:
			f.branches = append(f.branches, typeSwitchBranches(f.info, n)...)
		}
		return true
	})
	r.finish()
}

// address records that the body takes the address of x, when x names a
// variable.
func (f *Func) address(x ast.Expr) {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := f.info.Uses[id].(*types.Var); ok {
		if f.addressed == nil {
			f.addressed = map[*types.Var]bool{}
		}
		f.addressed[v] = true
	}
}
