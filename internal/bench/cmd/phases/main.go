// Command phases runs mcperrlint's analyzers (or a no-op floor) on
// packages through a chosen loader and reports where the time went: the
// load, the analysis, each analyzer's own time summed over packages, and
// how many packages came from source. The benchmark script uses it for
// the per-analyzer breakdown and the profiles.
//
// Usage:
//
//	phases [-a suite|noop|noopfacts] [-load reach|all] [-p] [-cpuprofile f] [-memprofile f] packages...
package main

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"flag"
	"fmt"
	"log"
	"os"
	"reflect"
	"runtime"
	"runtime/pprof"
	"slices"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/internal/bench/noop"
	"github.com/mcperrlint/mcperrlint/internal/depcache"
	"github.com/mcperrlint/mcperrlint/internal/load"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("phases: ")
	which := flag.String("a", "suite", "analyzers: suite, noop or noopfacts")
	mode := flag.String("load", "reach", "loader: reach (source only where facts can arise), all (everything from source), or roots (go/packages, roots from source: the no-op's loader; facts across packages are lost)")
	tests := flag.Bool("test", true, "load tests too")
	sequential := flag.Bool("p", false, "run analyzers one at a time, for per-analyzer times without scheduler noise")
	repeat := flag.Int("repeat", 1, "analyze the loaded packages this many times (for profiles); times are of the last")
	facts := flag.Bool("facts", false, "report the number and gob-encoded size of the facts each package exports")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the analysis (not the load) to this file")
	cacheDir := flag.String("cache", "", "with -load reach, the dependency summary cache to use, as mcperrlint's -cache (default $MCPERRLINT_CACHE, else the user cache directory's), or off")
	memprofile := flag.String("memprofile", "", "write allocation profiles to this file (and to file.base before the analysis: use go tool pprof -base)")
	flag.Parse()
	if *memprofile != "" {
		runtime.MemProfileRate = 4096
	}

	var as []*analysis.Analyzer
	switch *which {
	case "suite":
		as = analyzers.Suite()
	case "noop":
		as = []*analysis.Analyzer{noop.Analyzer}
	case "noopfacts":
		as = []*analysis.Analyzer{noop.FactsAnalyzer}
	default:
		log.Fatalf("unknown -a %q", *which)
	}
	cfg := load.MCP(*tests)
	switch *mode {
	case "reach":
		// As mcperrlint runs: dependencies whose summaries the cache
		// holds come from export data.
		if *cacheDir != "off" {
			c, err := depcache.OpenDir(*cacheDir)
			if err != nil {
				log.Fatal(err)
			}
			cfg.Deps = c
			cfg.CutCached = true
		}
	case "all":
		cfg.AllSource = true
	case "roots":
	default:
		log.Fatalf("unknown -load %q", *mode)
	}

	var err error
	t0, cpu0 := time.Now(), cpuTime()
	var roots []*packages.Package
	st := &load.Stats{}
	if *mode == "roots" {
		roots, err = packages.Load(&packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: *tests}, flag.Args()...)
	} else {
		roots, st, err = load.Load(cfg, flag.Args()...)
		if err == nil && cfg.Deps != nil {
			if o := st.Outside; o != nil {
				analyzers.UseDependencyCache(cfg.Deps, st.DepKeys, o.Packages, o.Closure)
			} else {
				analyzers.UseDependencyCache(cfg.Deps, st.DepKeys, nil, nil)
			}
		}
	}
	if err != nil {
		log.Fatal(err)
	}
	t1 := time.Now()
	loadCPU := cpuTime() - cpu0

	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
	}
	if *memprofile != "" {
		// The allocations of the load, for go tool pprof -base, so that
		// the profile shows the analysis alone.
		writeAllocs(*memprofile + ".base")
	}
	if *tests {
		// As mcperrlint does: the layer leaves out the test variants.
		if err := analyzers.SkipTestVariants(); err != nil {
			log.Fatal(err)
		}
	}
	var graph *checker.Graph
	cpu1 := cpuTime()
	for range *repeat {
		t1, cpu1 = time.Now(), cpuTime()
		graph, err = checker.Analyze(as, roots, &checker.Options{Sequential: *sequential})
		if err != nil {
			log.Fatal(err)
		}
	}
	t2, cpu2 := time.Now(), cpuTime()
	if *cpuprofile != "" {
		pprof.StopCPUProfile()
	}
	if *memprofile != "" {
		writeAllocs(*memprofile)
	}

	perAnalyzer := map[string]time.Duration{}
	actions, diags, failed := 0, 0, 0
	for act := range graph.All() {
		actions++
		perAnalyzer[act.Analyzer.Name] += act.Duration
		if act.IsRoot {
			diags += len(act.Diagnostics)
		}
		if act.Err != nil {
			failed++
		}
	}
	fmt.Printf("load\t%.3fs\tCPU %.3fs (this process; go list's is not counted), packages=%d source=%d (with bodies %d) export-read=%d\n",
		t1.Sub(t0).Seconds(), loadCPU.Seconds(), st.Packages, st.Source, st.Bodies, st.Export)
	fmt.Printf("analyze\t%.3fs\tCPU %.3fs, actions=%d diagnostics=%d failed=%d\n", t2.Sub(t1).Seconds(), (cpu2 - cpu1).Seconds(), actions, diags, failed)
	names := make([]string, 0, len(perAnalyzer))
	for name := range perAnalyzer {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return cmp.Compare(perAnalyzer[b], perAnalyzer[a]) })
	for _, name := range names {
		fmt.Printf("analyzer\t%s\t%.4fs\n", name, perAnalyzer[name].Seconds())
	}
	if *facts {
		reportFacts(graph)
	}
}

// writeAllocs writes the allocation profile so far to file, after a
// collection: the profile shows the state as of the last one.
func writeAllocs(file string) {
	runtime.GC()
	f, err := os.Create(file)
	if err != nil {
		log.Fatal(err)
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// cpuTime returns the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportFacts prints, per fact type, how many facts the packages export
// and their size gob-encoded one stream per package, as the go vet
// protocol stores them; and the largest package's facts.
func reportFacts(graph *checker.Graph) {
	type sizes struct{ count, bytes, maxPkg int }
	byType := map[string]*sizes{}
	for act := range graph.All() {
		if len(act.Analyzer.FactTypes) == 0 {
			continue
		}
		var own []analysis.Fact
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types {
				own = append(own, f.Fact)
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package == act.Package.Types {
				own = append(own, f.Fact)
			}
		}
		if len(own) == 0 {
			continue
		}
		var buf bytes.Buffer
		enc := gob.NewEncoder(&buf)
		perType := map[string]int{}
		for _, f := range own {
			name := reflect.TypeOf(f).Elem().String()
			before := buf.Len()
			if err := enc.Encode(f); err != nil {
				log.Fatalf("%s: encoding %T: %v", act, f, err)
			}
			s := byType[name]
			if s == nil {
				s = &sizes{}
				byType[name] = s
			}
			s.count++
			s.bytes += buf.Len() - before
			perType[name] += buf.Len() - before
		}
		for name, n := range perType {
			byType[name].maxPkg = max(byType[name].maxPkg, n)
		}
	}
	names := make([]string, 0, len(byType))
	for name := range byType {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		s := byType[name]
		fmt.Printf("facts\t%s\tcount=%d bytes=%d avg=%d max-package=%d\n", name, s.count, s.bytes, s.bytes/s.count, s.maxPkg)
	}
}
