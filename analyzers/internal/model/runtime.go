package model

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// factories are the runtime's error factories. Each is named like the code
// it builds (mcperr.NotFound builds CodeNotFound); ParseError,
// MethodNotFound, InitializationFailed and UnknownError have none and are
// built with New.
var factories = map[string]mcperr.Code{
	"InvalidParams":      mcperr.CodeInvalidParams,
	"InvalidRequest":     mcperr.CodeInvalidRequest,
	"NotFound":           mcperr.CodeNotFound,
	"Forbidden":          mcperr.CodeForbidden,
	"Unauthorized":       mcperr.CodeUnauthorized,
	"ValidationError":    mcperr.CodeValidationError,
	"Conflict":           mcperr.CodeConflict,
	"RateLimited":        mcperr.CodeRateLimited,
	"Timeout":            mcperr.CodeTimeout,
	"ServiceUnavailable": mcperr.CodeServiceUnavailable,
	"ConfigurationError": mcperr.CodeConfigurationError,
	"InternalError":      mcperr.CodeInternalError,
	"SerializationError": mcperr.CodeSerializationError,
	"DatabaseError":      mcperr.CodeDatabaseError,
}

// FactoryCode returns the code built by fn when fn is one of the runtime's
// error factories.
func FactoryCode(fn *types.Func) (mcperr.Code, bool) {
	if fn == nil {
		return 0, false
	}
	code, ok := factories[fn.Name()]
	return code, ok && IsRuntimeFunc(fn, fn.Name())
}

// FactoryOf returns the name of the factory that builds code, or "" when
// the code has none.
func FactoryOf(code mcperr.Code) string {
	if _, ok := factories[code.String()]; ok {
		return code.String()
	}
	return ""
}

// LookupAt returns the object that name denotes at pos in pkg, or nil.
func LookupAt(pkg *types.Package, name string, pos token.Pos) types.Object {
	scope := pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil
	}
	_, obj := scope.LookupParent(name, pos)
	return obj
}

// RuntimeQualifier returns how the file of call spells one of the
// runtime's names, judging by how the call itself names its function (see
// Qualifier).
func RuntimeQualifier(info *types.Info, pkg *types.Package, call *ast.CallExpr, name string) (string, bool) {
	return Qualifier(info, pkg, call.Fun, call.Pos(), RuntimePath, name)
}

// Qualifier returns how code written at pos spells name of the package at
// path, judging by how ref — an expression of the same file that names
// something of that package, such as a call's function or a type in a
// signature — spells it: with the local name of the import ("mcperr.",
// "gomcp."), or with nothing under a dot import. It reports false when
// name, so spelled, would not denote the package's name at pos (the import
// shadowed by a local, say), so that a suggested fix is only offered when
// the text it writes is right.
func Qualifier(info *types.Info, pkg *types.Package, ref ast.Expr, pos token.Pos, path, name string) (string, bool) {
	switch ref := ast.Unparen(ref).(type) {
	case *ast.StarExpr:
		return Qualifier(info, pkg, ref.X, pos, path, name)
	case *ast.IndexExpr: // an instantiation: the generic's name
		return Qualifier(info, pkg, ref.X, pos, path, name)
	case *ast.IndexListExpr:
		return Qualifier(info, pkg, ref.X, pos, path, name)
	case *ast.SelectorExpr:
		if x, ok := ref.X.(*ast.Ident); ok {
			if pn, ok := info.Uses[x].(*types.PkgName); ok && pn.Imported().Path() == path && LookupAt(pkg, x.Name, pos) == pn {
				return x.Name + ".", true
			}
		}
	case *ast.Ident:
		if obj := LookupAt(pkg, name, pos); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == path {
			return "", true
		}
	}
	return "", false
}
