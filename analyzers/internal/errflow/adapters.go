package errflow

// An adapter's fact says, for each of its function-valued parameters
// whose path it decides, what each result of the function passed there
// becomes. A package that passes a handler to an adapter of another
// package reads it and judges the handler as the SDK will see it:
// github-mcp-server's typed-looking handlers, wrapped by NewTool and then
// by a generic helper of another package into a raw go-sdk handler, take
// the raw path although they look typed.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// handlersFact is the fact of a function whose function-valued parameters
// are handlers: an adapter.
type handlersFact struct {
	Params []FactParam
	// Middleware says, for a function that returns an mcp-go tool handler
	// middleware, whether it turns handlers' errors into results
	// (a serverConversion).
	Middleware int8
	// ServerOptions is, for an exported function that builds an mcp-go
	// server whose own options pass handlers' errors on and that adds the
	// options its callers give it, 1 + the index of that variadic
	// parameter (see callersOptions); 0 otherwise.
	ServerOptions int8
}

// A FactParam is the paths of one parameter of an adapter.
type FactParam struct {
	Index int
	Paths []FactPath
}

// A FactPath is a Path as a fact records it.
type FactPath struct {
	Kind                 model.HandlerKind
	Roles                []Role
	Converting, Deferred bool
	Shown                []int
	Via                  []FactStep
}

// A FactStep is a Step as a fact records it.
type FactStep struct {
	Site, What string
	Forwards   bool
}

func (*handlersFact) AFact() {}

func (f *handlersFact) String() string {
	var parts []string
	for _, p := range f.Params {
		for _, path := range p.Paths {
			s := fmt.Sprintf("$%d: %s %v", p.Index, path.Kind, path.Roles)
			if path.Converting {
				s += " converting"
			}
			if path.Deferred {
				s += " deferred"
			}
			if len(path.Shown) > 0 {
				s += fmt.Sprintf(" shows %v with its error", path.Shown)
			}
			parts = append(parts, s)
		}
	}
	switch serverConversion(f.Middleware) {
	case converts:
		parts = append(parts, "middleware converts")
	case passesErrors:
		parts = append(parts, "middleware passes errors")
	}
	return "adapter: " + strings.Join(parts, "; ")
}

// String names a role for facts and messages.
func (r Role) String() string {
	switch r {
	case RoleResult:
		return "result"
	case RoleOutput:
		return "output"
	case RoleError:
		return "error"
	}
	return "dropped"
}

// exportAdapters exports the paths of the parameters of the package's
// functions that another package can call.
func (f *finder) exportAdapters() {
	byFunc := map[*types.Func]*handlersFact{}
	var order []*types.Func
	for p, paths := range f.params {
		fn := f.paramOwner(p)
		if fn == nil || !fn.Exported() {
			continue
		}
		fact := byFunc[fn]
		if fact == nil {
			fact = &handlersFact{}
			byFunc[fn] = fact
			order = append(order, fn)
		}
		fp := FactParam{Index: paramIndex(fn.Signature(), p)}
		for _, path := range paths {
			fp.Paths = append(fp.Paths, f.factPath(path))
			if step, ok := path.Root(); ok && step.Pos.IsValid() {
				fw := Forwarding{Pos: step.Pos, Kind: path.Kind}
				if !slices.Contains(f.r.Forwarding, fw) {
					f.r.Forwarding = append(f.r.Forwarding, fw)
				}
			}
		}
		slices.SortFunc(fp.Paths, func(a, b FactPath) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		fact.Params = append(fact.Params, fp)
	}
	for _, root := range f.x.roots {
		b := root.Body
		if b.Func == nil || !b.Func.Exported() {
			continue
		}
		if c := f.funcMiddleware(b); c != unknownServer {
			fact := byFunc[b.Func]
			if fact == nil {
				fact = &handlersFact{}
				byFunc[b.Func] = fact
				order = append(order, b.Func)
			}
			fact.Middleware = int8(c)
		}
	}
	for fn, i := range f.serverCtors {
		fact := byFunc[fn]
		if fact == nil {
			fact = &handlersFact{}
			byFunc[fn] = fact
			order = append(order, fn)
		}
		fact.ServerOptions = int8(i + 1)
	}
	slices.SortFunc(order, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range order {
		fact := byFunc[fn]
		slices.SortFunc(fact.Params, func(a, b FactParam) int { return a.Index - b.Index })
		f.r.pass.ExportObjectFact(fn, fact)
	}
}

// factPath turns a path into what a fact records.
func (f *finder) factPath(p *Path) FactPath {
	fp := FactPath{Kind: p.Kind, Roles: p.Roles, Converting: p.Converting, Deferred: p.Deferred, Shown: p.Shown}
	for _, s := range p.Via {
		site := s.Site
		if s.Pos.IsValid() {
			site = f.r.s.site(s.Pos)
		}
		fp.Via = append(fp.Via, FactStep{Site: site, What: s.What, Forwards: s.Forwards})
	}
	return fp
}

// path turns what a fact records back into a path, whose steps are all
// of another package.
func (fp FactPath) path() *Path {
	p := &Path{Kind: fp.Kind, Roles: fp.Roles, Converting: fp.Converting, Deferred: fp.Deferred, Shown: fp.Shown}
	for _, s := range fp.Via {
		p.Via = append(p.Via, Step{Site: s.Site, What: s.What, Forwards: s.Forwards})
	}
	return p
}

// foreignAdapter gives the function-valued arguments of a call of a
// function of another package the paths its fact gives their parameters.
func (f *finder) foreignAdapter(b *Body, call *ast.CallExpr, fn *types.Func) {
	fact := new(handlersFact)
	if !f.r.pass.ImportObjectFact(fn.Origin(), fact) {
		return
	}
	shift := MethodExprShift(f.info, call.Fun)
	server := f.registeredOn(b, call)
	for _, fp := range fact.Params {
		arg := argAt(call, fp.Index+shift)
		if arg == nil {
			continue
		}
		for _, path := range fp.Paths {
			p := via(path.path(), Step{Pos: call.Pos(), What: "passed to " + model.FuncName(fn)})
			if p.Deferred && server != nil && (p.Kind == model.MCPGoPlain || p.Kind == model.MCPGoTyped) {
				// The adapter's handler is registered here, on a server
				// this package builds: that server decides.
				f.onServer(p, b, server)
			}
			for _, v := range f.funcValues(b, arg, 0) {
				f.add(v, p, nil)
			}
		}
	}
}

// registeredOn returns the mcp-go server a call's value is registered on
// in b — s in s.AddTool(tool, call), s.AddTools(server.ServerTool{Handler:
// call}) — or nil.
func (f *finder) registeredOn(b *Body, call *ast.CallExpr) ast.Expr {
	if b == nil {
		return nil
	}
	for _, reg := range b.Calls {
		fn := model.Callee(f.info, reg)
		if !model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddTool") {
			continue
		}
		if len(reg.Args) == 2 && ast.Unparen(reg.Args[1]) == call {
			if sel, ok := ast.Unparen(reg.Fun).(*ast.SelectorExpr); ok {
				return sel.X
			}
		}
	}
	return nil
}

// seedAdapted gives the functions passed to an adapter the layer cannot
// see into — one that takes a func(context.Context, T) (R, error) and
// returns an SDK handler or a value holding one, as mcp-grafana's MustTool
// does by reflection — the adapted path: their results reach the client
// through the adapter, which decides how.
func (f *finder) seedAdapted() {
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			for _, call := range b.Calls {
				f.seedAdaptedCall(b, call)
			}
		}
	}
	for _, call := range f.x.pkgCalls {
		f.seedAdaptedCall(nil, call)
	}
}

// seedAdaptedCall gives the adaptable arguments of one call the adapted
// path, when the callee yields a handler.
func (f *finder) seedAdaptedCall(b *Body, call *ast.CallExpr) {
	fn := model.Callee(f.info, call)
	if fn == nil || !model.YieldsHandler(fn.Signature()) {
		return
	}
	for _, arg := range call.Args {
		sig, ok := f.info.TypeOf(arg).(*types.Signature)
		if !ok || !model.IsAdaptableSignature(sig) {
			continue
		}
		for _, v := range f.funcValues(b, arg, 0) {
			if v.param != nil || f.hasPaths(v) {
				continue
			}
			f.add(v, kindPath(model.Adapted, sig.Results().Len(), Step{Pos: call.Pos(), What: "passed to " + model.FuncName(fn)}), nil)
		}
	}
}

// hasPaths reports whether a function value already has a path.
func (f *finder) hasPaths(v funcValue) bool {
	h, ok := f.handlers[v.key()]
	return ok && len(h.Paths) > 0
}
