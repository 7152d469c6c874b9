package errflow

// Other modules' code. A client library reads the body of a failed
// response into its error; a command wrapper puts stderr in a result's
// field; an error type prints the body it holds. What a handler hands on
// from such a dependency is only as visible as that dependency's
// summaries. So the layer summarises a dependency package too — one of
// no main module that reaches neither the runtime nor an SDK — when it
// has its function bodies: every function, to the same fixed point, its
// summaries exported as facts, and nothing else (no handlers, no rules).
//
// go vet and golangci-lint hand the analyzers every dependency with its
// bodies, so there it is summarised in every run. The mcperrlint driver
// loads dependencies from export data, which is far cheaper, and keeps
// their summaries in a persistent cache (internal/depcache): it loads from
// source, with bodies, only the dependencies whose entry is missing, and
// tells the layer each dependency's key (UseDependencyCache). The layer
// then writes the entry of a dependency it summarises and, for one the
// driver loaded from export data, exports again the facts its entry
// holds — or, when the driver cut that dependency from the graph, reads
// the entry when a pass asks for it (outside.go). Both hosts compute the
// same summaries, so they find the same.

import (
	"bytes"
	"encoding/gob"
	"flag"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/internal/depcache"
)

// depCacheFlag names the layer's flag that carries the dependency cache
// and its keys; a driver sets it with UseDependencyCache.
const depCacheFlag = "depcache"

// A depCacheValue is the value of the depcache flag: the cache and the
// key of each dependency package, by import path.
type depCacheValue struct {
	cache   *depcache.Cache
	keys    map[string]depcache.Key
	outside *outsideDeps // the dependencies cut from the graph (see outside.go)
}

func (v *depCacheValue) String() string {
	if v == nil || v.cache == nil {
		return ""
	}
	return v.cache.Dir()
}

// Set is not for people: the flag is set by UseDependencyCache.
func (v *depCacheValue) Set(string) error { return nil }

func init() {
	Analyzer.Flags.Var(&depCacheValue{}, depCacheFlag, "the dependency summary cache and its keys (set by the mcperrlint driver)")
}

// UseDependencyCache tells the layer, for a driver that loads
// dependencies from export data where the cache has their summaries, the
// cache and the key of each dependency package.
//
// A driver that cut from the graph the dependencies whose entries the
// cache holds also gives their types by path (cut), and the paths of
// those in the import closure of each package left in the graph
// (closure); nil when it cut none (see outside.go).
func UseDependencyCache(c *depcache.Cache, keys map[string]depcache.Key, cut map[string]*types.Package, closure func(path string) []string) {
	v := Analyzer.Flags.Lookup(depCacheFlag).Value.(*depCacheValue)
	v.cache, v.keys, v.outside = c, keys, nil
	if c != nil && len(cut) > 0 && closure != nil {
		v.outside = &outsideDeps{pkgs: cut, closure: closure, entries: map[string]*outsideEntry{}}
	}
}

// depCacheOf returns the value of the pass's depcache flag, or nil when
// the driver gave no cache.
func depCacheOf(pass *analysis.Pass) *depCacheValue {
	f := pass.Analyzer.Flags.Lookup(depCacheFlag)
	if f == nil {
		return nil
	}
	v, ok := f.Value.(*depCacheValue)
	if !ok || v.cache == nil {
		return nil
	}
	return v
}

// depCache returns the cache and the key of the package a pass analyses,
// when the driver gave one.
func depCache(pass *analysis.Pass) (*depcache.Cache, depcache.Key, bool) {
	v := depCacheOf(pass)
	if v == nil {
		return nil, depcache.Key{}, false
	}
	k, ok := v.keys[pass.Pkg.Path()]
	return v.cache, k, ok
}

// dependencyPackage reports whether the pass's package is a dependency
// whose summaries the layer keeps: not the standard library's, an SDK's
// or the runtime's (known by name), not of a main module (analysed in
// full).
func dependencyPackage(pass *analysis.Pass) bool {
	return pass.Module != nil && !projectPackage(pass) && !isStdPath(pass.Pkg.Path()) && !ownPackage(pass.Pkg)
}

// hasBodies reports whether the pass's function bodies are type-checked:
// a package the driver loaded only for its types has its syntax, but
// nothing in its bodies resolved. Bodies that name nothing (return
// "1.38.0") have nothing to resolve, and are as checked as they can be.
func hasBodies(pass *analysis.Pass) bool {
	sawBody := false
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) == 0 {
				continue
			}
			sawBody = true
			found, checked := false, false
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && !found && id.Name != "_" {
					found = true
					// Present, not non-nil: the symbolic variable of a
					// type switch (switch err := err.(type)) is in Defs
					// as nil.
					_, used := pass.TypesInfo.Uses[id]
					_, defined := pass.TypesInfo.Defs[id]
					checked = used || defined
				}
				return !found
			})
			if found {
				return checked
			}
		}
	}
	return sawBody
}

// anyBody reports whether a package's files declare a function with a
// statement in its body, type-checked or not.
func anyBody(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && len(fd.Body.List) > 0 {
				return true
			}
		}
	}
	return false
}

// summarizeDependency summarises a dependency package with its bodies:
// every function, its summaries exported as facts, and written to the
// cache when the driver gave its key.
func (r *Result) summarizeDependency(pass *analysis.Pass) {
	r.x = newIndex(pass.TypesInfo, serverFiles(pass), pass.Pkg, "")
	r.s = newSolver(pass, r.model, r.x)
	r.s.dependency = true
	r.s.blindToSDK = true // only dependencies that reach no SDK are summarised
	r.s.solveAll()
	for _, sum := range r.s.sums {
		keepUpstream(sum)
	}
	entry := depEntry{Objects: r.s.exportFacts(), FieldTaints: r.s.exportFieldTaints()}
	r.dependency = true
	if c, k, ok := depCache(pass); ok {
		var buf bytes.Buffer
		if gob.NewEncoder(&buf).Encode(entry) == nil {
			c.Put(k, buf.Bytes())
		}
	}
}

// A depEntry is what the cache keeps of a dependency package: the facts
// the layer exports for it.
type depEntry struct {
	Objects     []namedFact
	FieldTaints *fieldTaintsFact
}

// reexportDependency exports, for a dependency the driver loaded from
// export data, the facts its cache entry holds; it reports whether there
// was one.
func reexportDependency(pass *analysis.Pass) bool {
	c, k, ok := depCache(pass)
	if !ok {
		return false
	}
	data, ok := c.Get(k)
	if !ok {
		return false
	}
	var entry depEntry
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&entry) != nil {
		return false
	}
	for i := range entry.Objects {
		if obj := objectNamed(pass.Pkg, entry.Objects[i].Name); obj != nil {
			pass.ExportObjectFact(obj, &entry.Objects[i].Fact)
		}
	}
	if entry.FieldTaints != nil {
		pass.ExportPackageFact(entry.FieldTaints)
	}
	return true
}

// A namedFact is a summary fact with the name of its object in its
// package: F, T.M, V.
type namedFact struct {
	Name string
	Fact summaryFact
}

// objectName names a package-level function, method or variable in its
// package, as objectNamed reads it back.
func objectName(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok {
		if recv := fn.Signature().Recv(); recv != nil {
			if named, ok := types.Unalias(derefType(recv.Type())).(*types.Named); ok {
				return named.Obj().Name() + "." + fn.Name()
			}
		}
	}
	return obj.Name()
}

// objectNamed returns the object of pkg objectName named name, or nil.
func objectNamed(pkg *types.Package, name string) types.Object {
	typeName, method, isMethod := strings.Cut(name, ".")
	if !isMethod {
		return pkg.Scope().Lookup(name)
	}
	tn, ok := pkg.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, method)
	if fn, ok := obj.(*types.Func); ok {
		return fn
	}
	return nil
}

// derefType returns what t points to, or t.
func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// sortFacts orders named facts by name, so that equal summaries make equal
// entries.
func sortFacts(facts []namedFact) {
	slices.SortFunc(facts, func(a, b namedFact) int { return strings.Compare(a.Name, b.Name) })
}

var _ flag.Value = (*depCacheValue)(nil)

// keepUpstream drops from a dependency's summary the raw values that are
// its own business — JSON it encodes, structs it prints — and keeps those
// that come from outside the program: a body, a command's output, a dump.
// A library's own data in its errors is not what a server leaks.
func keepUpstream(sum *Summary) {
	if sum == nil {
		return
	}
	keep := func(bs []Blob) []Blob {
		out := bs[:0:0]
		for _, b := range bs {
			if b.Kind.Upstream() {
				b.Outside = true
				out = append(out, b)
			}
		}
		return out
	}
	for i := range sum.Results {
		r := &sum.Results[i]
		r.Blobs, r.FailBlobs, r.FieldBlobs = keep(r.Blobs), keep(r.FailBlobs), keep(r.FieldBlobs)
	}
}
