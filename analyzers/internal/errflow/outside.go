package errflow

import (
	"bytes"
	"encoding/gob"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Dependencies outside the graph. The mcperrlint driver may cut from the
// graph it hands the checker the dependencies whose summaries the cache
// holds (internal/load, Config.CutCached): the checker would otherwise run
// an action for every analyzer on each, only for this layer to export the
// facts of its entry, and then copy those facts along every edge of the
// graph, into every action, which on a server with hundreds of
// dependencies was most of what a warm run spends on analysis. The driver
// hands the layer their types and, for each package left in the graph,
// which of them its import closure holds; the layer reads an entry when a
// pass first asks for it, once per run, and answers from it what the
// checker's facts would have: the summary of a function or method
// (importFact), the methods that may implement an interface
// (methodsNamed), and the fields that carry raw values (taintedFields).

// An outsideDeps is what the driver says of the dependencies it cut.
type outsideDeps struct {
	pkgs    map[string]*types.Package
	closure func(path string) []string

	mu      sync.Mutex
	entries map[string]*outsideEntry
}

// An outsideEntry is the cache entry of one dependency outside the graph,
// read once.
type outsideEntry struct {
	once    sync.Once
	facts   map[types.Object]*summaryFact
	methods []*types.Func // with a summary, in the entry's order
	taints  *fieldTaintsFact
}

// entry returns the entry of the dependency path, read on first use; nil
// when it is not one outside the graph, or its entry cannot be read.
func (o *outsideDeps) entry(v *depCacheValue, path string) *outsideEntry {
	pkg := o.pkgs[path]
	k, ok := v.keys[path]
	if pkg == nil || !ok {
		return nil
	}
	o.mu.Lock()
	e := o.entries[path]
	if e == nil {
		e = &outsideEntry{}
		o.entries[path] = e
	}
	o.mu.Unlock()
	e.once.Do(func() {
		data, ok := v.cache.Get(k)
		if !ok {
			return
		}
		var entry depEntry
		if gob.NewDecoder(bytes.NewReader(data)).Decode(&entry) != nil {
			return
		}
		e.facts = map[types.Object]*summaryFact{}
		for i := range entry.Objects {
			obj := objectNamed(pkg, entry.Objects[i].Name)
			if obj == nil {
				continue
			}
			e.facts[obj] = &entry.Objects[i].Fact
			if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil && !isAbstract(fn) {
				e.methods = append(e.methods, fn)
			}
		}
		e.taints = entry.FieldTaints
	})
	return e
}

// outsideFact returns into fact the summary of obj, of a dependency
// outside the graph, and reports whether there was one.
func outsideFact(pass *analysis.Pass, obj types.Object, fact *summaryFact) bool {
	v := depCacheOf(pass)
	if v == nil || v.outside == nil || obj.Pkg() == nil {
		return false
	}
	e := v.outside.entry(v, obj.Pkg().Path())
	if e == nil {
		return false
	}
	f, ok := e.facts[obj]
	if ok {
		*fact = *f // a copy: the importer decodes its own
	}
	return ok
}

// outsideEntries returns the entries of the dependencies outside the
// graph that the pass's package imports, directly or not, in a fixed
// order.
func outsideEntries(pass *analysis.Pass) []*outsideEntry {
	v := depCacheOf(pass)
	if v == nil || v.outside == nil {
		return nil
	}
	var out []*outsideEntry
	for _, path := range v.outside.closure(pass.Pkg.Path()) {
		if e := v.outside.entry(v, path); e != nil {
			out = append(out, e)
		}
	}
	return out
}
