package errflow

// Interface fields filled from a constructor's parameter. A handler that
// calls its service through a field (h.svc.LaunchJob(ctx, args)), where
// the only value the package ever stores in the field is a parameter of
// one of its functions (NewHandler(svc Service) *Handler { return
// &Handler{svc: svc} }), calls whatever that function's callers hand it:
// the field's method is that parameter's method, and the package that
// calls the constructor with a concrete service decides what its error
// holds, as it does for a service handed to RegisterAll(s, svc)
// directly (see shown.go).

import (
	"go/ast"
	"go/types"
)

// fieldParam returns the parameter every value the package stores in the
// interface-typed field comes from, or nil: a field written anywhere
// with anything else (a literal, a call, two parameters) is the package's
// own to fill.
func (s *solver) fieldParam(field *types.Var) *types.Var {
	if s.fieldParams == nil {
		s.fieldParams = s.scanFieldParams()
	}
	return s.fieldParams[field]
}

// scanFieldParams maps each interface field of the package's own struct
// types to the parameter all its writes store, nil for a field written
// otherwise.
func (s *solver) scanFieldParams() map[*types.Var]*types.Var {
	out := map[*types.Var]*types.Var{}
	for field, writes := range fieldWrites(s.info, s.x.roots) {
		if field.Pkg() != s.pass.Pkg || !types.IsInterface(field.Type()) {
			continue
		}
		var p *types.Var
		for i, w := range writes {
			var v *types.Var
			if id, ok := ast.Unparen(w.e).(*ast.Ident); ok {
				v, _ = s.info.Uses[id].(*types.Var)
			}
			if v == nil || v.Kind() != types.ParamVar || i > 0 && v != p {
				p = nil
				break
			}
			p = v
		}
		if p != nil {
			out[field] = p
		}
	}
	return out
}
