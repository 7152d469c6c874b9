package errflow

// Handlers of a project handler type. Some servers put an API of their
// own between their tools and the SDK: a handler type returning a result
// type that carries the failure in a field (kubernetes-mcp-server's
// api.ToolHandlerFunc returning *api.ToolCallResult{Error: err}), tools
// that store their handlers in values of a tool type
// (api.ServerTool{Handler: resourcesDelete}), and an adapter, in a
// package the tools' packages do not import, that calls them
// (tool.Handler(params)) and shows the result's error to the client.
//
// A tool's package cannot see the adapter, and the adapter's package
// cannot name the tools: it reaches them through a registry. So the
// tool's package takes every function it stores in a field of a project
// handler type as a candidate, checks it as a handler whose returned
// error and whose results' errors reach the client, and records the
// findings on the function (report.Pending), with the type; a package
// whose SDK handlers call values of that type reports the findings of
// every such function its imports recorded.

import (
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// seedProjectHandlers adds, as candidates, the functions the package
// stores in a field of a project handler type that nothing else made a
// handler.
func (f *finder) seedProjectHandlers() {
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			if len(b.projectStores) == 0 || f.inTest(b.Node) {
				continue
			}
			for _, st := range b.projectStores {
				for _, v := range f.funcValues(b, st.value, 0) {
					if v.param != nil || v.factory || f.hasPaths(v) {
						continue // a parameter is its caller's business
					}
					step := Step{Pos: st.value.Pos(), What: "stored as a " + model.TypeName(st.typ)}
					if call := f.r.ProjectCalls[st.typ]; call != nil {
						// This package's own handlers call the type: a
						// handler here, reported here.
						if sig := f.sigOf(v); sig != nil {
							p := projectPath(sig, step)
							p.Via = append(p.Via, Step{Pos: call.Pos(), What: "called as a handler"})
							f.add(v, p, nil)
						}
						continue
					}
					h := f.handler(v)
					if h.Body == nil || h.Sig == nil {
						continue
					}
					h.Candidate, h.Project = true, st.typ
					h.Paths = []*Path{projectPath(h.Sig, step)}
				}
			}
		}
	}
}

// projectPath is the path of a handler of a project handler type as its
// own package can tell it: its error and the errors its results carry
// reach the client, through an adapter that turns them into a result.
func projectPath(sig *types.Signature, step Step) *Path {
	n := sig.Results().Len()
	roles := make([]Role, n)
	for i := range roles {
		roles[i] = RoleOutput
	}
	roles[n-1] = RoleError
	return &Path{Kind: model.Adapted, Roles: roles, Converting: true, ResultErrors: true, Via: []Step{step}}
}

// noteProjectCalls records the project handler types whose values the
// package's handlers call: adapters of them.
func (f *finder) noteProjectCalls() {
	for _, h := range f.order {
		if h.Body == nil || h.Candidate || len(h.Paths) == 0 {
			continue
		}
		for _, call := range h.Body.Calls {
			tn := ProjectType(f.x.pkg, f.x.module, f.info.TypeOf(call.Fun))
			if tn == nil {
				continue
			}
			if f.r.ProjectCalls == nil {
				f.r.ProjectCalls = map[*types.TypeName]*ast.CallExpr{}
			}
			if _, seen := f.r.ProjectCalls[tn]; !seen {
				f.r.ProjectCalls[tn] = call
			}
		}
	}
}

// ResultErrors returns the errors that the results of ret, other than its
// error, carry in their fields: the error arguments of a constructor whose
// summary says its result holds them (api.NewToolCallResult("", err)), or
// the error fields of a literal (&Result{Err: err}).
func (r *Result) ResultErrors(b *Body, ret *ast.ReturnStmt) []ast.Expr {
	n := b.Sig.Results().Len()
	var out []ast.Expr
	for i := range n {
		if IsError(b.Sig.Results().At(i).Type()) {
			continue
		}
		switch {
		case len(ret.Results) == n:
			out = append(out, r.carriedErrors(b, ret.Results[i], 0, 0)...)
		case len(ret.Results) == 1:
			// return jsonResult(content, err): what the helper's results
			// carry of its arguments.
			out = append(out, r.carriedErrors(b, ret.Results[0], i, 0)...)
		}
	}
	return out
}

// maxCarriedDepth bounds how far carriedErrors follows a value.
const maxCarriedDepth = 4

// carriedErrors returns the error expressions a value (result index of a
// call) holds in its fields, followed through local variables.
func (r *Result) carriedErrors(b *Body, e ast.Expr, index, depth int) []ast.Expr {
	if depth > maxCarriedDepth {
		return nil
	}
	info := r.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.Ident:
		var out []ast.Expr
		if localVar(info, e) == nil {
			return nil
		}
		for _, o := range b.Root.Resolver.Origins(e) {
			if o != ast.Expr(e) {
				out = append(out, r.carriedErrors(b, o, 0, depth+1)...)
			}
		}
		return out
	case *ast.CompositeLit:
		var out []ast.Expr
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok && IsError(info.TypeOf(kv.Value)) && !IsNil(info, kv.Value) {
				out = append(out, kv.Value)
			}
		}
		return out
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		if fn == nil {
			return nil
		}
		sum := r.s.summary(fn)
		if sum == nil || index >= len(sum.Results) {
			return nil
		}
		var out []ast.Expr
		for _, p := range sum.Results[index].Params {
			for _, a := range ArgsOf(e, fn.Signature(), p, MethodExprShift(info, e.Fun)) {
				if IsError(info.TypeOf(a)) && !IsNil(info, a) {
					out = append(out, a)
				}
			}
		}
		return out
	}
	return nil
}

// projectErrorsFact is a package fact: for each project handler type the
// package stores handlers as, whether any of them may return a non-nil
// error. An adapter that passes the error such a handler returns on to
// the SDK (res, err := tool.Handler(p); if err != nil { return nil, err })
// sends nothing when none does: every failure travels in the result.
type projectErrorsFact struct {
	Types []projectErrors // sorted by Type
}

// A projectErrors says whether a handler of Type may return an error.
type projectErrors struct {
	Type   string
	Errors bool
}

func (*projectErrorsFact) AFact() {}

func (f *projectErrorsFact) String() string {
	s := "project errors:"
	for _, t := range f.Types {
		s += fmt.Sprintf(" %s=%v", t.Type, t.Errors)
	}
	return s
}

// TypeKey names a type in a fact: its package's path and its name.
func TypeKey(tn *types.TypeName) string { return tn.Pkg().Path() + "." + tn.Name() }

// exportProjectErrors exports, for the project handler types the
// package's candidates are stored as, whether any may return an error.
func (f *finder) exportProjectErrors() {
	errs := map[string]bool{}
	for _, h := range f.order {
		if h.Project == nil || h.Func == nil {
			continue
		}
		key := TypeKey(h.Project)
		sum := f.r.s.summary(h.Func)
		i := errorIndex(h.Sig)
		errs[key] = errs[key] || sum == nil || i < 0 || i >= len(sum.Results) || sum.Results[i].Shape&^ShapeNil != 0
	}
	if len(errs) == 0 {
		return
	}
	fact := &projectErrorsFact{}
	for _, key := range slices.Sorted(maps.Keys(errs)) {
		fact.Types = append(fact.Types, projectErrors{key, errs[key]})
	}
	f.r.pass.ExportPackageFact(fact)
}

// projectReturnsErrors reports whether a handler of a project handler
// type may return a non-nil error, by the facts of the packages that
// store handlers as it; true when none does (nothing is known).
func (s *solver) projectReturnsErrors(tn *types.TypeName) bool {
	if s.projectErrs == nil {
		s.projectErrs = map[string]bool{}
		for _, pf := range s.pass.AllPackageFacts() {
			if fact, ok := pf.Fact.(*projectErrorsFact); ok {
				for _, t := range fact.Types {
					s.projectErrs[t.Type] = s.projectErrs[t.Type] || t.Errors
				}
			}
		}
	}
	errs, known := s.projectErrs[TypeKey(tn)]
	return errs || !known
}
