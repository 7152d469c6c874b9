package errflow

// Every question the layer and the rules ask of a function body is
// answered from one walk of it, made when the package is analysed: its
// returns and error branches, the values its locals are given, the calls
// it makes and the function literals in it. A root is a function
// declaration, or a function literal written outside any function; the
// literals inside a root share its resolver, so that a variable a closure
// captures is followed to what the enclosing function assigns it.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A Body is one function body of the package: a declaration's or a
// function literal's.
type Body struct {
	Root  *Root
	Node  ast.Node // *ast.FuncDecl or *ast.FuncLit
	Block *ast.BlockStmt
	Sig   *types.Signature
	Func  *types.Func // the declared function, or nil for a literal

	// Returns, Branches, Calls and Lits are the body's own, not those of
	// the literals nested in it, in source order.
	Returns  []*ast.ReturnStmt
	Branches []*Branch
	Calls    []*ast.CallExpr
	// CallFuncs are the functions Calls call (model.Callee), by index:
	// nil for a call of a function value, a conversion or a builtin.
	CallFuncs []*types.Func
	Lits      []*ast.FuncLit
	// ResultLits are the body's composite literals of the SDKs' tool
	// result types, and ErrorMarks its assignments to such a result's
	// IsError field: where the text of an error result is written.
	ResultLits []*ast.CompositeLit
	ErrorMarks []*ast.AssignStmt
	// Refs are the identifiers naming a function of the package or of
	// another one without calling it: method values, callbacks.
	Refs []*ast.Ident

	serverTools []*ast.CompositeLit // mcp-go server.ServerTool literals
	// projectStores are the values a body stores in a field of a project
	// handler type (see projectType): toolkit.Tool{Handler: scale}.
	projectStores []projectStore
}

// Nested returns b and the bodies of the function literals nested in it,
// in source order: what a handler runs in goroutines and callbacks too.
func (b *Body) Nested() []*Body {
	if len(b.Lits) == 0 {
		return []*Body{b}
	}
	var out []*Body
	for _, nb := range b.Root.Bodies {
		if Within(nb.Node, b.Node) {
			out = append(out, nb)
		}
	}
	return out
}

// FuncType returns the type the body's declaration or literal is written
// with: its parameters and results as the file spells them.
func (b *Body) FuncType() *ast.FuncType {
	switch n := b.Node.(type) {
	case *ast.FuncDecl:
		return n.Type
	case *ast.FuncLit:
		return n.Type
	}
	return nil
}

// A Root is a function body no other contains, with what its walk found
// of it and of the literals in it.
type Root struct {
	Body     *Body   // the root's own body
	Bodies   []*Body // the root's and its literals', in source order
	Resolver *Resolver

	addressed map[*types.Var]bool
	marked    map[*types.Var]bool // locals made error results: SetError called, IsError assigned
	usedOther map[*types.Var]bool // locals used other than as a whole returned result
	tested    map[*types.Var]bool // error variables the root tests (errors.Is, CodeOf, ==, type switch...)
	moves     []move
	// moveReads and moveTargets are the variables the moves read and
	// write, which each move names a part of.
	moveReads, moveTargets []*types.Var

	mentions map[ast.Expr]mentions // memoized by walk.mentioned
}

// Addressed reports whether the root takes the address of v: anything may
// then be stored in it, which its assignments do not show.
func (r *Root) Addressed(v *types.Var) bool { return r.addressed[v] }

// Marked reports whether the local v is made an error result after it is
// built: SetError is called on it, or its IsError field is assigned.
func (r *Root) Marked(v *types.Var) bool { return r.marked[v] }

// OnlyReturned reports whether every use of the local v is as a whole
// result of a return statement: nothing can have filled it in.
func (r *Root) OnlyReturned(v *types.Var) bool { return !r.usedOther[v] }

// Tested reports whether the root tests which error v holds: errors.Is or
// As, a comparison with an error, a type switch, CodeOf or Classify.
func (r *Root) Tested(v *types.Var) bool { return r.tested[v] }

// An Index holds the bodies of one package.
type Index struct {
	info  *types.Info
	roots []*Root
	// pkgCalls are the calls written outside any function: in the
	// initialisers of package-level variables.
	pkgCalls []*ast.CallExpr
	bodies   map[*ast.BlockStmt]*Body
	decls    map[*types.Func]*Body

	pkg    *types.Package // nil: project handler types are not recorded
	module string         // the path of pkg's module
}

// Body returns the body of the package whose block is block, or nil.
func (x *Index) Body(block *ast.BlockStmt) *Body { return x.bodies[block] }

// Decl returns the body of a function declared in the package, or nil.
func (x *Index) Decl(fn *types.Func) *Body {
	if fn == nil {
		return nil
	}
	return x.decls[fn.Origin()]
}

// Lit returns the body of a function literal of the package, or nil.
func (x *Index) Lit(lit *ast.FuncLit) *Body {
	if lit == nil {
		return nil
	}
	return x.bodies[lit.Body]
}

// Roots returns the roots of the package, in source order.
func (x *Index) Roots() []*Root { return x.roots }

// Enclosing returns the innermost body of the package that contains pos,
// or nil.
func (x *Index) Enclosing(pos token.Pos) *Body {
	var best *Body
	for _, r := range x.roots {
		if pos < r.Body.Node.Pos() || pos >= r.Body.Node.End() {
			continue
		}
		for _, b := range r.Bodies {
			if b.Block.Pos() <= pos && pos < b.Block.End() {
				best = b // bodies are in source order: later ones are nested
			}
		}
	}
	return best
}

// NewIndex walks every function body of files, a package's.
func NewIndex(info *types.Info, files []*ast.File) *Index {
	return newIndex(info, files, nil, "")
}

// newIndex is NewIndex for package pkg of module module, whose project
// handler types it records (see ProjectType).
func newIndex(info *types.Info, files []*ast.File, pkg *types.Package, module string) *Index {
	x := &Index{info: info, pkg: pkg, module: module, bodies: map[*ast.BlockStmt]*Body{}, decls: map[*types.Func]*Body{}}
	// One walker for every root: its scratch space is reused.
	w := &rootWalk{x: x, info: info, returned: map[*ast.Ident]bool{}, callees: map[*ast.Ident]bool{}}
	for _, file := range files {
		for _, decl := range file.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Body != nil {
					w.walkRoot(decl)
				}
			case *ast.GenDecl:
				ast.Inspect(decl, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncLit:
						w.walkRoot(n)
						return false
					case *ast.CallExpr:
						x.pkgCalls = append(x.pkgCalls, n)
					}
					return true
				})
			}
		}
	}
	return x
}

// walkRoot walks one root and adds it to the index.
func (w *rootWalk) walkRoot(node ast.Node) {
	r := &Root{Resolver: &Resolver{info: w.info}}
	w.r, w.stack = r, w.stack[:0]
	r.Body = w.enter(node)
	r.Resolver.body = r.Body.Block
	first := len(w.moves)
	ast.PreorderStack(r.Body.Block, w.ancestors[:0], func(n ast.Node, ancestors []ast.Node) bool {
		w.ancestors = ancestors
		return w.visit(n)
	})
	w.resolveMoves(first)
	r.moves = w.moves[first:len(w.moves):len(w.moves)] // the root's part of the package's moves
	w.x.roots = append(w.x.roots, r)
}

// A rootWalk is the one walk of a root, r. One rootWalk walks the roots of
// a package in turn.
type rootWalk struct {
	x    *Index
	r    *Root
	info *types.Info
	// stack holds the bodies enclosing the node visited, innermost last,
	// and ancestors the nodes enclosing it, from the root's block.
	stack     []*Body
	ancestors []ast.Node
	// returned and callees hold identifiers of every root walked so far:
	// an identifier lies in one root only.
	returned map[*ast.Ident]bool // identifiers that are whole results of a return
	callees  map[*ast.Ident]bool // identifiers naming the function a call calls
	// moves are the moves of every root walked so far, and vars and
	// targets the variables they read and write: each root keeps its
	// part, and each move its part of the root's (see resolveMoves).
	moves         []move
	vars, targets []*types.Var
	rootTargets   int // where the targets of the root being walked start
	// reads are the variables the identifiers of the root read, and spans
	// the source of the values of its moves, one per move.
	reads []readVar
	spans []span
}

// enter starts a body: the root's, or a literal's.
func (w *rootWalk) enter(node ast.Node) *Body {
	b := &Body{Root: w.r, Node: node}
	switch n := node.(type) {
	case *ast.FuncDecl:
		b.Block = n.Body
		if fn, ok := w.info.Defs[n.Name].(*types.Func); ok {
			b.Func = fn
			b.Sig = fn.Signature()
			w.x.decls[fn] = b
		}
	case *ast.FuncLit:
		b.Block = n.Body
		b.Sig, _ = w.info.TypeOf(n).(*types.Signature)
	}
	w.r.Resolver.namedResults(b.Sig)
	w.x.bodies[b.Block] = b
	w.r.Bodies = append(w.r.Bodies, b)
	w.stack = append(w.stack, b)
	return b
}

// pathFrom returns the nodes from block, an ancestor of the node n being
// visited, down to n, both included: PathTo without a walk of its own.
func (w *rootWalk) pathFrom(block *ast.BlockStmt, n ast.Node) []ast.Node {
	for i := len(w.ancestors) - 1; i >= 0; i-- {
		if w.ancestors[i] == block {
			return append(slices.Clip(w.ancestors[i:]), n)
		}
	}
	return nil
}

func (w *rootWalk) visit(n ast.Node) bool {
	if n == nil {
		return false
	}
	for len(w.stack) > 1 && n.Pos() >= w.stack[len(w.stack)-1].Block.End() {
		w.stack = w.stack[:len(w.stack)-1]
	}
	top := w.stack[len(w.stack)-1]
	w.r.Resolver.record(n)
	switch n := n.(type) {
	case *ast.FuncLit:
		if inBody(n, top) {
			top.Lits = append(top.Lits, n)
		}
		w.enter(n)
	case *ast.ReturnStmt:
		top.Returns = append(top.Returns, n)
		for _, res := range n.Results {
			if id, ok := ast.Unparen(res).(*ast.Ident); ok {
				w.returned[id] = true
			}
		}
	case *ast.IfStmt:
		path := w.pathFrom(top.Block, n)
		for _, br := range ifBranches(w.info, n) {
			if !deadBranch(w.info, path, br) {
				top.Branches = append(top.Branches, br)
			}
		}
	case *ast.SwitchStmt:
		top.Branches = append(top.Branches, switchBranches(w.info, n)...)
		if n.Tag != nil {
			w.test(n.Tag)
		}
	case *ast.TypeSwitchStmt:
		top.Branches = append(top.Branches, typeSwitchBranches(w.info, n)...)
	case *ast.TypeAssertExpr:
		w.test(n.X)
	case *ast.BinaryExpr:
		if n.Op == token.EQL || n.Op == token.NEQ {
			if !IsNil(w.info, n.Y) {
				w.test(n.X)
			}
			if !IsNil(w.info, n.X) {
				w.test(n.Y)
			}
		}
	case *ast.CallExpr:
		top.Calls = append(top.Calls, n)
		top.CallFuncs = append(top.CallFuncs, w.call(n))
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			if v := w.localVar(n.X); v != nil {
				w.r.addressed = setTrue(w.r.addressed, v)
			}
		}
	case *ast.AssignStmt:
		w.assign(n)
		for _, lhs := range n.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "IsError" {
				top.ErrorMarks = append(top.ErrorMarks, n)
				break
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			if v, _ := w.info.Defs[name].(*types.Var); v != nil {
				if value := Declared(n, i); value != nil {
					w.move(moveDeclare, n, []ast.Expr{value}, v)
				}
			}
		}
	case *ast.RangeStmt:
		var to []*types.Var
		for _, x := range []ast.Expr{n.Key, n.Value} {
			if v := w.rootVar(x); v != nil {
				to = append(to, v)
			}
		}
		if len(to) > 0 {
			w.move(moveRange, n, []ast.Expr{n.X}, to...)
		}
	case *ast.Ident:
		w.ident(n, top, inBody(n, top))
	case *ast.CompositeLit:
		if t := w.info.TypeOf(n); t != nil && model.IsNamed(t, model.MCPGoServer, "ServerTool") {
			top.serverTools = append(top.serverTools, n)
		} else if IsCallToolResult(t) {
			top.ResultLits = append(top.ResultLits, n)
		}
		for _, elt := range n.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if tn := w.projectType(w.info.TypeOf(kv.Value), kv.Key); tn != nil {
					top.projectStores = append(top.projectStores, projectStore{tn, kv.Value})
				}
			}
		}
	}
	return true
}

// inBody reports whether n, visited in top, lies in its body, not in the
// signature of a literal. (Asked only where it matters: the position of a
// call or a selector is its first operand's, found by descending.)
func inBody(n ast.Node, top *Body) bool { return n.Pos() >= top.Block.Pos() }

// A projectStore is a value stored in a field of a project handler type.
type projectStore struct {
	typ   *types.TypeName
	value ast.Expr
}

// projectType returns the project handler type of the field key names,
// or nil (see ProjectType).
func (w *rootWalk) projectType(valueType types.Type, key ast.Expr) *types.TypeName {
	id, ok := key.(*ast.Ident)
	if !ok {
		return nil
	}
	field, ok := w.info.Uses[id].(*types.Var)
	if !ok || !field.IsField() || valueType == nil {
		return nil
	}
	return ProjectType(w.x.pkg, w.x.module, field.Type())
}

// ProjectType returns t's name when t is a project handler type of a
// package of module other than pkg: a named function type of the
// module's own (no SDK's), returning an error and something else, in
// which a server's tools store their handlers for an adapter of another
// package to call (kubernetes-mcp-server's api.ToolHandlerFunc). It
// returns nil otherwise, and when the module is not known.
func ProjectType(pkg *types.Package, module string, t types.Type) *types.TypeName {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || pkg == nil || module == "" {
		return nil
	}
	tn := named.Obj()
	sig, ok := named.Underlying().(*types.Signature)
	if !ok || tn.Pkg() == nil || tn.Pkg() == pkg || ownPackage(tn.Pkg()) || named.TypeParams().Len() > 0 {
		return nil
	}
	if path := tn.Pkg().Path(); path != module && !strings.HasPrefix(path, module+"/") {
		return nil
	}
	res := sig.Results()
	if res.Len() < 2 || !IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	return tn
}

// call records what a call says about the body: the error it tests, the
// result it marks as an error result, what it may store where; it
// returns the function called, or nil.
func (w *rootWalk) call(call *ast.CallExpr) *types.Func {
	if id := calleeIdent(call.Fun); id != nil {
		w.callees[id] = true
	}
	fn := model.Callee(w.info, call)
	if tested := testedBy(call, fn); tested != nil {
		w.test(tested)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && IsSetError(fn) {
		if v := w.localVar(sel.X); v != nil {
			w.r.marked = setTrue(w.r.marked, v)
		}
	}
	var targets [4]*types.Var
	w.move(moveCall, call, call.Args, w.callTargets(targets[:0], call)...)
	return fn
}

// ident records a use of a local other than as a whole result, and a
// function named without being called.
func (w *rootWalk) ident(id *ast.Ident, top *Body, inBody bool) {
	switch obj := w.info.Uses[id].(type) {
	case *types.Var:
		w.reads = append(w.reads, readVar{id.Pos(), obj})
		if w.isLocal(obj) && !w.returned[id] {
			w.r.usedOther = setTrue(w.r.usedOther, obj)
		}
	case *types.Func:
		if inBody && !w.callees[id] {
			top.Refs = append(top.Refs, id)
		}
	}
}

// assign records the moves of an assignment, and the results it makes
// error results by setting IsError.
func (w *rootWalk) assign(as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		value := Assigned(as, i)
		if value == nil {
			continue
		}
		lhs = ast.Unparen(lhs)
		if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "IsError" && IsCallToolResult(w.info.TypeOf(sel.X)) {
			if isError, ok := BoolConst(w.info, value); !ok || isError {
				if v := w.localVar(sel.X); v != nil {
					w.r.marked = setTrue(w.r.marked, v)
				}
			}
		}
		v := w.rootVar(lhs)
		if v == nil {
			continue
		}
		kind := moveAssign
		if _, isIdent := lhs.(*ast.Ident); !isIdent {
			kind = moveInto
		}
		w.move(kind, as, []ast.Expr{value}, v)
	}
}

// test records that the root tests which error expr holds.
func (w *rootWalk) test(expr ast.Expr) {
	id, ok := ast.Unparen(expr).(*ast.Ident)
	if !ok {
		return
	}
	if v, ok := w.info.Uses[id].(*types.Var); ok && IsErrorOrRuntimeError(v.Type()) {
		w.r.tested = setTrue(w.r.tested, v)
	}
}

// localVar returns the local variable (or parameter) expr names, or nil.
func (w *rootWalk) localVar(expr ast.Expr) *types.Var {
	id, ok := ast.Unparen(expr).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := w.info.ObjectOf(id).(*types.Var)
	if !w.isLocal(v) {
		return nil
	}
	return v
}

func (w *rootWalk) isLocal(v *types.Var) bool { return IsLocal(v) }

// IsLocal reports whether v is a local variable (or parameter): not a
// field, not a package-level variable.
func IsLocal(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

// rootVar returns the local variable an lvalue or receiver is rooted at:
// x for x, x.f, x[i], *x.
func (w *rootWalk) rootVar(expr ast.Expr) *types.Var {
	if v := RootVar(w.info, expr); w.isLocal(v) {
		return v
	}
	return nil
}

// RootVar returns the variable an lvalue or receiver is rooted at: x for
// x, x.f, x[i], *x; nil when it is not rooted at a variable.
func RootVar(info *types.Info, expr ast.Expr) *types.Var {
	for expr != nil {
		switch e := ast.Unparen(expr).(type) {
		case *ast.SelectorExpr:
			if s, ok := info.Selections[e]; !ok || s.Kind() != types.FieldVal {
				return nil
			}
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.StarExpr:
			expr = e.X
		case *ast.Ident:
			v, _ := info.ObjectOf(e).(*types.Var)
			return v
		default:
			return nil
		}
	}
	return nil
}

// callTargets appends to out the variables a call may store its arguments
// into: the receiver of a method, and the variables passed by address.
func (w *rootWalk) callTargets(out []*types.Var, call *ast.CallExpr) []*types.Var {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := w.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			if v := w.rootVar(sel.X); v != nil {
				out = append(out, v)
			}
		}
	}
	for _, a := range call.Args {
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			if v := w.rootVar(u.X); v != nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// calleeIdent returns the identifier that names the function a call's Fun
// denotes: F, pkg.F, x.M, F[T].
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.Ident:
		return f
	}
	return nil
}

// setTrue sets m[k], allocating m if it is nil, and returns m.
func setTrue[K comparable](m map[K]bool, k K) map[K]bool {
	if m == nil {
		m = map[K]bool{}
	}
	m[k] = true
	return m
}
