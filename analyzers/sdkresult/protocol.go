package sdkresult

// Whether an error is a protocol error is a question about the SDK: the
// go-sdk passes a *jsonrpc.Error through with its own code (the raw path
// even when it is wrapped; the typed path only when it is not), mcp-go an
// URLElicitationRequiredError. The rules ask it both ways: "may this error
// be one?" (then it is not flagged as an accidental protocol error) and "is
// it surely a wrapped one?" (then the typed path downgrades it).

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// An sdk is the SDK a handler is written against; it decides which errors
// are deliberate protocol errors.
type sdk int

const (
	goSDK sdk = iota
	mcpGo
)

// mayBeProtocol reports whether the error e may be, or wrap, an error its
// SDK deliberately sends as a JSON-RPC error with its own code: a go-sdk
// *jsonrpc.Error (wrapped, its code is kept: verified on v1.8.0), or an
// mcp-go URLElicitationRequiredError. It answers true whenever it cannot
// tell: an error from a go-sdk call, or from calling a handler-shaped
// function value — a wrapper propagating the inner handler's error.
func (v *values) mayBeProtocol(s *scope, e ast.Expr, which sdk, depth int) bool {
	if v.protocolType(v.info.TypeOf(e), which) {
		return true
	}
	for _, o := range s.origins(v.info, e) {
		if v.protocolOrigin(s, o, which, depth) {
			return true
		}
	}
	return false
}

func (v *values) protocolType(t types.Type, which sdk) bool {
	if t == nil {
		return false
	}
	if which == goSDK {
		return model.IsJSONRPCError(t)
	}
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	return model.IsNamed(t, model.MCPGoPath, "URLElicitationRequiredError")
}

func (v *values) protocolOrigin(s *scope, o ast.Expr, which sdk, depth int) bool {
	if v.protocolType(v.info.TypeOf(o), which) {
		return true
	}
	if depth >= maxDepth {
		return true
	}
	switch o := o.(type) {
	case *ast.CallExpr:
		return v.protocolCall(s, o, which, depth)
	case *ast.Ident, *ast.SelectorExpr:
		if pv := v.packageVar(o); pv != nil {
			if pv.Pkg() != v.pass.Pkg {
				return which == goSDK && inGoSDK(pv.Pkg())
			}
			init := v.packageInit(pv)
			return init != nil && v.protocolOrigin(v.packageScope(), ast.Unparen(init), which, depth+1)
		}
	}
	return false
}

// protocolCall reports whether a call may return a protocol error, or an
// error that is fine as one: it wraps one of its arguments that may be
// one, it is a go-sdk call, it calls a handler-shaped function value, it
// is the context's error, or it is a same-package function that may return
// one.
func (v *values) protocolCall(s *scope, call *ast.CallExpr, which sdk, depth int) bool {
	args := call.Args
	fn := model.Callee(v.info, call)
	if model.IsFunc(fn, "fmt", "Errorf") {
		if wrapped, ok := wrappedArgs(v.info, call); ok {
			args = wrapped
		}
	}
	for _, arg := range args {
		if errflow.IsError(v.info.TypeOf(arg)) && v.mayBeProtocol(s, arg, which, depth+1) {
			return true
		}
		// An option carrying a cause: mcperr.WithCause(err).
		if inner, ok := ast.Unparen(arg).(*ast.CallExpr); ok && v.protocolCall(s, inner, which, depth+1) {
			return true
		}
	}
	if fn == nil {
		if tv, ok := v.info.Types[call.Fun]; ok && tv.IsType() {
			return false // a conversion: its argument was checked above
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if _, ok := v.info.Uses[id].(*types.Builtin); ok {
				return false
			}
		}
		// A call of a function value: an inner handler's error passes
		// through a wrapper untouched, and is judged where it is made.
		t := v.info.TypeOf(call.Fun)
		if t == nil {
			return true
		}
		sig, ok := t.Underlying().(*types.Signature)
		return !ok || handlerShaped(sig)
	}
	if which == goSDK && inGoSDK(fn.Pkg()) {
		return true
	}
	if model.IsMethod(fn, "context", "Context", "Err") || model.IsFunc(fn, "context", "Cause") {
		// A cancelled call: its answer is not read, whatever its shape.
		return true
	}
	decl := v.m.Funcs[fn]
	sig, ok := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || !ok || sig.Results().Len() == 0 {
		return false
	}
	n := sig.Results().Len()
	cs := v.scope(decl.Body)
	for _, ret := range cs.returns {
		e := errflow.Result(ret, n-1, n)
		if e != nil && v.mayBeProtocol(cs, e, which, depth+1) {
			return true
		}
	}
	return false
}

// handlerShaped reports whether sig returns a tool result with its error,
// as handlers, and the functions wrappers call them through, do.
func handlerShaped(sig *types.Signature) bool {
	res := sig.Results()
	for i := range res.Len() {
		t := res.At(i).Type()
		if model.IsPointerTo(t, model.GoSDKPath, "CallToolResult") || model.IsPointerTo(t, model.MCPGoPath, "CallToolResult") {
			return true
		}
	}
	return false
}

func inGoSDK(pkg *types.Package) bool {
	return pkg != nil && strings.HasPrefix(pkg.Path(), "github.com/modelcontextprotocol/go-sdk/")
}

// wrapsJSONRPC reports whether every value the error e may hold wraps a
// *jsonrpc.Error without being one: fmt.Errorf with %w of one,
// errors.Join of one, or a same-package function returning such.
func (v *values) wrapsJSONRPC(s *scope, e ast.Expr, depth int) bool {
	if model.IsJSONRPCError(v.info.TypeOf(e)) || s.res.MayHoldZero(e) {
		return false
	}
	origins := s.origins(v.info, e)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		call, ok := o.(*ast.CallExpr)
		if !ok || !v.wrapCall(s, call, depth) {
			return false
		}
	}
	return true
}

func (v *values) wrapCall(s *scope, call *ast.CallExpr, depth int) bool {
	fn := model.Callee(v.info, call)
	var args []ast.Expr
	switch {
	case fn == nil:
		return false
	case model.IsFunc(fn, "fmt", "Errorf"):
		wrapped, ok := wrappedArgs(v.info, call)
		if !ok {
			return false
		}
		args = wrapped
	case model.IsFunc(fn, "errors", "Join"):
		args = call.Args
	default:
		return v.funcResult(fn, 0, qWrapsJSONRPC, depth)
	}
	for _, arg := range args {
		if v.isJSONRPC(s, arg) {
			return true
		}
	}
	return false
}

// isJSONRPC reports whether e is surely a *jsonrpc.Error: by its static
// type, or because every value it may hold has that type.
func (v *values) isJSONRPC(s *scope, e ast.Expr) bool {
	if model.IsJSONRPCError(v.info.TypeOf(e)) {
		return true
	}
	if s.res.MayHoldZero(e) {
		return false
	}
	origins := s.origins(v.info, e)
	for _, o := range origins {
		if !model.IsJSONRPCError(v.info.TypeOf(o)) {
			return false
		}
	}
	return len(origins) > 0
}

// wrappedArgs returns the arguments of a fmt.Errorf call that its constant
// format wraps with %w, and false when the format is not constant or uses
// explicit argument indexes.
func wrappedArgs(info *types.Info, call *ast.CallExpr) ([]ast.Expr, bool) {
	if len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return nil, false
	}
	tv, ok := info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, false
	}
	format := constant.StringVal(tv.Value)
	var wrapped []ast.Expr
	arg := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		// Flags, width and precision; a '*' takes an argument.
		for ; i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0; i++ {
			switch format[i] {
			case '*':
				arg++
			case '[':
				return nil, false
			}
		}
		if i >= len(format) {
			break
		}
		switch format[i] {
		case '%':
			continue
		case 'w':
			if arg < len(call.Args) {
				wrapped = append(wrapped, call.Args[arg])
			}
		}
		arg++
	}
	return wrapped, true
}
