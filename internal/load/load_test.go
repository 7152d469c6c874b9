package load

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers/conformance"
	"github.com/mcperrlint/mcperrlint/internal/depcache"
)

// loadFixture loads patterns of the fixture module in testdata, leaving
// dependencies to export data (TestDependencySummaries covers the cache).
func loadFixture(t *testing.T, all bool, patterns ...string) ([]*packages.Package, *Stats) {
	t.Helper()
	cfg := MCP(false)
	cfg.Dir = "testdata"
	cfg.AllSource = all
	cfg.NoDeps = true
	return loadWith(t, cfg, patterns...)
}

func loadWith(t *testing.T, cfg *Config, patterns ...string) ([]*packages.Package, *Stats) {
	t.Helper()
	roots, st, err := Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return roots, st
}

// byPath returns every package of the graph by import path.
func byPath(roots []*packages.Package) map[string]*packages.Package {
	m := map[string]*packages.Package{}
	packages.Visit(roots, nil, func(p *packages.Package) { m[p.PkgPath] = p })
	return m
}

func TestSourceSet(t *testing.T) {
	roots, st := loadFixture(t, false, "./tools")
	pkgs := byPath(roots)
	source := []string{
		"fixture/tools",    // the root
		"fixture/svc",      // reaches the runtime through repo
		"fixture/repo",     // imports the runtime
		"fixture/handlers", // imports an SDK
		"fixture/plain",    // reaches neither, but is the server's own code (the main module's)
	}
	for path, p := range pkgs {
		if p.Types == nil || p.Fset == nil || p.TypesSizes == nil {
			t.Errorf("%s: Types, Fset and TypesSizes must all be set for the checker", path)
		}
		if len(p.Errors) > 0 {
			t.Errorf("%s: %v", path, p.Errors)
		}
		wantSource := slices.Contains(source, path)
		if gotSource := p.Syntax != nil && p.TypesInfo != nil; gotSource != wantSource && path != "unsafe" {
			t.Errorf("%s: loaded from source = %v, want %v", path, gotSource, wantSource)
		}
	}
	// The runtime's and the SDK's own packages get their types from export
	// data, complete, because a source package imports them.
	for _, path := range []string{GoSDKPath, RuntimePath} {
		if p := pkgs[path]; p == nil || !p.Types.Complete() || p.Types.Scope().Len() == 0 {
			t.Errorf("%s: want complete types from export data", path)
		}
	}
	if st.Source != len(source) || st.Packages <= len(pkgs) {
		t.Errorf("stats %+v: want %d source packages of more than the %d left in the graph", st, len(source), len(pkgs))
	}
	// The standard library can carry no fact: it is cut from the graph,
	// so that the checker runs no action on it.
	for _, path := range []string{"fmt", "context", "errors"} {
		if pkgs[path] != nil {
			t.Errorf("%s: still in the graph, want it cut", path)
		}
	}
}

// TestDependencySummaries checks the cache's part in choosing what is
// loaded from source: without a cache every dependency of another module is
// (its summary is computed each run); with a cache that holds every key,
// none is; with one that holds all but one, just that one.
func TestDependencySummaries(t *testing.T) {
	load := func(deps *depcache.Cache) *Stats {
		cfg := MCP(false)
		cfg.Dir = "testdata"
		cfg.Deps = deps
		_, st := loadWith(t, cfg, "./tools")
		return st
	}
	cold := load(nil)
	if len(cold.DepKeys) == 0 || cold.DepMisses != len(cold.DepKeys) {
		t.Fatalf("without a cache: %d keys, %d misses; want every key a miss", len(cold.DepKeys), cold.DepMisses)
	}
	if want := 5 + len(cold.DepKeys); cold.Bodies != want {
		t.Errorf("without a cache: %d packages with bodies, want the 5 of the module and %d dependencies", cold.Bodies, len(cold.DepKeys))
	}

	cache, err := depcache.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var skipped string
	for path, k := range cold.DepKeys {
		if skipped == "" {
			skipped = path
			continue
		}
		if err := cache.Put(k, []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	if st := load(cache); st.DepMisses != 1 {
		t.Errorf("a cache without %s: %d misses, want 1", skipped, st.DepMisses)
	}
	if err := cache.Put(cold.DepKeys[skipped], []byte("{}")); err != nil {
		t.Fatal(err)
	}
	warm := load(cache)
	if warm.DepMisses != 0 || warm.Source != 5 {
		t.Errorf("a warm cache: %d misses, %d source packages; want 0 and 5", warm.DepMisses, warm.Source)
	}
	if diff := cmp.Diff(cold.DepKeys, warm.DepKeys); diff != "" {
		t.Errorf("keys changed between runs (-cold +warm):\n%s", diff)
	}
}

// TestFactsMatchFullSource checks that loading from export data what
// cannot carry a fact changes nothing the analyzers conclude: every fact
// about the fixture's packages, and every diagnostic, is what the full
// source load gives — including a reason produced two packages below the
// handler.
func TestFactsMatchFullSource(t *testing.T) {
	analyze := func(all bool) (facts, diags []string) {
		roots, _ := loadFixture(t, all, "./tools")
		graph, err := checker.Analyze([]*analysis.Analyzer{conformance.Analyzer}, roots, nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for act := range graph.All() {
			if act.Err != nil {
				t.Errorf("%s: %v", act, act.Err)
			}
			for _, f := range act.AllObjectFacts() {
				if pkg := f.Object.Pkg(); pkg != nil && strings.HasPrefix(pkg.Path(), "fixture/") {
					fact := fmt.Sprintf("%s: %s", types.ObjectString(f.Object, nil), f.Fact)
					if !seen[fact] {
						seen[fact] = true
						facts = append(facts, fact)
					}
				}
			}
			for _, d := range act.Diagnostics {
				diags = append(diags, fmt.Sprintf("%s: %s: %s", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message))
			}
		}
		slices.Sort(facts)
		slices.Sort(diags)
		return facts, diags
	}
	facts, diags := analyze(false)
	wantFacts, wantDiags := analyze(true)
	if diff := cmp.Diff(wantFacts, facts); diff != "" {
		t.Errorf("facts differ from the full source load (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantDiags, diags); diff != "" {
		t.Errorf("diagnostics differ from the full source load (-want +got):\n%s", diff)
	}
	if !slices.ContainsFunc(facts, func(f string) bool { return strings.Contains(f, "svc.Title") && strings.Contains(f, "shelf_locked") }) {
		t.Errorf("no fact says svc.Title passes on repo's shelf_locked; facts:\n%s", strings.Join(facts, "\n"))
	}
	if !slices.ContainsFunc(diags, func(d string) bool { return strings.Contains(d, "shelf_locked") }) {
		t.Errorf("no diagnostic about shelf_locked, which the contract does not declare; diagnostics:\n%s", strings.Join(diags, "\n"))
	}
}

// TestErrorsMatchPackagesLoad checks that a package that does not
// type-check reports what go/packages reports when it loads every package
// from source, as the stock drivers do for analyzers with facts.
func TestErrorsMatchPackagesLoad(t *testing.T) {
	roots, _ := loadFixture(t, false, "./broken")
	want, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: "testdata"}, "./broken")
	if err != nil {
		t.Fatal(err)
	}
	errs := func(pkgs []*packages.Package) (out []string) {
		for _, p := range pkgs {
			for _, e := range p.Errors {
				out = append(out, fmt.Sprintf("%s %s: %s", p.ID, e.Pos, e.Msg))
			}
			if !p.IllTyped {
				out = append(out, p.ID+" not IllTyped")
			}
		}
		return out
	}
	if diff := cmp.Diff(errs(want), errs(roots)); diff != "" {
		t.Errorf("errors differ from packages.Load (-want +got):\n%s", diff)
	}
}

// TestMarkSource checks the source set on a hand-made graph: seeds,
// the SDK's own packages, and everything importing the source set.
func TestMarkSource(t *testing.T) {
	graph := map[string][]string{
		"root":                    {"uses/helper", "lib/mcpbased", "lib/wrapper", "strings"},
		"lib/wrapper":             {"lib/mcpbased"}, // source for its types only: no fact can arise in it
		"uses/helper":             {"strings"},
		"lib/mcpbased":            {MCPGoServer},
		"lib/above":               {"lib/mcpbased"}, // not imported by a root here, imports one that is source
		"lib/reaches":             {"lib/direct"},
		"lib/direct":              {RuntimePath},
		"lib/binding":             {RuntimeTree + "/mcpsdk"}, // reaches the runtime through the binding
		RuntimeTree + "/mcpsdk":   {RuntimePath, GoSDKPath},
		GoSDKPath:                 {"strings"},
		RuntimePath:               {"strings"},
		MCPGoServer:               {MCPGoPath},
		MCPGoPath:                 {"strings"},
		"strings":                 nil,
		"github.com/other/server": {MCPGoPath, "lib/reaches"},
	}
	pkgs := map[string]*packages.Package{}
	for path := range graph {
		pkgs[path] = &packages.Package{ID: path, PkgPath: path, Imports: map[string]*packages.Package{}}
	}
	for path, imports := range graph {
		for _, imp := range imports {
			pkgs[path].Imports[imp] = pkgs[imp]
		}
	}
	roots := []*packages.Package{pkgs["root"], pkgs["lib/above"], pkgs["github.com/other/server"], pkgs["lib/binding"]}
	l := newLoader(MCP(false), roots)
	l.markSource()
	var got, bodiless []string
	for p, n := range l.nodes {
		if n.source {
			got = append(got, p.PkgPath)
			if !n.bodies {
				bodiless = append(bodiless, p.PkgPath)
			}
		}
	}
	slices.Sort(got)
	want := []string{"github.com/other/server", "lib/above", "lib/binding", "lib/direct", "lib/mcpbased", "lib/reaches", "lib/wrapper", "root"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("source set (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"lib/wrapper"}, bodiless); diff != "" {
		t.Errorf("checked without function bodies (-want +got):\n%s", diff)
	}
}

// TestPathsMatchModel checks that the paths this package decides by are
// the model's: the model cannot be imported from here.
func TestPathsMatchModel(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "../../analyzers/internal/model/sym.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	model := map[string]string{}
	ast.Inspect(file, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == len(vs.Names) {
			for i, name := range vs.Names {
				if lit, ok := vs.Values[i].(*ast.BasicLit); ok {
					model[name.Name], _ = strconv.Unquote(lit.Value)
				}
			}
		}
		return true
	})
	for name, path := range map[string]string{"RuntimePath": RuntimePath, "GoSDKPath": GoSDKPath, "MCPGoPath": MCPGoPath, "MCPGoServer": MCPGoServer} {
		if model[name] != path {
			t.Errorf("model.%s = %q, load.%s = %q", name, model[name], name, path)
		}
	}
}

// TestCutCached checks that, with CutCached, the dependencies whose
// summaries the cache holds leave the graph and are described instead:
// their types by path, and, for the root, every one in its closure.
func TestCutCached(t *testing.T) {
	cfg := MCP(false)
	cfg.Dir = "testdata"
	cache, err := depcache.OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cfg.Deps = cache
	_, cold := loadWith(t, cfg, "./tools")
	if len(cold.DepKeys) == 0 {
		t.Fatal("the fixture has no dependency to cut")
	}
	for _, k := range cold.DepKeys {
		if err := cache.Put(k, []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	cfg.CutCached = true
	roots, warm := loadWith(t, cfg, "./tools")
	o := warm.Outside
	if o == nil {
		t.Fatal("CutCached with a warm cache: no Outside")
	}
	graph := byPath(roots)
	closure := o.Closure("fixture/tools")
	for path := range warm.DepKeys {
		if graph[path] != nil {
			t.Errorf("%s: still in the graph, want it cut", path)
		}
		if p := o.Packages[path]; p == nil || p.Path() != path {
			t.Errorf("%s: Outside.Packages has %v", path, p)
		}
		if !slices.Contains(closure, path) {
			t.Errorf("%s: not in the closure of fixture/tools %v", path, closure)
		}
	}
	if !slices.IsSorted(closure) {
		t.Errorf("closure %v is not sorted", closure)
	}
	if c := o.Closure("no/such/package"); len(c) != 0 {
		t.Errorf("closure of a package not in the graph: %v", c)
	}
	// Without CutCached, the same warm cache leaves them in the graph.
	cfg.CutCached = false
	roots, st := loadWith(t, cfg, "./tools")
	if st.Outside != nil {
		t.Errorf("Outside without CutCached: %+v", st.Outside)
	}
	graph = byPath(roots)
	for path := range st.DepKeys {
		if graph[path] == nil {
			t.Errorf("%s: cut without CutCached", path)
		}
	}
}
