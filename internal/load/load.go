// Package load loads packages for mcperrlint's analyzers, from source
// only where the analyzers can learn something, and from export data
// everywhere else.
//
// Why not packages.Load: an analyzer that declares a fact type makes the
// stock drivers load every dependency from source, the standard library
// included, so that the analyzer can run on each of them and pass its
// facts up. For mcperrlint that is almost all waste. Its facts describe
// contracts and *mcperr.Error values, which only code whose imports reach
// the mcperr runtime can hold, and MCP handlers, which only code importing
// an MCP SDK can define. Every other package — the standard library, most
// third-party code — carries no fact the rules need, and compiled export
// data, which the go command keeps in its build cache, describes its types
// at a fraction of the cost of type-checking its source.
//
// So Load lists the packages once, with go list -deps -export (exactly
// what the stock loader runs for a driver without facts), and then loads
// from source the source set:
//
//   - the root packages (what the patterns match, and their tests);
//   - every package whose import closure contains a Reaches package (the
//     runtime);
//   - every package that imports an SDK package directly;
//   - every package of the main module (or of the workspace's modules):
//     the server's own helpers, adapters and middleware;
//   - every package that imports a package of the source set, so that
//     each package has exactly one types.Package: a package loaded from
//     export data never refers to one type-checked from source.
//
// The runtime and the SDKs themselves are not in it (unless they are
// roots): their code is not a server's, and no rule learns from it; the
// analyzers know their functions by name.
//
// Packages of the source set are parsed and type-checked with full
// bodies, in parallel, in dependency order; the others get their types
// from export data, read only when a source package imports them. The
// result is the graph go/analysis/checker expects: analyzers with facts
// run on every package of it, and those loaded from export data simply
// offer no syntax, so an analyzer that skips packages reaching neither
// the runtime nor an SDK (as mcperrlint's model does) finds them empty.
//
// Files are parsed without the deprecated ast.Object resolution
// (parser.SkipObjectResolution), which go/packages keeps only for
// compatibility with analyzers that still read ast.Ident.Obj; mcperrlint's
// do not, and the parse is cheaper and lighter for it. The -allsource path
// (packages.Load) resolves objects, and cmd/mcperrlint's tests check both
// paths find the same on the demo.
//
// What this loses, by construction, are facts about packages outside the
// source set; Config.AllSource loads everything from source, as the stock
// driver does, to get them back (see docs/performance.md, "What loses facts, and how to get them back").
package load

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/internal/depcache"
)

// A Config says what to load and which packages need source.
type Config struct {
	// Tests loads the roots' test variants and test packages too.
	Tests bool

	// Dir, Env and BuildFlags are passed to go list (see packages.Config).
	Dir        string
	Env        []string
	BuildFlags []string

	// AllSource loads every package from source, as the stock drivers do
	// for analyzers with facts: slower, but no fact is lost.
	AllSource bool

	// Reaches lists import paths whose importers, direct and indirect,
	// are loaded from source.
	Reaches []string

	// Imports lists import paths whose direct importers are loaded from
	// source.
	Imports []string

	// Own lists path prefixes (a path and what is below it) of packages
	// that are not loaded from source for the above reasons: the runtime
	// and the SDKs themselves, which import each other but are not
	// servers. They still are when they are roots.
	Own []string

	// Deps, when set, is where the summaries of dependency packages are
	// kept (see internal/depcache): a dependency whose entry is missing is
	// loaded from source, with its bodies, so that the analysis computes
	// and keeps it; one whose entry is there, from export data. Every
	// dependency's key is in Stats.DepKeys.
	Deps *depcache.Cache
	// NoDeps leaves dependencies to export data whatever the cache holds:
	// their summaries are not computed (for measuring what they cost).
	NoDeps bool

	// CutCached cuts from the graph, with the packages that can carry no
	// fact, the dependencies whose summaries the cache holds: the driver
	// hands their summaries to the analyzers itself (Stats.Outside), so
	// that the checker neither runs an action on each nor passes their
	// facts along every edge.
	CutCached bool
}

// The import paths mcperrlint's analyzers learn from: the runtime, and the
// MCP SDK packages whose importers define handlers. They must match the
// model's (analyzers/internal/model/sym.go); a test checks that they do.
const (
	RuntimeTree = "github.com/mcperrlint/mcperrlint/runtime" // mcperr and its SDK bindings
	RuntimePath = "github.com/mcperrlint/mcperrlint/runtime/mcperr"
	GoSDKPath   = "github.com/modelcontextprotocol/go-sdk/mcp"
	MCPGoPath   = "github.com/mark3labs/mcp-go/mcp"
	MCPGoServer = "github.com/mark3labs/mcp-go/server"
)

// MCP returns the Config for mcperrlint's analyzers.
func MCP(tests bool) *Config {
	return &Config{
		Tests:   tests,
		Reaches: []string{RuntimePath},
		Imports: []string{GoSDKPath, MCPGoPath, MCPGoServer},
		Own:     []string{RuntimeTree, "github.com/modelcontextprotocol/go-sdk", "github.com/mark3labs/mcp-go"},
	}
}

// Stats says how a Load went.
type Stats struct {
	Packages int // in the whole graph
	Source   int // loaded from source
	Bodies   int // of which with function bodies type-checked
	Export   int // whose export data was read

	// DepKeys are the cache keys of the dependency packages whose
	// summaries can be kept, by import path; DepMisses how many of them
	// the cache did not hold (loaded from source to compute them).
	DepKeys   map[string]depcache.Key
	DepMisses int

	// Outside, with Config.CutCached, says which dependencies whose
	// summaries the cache holds were cut from the graph.
	Outside *Outside
}

// Outside describes the dependencies cut from the graph whose summaries
// the cache holds (Config.CutCached).
type Outside struct {
	// Packages are their types, by import path.
	Packages map[string]*types.Package

	index   []string            // the cut packages' paths, by index in the closures' bits
	closure map[string][]uint64 // a package left in the graph -> bits of the cut ones it imports, directly or not
	strs    map[string][]string // Closure's answers, made once
	mu      sync.Mutex
}

// Closure returns the paths of the cut dependencies in the import closure
// of the package path names (one left in the graph), in a fixed order.
func (o *Outside) Closure(path string) []string {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if out, ok := o.strs[path]; ok {
		return out
	}
	var out []string
	for i, w := range o.closure[path] {
		for b := range 64 {
			if w&(1<<b) != 0 {
				out = append(out, o.index[i*64+b])
			}
		}
	}
	slices.Sort(out)
	o.strs[path] = out
	return out
}

// listMode is what the single go list run must provide: the import graph
// with every dependency's files and export data.
const listMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedExportFile |
	packages.NeedModule | packages.NeedTypesSizes

// Load loads the packages patterns match and returns the roots, ready for
// checker.Analyze. Like packages.Load, it returns an error only when the
// packages could not be listed; errors in packages are in their Errors.
func Load(cfg *Config, patterns ...string) ([]*packages.Package, *Stats, error) {
	if cfg.AllSource {
		roots, err := packages.Load(packagesConfig(cfg, packages.LoadAllSyntax|packages.NeedModule), patterns...)
		if err != nil {
			return nil, nil, err
		}
		st := &Stats{}
		packages.Visit(roots, nil, func(*packages.Package) { st.Packages++ })
		st.Source, st.Bodies = st.Packages, st.Packages
		return roots, st, nil
	}
	roots, err := packages.Load(packagesConfig(cfg, listMode), patterns...)
	if err != nil {
		return nil, nil, err
	}
	l := newLoader(cfg, roots)
	l.load()
	st := l.stats()
	st.Outside = l.cutInert()
	return roots, st, nil
}

func packagesConfig(cfg *Config, mode packages.LoadMode) *packages.Config {
	return &packages.Config{
		Mode:       mode,
		Tests:      cfg.Tests,
		Dir:        cfg.Dir,
		Env:        cfg.Env,
		BuildFlags: cfg.BuildFlags,
	}
}

// A loader fills in the types (and, for the source set, the syntax) of a
// listed package graph.
type loader struct {
	cfg   *Config
	fset  *token.FileSet
	roots []*packages.Package
	all   []*packages.Package // every package, dependencies first
	nodes map[*packages.Package]*node

	parseMu    sync.Mutex
	parseCache map[string]*parsed

	// exportMu serialises export data reading: gcexportdata may add to
	// any package of the exported universe, keyed by path in exported.
	exportMu sync.Mutex
	exported map[string]*types.Package
	nExport  int

	cpu chan struct{} // a token per CPU for parsing and type-checking

	depKeys   map[string]depcache.Key // see Stats.DepKeys
	depMisses int
}

// A node is the loader's state for one package.
type node struct {
	pkg    *packages.Package
	source bool
	bodies bool          // a source package whose function bodies are checked too
	done   chan struct{} // closed when a source package is type-checked

	exportErr error // why its export data could not be read
}

// A parsed file, shared by the package variants (p and p [p.test]) that
// compile it.
type parsed struct {
	ready chan struct{}
	file  *ast.File
	err   error
}

func newLoader(cfg *Config, roots []*packages.Package) *loader {
	l := &loader{
		cfg:        cfg,
		fset:       token.NewFileSet(),
		roots:      roots,
		nodes:      map[*packages.Package]*node{},
		parseCache: map[string]*parsed{},
		exported:   map[string]*types.Package{},
		cpu:        make(chan struct{}, runtime.GOMAXPROCS(0)),
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		l.all = append(l.all, p)
		l.nodes[p] = &node{pkg: p}
	})
	return l
}

func (l *loader) stats() *Stats {
	st := &Stats{Packages: len(l.all), Export: l.nExport, DepKeys: l.depKeys, DepMisses: l.depMisses}
	for _, n := range l.nodes {
		if n.source {
			st.Source++
		}
		if n.source && n.bodies {
			st.Bodies++
		}
	}
	return st
}

// load decides the source set, then type-checks it in dependency order,
// many packages at once, and gives every other package its types.
func (l *loader) load() {
	l.markSource()
	var wg sync.WaitGroup
	for _, p := range l.all {
		n := l.nodes[p]
		p.Fset = l.fset
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
			p.Syntax = []*ast.File{}
			p.TypesInfo = newTypesInfo()
			n.source = false
			continue
		}
		if !n.source {
			continue
		}
		n.done = make(chan struct{})
		wg.Go(func() {
			defer close(n.done)
			l.check(n)
		})
	}
	wg.Wait()
	// Export data packages that no source package imported directly keep
	// whatever their importers' export data said of them (or nothing):
	// nothing type-checks against them, but each needs a Types.
	for _, p := range l.all {
		if n := l.nodes[p]; !n.source && p.Types == nil {
			if tp := l.exported[p.PkgPath]; tp != nil {
				p.Types = tp
			} else {
				p.Types = types.NewPackage(p.PkgPath, p.Name)
			}
		}
	}
}

// cutInert removes from the graph the packages whose import closure holds
// no package that can carry a fact: none is loaded from source, and none
// is a dependency whose summaries the cache holds. They are the standard
// library, mostly, a third of a server's graph. go/analysis/checker runs
// every analyzer with facts on every package it can reach from the roots,
// so each would cost an action per analyzer (a goroutine, and facts
// passed along) to learn nothing. Their types stay where their importers'
// Types refer to them; only the Imports edges go.
//
// A package that can carry no fact but imports one that can stays: its
// importers may reach that dependency's facts only through it. So do the
// runtime's and the SDKs' own packages, whose package facts (reaching
// the runtime, reaching an SDK) their importers read.
//
// With Config.CutCached, the dependencies whose summaries the cache holds
// are cut too, and described in what it returns: each package left in
// the graph learns their summaries from the driver, for those in its
// import closure.
func (l *loader) cutInert() *Outside {
	inert := map[*packages.Package]bool{}
	var out *Outside
	if l.cfg.CutCached && l.cfg.Deps != nil {
		out = &Outside{Packages: map[string]*types.Package{}, closure: map[string][]uint64{}, strs: map[string][]string{}}
	}
	bit := map[*packages.Package]int{}
	closure := map[*packages.Package][]uint64{}
	for _, p := range l.all { // dependencies first
		n := l.nodes[p]
		_, cached := l.depKeys[p.PkgPath]
		outside := out != nil && cached && !n.source
		inert[p] = !n.source && (!cached || outside) && !l.own(p.PkgPath)
		for _, imp := range p.Imports {
			inert[p] = inert[p] && inert[imp]
		}
		if out == nil {
			continue
		}
		if outside && inert[p] {
			bit[p] = len(out.index)
			out.index = append(out.index, p.PkgPath)
			out.Packages[p.PkgPath] = p.Types
		}
		var c []uint64
		set := func(i int) {
			for len(c) <= i/64 {
				c = append(c, 0)
			}
			c[i/64] |= 1 << (i % 64)
		}
		for _, imp := range p.Imports {
			if i, ok := bit[imp]; ok {
				set(i)
			}
			for i, w := range closure[imp] {
				if w != 0 {
					for len(c) <= i {
						c = append(c, 0)
					}
					c[i] |= w
				}
			}
		}
		closure[p] = c
	}
	for _, p := range l.all {
		if inert[p] {
			continue
		}
		if out != nil && len(closure[p]) > 0 {
			out.closure[p.PkgPath] = closure[p]
		}
		for path, imp := range p.Imports {
			if inert[imp] {
				delete(p.Imports, path)
			}
		}
	}
	return out
}

// markSource marks the source set: the roots; the packages whose import
// closure contains a Reaches package, that import an Imports package
// directly, or that belong to a main module, unless they are Own; and
// everything that imports any of them. The first two kinds are checked
// with their function bodies; the
// packages that are in the set only because they import one of it (such
// as the variants of dependencies a root's test recompiles) are checked
// without, as go/packages checks its non-root source packages: they are
// needed for their types, and cannot carry a fact (one that could reaches
// the runtime, and is of the second kind).
func (l *loader) markSource() {
	importers := map[*packages.Package][]*packages.Package{}
	for _, p := range l.all {
		for _, imp := range p.Imports {
			importers[imp] = append(importers[imp], p)
		}
	}
	var mark func(p *packages.Package)
	mark = func(p *packages.Package) {
		n := l.nodes[p]
		if n.source {
			return
		}
		n.source = true
		for _, q := range importers[p] {
			mark(q)
		}
	}
	reaches := map[*packages.Package]bool{}
	for _, p := range l.all { // dependencies first
		for _, imp := range p.Imports {
			reaches[p] = reaches[p] || reaches[imp] || slices.Contains(l.cfg.Reaches, imp.PkgPath)
		}
		if !l.own(p.PkgPath) && (reaches[p] || l.importsSDK(p) || inMainModule(p)) {
			l.nodes[p].bodies = true
		}
	}
	for _, p := range l.roots {
		l.nodes[p].bodies = true
	}
	l.markDependencies()
	for _, p := range l.all {
		if l.nodes[p].bodies {
			mark(p)
		}
	}
}

// markDependencies gives every dependency package (of a module that is not
// a main one, nor the runtime's or an SDK's) its cache key, and marks
// those whose summaries the cache does not hold to be checked with their
// bodies: the analysis then summarises them, and the cache keeps it. A
// dependency whose module is replaced by a directory has no key (its code
// can change under the same version) and is always checked.
func (l *loader) markDependencies() {
	if l.cfg.NoDeps {
		return
	}
	keys := map[*packages.Package]depcache.Key{}
	keyless := map[*packages.Package]bool{}
	l.depKeys = map[string]depcache.Key{}
	for _, p := range l.all { // dependencies first
		mod, ok := depModule(p)
		if !ok || l.own(p.PkgPath) || l.nodes[p].bodies {
			continue
		}
		var imports []depcache.Key
		cacheable := mod != ""
		for _, imp := range p.Imports {
			if k, ok := keys[imp]; ok {
				imports = append(imports, k)
			} else if keyless[imp] {
				cacheable = false
			}
		}
		if !cacheable {
			keyless[p] = true
			l.nodes[p].bodies = true
			continue
		}
		k := depcache.PackageKey(p.PkgPath, mod, imports)
		keys[p] = k
		l.depKeys[p.PkgPath] = k
		if !l.cfg.Deps.Has(k) {
			l.nodes[p].bodies = true
			l.depMisses++
		}
	}
}

// depModule returns module@version for a dependency package, "" when its
// module is replaced by a directory, and false for a package that is not
// a dependency's: the standard library's, or a main module's.
func depModule(p *packages.Package) (string, bool) {
	m := p.Module
	if m == nil || m.Main {
		return "", false
	}
	if r := m.Replace; r != nil {
		if r.Version == "" {
			return "", true
		}
		return r.Path + "@" + r.Version, true
	}
	if m.Version == "" {
		return "", true
	}
	return m.Path + "@" + m.Version, true
}

// inMainModule reports whether p is a package of a main module (the one
// being linted, or one of its workspace's): the server's own helpers,
// adapters and middleware, which mcperrlint follows wherever a handler's
// values go, whether the patterns name their packages or not.
func inMainModule(p *packages.Package) bool {
	return p.Module != nil && p.Module.Main
}

// own reports whether path is a package of an Own prefix.
func (l *loader) own(path string) bool {
	for _, own := range l.cfg.Own {
		if path == own || strings.HasPrefix(path, own+"/") {
			return true
		}
	}
	return false
}

// importsSDK reports whether p imports an Imports package directly.
func (l *loader) importsSDK(p *packages.Package) bool {
	for path := range p.Imports {
		if slices.Contains(l.cfg.Imports, path) {
			return true
		}
	}
	return false
}

// check parses and type-checks a package of the source set, once the
// source packages it imports are done, as go/packages would: the same
// errors, the same types.Info, the same language version.
func (l *loader) check(n *node) {
	p := n.pkg
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	p.TypesInfo = newTypesInfo()

	// Wait for the source packages p imports before parsing it, as
	// go/packages does: the CPU goes to packages in dependency order, so
	// the packages others wait for are never queued behind the parsing of
	// those that cannot be checked yet.
	for _, imp := range p.Imports {
		if in := l.nodes[imp]; in.source {
			<-in.done
		}
	}
	appendError := func(err error) { l.appendError(p, err) }
	if len(p.CompiledGoFiles) == 0 && p.ExportFile != "" {
		appendError(packages.Error{Pos: "-", Msg: "sources missing for package " + p.ID, Kind: packages.ParseError})
	}
	files, errs := l.parseFiles(p.CompiledGoFiles)
	for _, err := range errs {
		appendError(err)
	}
	p.Syntax = files
	tc := &types.Config{
		Importer:         importerFunc(func(path string) (*types.Package, error) { return l.importFor(p, path) }),
		Error:            appendError,
		Sizes:            p.TypesSizes,
		IgnoreFuncBodies: !n.bodies,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	l.cpu <- struct{}{}
	typErr := types.NewChecker(tc, l.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	<-l.cpu
	if typErr != nil && len(p.Errors) == 0 {
		appendError(typErr)
	}
	dropBuildFailure(p)
	// An export data package that could not be read made an import fail,
	// an error of p; a source package is done, so its flag can be read.
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		p.IllTyped = p.IllTyped || l.nodes[imp].source && imp.IllTyped
	}
}

// dropBuildFailure removes the error go list -export reports when it
// cannot compile a package that was then type-checked from source with
// errors of its own: they say the same, and the stock loader, which does
// not compile, reports only the latter. A compile failure that go/types
// does not see (in cgo or assembly, say) stays.
func dropBuildFailure(p *packages.Package) {
	isBuildFailure := func(e packages.Error) bool {
		return e.Kind == packages.ListError && e.Pos == "" && strings.HasPrefix(e.Msg, "# ")
	}
	if slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.TypeError || e.Kind == packages.ParseError }) {
		p.Errors = slices.DeleteFunc(p.Errors, isBuildFailure)
	}
}

// importFor resolves an import of source package p: a source package is
// type-checked already; any other is read from its export data.
func (l *loader) importFor(p *packages.Package, path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	imp := p.Imports[path]
	if imp == nil {
		return nil, fmt.Errorf("no metadata for %s", path)
	}
	n := l.nodes[imp]
	if n.source {
		return imp.Types, nil
	}
	return l.readExport(n)
}

// readExport returns the types of a package outside the source set,
// reading its export data on first use. The export universe is keyed by
// package path, which is unique there: test variants of a path import a
// root, so they are in the source set.
func (l *loader) readExport(n *node) (*types.Package, error) {
	l.exportMu.Lock()
	defer l.exportMu.Unlock()
	p := n.pkg
	if p.Types != nil && p.Types.Complete() {
		return p.Types, nil
	}
	if n.exportErr != nil {
		return nil, n.exportErr
	}
	tp, err := l.readExportFile(p)
	if err != nil {
		n.exportErr = err
		p.IllTyped = true
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		return nil, err
	}
	p.Types = tp
	l.nExport++
	return tp, nil
}

func (l *loader) readExportFile(p *packages.Package) (*types.Package, error) {
	if p.ExportFile == "" {
		return nil, fmt.Errorf("no export data for %s", p.PkgPath)
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// go list -export gives compiler archives until Go 1.28 and cmd/export
	// files after; NewReader reads both, as in go/packages.
	r, err := gcexportdata.NewReader(f) //lint:ignore SA1019 the export files of Go 1.26 are archives

	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	tp, err := gcexportdata.Read(r, l.fset, l.exported, p.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", p.ExportFile, err)
	}
	return tp, nil
}

// parseFiles parses files in parallel, each once however many package
// variants compile it, keeping the order of those that parsed.
func (l *loader) parseFiles(filenames []string) ([]*ast.File, []error) {
	results := make([]*parsed, len(filenames))
	var wg sync.WaitGroup
	for i, name := range filenames {
		l.parseMu.Lock()
		r, ok := l.parseCache[name]
		if !ok {
			r = &parsed{ready: make(chan struct{})}
			l.parseCache[name] = r
		}
		l.parseMu.Unlock()
		results[i] = r
		if !ok {
			wg.Go(func() {
				defer close(r.ready)
				src, err := os.ReadFile(name)
				if err != nil {
					r.err = err
					return
				}
				l.cpu <- struct{}{}
				r.file, r.err = parser.ParseFile(l.fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
				<-l.cpu
			})
		}
	}
	wg.Wait()
	var files []*ast.File
	var errs []error
	for _, r := range results {
		<-r.ready
		if r.file != nil {
			files = append(files, r.file)
		}
		if r.err != nil {
			errs = append(errs, r.err)
		}
	}
	return files, errs
}

// appendError records a parse, type or other error of p as go/packages
// does.
func (l *loader) appendError(p *packages.Package, err error) {
	switch err := err.(type) {
	case packages.Error:
		p.Errors = append(p.Errors, err)
	case *os.PathError:
		p.Errors = append(p.Errors, packages.Error{Pos: err.Path + ":1", Msg: err.Err.Error(), Kind: packages.ParseError})
	case scanner.ErrorList:
		for _, e := range err {
			p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
	case types.Error:
		p.TypeErrors = append(p.TypeErrors, err)
		p.Errors = append(p.Errors, packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError})
	default:
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
}

func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
