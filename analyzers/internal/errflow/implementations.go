package errflow

// Handlers behind an interface. Servers borrow net/http's shape: a
// one-method interface (Operation), a function type that implements it
// by calling itself (OperationFunc, like http.HandlerFunc), and adapters
// that take the interface and yield an SDK handler (Handler(op
// Operation)). What reaches the adapter — a method of a type that
// implements the interface, a function converted to the function type —
// is written in packages that import the adapter's, which the adapter's
// package cannot see, and handed to it by a third. So the adapter's
// package exports, on the interface and on the function type, the path
// its adapters give the interface's method (an implementsFact), and each
// package judges its own implementations and conversions on it.
//
// The fact is a claim about every value of the type, not about the ones
// an adapter is handed: it holds for types made to be handed to it. It is
// not made when the package's adapters disagree (one converts errors,
// another passes them on), where which one a value reaches decides.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// implementsFact is the fact of an interface with one method, or of a
// function type implementing one, whose values are handlers: the paths
// the package's adapters give the method's results.
type implementsFact struct {
	Paths []FactPath
}

func (*implementsFact) AFact() {}

func (f *implementsFact) String() string {
	s := "implements:"
	for _, p := range f.Paths {
		s += fmt.Sprintf(" %s %v", p.Kind, p.Roles)
		if p.Converting {
			s += " converting"
		}
	}
	return s
}

// typePaths returns the paths the package's own adapters give the
// parameters and receivers of its named types: one-method interfaces
// (parameters the adapters call) and the function types implementing
// them (receivers their methods call). A type whose paths disagree has
// none.
func (f *finder) typePaths() map[*types.TypeName][]*Path {
	out := map[*types.TypeName][]*Path{}
	ambiguous := map[*types.TypeName]bool{}
	for p, paths := range f.params {
		named, ok := types.Unalias(p.Type()).(*types.Named)
		if !ok || named.Obj().Pkg() != f.r.pass.Pkg || named.TypeParams().Len() > 0 {
			continue
		}
		switch {
		case oneMethod(named) != nil:
		case p.Kind() == types.RecvVar && isFuncType(named):
		default:
			continue
		}
		tn := named.Obj()
		for _, path := range paths {
			if len(out[tn]) > 0 && out[tn][0].key() != path.key() {
				ambiguous[tn] = true
			}
			if !hasPath(out[tn], path) {
				out[tn] = append(out[tn], path)
			}
		}
	}
	for tn := range ambiguous {
		delete(out, tn)
	}
	// In a fixed order, whatever the order of the map of parameters: the
	// first path names a finding's path, and the fact lists them.
	for _, ps := range out {
		slices.SortStableFunc(ps, func(a, b *Path) int { return strings.Compare(a.key(), b.key()) })
	}
	return out
}

// typeNamesInOrder returns the keys of paths ordered by package path and
// name: the implementations seeded first are the first handlers found.
func typeNamesInOrder(paths map[*types.TypeName][]*Path) []*types.TypeName {
	tns := slices.Collect(maps.Keys(paths))
	slices.SortFunc(tns, func(a, b *types.TypeName) int {
		return cmp.Or(strings.Compare(a.Pkg().Path(), b.Pkg().Path()), strings.Compare(a.Name(), b.Name()))
	})
	return tns
}

func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// importedTypePaths returns the paths the facts of the packages this one
// imports give their interfaces and function types. Only the types of
// direct imports are asked: the facts of every package below would cost
// each package as much as the whole program has.
func (f *finder) importedTypePaths() map[*types.TypeName][]*Path {
	out := map[*types.TypeName][]*Path{}
	for _, imp := range f.r.pass.Pkg.Imports() {
		if ownPackage(imp) || !f.r.pass.ImportPackageFact(imp, new(reachesSDK)) {
			continue // no adapter can be there
		}
		scope := imp.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || oneMethod(tn.Type()) == nil && !isFuncType(tn.Type()) {
				continue
			}
			fact := new(implementsFact)
			if !f.r.pass.ImportObjectFact(tn, fact) {
				continue
			}
			for _, fp := range fact.Paths {
				out[tn] = append(out[tn], fp.path())
			}
		}
	}
	return out
}

// seedImplementations gives the package's methods that implement an
// interface with paths, and the functions it converts to a function type
// with paths, those paths.
func (f *finder) seedImplementations(paths map[*types.TypeName][]*Path) {
	for _, tn := range typeNamesInOrder(paths) {
		ps := paths[tn]
		m := oneMethod(tn.Type())
		if m == nil {
			continue
		}
		iface := tn.Type().Underlying().(*types.Interface)
		for _, root := range f.x.roots {
			fn := root.Body.Func
			if fn == nil || fn.Name() != m.Name() || fn.Signature().Recv() == nil || isAbstract(fn) || f.inTest(root.Body.Node) {
				continue
			}
			recv := fn.Signature().Recv().Type()
			if !types.Implements(recv, iface) && (isPointerType(recv) || !types.Implements(types.NewPointer(recv), iface)) {
				continue
			}
			for _, p := range ps {
				f.add(funcValue{fn: fn}, via(p, Step{Pos: fn.Pos(), What: "implements " + model.TypeName(tn) + "." + m.Name()}), nil)
			}
		}
	}
	f.seedConversions(paths)
}

// seedConversions gives the functions converted to a function type with
// paths — OperationFunc(f), or returned where one is — those paths.
func (f *finder) seedConversions(paths map[*types.TypeName][]*Path) {
	if len(paths) == 0 {
		return
	}
	pathsOf := func(t types.Type) []*Path {
		if named, ok := types.Unalias(t).(*types.Named); ok && isFuncType(named) {
			return paths[named.Obj()]
		}
		return nil
	}
	give := func(b *Body, e ast.Expr, t types.Type, at ast.Node) {
		ps := pathsOf(t)
		if len(ps) == 0 {
			return
		}
		what := "converted to " + model.TypeName(types.Unalias(t).(*types.Named).Obj())
		for _, v := range f.funcValues(b, e, 0) {
			if v.param != nil {
				continue // its caller's argument
			}
			for _, p := range ps {
				f.add(v, via(p, Step{Pos: at.Pos(), What: what}), nil)
			}
		}
	}
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			if f.inTest(b.Node) {
				continue
			}
			for _, call := range b.Calls {
				if tv, ok := f.info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
					give(b, call.Args[0], tv.Type, call)
				}
			}
			if b.Sig == nil {
				continue
			}
			for _, ret := range b.Returns {
				n := b.Sig.Results().Len()
				for i := range n {
					if e := ResultExpr(ret, i, n); e != nil && len(ret.Results) == n && !types.Identical(f.info.TypeOf(e), b.Sig.Results().At(i).Type()) {
						give(b, e, b.Sig.Results().At(i).Type(), ret)
					}
				}
			}
		}
	}
}

// via returns a copy of p with step first.
func via(p *Path, step Step) *Path {
	q := *p
	q.Via = append([]Step{step}, p.Via...)
	return &q
}

// exportImplementations exports the paths of the package's exported
// interfaces and function types.
func (f *finder) exportImplementations(paths map[*types.TypeName][]*Path) {
	for tn, ps := range paths {
		if !tn.Exported() {
			continue
		}
		fact := &implementsFact{}
		for _, p := range ps {
			fact.Paths = append(fact.Paths, f.factPath(p))
		}
		f.r.pass.ExportObjectFact(tn, fact)
	}
}
