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
	note := func(field *types.Var, value ast.Expr) {
		if field == nil || !field.IsField() || field.Pkg() != s.pass.Pkg || !types.IsInterface(field.Type()) {
			return
		}
		var p *types.Var
		if id, ok := ast.Unparen(value).(*ast.Ident); ok {
			if v, ok := s.info.Uses[id].(*types.Var); ok && v.Kind() == types.ParamVar {
				p = v
			}
		}
		if prev, seen := out[field]; seen && prev != p {
			p = nil
		}
		out[field] = p
	}
	for _, root := range s.x.roots {
		ast.Inspect(root.Body.Node, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if v, ok := s.info.Uses[id].(*types.Var); ok {
								note(v, kv.Value)
							}
						}
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
						if v, ok := s.info.Uses[sel.Sel].(*types.Var); ok {
							note(v, Assigned(n, i))
						}
					}
				}
			}
			return true
		})
	}
	return out
}
