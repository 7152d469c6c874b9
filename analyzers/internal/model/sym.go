package model

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Import paths of the packages whose code the model understands. SDK
// symbols are always identified by their full package path, so aliased,
// renamed and dot imports are all recognised.
const (
	RuntimePath   = "github.com/mcperrlint/mcperrlint/runtime/mcperr"
	GoSDKPath     = "github.com/modelcontextprotocol/go-sdk/mcp"
	GoSDKJSONRPC  = "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	goSDKJSONRPC2 = "github.com/modelcontextprotocol/go-sdk/internal/jsonrpc2"
	MCPGoPath     = "github.com/mark3labs/mcp-go/mcp"
	MCPGoServer   = "github.com/mark3labs/mcp-go/server"
)

// IsNamed reports whether t, after unaliasing, is the named type pkg.name or
// an instance of it.
func IsNamed(t types.Type, pkg, name string) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Origin().Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

// IsPointerTo reports whether t is *pkg.name (or a pointer to an instance).
func IsPointerTo(t types.Type, pkg, name string) bool {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsNamed(ptr.Elem(), pkg, name)
}

// IsJSONRPCError reports whether t is the go-sdk's *jsonrpc.Error, an alias
// of the internal *jsonrpc2.WireError: the one error type the go-sdk sends
// as a JSON-RPC error with its own code.
func IsJSONRPCError(t types.Type) bool { return IsPointerTo(t, goSDKJSONRPC2, "WireError") }

// IsErrorType reports whether t is the predeclared error interface.
func IsErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamed(t, "context", "Context") }

// IsRuntimeError reports whether t is *mcperr.Error.
func IsRuntimeError(t types.Type) bool { return IsPointerTo(t, RuntimePath, "Error") }

// Callee returns the function or method a call statically calls, with
// generic instantiations resolved to their origin, or nil for calls of
// function values, builtins and conversions.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}

// IsFunc reports whether fn is the package-level function pkg.name.
func IsFunc(fn *types.Func, pkg, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != pkg {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}

// IsMethod reports whether fn is the method name of pkg.recv (value or
// pointer receiver).
func IsMethod(fn *types.Func, pkg, recv, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	t := sig.Recv().Type()
	t = Deref(t)
	return IsNamed(t, pkg, recv)
}

// IsRuntimeFunc reports whether fn is one of the named functions of the
// mcperr runtime.
func IsRuntimeFunc(fn *types.Func, names ...string) bool {
	for _, name := range names {
		if IsFunc(fn, RuntimePath, name) {
			return true
		}
	}
	return false
}

// FuncOf returns the function an expression denotes when it names one: a
// function, a method value or method expression, an instantiation, possibly
// parenthesised. Generic functions are returned as their origin.
func FuncOf(info *types.Info, expr ast.Expr) *types.Func {
	expr = ast.Unparen(expr)
	switch e := expr.(type) {
	case *ast.IndexExpr:
		expr = e.X
	case *ast.IndexListExpr:
		expr = e.X
	}
	var obj types.Object
	switch e := ast.Unparen(expr).(type) {
	case *ast.Ident:
		obj = info.Uses[e]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			obj = sel.Obj()
		} else {
			obj = info.Uses[e.Sel]
		}
	}
	if fn, ok := obj.(*types.Func); ok {
		return fn.Origin()
	}
	return nil
}

// FuncName names a function as a stack trace does: pkg.F, pkg.T.M or
// pkg.(*T).M.
func FuncName(fn *types.Func) string {
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		star := ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			recv := named.Obj().Name()
			if star != "" {
				recv = "(*" + recv + ")"
			}
			name = recv + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// CompositeLit returns the composite literal expr is, or takes the address
// of (&T{...}), looking through parentheses; nil when it is neither.
func CompositeLit(expr ast.Expr) *ast.CompositeLit {
	expr = ast.Unparen(expr)
	if u, ok := expr.(*ast.UnaryExpr); ok && u.Op == token.AND {
		expr = ast.Unparen(u.X)
	}
	lit, _ := expr.(*ast.CompositeLit)
	return lit
}

// TypeName names a type as FuncName names a function: pkg.T.
func TypeName(tn *types.TypeName) string {
	if tn.Pkg() != nil {
		return tn.Pkg().Name() + "." + tn.Name()
	}
	return tn.Name()
}

// Deref returns the element type of t when t is a pointer (through an
// alias), and t otherwise: the named type a method's receiver or a
// literal's address names.
func Deref(t types.Type) types.Type {
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		return ptr.Elem()
	}
	return t
}

// SourceOrder compares two positions of fset by file name, then offset:
// the order of the source, which token.Pos is not across files (a loader
// may add the files to the file set in any order, in parallel), so that
// what is chosen or listed by position does not depend on it.
func SourceOrder(fset *token.FileSet, a, b token.Pos) int {
	pa, pb := fset.Position(a), fset.Position(b)
	return cmp.Or(strings.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
}

// FileOf returns the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// IsSDKPath reports whether path is a package of one of the MCP SDKs.
func IsSDKPath(path string) bool {
	return strings.HasPrefix(path, "github.com/modelcontextprotocol/go-sdk/") || strings.HasPrefix(path, "github.com/mark3labs/mcp-go/")
}
