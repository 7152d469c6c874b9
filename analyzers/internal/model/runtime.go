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
// runtime's names, judging by how the call itself names its function: with
// the local name of the import ("mcperr.", "me."), or with nothing under a
// dot import. It reports false when name, so spelled, would not denote the
// runtime's name at the call (a dot import shadowed by a local, say), so
// that a suggested fix is only offered when the text it writes is right.
func RuntimeQualifier(info *types.Info, pkg *types.Package, call *ast.CallExpr, name string) (string, bool) {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if x, ok := fun.X.(*ast.Ident); ok {
			if pn, ok := info.Uses[x].(*types.PkgName); ok && pn.Imported().Path() == RuntimePath {
				return x.Name + ".", true
			}
		}
	case *ast.Ident:
		if obj := LookupAt(pkg, name, call.Pos()); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == RuntimePath {
			return "", true
		}
	}
	return "", false
}
