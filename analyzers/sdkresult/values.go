package sdkresult

// The questions the rules ask about a returned value — is this error
// surely non-nil? is this result surely nil? can this error be a protocol
// error the SDK passes through? — are answered here, once. Every answer
// errs towards "unknown": a rule flags only what these functions prove, so
// an error that comes from a callee outside the package, a parameter, a map
// or a type assertion is never "surely" anything.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// maxDepth bounds how far the values of same-package callees are followed.
const maxDepth = 4

// A scope answers questions about the values in one function body: a
// handler's, or a same-package function a handler's value comes from.
type scope struct {
	body     *ast.BlockStmt
	flow     *errflow.Func
	res      *errflow.Resolver
	branches []*errflow.Branch
	returns  []*ast.ReturnStmt
}

// addrOf reports whether the address of a local is taken: anything may
// be stored in it.
func (s *scope) addrOf(v *types.Var) bool { return s.flow.Addressed(v) }

// origins returns what e may evaluate to. A local whose address is taken
// is its own origin: it is unknown.
func (s *scope) origins(info *types.Info, e ast.Expr) []ast.Expr {
	if v := localVar(info, e); v != nil && s.addrOf(v) {
		return []ast.Expr{ast.Unparen(e)}
	}
	return s.res.Origins(e)
}

// A values answers the questions for one package.
type values struct {
	pass   *analysis.Pass
	info   *types.Info
	m      *model.Model
	flows  *errflow.Index // shared with the other analyzers through the model
	scopes map[*ast.BlockStmt]*scope
	memo   map[resultKey]bool      // same-package functions: is result i surely non-nil / a wrapped *jsonrpc.Error?
	inits  map[*types.Var]ast.Expr // package variables' initialisers, read on first use
	pkg    *scope                  // the scope of those initialisers
}

type resultKey struct {
	fn    *types.Func
	index int
	q     question
}

type question int

const (
	qNonNil question = iota
	qWrapsJSONRPC
)

func newValues(pass *analysis.Pass, m *model.Model) *values {
	return &values{
		pass:   pass,
		info:   pass.TypesInfo,
		m:      m,
		flows:  m.Flows(),
		scopes: map[*ast.BlockStmt]*scope{},
		memo:   map[resultKey]bool{},
	}
}

func (v *values) scope(body *ast.BlockStmt) *scope {
	if s, ok := v.scopes[body]; ok {
		return s
	}
	flow := v.flows.Func(body)
	s := &scope{
		body:     body,
		flow:     flow,
		res:      flow.Resolver(),
		branches: flow.Branches(),
		returns:  flow.Returns(),
	}
	v.scopes[body] = s
	return s
}

// localVar returns the local variable e names, or nil.
func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	lv, _ := info.Uses[id].(*types.Var)
	if lv == nil || lv.IsField() || lv.Pkg() == nil || lv.Parent() == lv.Pkg().Scope() {
		return nil
	}
	return lv
}

// errNonNil reports whether the error e, returned by ret, is surely
// non-nil: it is the error of an enclosing "if err != nil" branch, not
// reassigned in it before ret, or every value it may hold is non-nil.
func (v *values) errNonNil(s *scope, ret *ast.ReturnStmt, e ast.Expr) bool {
	if lv := localVar(v.info, e); lv != nil && !s.addrOf(lv) {
		for _, b := range s.branches {
			if b.Err == lv && b.Body.Pos() <= ret.Pos() && ret.End() <= b.Body.End() && !assignedBetween(v.info, b.Body, lv, ret.Pos()) {
				return true
			}
		}
	}
	return v.nonNil(s, e, 0)
}

// assignedBetween reports whether lv is assigned in node before pos.
func assignedBetween(info *types.Info, node ast.Node, lv *types.Var, pos token.Pos) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= pos {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.ObjectOf(id) == lv {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// nonNil reports whether every value e may hold is a non-nil error or
// pointer.
func (v *values) nonNil(s *scope, e ast.Expr, depth int) bool {
	if s.res.MayHoldZero(e) {
		return false
	}
	origins := s.origins(v.info, e)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if !v.nonNilValue(s, o, depth) {
			return false
		}
	}
	return true
}

// nonNilValue reports whether o, an origin (no local variable at its top),
// is surely a non-nil value.
func (v *values) nonNilValue(s *scope, o ast.Expr, depth int) bool {
	t := v.info.TypeOf(o)
	if t == nil || errflow.IsNil(v.info, o) {
		return false
	}
	if _, isTuple := t.(*types.Tuple); isTuple {
		return false // v, err := f(): which result flows here is not known
	}
	switch o := o.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		return o.Op == token.AND
	case *ast.CallExpr:
		if v.nonNilCall(s, o, depth) {
			return true
		}
	case *ast.Ident, *ast.SelectorExpr:
		if pv := v.packageVar(o); pv != nil {
			return v.sentinel(pv, depth)
		}
	}
	// A value of a type that has no nil — a struct, a string — is never a
	// nil error once stored in one.
	return errflow.IsError(t) && !nilable(t)
}

// nilable reports whether a value of type t can be nil.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// nonNilCall reports whether a call surely returns a non-nil value.
func (v *values) nonNilCall(s *scope, call *ast.CallExpr, depth int) bool {
	if tv, ok := v.info.Types[call.Fun]; ok && tv.IsType() {
		return len(call.Args) == 1 && !nilable(tv.Type) // MyError("text")
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := v.info.Uses[id].(*types.Builtin); ok {
			return b.Name() == "new"
		}
	}
	fn := model.Callee(v.info, call)
	switch {
	case fn == nil:
		return false
	case model.IsFunc(fn, "errors", "New"), model.IsFunc(fn, "fmt", "Errorf"):
		return true
	case model.IsFunc(fn, "errors", "Join"):
		for _, arg := range call.Args {
			if v.nonNil(s, arg, depth) {
				return true
			}
		}
		return false
	case fn.Pkg() != nil && fn.Pkg().Path() == model.RuntimePath:
		// New, the factories, Fail and FromHTTPResponse always build an error.
		return model.IsRuntimeError(resultType(fn))
	case fn.Pkg() != nil && fn.Pkg().Path() == model.MCPGoPath && strings.HasPrefix(fn.Name(), "NewToolResult"):
		// mcp-go's result constructors return a new result.
		return model.IsPointerTo(resultType(fn), model.MCPGoPath, "CallToolResult")
	}
	return v.funcResult(fn, 0, qNonNil, depth)
}

// resultType returns the type of fn's single result, or nil.
func resultType(fn *types.Func) types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// funcResult answers q for result i of a function declared in this
// package: it holds when every return of the function gives such a value.
// Recursion and functions without a body here answer false.
func (v *values) funcResult(fn *types.Func, i int, q question, depth int) bool {
	decl := v.m.Funcs[fn]
	if decl == nil || decl.Body == nil || depth >= maxDepth {
		return false
	}
	key := resultKey{fn, i, q}
	if answer, ok := v.memo[key]; ok {
		return answer
	}
	v.memo[key] = false // a recursive call answers false
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	s := v.scope(decl.Body)
	n := sig.Results().Len()
	rets := s.returns
	answer := len(rets) > 0 && i < n && !namedResultsDeferred(sig, decl.Body)
	for _, ret := range rets {
		if !answer {
			break
		}
		e := errflow.Result(ret, i, n)
		switch {
		case e == nil:
			answer = false // a bare return
		case len(ret.Results) != n:
			// return g(): g's result i.
			call, ok := ast.Unparen(e).(*ast.CallExpr)
			if !ok {
				answer = false
				break
			}
			callee := model.Callee(v.info, call)
			answer = callee != nil && v.funcResult(callee, i, q, depth+1)
		case q == qNonNil:
			answer = v.errNonNil(s, ret, e) || v.nonNil(s, e, depth+1)
		case q == qWrapsJSONRPC:
			answer = v.wrapsJSONRPC(s, e, depth+1)
		}
	}
	v.memo[key] = answer
	return answer
}

// namedResultsDeferred reports whether a function with named results
// defers a call: the deferred function may change what is returned.
func namedResultsDeferred(sig *types.Signature, body *ast.BlockStmt) bool {
	if sig.Results().Len() == 0 || sig.Results().At(0).Name() == "" {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// packageVar returns the package-level variable e names, or nil.
func (v *values) packageVar(e ast.Expr) *types.Var {
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		if _, isField := v.info.Selections[e]; isField {
			return nil
		}
		id = e.Sel
	}
	pv, _ := v.info.Uses[id].(*types.Var)
	if pv == nil || pv.Pkg() == nil || pv.Parent() != pv.Pkg().Scope() {
		return nil
	}
	return pv
}

// sentinel reports whether a package-level error variable is surely
// non-nil: declared in this package with a non-nil initialiser, or, in
// another package, named ErrX — the convention (and staticcheck's ST1012)
// for sentinel errors, which are never nil.
func (v *values) sentinel(pv *types.Var, depth int) bool {
	if !errflow.IsError(pv.Type()) {
		return false
	}
	if pv.Pkg() != v.pass.Pkg {
		return strings.HasPrefix(pv.Name(), "Err") && pv.Exported()
	}
	init := v.packageInit(pv)
	if init == nil || depth >= maxDepth {
		return false
	}
	return v.nonNilValue(v.packageScope(), ast.Unparen(init), depth+1)
}

// packageScope is the scope of package-level initialisers: no locals.
func (v *values) packageScope() *scope {
	if v.pkg == nil {
		v.pkg = v.scope(&ast.BlockStmt{})
	}
	return v.pkg
}

// packageInit returns the initialiser of a package-level variable of this
// package, or nil.
func (v *values) packageInit(pv *types.Var) ast.Expr {
	if v.inits == nil {
		v.inits = map[*types.Var]ast.Expr{}
		for _, f := range v.pass.Files {
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.VAR {
					continue
				}
				for _, spec := range gd.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok || len(vs.Values) != len(vs.Names) {
						continue
					}
					for i, name := range vs.Names {
						if obj, ok := v.info.Defs[name].(*types.Var); ok {
							v.inits[obj] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	return v.inits[pv]
}

// isNil reports whether e, returned as a result of type slot, is surely
// nil: the literal nil, or a local variable of that very type that only
// ever holds nil. (A nil *T returned as an error is not a nil error.)
func (v *values) isNil(s *scope, e ast.Expr, slot types.Type) bool {
	if errflow.IsNil(v.info, e) {
		return true
	}
	lv := localVar(v.info, e)
	if lv == nil || s.addrOf(lv) || !types.Identical(lv.Type(), slot) {
		return false
	}
	for _, o := range s.origins(v.info, e) {
		if !errflow.IsNil(v.info, o) {
			return false
		}
	}
	return true
}

// carries reports whether a returned result surely holds something: it is
// surely non-nil and not written in the return itself as a literal with
// nothing in it but IsError (&mcp.CallToolResult{} returned with an error
// loses nothing).
func (v *values) carries(s *scope, e ast.Expr) bool {
	if lit := model.CompositeLit(e); lit != nil && onlyIsError(lit) {
		return false
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if b, ok := v.info.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
				return false
			}
		}
	}
	return v.nonNil(s, e, 0)
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

// filled reports whether every value e may hold is a composite literal
// with at least one element: output a handler surely meant to send.
func (v *values) filled(s *scope, e ast.Expr) bool {
	if s.res.MayHoldZero(e) {
		return false
	}
	origins := s.origins(v.info, e)
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

// zero reports whether e, written in a return, is surely the zero value of
// its type: nil, T{}, &T{}, or a zero constant.
func (v *values) zero(e ast.Expr) bool {
	e = ast.Unparen(e)
	if errflow.IsNil(v.info, e) {
		return true
	}
	if lit := model.CompositeLit(e); lit != nil {
		return len(lit.Elts) == 0
	}
	tv, ok := v.info.Types[e]
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
