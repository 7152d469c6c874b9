package handlerbody

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// Abstract sources: the error of an interface method a handler's error
// path calls (st.authGate.Check(), a tools package's own interface) comes
// from whatever implementation the program wires in, often from a package
// that does not import the handlers' package at all (Go's interfaces are
// implicit: auth's gate satisfies tools.AuthGate, and main hands one to
// tools). The handlers' package cannot see it, so it records the method
// (abstractSourceFact); the package that holds a value of an implementing
// type of another package — main, which builds the gate — reports what
// that method's package recorded for the callers of its exported
// functions (sourcePendingFact). An implementation whose package imports
// the handlers' is found there already, as an implementation of an
// interface the handlers call.

// abstractSourceFact is a package fact: the methods of interfaces, as
// "path.Type.Method", whose error reaches a handler's client in the
// package, and in the packages it imports whose facts it passes on.
type abstractSourceFact struct{ Methods []string }

func (*abstractSourceFact) AFact() {}

func (f *abstractSourceFact) String() string {
	return "abstract sources: " + strings.Join(f.Methods, " ")
}

// methodKey names an interface method, "path.Type.Method", or "" when its
// interface is not a named type.
func methodKey(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	named, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name() + "." + fn.Name()
}

// exportedRecv reports whether fn's receiver is an exported named type.
func exportedRecv(fn *types.Func) bool {
	named, ok := types.Unalias(fn.Signature().Recv().Type()).(*types.Named)
	return ok && named.Obj().Exported()
}

// exportAbstractSources records the interface methods the package's
// handlers reach.
func (c *checker) exportAbstractSources() {
	var methods []string
	for _, fs := range c.flow.AbstractSources {
		// An exported interface of this package: the tools' own seam,
		// which other packages fill (an interface of another package is
		// that package's to describe, and one of the standard library is
		// not wired in by the program).
		if fs.Func.Pkg() != c.pass.Pkg || !exportedRecv(fs.Func) {
			continue
		}
		if k := methodKey(fs.Func); k != "" && !slices.Contains(methods, k) {
			methods = append(methods, k)
		}
	}
	if len(methods) == 0 {
		return
	}
	slices.Sort(methods)
	c.pass.ExportPackageFact(&abstractSourceFact{Methods: methods})
}

// reportAbstractSources reports the causes lost by the implementations
// this package wires in of the interface methods other packages'
// handlers reach (see abstractSourceFact).
func (c *checker) reportAbstractSources() {
	var ifaces []abstractMethod
	for _, pf := range c.pass.AllPackageFacts() {
		fact, ok := pf.Fact.(*abstractSourceFact)
		if !ok || pf.Package == c.pass.Pkg {
			continue
		}
		for _, k := range fact.Methods {
			if m, ok := lookupAbstract(pf.Package, k); ok {
				ifaces = append(ifaces, m)
			}
		}
	}
	if len(ifaces) > 0 {
		c.reportWired(ifaces, func(fn *types.Func) *report.PendingSet {
			if fact := new(sourcePendingFact); c.pass.ImportObjectFact(fn, fact) {
				return &fact.PendingSet
			}
			return nil
		})
	}
}

// reportWired reports, in a package that holds values of types that
// implement the interface methods — another package's (main, which
// builds the implementation and hands it to the tools) or its own (a
// provider that hands itself to a server builder of another package) —
// what those methods do, as their package recorded it for the callers of
// its exported functions (imported: sourcePendingFact for the causes they
// lose, answerPendingFact for the empty answers they give). A type the
// package never holds a value of is not one it wires in.
func (c *checker) reportWired(ifaces []abstractMethod, imported func(*types.Func) *report.PendingSet) {
	seen := map[*types.Named]bool{}
	var held []*types.Named
	for _, tv := range c.pass.TypesInfo.Types {
		named, ok := types.Unalias(model.Deref(tv.Type)).(*types.Named)
		if !ok || seen[named] || named.Obj().Pkg() == nil || types.IsInterface(named) {
			continue
		}
		if named.Obj().Pkg() == c.pass.Pkg && !tv.IsValue() {
			continue // its own type, named (a method's receiver), not made
		}
		seen[named] = true
		held = append(held, named)
	}
	// In a stable order: the map's is not, and the findings fold in the
	// order they are reported.
	slices.SortFunc(held, func(a, b *types.Named) int { return strings.Compare(a.String(), b.String()) })
	for _, named := range held {
		for _, m := range ifaces {
			fn := implementation(named, m)
			if fn == nil || fn.Pkg() != named.Obj().Pkg() {
				continue
			}
			set := imported(fn)
			if set == nil {
				continue
			}
			related := []analysis.RelatedInformation{}
			for _, f := range set.Findings {
				if c.once(rules.Rule{ID: f.Rule}, f.At) {
					c.report.ReportPending(f, related, set.Layouts)
				}
			}
		}
	}
}

// An abstractMethod is an interface method of another package whose
// error reaches a handler's client.
type abstractMethod struct {
	iface *types.Interface
	name  string
}

// lookupAbstract finds the interface method a key names in pkg.
func lookupAbstract(pkg *types.Package, key string) (abstractMethod, bool) {
	rest, ok := strings.CutPrefix(key, pkg.Path()+".")
	if !ok {
		return abstractMethod{}, false
	}
	typeName, method, ok := strings.Cut(rest, ".")
	if !ok {
		return abstractMethod{}, false
	}
	tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return abstractMethod{}, false
	}
	iface, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return abstractMethod{}, false
	}
	return abstractMethod{iface, method}, true
}

// implementation returns the method of t (or *t) that implements m, when
// t implements m's interface; nil otherwise.
func implementation(t types.Type, m abstractMethod) *types.Func {
	for _, tt := range []types.Type{t, types.NewPointer(t)} {
		if !types.Implements(tt, m.iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(tt, true, nil, m.name)
		if fn, ok := obj.(*types.Func); ok {
			return fn
		}
	}
	return nil
}

// Abstract answers: the answer of an interface method a handler answers
// with (h.helmPort.ListRepos(ctx), or a service's s.k8s.GetClusterInfo
// that the handler's service answers with) is what the implementation the
// program wires in answers, from an adapter package that neither the
// handlers' package nor the port's imports. The functions on the way
// record the method (answerPendingFact's Wired), the handlers' package
// collects those its handlers reach (abstractAnswerFact), and the package
// that holds a value of an implementing type — main — reports the empty
// answers the implementation's package recorded for it
// (answerPendingFact).

// abstractAnswerFact is a package fact: the interface methods, as
// "path.Type.Method", whose answer a handler of the package answers with
// and whose implementations it cannot see.
type abstractAnswerFact struct{ Methods []string }

func (*abstractAnswerFact) AFact() {}

func (f *abstractAnswerFact) String() string {
	return "abstract answers: " + strings.Join(f.Methods, " ")
}

// abstractAnswers returns the interface methods the package's handlers
// answer with, directly or through another package's function, whose
// implementations the package cannot see.
func (c *checker) abstractAnswers() []string {
	var methods []string
	add := func(k string) {
		if k != "" && !slices.Contains(methods, k) {
			methods = append(methods, k)
		}
	}
	for _, fs := range c.flow.ForeignCallees {
		if c.flow.WiredElsewhere(fs.Func) {
			add(methodKey(fs.Func))
		} else if fact := new(answerPendingFact); c.pass.ImportObjectFact(fs.Func, fact) {
			for _, k := range fact.Wired {
				add(k)
			}
		}
	}
	slices.Sort(methods)
	return methods
}

// reportAbstractAnswers records the package's abstract answers and
// reports the empty answers of the implementations this package wires in
// of those of every package, its own included.
func (c *checker) reportAbstractAnswers() {
	own := c.abstractAnswers()
	if len(own) > 0 {
		c.pass.ExportPackageFact(&abstractAnswerFact{Methods: own})
	}
	var ifaces []abstractMethod
	for _, pf := range c.pass.AllPackageFacts() {
		fact, ok := pf.Fact.(*abstractAnswerFact)
		if !ok {
			continue
		}
		for _, k := range fact.Methods {
			if m, ok := c.abstractMethodOf(k); ok {
				ifaces = append(ifaces, m)
			}
		}
	}
	if len(ifaces) > 0 {
		c.reportWired(ifaces, func(fn *types.Func) *report.PendingSet {
			if fact := new(answerPendingFact); c.pass.ImportObjectFact(fn, fact) {
				return &fact.PendingSet
			}
			return nil
		})
	}
}

// abstractMethodOf finds the interface method a key, "path.Type.Method",
// names among the packages the package depends on.
func (c *checker) abstractMethodOf(key string) (abstractMethod, bool) {
	typeAndMethod := strings.LastIndex(key, ".")
	if typeAndMethod < 0 {
		return abstractMethod{}, false
	}
	typeName := strings.LastIndex(key[:typeAndMethod], ".")
	if typeName < 0 {
		return abstractMethod{}, false
	}
	pkg := c.importedPackage(key[:typeName])
	if pkg == nil {
		return abstractMethod{}, false
	}
	return lookupAbstract(pkg, key)
}

// importedPackage returns the package of the given path among those the
// package depends on, or nil.
func (c *checker) importedPackage(path string) *types.Package {
	if c.imported == nil {
		c.imported = map[string]*types.Package{}
		var walk func(p *types.Package)
		walk = func(p *types.Package) {
			if c.imported[p.Path()] != nil {
				return
			}
			c.imported[p.Path()] = p
			for _, q := range p.Imports() {
				walk(q)
			}
		}
		walk(c.pass.Pkg)
	}
	return c.imported[path]
}
