package handlerbody

// What a handler's return values say to the client. The answers err
// towards "unknown": a value built by a helper, read from a field or a
// parameter is never surely an error result, nor surely an empty success,
// and the rules that need certainty stay silent about it.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A shape is what a *CallToolResult value is known to be.
type shape int

const (
	unknownShape shape = iota
	nilShape           // nil
	successShape       // a result without IsError
	errorShape         // an error result: IsError set, or built by an SDK's error constructor
)

// isCallToolResult reports whether t is a CallToolResult (or a pointer to
// one) of either SDK.
func isCallToolResult(t types.Type) bool {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	return model.IsNamed(t, model.GoSDKPath, "CallToolResult") || model.IsNamed(t, model.MCPGoPath, "CallToolResult")
}

// isTextContent reports whether t is a TextContent (or a pointer to one)
// of either SDK.
func isTextContent(t types.Type) bool {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	return model.IsNamed(t, model.GoSDKPath, "TextContent") || model.IsNamed(t, model.MCPGoPath, "TextContent")
}

// mcp-go's constructors of error results and the argument that holds their
// text (or format).
var mcpgoErrorResults = map[string]bool{
	"NewToolResultError":        true,
	"NewToolResultErrorf":       true,
	"NewToolResultErrorFromErr": true,
}

// mcp-go's constructors of success results.
var mcpgoSuccessResults = map[string]bool{
	"NewToolResultText":           true,
	"NewToolResultJSON":           true,
	"NewToolResultStructured":     true,
	"NewToolResultStructuredOnly": true,
	"NewToolResultImage":          true,
	"NewToolResultAudio":          true,
	"NewToolResultResource":       true,
}

// isMCPGoFunc reports whether fn is one of the named functions of mcp-go's
// mcp package.
func isMCPGoFunc(fn *types.Func, names map[string]bool) bool {
	return fn != nil && names[fn.Name()] && model.IsFunc(fn, model.MCPGoPath, fn.Name())
}

// isSetError reports whether fn is the go-sdk's (*CallToolResult).SetError.
func isSetError(fn *types.Func) bool {
	return model.IsMethod(fn, model.GoSDKPath, "CallToolResult", "SetError")
}

// litField returns the value of the named field of a struct literal, or nil.
func litField(lit *ast.CompositeLit, name string) ast.Expr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// boolConst returns the value of a boolean constant expression.
func boolConst(info *types.Info, expr ast.Expr) (value, ok bool) {
	tv, found := info.Types[expr]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// stringConst returns the value of a string constant expression.
func stringConst(info *types.Info, expr ast.Expr) (string, bool) {
	tv, found := info.Types[expr]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// litIsError says whether a CallToolResult literal is an error result: its
// IsError field is absent or constant.
func litIsError(info *types.Info, lit *ast.CompositeLit) shape {
	v := litField(lit, "IsError")
	if v == nil {
		return successShape
	}
	isError, ok := boolConst(info, v)
	switch {
	case !ok:
		return unknownShape
	case isError:
		return errorShape
	}
	return successShape
}

// resultShape says what a returned *CallToolResult expression is. A local
// variable on which SetError is called, or whose IsError is assigned, is an
// error result whatever it was built as.
func (h *handler) resultShape(expr ast.Expr) shape {
	info := h.c.info
	if errflow.IsNil(info, expr) {
		return nilShape
	}
	if v := h.localVar(expr); v != nil && h.errorMarked()[v] {
		return errorShape
	}
	origins := h.resolver.Origins(expr)
	if len(origins) == 0 {
		return nilShape // a local declared without a value, never assigned
	}
	known := nilShape
	for _, o := range origins {
		switch s := h.originShape(o); s {
		case errorShape:
			return errorShape
		case unknownShape:
			known = unknownShape
		case successShape:
			if known == nilShape {
				known = successShape
			}
		}
	}
	return known
}

// originShape says what one origin of a result is.
func (h *handler) originShape(o ast.Expr) shape {
	info := h.c.info
	if errflow.IsNil(info, o) {
		return nilShape
	}
	if lit := model.CompositeLit(o); lit != nil && isCallToolResult(info.TypeOf(lit)) {
		return litIsError(info, lit)
	}
	if call, ok := ast.Unparen(o).(*ast.CallExpr); ok {
		fn := model.Callee(info, call)
		switch {
		case isMCPGoFunc(fn, mcpgoErrorResults):
			return errorShape
		case isMCPGoFunc(fn, mcpgoSuccessResults):
			return successShape
		}
	}
	return unknownShape
}

// emptyText matches the text of a result that claims there is nothing to
// show: "", "[]", "null", "No results found", "no dashboards found.".
var emptyText = regexp.MustCompile(`(?i)^\s*(|\[\]|\{\}|null|none|nothing( found)?|no (results?|matches|data|items|entries|records)|(no|0|zero)(\s+[\w-]+){0,3}\s+(found|returned|available|matched))[.!]?\s*$`)

// emptySuccess reports whether a returned value is surely an empty success:
// nil, a zero or empty composite literal (fields set only to nil or to
// empty literals; a constant such as OK: false states a fact and is not
// empty), a local variable that holds only such values and is used only to
// be returned, an SDK result with no content or only a text that claims
// there is nothing, or mcp-go's constructor of one.
func (h *handler) emptySuccess(expr ast.Expr) bool {
	return h.empty(expr, 0)
}

// maxEmptyDepth bounds how deep emptiness is followed through literals and
// variables.
const maxEmptyDepth = 6

func (h *handler) empty(expr ast.Expr, depth int) bool {
	if depth > maxEmptyDepth {
		return false
	}
	info := h.c.info
	expr = ast.Unparen(expr)
	if errflow.IsNil(info, expr) {
		return true
	}
	if lit := model.CompositeLit(expr); lit != nil {
		t := info.TypeOf(lit)
		switch {
		case isCallToolResult(t):
			if litIsError(info, lit) != successShape {
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
				if !h.empty(kv.Value, depth+1) {
					return false
				}
			}
			return true
		case isTextContent(t):
			text := litField(lit, "Text")
			if text == nil {
				return true
			}
			s, ok := stringConst(info, text)
			return ok && emptyText.MatchString(s)
		}
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if !h.empty(elt, depth+1) {
				return false
			}
		}
		return true
	}
	switch e := expr.(type) {
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		if fn == nil || !model.IsFunc(fn, model.MCPGoPath, fn.Name()) {
			return false
		}
		switch fn.Name() {
		case "NewToolResultText", "NewTextContent":
			s, ok := "", len(e.Args) == 1
			if ok {
				s, ok = stringConst(info, e.Args[0])
			}
			return ok && emptyText.MatchString(s)
		case "NewToolResultStructuredOnly":
			return len(e.Args) == 1 && h.empty(e.Args[0], depth+1)
		case "NewToolResultStructured":
			if len(e.Args) != 2 || !h.empty(e.Args[0], depth+1) {
				return false
			}
			s, ok := stringConst(info, e.Args[1])
			return ok && emptyText.MatchString(s)
		}
	case *ast.Ident:
		v := h.localVar(e)
		if v == nil || !h.onlyReturned(v) {
			return false
		}
		for _, o := range h.resolver.Origins(e) {
			if o == ast.Expr(e) || !h.empty(o, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// isBasic reports whether t is a basic type such as string or int: a value
// of it can hold an error's text, never the error.
func isBasic(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Basic)
	return ok
}

// qualifier returns how the file of call spells the runtime's names, judging
// by how the call names its function ("mcperr.", an alias, or "" under a dot
// import), and false when that cannot be relied on for a fix.
func (c *checker) qualifier(call *ast.CallExpr) (string, bool) {
	fn := model.Callee(c.info, call)
	if fn == nil {
		return "", false
	}
	return model.RuntimeQualifier(c.info, c.pass.Pkg, call, fn.Name())
}

// resolvesTo reports whether name, written at pos, denotes obj.
func (c *checker) resolvesTo(name string, pos token.Pos, obj types.Object) bool {
	return model.LookupAt(c.pass.Pkg, name, pos) == obj
}
