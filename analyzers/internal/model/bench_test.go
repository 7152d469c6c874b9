package model_test

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/internal/bench/synth"
	"github.com/mcperrlint/mcperrlint/internal/load"
)

// benchTools lists the sizes of the generated servers. The 10 000-tool
// server takes minutes to generate and load, so it is asked for by name:
//
//	go test -run '^$' -bench Suite ./analyzers/internal/model -args -tools 100,1000,10000
var benchTools = flag.String("tools", "100,1000", "comma-separated numbers of tools of the generated servers")

// BenchmarkModel times the model alone, and BenchmarkSuite every analyzer,
// on generated servers (internal/bench/synth, sizes from -tools): the
// analysis only, the packages loaded once. Their ns/tool should not grow
// with the number of tools. scripts/bench.sh measures whole runs.
func BenchmarkModel(b *testing.B) {
	benchAnalyzers(b, []*analysis.Analyzer{model.Analyzer})
}

func BenchmarkSuite(b *testing.B) {
	benchAnalyzers(b, analyzers.Suite())
}

func benchAnalyzers(b *testing.B, as []*analysis.Analyzer) {
	for _, field := range strings.Split(*benchTools, ",") {
		tools, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || tools <= 0 {
			b.Fatalf("-tools: %q is not a positive number of tools", field)
		}
		b.Run(fmt.Sprintf("tools=%d", tools), func(b *testing.B) {
			roots := loadSynth(b, tools)
			var cpu time.Duration
			for b.Loop() {
				cpu0 := cpuTime()
				if _, err := checker.Analyze(as, roots, &checker.Options{Sequential: true}); err != nil {
					b.Fatal(err)
				}
				cpu += cpuTime() - cpu0
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tools), "ns/tool")
			// CPU time, garbage collection included, is steadier than wall
			// time on a busy machine.
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*tools), "cpu-ns/tool")
		})
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

// loadSynth generates a server of the given number of tools and loads it.
func loadSynth(b *testing.B, tools int) []*packages.Package {
	b.Helper()
	dir := b.TempDir()
	if err := synth.Generate(dir, synth.Config{Tools: tools, Repo: "../../.."}); err != nil {
		b.Fatal(err)
	}
	cfg := load.MCP(false)
	cfg.Dir = dir
	roots, _, err := load.Load(cfg, "./...")
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range roots {
		if len(p.Errors) > 0 {
			b.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
	}
	return roots
}
