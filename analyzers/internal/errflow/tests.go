package errflow

// The one list, in mcperrlint, of the calls that test which error a value
// is, and the predicates about SDK and runtime values every rule shares.
// A branch chosen by such a test translates a known condition rather than
// re-throwing an unknown failure, and an error a function tests may be
// translated on its way to the client.

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// errorTests are the functions whose first argument is the error they
// test for a particular condition.
var errorTests = []struct{ pkg, name string }{
	{"errors", "Is"},
	{"errors", "As"},
	{"os", "IsNotExist"},
	{"os", "IsExist"},
	{"os", "IsPermission"},
	{"os", "IsTimeout"},
	{model.RuntimePath, "CodeOf"},
	{model.RuntimePath, "Classify"},
}

// TestedError returns the error expression a call tests for a particular
// condition — errors.Is(err, x), errors.As(err, &t), os.IsNotExist(err)
// and its siblings, mcperr.CodeOf(err) and Classify(err), err.Code() and
// err.Reason() of an *mcperr.Error — or nil.
func TestedError(info *types.Info, call *ast.CallExpr) ast.Expr {
	return testedBy(call, model.Callee(info, call))
}

// testedBy is TestedError, given the call's callee (model.Callee).
func testedBy(call *ast.CallExpr, fn *types.Func) ast.Expr {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	if model.IsMethod(fn, model.RuntimePath, "Error", "Code") || model.IsMethod(fn, model.RuntimePath, "Error", "Reason") {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	if len(call.Args) == 0 {
		return nil
	}
	for _, t := range errorTests {
		if model.IsFunc(fn, t.pkg, t.name) {
			return call.Args[0]
		}
	}
	return nil
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

// IsErrorOrRuntimeError reports whether t is error or *mcperr.Error, the
// types functions return errors as.
func IsErrorOrRuntimeError(t types.Type) bool {
	return t != nil && (model.IsErrorType(t) || model.IsRuntimeError(t))
}

// IsCallToolResult reports whether t is a CallToolResult (or a pointer to
// one) of either SDK.
func IsCallToolResult(t types.Type) bool {
	if t == nil {
		return false
	}
	t = model.Deref(t)
	return model.IsNamed(t, model.GoSDKPath, "CallToolResult") || model.IsNamed(t, model.MCPGoPath, "CallToolResult")
}

// IsTextContent reports whether t is a TextContent (or a pointer to one)
// of either SDK.
func IsTextContent(t types.Type) bool {
	if t == nil {
		return false
	}
	t = model.Deref(t)
	return model.IsNamed(t, model.GoSDKPath, "TextContent") || model.IsNamed(t, model.MCPGoPath, "TextContent")
}

// IsSetError reports whether fn is the go-sdk's (*CallToolResult).SetError.
func IsSetError(fn *types.Func) bool {
	return model.IsMethod(fn, model.GoSDKPath, "CallToolResult", "SetError")
}

// MCPGoErrorResults are mcp-go's constructors of error results.
var MCPGoErrorResults = map[string]bool{
	"NewToolResultError":        true,
	"NewToolResultErrorf":       true,
	"NewToolResultErrorFromErr": true,
}

// MCPGoSuccessResults are mcp-go's constructors of success results.
var MCPGoSuccessResults = map[string]bool{
	"NewToolResultText":           true,
	"NewToolResultJSON":           true,
	"NewToolResultStructured":     true,
	"NewToolResultStructuredOnly": true,
	"NewToolResultImage":          true,
	"NewToolResultAudio":          true,
	"NewToolResultResource":       true,
}

// IsMCPGoFunc reports whether fn is one of the named functions of mcp-go's
// mcp package.
func IsMCPGoFunc(fn *types.Func, names map[string]bool) bool {
	return fn != nil && names[fn.Name()] && model.IsFunc(fn, model.MCPGoPath, fn.Name())
}

// IsContextError reports whether a call is the context's own error:
// ctx.Err() or context.Cause(ctx).
func IsContextError(info *types.Info, call *ast.CallExpr) bool {
	fn := model.Callee(info, call)
	if model.IsFunc(fn, "context", "Cause") {
		return true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && fn != nil && fn.Name() == "Err" && len(call.Args) == 0 && model.IsContext(info.TypeOf(sel.X))
}

// BoolConst returns the value of a boolean constant expression.
func BoolConst(info *types.Info, expr ast.Expr) (value, ok bool) {
	tv, found := info.Types[expr]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// StringConst returns the value of a string constant expression.
func StringConst(info *types.Info, expr ast.Expr) (string, bool) {
	if expr == nil {
		return "", false
	}
	tv, found := info.Types[expr]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// IntConst returns the value of an integer constant expression.
func IntConst(info *types.Info, expr ast.Expr) (int64, bool) {
	if expr == nil {
		return 0, false
	}
	tv, ok := info.Types[expr]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// IsBasic reports whether t is a basic type such as string or int: a
// value of it can hold an error's text, never the error.
func IsBasic(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// IsString reports whether t is a string type.
func IsString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// IsText reports whether t is a string or a byte slice, the types that
// can hold raw text.
func IsText(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// LitField returns the value of the named field of a struct literal, or
// nil.
func LitField(lit *ast.CompositeLit, name string) ast.Expr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// isBuiltin reports whether call calls the builtin name.
func isBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}
