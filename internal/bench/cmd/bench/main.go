// Command bench times mcperrlint against the cost it cannot avoid, side
// by side, on real and synthetic code, and writes the figures as Markdown.
// scripts/bench.sh runs it; docs/performance.md explains the table.
//
// For each corpus it runs, interleaved round by round so that a busy
// machine slows every command alike:
//
//	noop             a bare no-op analyzer (singlechecker): the floor
//	mcperrlint       mcperrlint ./..., the standalone driver
//	json-legacy      mcperrlint -json ./..., multichecker's JSON tree
//	sarif            mcperrlint -format=sarif ./...
//	fix-diff         mcperrlint -fix -diff ./...: the fixes as a diff
//	loader           a no-op declaring a fact type, through mcperrlint's loader
//	go vet           go vet ./..., warm (results cached)
//	vettool          go vet -vettool=mcperrlint ./..., warm
//	vettool-vet      go vet -vettool=$(go env GOTOOLDIR)/vet ./..., warm: the
//	                 default suite through the same -vettool path
//
// and, fewer times because they are slow:
//
//	noopfacts        a no-op that declares a fact type (singlechecker): the
//	                 floor of a facts suite loaded the standard way, every
//	                 dependency from source
//	go vet, cold     vet results invalidated (see below)
//	vettool, cold    likewise
//
// "Cold" for go vet means that no vet result is in the build cache while
// compiled export data is: each cold run uses a copy of the vet tool
// (cmd/vet for the default suite, mcperrlint for -vettool) under a fresh
// name with fresh bytes appended, so the go command computes a new tool
// ID and re-runs the tool on every package, dependencies included — what
// happens after upgrading the linter. Compiling the dependencies from
// scratch (an empty GOCACHE) is a one-time cost of the build, not of the
// linter, and the setup step pays it before anything is timed.
//
// It reports medians of wall time and of CPU time (user+system of the
// command and its children), ratios to the no-op floor, peak resident
// memory (the largest process of the command's tree), and, from the
// phases command, the load and analysis split, each analyzer's own time
// (sequential, summed over packages) and the size of the facts.
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mcperrlint/mcperrlint/internal/bench/synth"
	"github.com/mcperrlint/mcperrlint/internal/depcache"
)

const grafanaModule = "github.com/grafana/mcp-grafana@v1.6.3"

var (
	flagSynth    = flag.String("synth", "100,1000", "tool counts of the synthetic servers, comma-separated; empty for none")
	flagGrafana  = flag.Bool("grafana", true, "benchmark "+grafanaModule+" from the module proxy")
	flagStd      = flag.Bool("std", false, "benchmark the standard library (std); slow: minutes")
	flagRuns     = flag.Int("runs", 3, "timed runs of each fast command per corpus")
	flagSlowRuns = flag.Int("slowruns", 1, "timed runs of each slow command (cold vet, the facts floor)")
	flagSkip     = flag.String("skip", "", "commands to leave out, comma-separated: noop, mcperrlint, mcperrlint-cold, gogc100, json-legacy, sarif, fix-diff, loader, vet, vettool, vettool-vet, noopfacts, vet-cold, vettool-cold, phases")
	flagWork     = flag.String("work", "", "directory for the tools and corpora (default: mcperrlint-bench in the user cache directory)")
	flagOut      = flag.String("o", "", "also write the Markdown report to this file")
	flagProfile  = flag.Bool("profile", false, "write CPU and allocation profiles of the analysis of each synthetic corpus, and print their top entries")
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: bench [flags]\n\nTimes mcperrlint against its floors; see scripts/bench.sh.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	b, err := newBench()
	if err != nil {
		log.Fatal(err)
	}
	if err := b.run(); err != nil {
		log.Fatal(err)
	}
}

type bench struct {
	repo, work, bin string
	skip            map[string]bool
	report          bytes.Buffer
	scaling         []scalingRow
}

func newBench() (*bench, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return nil, fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return nil, errors.New("run bench inside the mcperrlint module (scripts/bench.sh does)")
	}
	b := &bench{repo: filepath.Dir(gomod), work: *flagWork, skip: map[string]bool{}}
	if b.work == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return nil, err
		}
		b.work = filepath.Join(dir, "mcperrlint-bench")
	}
	if b.work, err = filepath.Abs(b.work); err != nil {
		return nil, err
	}
	b.bin = filepath.Join(b.work, "bin")
	for _, s := range strings.Split(*flagSkip, ",") {
		if s = strings.TrimSpace(s); s != "" {
			b.skip[s] = true
		}
	}
	return b, nil
}

// A corpus is a set of packages to lint, in a directory.
type corpus struct {
	name     string
	dir      string
	patterns []string
	env      []string
	tools    int // for synthetic corpora
}

func (b *bench) run() error {
	start := time.Now()
	b.printf("# mcperrlint benchmark\n\n")
	b.printf("%s, %s, GOMAXPROCS %s, %d CPUs; runs %d (slow commands %d). Medians; ratios are to the bare no-op floor on the same corpus.\n\n",
		goVersion(), time.Now().UTC().Format("2006-01-02"), cmp.Or(os.Getenv("GOMAXPROCS"), "default"), runtime.NumCPU(), *flagRuns, *flagSlowRuns)
	log.Printf("building the tools into %s", b.bin)
	if err := b.buildTools(); err != nil {
		return err
	}
	var corpora []corpus
	for _, s := range strings.Split(*flagSynth, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return fmt.Errorf("-synth: %q is not a number of tools", s)
		}
		c, err := b.synthCorpus(n)
		if err != nil {
			return err
		}
		corpora = append(corpora, c)
	}
	if *flagGrafana {
		c, err := b.grafanaCorpus()
		if err != nil {
			return err
		}
		corpora = append(corpora, c)
	}
	if *flagStd {
		dir := filepath.Join(b.work, "std")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		corpora = append(corpora, corpus{name: "std", dir: dir, patterns: []string{"std"}, env: []string{"GOWORK=off", "GO111MODULE=on"}})
	}
	for _, c := range corpora {
		if err := b.benchCorpus(c); err != nil {
			return fmt.Errorf("%s: %v", c.name, err)
		}
	}
	b.writeScaling()
	b.printf("\nTotal time of the benchmark: %s.\n", time.Since(start).Round(time.Second))
	if *flagOut != "" {
		if err := os.WriteFile(*flagOut, b.report.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// printf adds to the report and prints it as it goes.
func (b *bench) printf(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	b.report.WriteString(s)
	os.Stdout.WriteString(s)
}

func (b *bench) buildTools() error {
	cmd := exec.Command("go", "build", "-o", b.bin+string(filepath.Separator),
		"./cmd/mcperrlint", "./internal/bench/cmd/noop", "./internal/bench/cmd/noopfacts", "./internal/bench/cmd/phases")
	cmd.Dir = b.repo
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

func (b *bench) synthCorpus(n int) (corpus, error) {
	dir := filepath.Join(b.work, fmt.Sprintf("synth-%d", n))
	log.Printf("generating a synthetic server of %d tools in %s", n, dir)
	if err := os.RemoveAll(dir); err != nil {
		return corpus{}, err
	}
	if err := synth.Generate(dir, synth.Config{Tools: n, Repo: b.repo}); err != nil {
		return corpus{}, err
	}
	return corpus{name: fmt.Sprintf("synthetic, %d tools", n), dir: dir, patterns: []string{"./..."}, tools: n}, nil
}

// grafanaCorpus copies mcp-grafana out of the module cache, where it is
// read-only, and downloads its dependencies.
func (b *bench) grafanaCorpus() (corpus, error) {
	dir := filepath.Join(b.work, "mcp-grafana")
	c := corpus{name: grafanaModule, dir: dir, patterns: []string{"./..."}, env: []string{"GOWORK=off", "GOFLAGS=-mod=mod"}}
	if _, err := os.Stat(filepath.Join(dir, ".bench-ready")); err == nil {
		return c, nil
	}
	log.Printf("downloading %s", grafanaModule)
	cmd := exec.Command("go", "mod", "download", "-json", grafanaModule)
	cmd.Dir = b.work
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		return c, fmt.Errorf("go mod download %s: %v", grafanaModule, err)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		return c, fmt.Errorf("go mod download %s: %v%s", grafanaModule, err, mod.Error)
	}
	if err := os.RemoveAll(dir); err != nil {
		return c, err
	}
	if err := copyTree(mod.Dir, dir); err != nil {
		return c, err
	}
	dl := exec.Command("go", "mod", "download")
	dl.Dir, dl.Env, dl.Stderr = dir, append(os.Environ(), c.env...), os.Stderr
	if err := dl.Run(); err != nil {
		return c, fmt.Errorf("go mod download in %s: %v", dir, err)
	}
	return c, os.WriteFile(filepath.Join(dir, ".bench-ready"), nil, 0o644)
}

// copyTree copies a directory tree, making everything writable.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// A command is one thing the benchmark times.
type command struct {
	key, label string
	slow       bool
	args       func() ([]string, error) // a fresh command line for each run
	samples    []sample
}

type sample struct {
	wall, cpu time.Duration
	rssKB     int64
	exit      int
}

func (b *bench) benchCorpus(c corpus) error {
	b.printf("\n## %s\n\n", c.name)
	// The corpus's own dependency summary cache, so that its size can be
	// told; the cold runs start from an empty one each time.
	depCache := filepath.Join(b.work, "depcache", strings.NewReplacer("/", "_", " ", "_", ",", "").Replace(c.name))
	if err := os.RemoveAll(depCache); err != nil {
		return err
	}
	c.env = append(slices.Clip(c.env), depcache.EnvVar+"="+depCache)
	// Each cold run's empty cache is its own directory, removed with
	// the corpus's runs: they are not the corpus's cache, and add up.
	var coldCaches []string
	defer func() {
		for _, dir := range coldCaches {
			os.RemoveAll(dir)
		}
	}()
	log.Printf("%s: setup (compiling dependencies, warming the vet caches); not timed", c.name)
	vettool := filepath.Join(b.bin, "mcperrlint")
	setup := [][]string{
		append([]string{"go", "list", "-e", "-export", "-compiled", "-deps", "-test", "-json=ImportPath"}, c.patterns...),
		append([]string{filepath.Join(b.bin, "noop")}, c.patterns...),
		append([]string{filepath.Join(b.bin, "mcperrlint")}, c.patterns...),
	}
	if !b.skip["vet"] {
		setup = append(setup, append([]string{"go", "vet"}, c.patterns...))
	}
	if !b.skip["vettool"] {
		setup = append(setup, append([]string{"go", "vet", "-vettool=" + vettool}, c.patterns...))
	}
	t0 := time.Now()
	for _, args := range setup {
		if _, err := b.exec(c, args, io.Discard); err != nil {
			return err
		}
	}
	b.printf("Setup, not timed: %s (compiling dependencies to export data, first vet runs).\n\n", time.Since(t0).Round(time.Second))

	fixed := func(args ...string) func() ([]string, error) {
		return func() ([]string, error) { return append(args, c.patterns...), nil }
	}
	cmds := []*command{
		{key: "noop", label: "no-op analyzer (floor)", args: fixed(filepath.Join(b.bin, "noop"))},
		{key: "mcperrlint", label: "`mcperrlint ./...`", args: fixed(filepath.Join(b.bin, "mcperrlint"))},
		{key: "gogc100", label: "`GOGC=100 mcperrlint ./...` (the driver's GC setting off)", args: fixed("env", "GOGC=100", filepath.Join(b.bin, "mcperrlint"))},
		{key: "json-legacy", label: "`mcperrlint -json ./...`", args: fixed(filepath.Join(b.bin, "mcperrlint"), "-json")},
		{key: "sarif", label: "`mcperrlint -format=sarif ./...`", args: fixed(filepath.Join(b.bin, "mcperrlint"), "-format=sarif")},
		{key: "fix-diff", label: "`mcperrlint -fix -diff ./...`", args: fixed(filepath.Join(b.bin, "mcperrlint"), "-fix", "-diff")},
		{key: "loader", label: "no-op declaring a fact type, through mcperrlint's loader", args: fixed(filepath.Join(b.bin, "phases"), "-a", "noopfacts")},
		{key: "vet", label: "`go vet`, warm", args: fixed("go", "vet")},
		{key: "vettool", label: "`go vet -vettool=mcperrlint`, warm", args: fixed("go", "vet", "-vettool="+vettool)},
		{key: "vettool-vet", label: "`go vet -vettool=$(go env GOTOOLDIR)/vet`, warm", args: fixed("go", "vet", "-vettool="+filepath.Join(goEnv("GOTOOLDIR"), "vet"))},
		{key: "mcperrlint-cold", label: "`mcperrlint ./...`, cold (empty dependency cache)", slow: true, args: func() ([]string, error) {
			dir, err := os.MkdirTemp(b.work, "depcache-cold-")
			coldCaches = append(coldCaches, dir)
			return append([]string{"env", depcache.EnvVar + "=" + dir, filepath.Join(b.bin, "mcperrlint")}, c.patterns...), err
		}},
		{key: "noopfacts", label: "no-op declaring a fact type", slow: true, args: fixed(filepath.Join(b.bin, "noopfacts"))},
		{key: "vet-cold", label: "`go vet`, cold", slow: true, args: func() ([]string, error) {
			tool, err := b.freshCopy(filepath.Join(goEnv("GOTOOLDIR"), "vet"), "vet")
			return append([]string{"go", "vet", "-vettool=" + tool}, c.patterns...), err
		}},
		{key: "vettool-cold", label: "`go vet -vettool=mcperrlint`, cold", slow: true, args: func() ([]string, error) {
			tool, err := b.freshCopy(vettool, "mcperrlint")
			return append([]string{"go", "vet", "-vettool=" + tool}, c.patterns...), err
		}},
	}
	cmds = slices.DeleteFunc(cmds, func(cmd *command) bool { return b.skip[cmd.key] })
	for round := range max(*flagRuns, *flagSlowRuns) {
		for _, cmd := range cmds {
			if !cmd.slow && round >= *flagRuns || cmd.slow && round >= *flagSlowRuns {
				continue
			}
			args, err := cmd.args()
			if err != nil {
				return err
			}
			log.Printf("%s: round %d: %s", c.name, round+1, cmd.label)
			s, err := b.exec(c, args, io.Discard)
			if err != nil {
				return err
			}
			cmd.samples = append(cmd.samples, s)
		}
	}
	b.writeTable(cmds)
	if c, err := depcache.OpenDir(depCache); err == nil {
		if n, size, err := c.Size(); err == nil {
			b.printf("Dependency summary cache of this corpus: %d entries, %.1f MB.\n\n", n, float64(size)/(1<<20))
		}
	}
	if !b.skip["phases"] {
		if err := b.phases(c); err != nil {
			return err
		}
	}
	return nil
}

// exec runs a command in the corpus and measures it. Exit codes are
// recorded, not judged: linters exit non-zero when they find something.
func (b *bench) exec(c corpus, args []string, stdout io.Writer) (sample, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
	cmd.Env = append(cmd.Env, c.env...)
	cmd.Stdout = stdout
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return sample{}, fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	st := cmd.ProcessState
	s := sample{wall: wall, cpu: st.UserTime() + st.SystemTime(), exit: st.ExitCode()}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		s.rssKB = ru.Maxrss
	}
	// A run that could not complete (exit 1 from a linter, or 2) is
	// reported with its error; go vet's 1 means findings.
	if s.exit != 0 && s.exit != 3 && !(args[0] == "go" && args[1] == "vet" && s.exit == 1) {
		log.Printf("%s exited %d:\n%s", strings.Join(args, " "), s.exit, lastLines(stderr.String(), 10))
	}
	return s, nil
}

// freshCopy copies a tool under a new name, with the content part of its
// Go build ID replaced and random bytes appended, so that the go command
// sees a tool it has never run (see "cold"), whichever it keys on: the
// name and version of a released tool such as cmd/vet, or the build ID
// (mcperrlint) or a hash (other x/tools drivers) of a devel one.
func (b *bench) freshCopy(path, name string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, 16)
	rand.Read(nonce)
	if out, err := exec.Command("go", "tool", "buildid", path).Output(); err == nil {
		id := strings.TrimSpace(string(out))
		content := id[strings.LastIndex(id, "/")+1:]
		fresh := []byte(content)
		for i := range fresh {
			fresh[i] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[int(nonce[i%len(nonce)]+byte(i))%62]
		}
		data = bytes.ReplaceAll(data, []byte(id), []byte(id[:len(id)-len(content)]+string(fresh)))
	}
	dir := filepath.Join(b.work, "cold")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tool := filepath.Join(dir, name+"-"+hex.EncodeToString(nonce[:6]))
	if err := os.WriteFile(tool, append(data, nonce...), 0o755); err != nil {
		return "", err
	}
	return tool, nil
}

func (b *bench) writeTable(cmds []*command) {
	var floor *command
	for _, cmd := range cmds {
		if cmd.key == "noop" {
			floor = cmd
		}
	}
	b.printf("| command | wall | × floor | CPU | × floor | peak RSS | runs | exit |\n")
	b.printf("|---|---:|---:|---:|---:|---:|---:|---:|\n")
	med := map[string]sample{}
	for _, cmd := range cmds {
		if len(cmd.samples) == 0 {
			continue
		}
		m := median(cmd.samples)
		med[cmd.key] = m
		wallRatio, cpuRatio := "", ""
		if floor != nil && len(floor.samples) > 0 {
			f := median(floor.samples)
			wallRatio = fmt.Sprintf("%.2f", m.wall.Seconds()/f.wall.Seconds())
			cpuRatio = fmt.Sprintf("%.2f", m.cpu.Seconds()/f.cpu.Seconds())
		}
		b.printf("| %s | %.2f s | %s | %.2f s | %s | %d MB | %d | %d |\n",
			cmd.label, m.wall.Seconds(), wallRatio, m.cpu.Seconds(), cpuRatio, m.rssKB/1024, len(cmd.samples), m.exit)
	}
	b.printf("\n")
	check := func(what string, a, bKey string, target float64) {
		x, okA := med[a]
		y, okB := med[bKey]
		if !okA || !okB {
			return
		}
		w, c := x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds()
		if target == 0 { // no target: a figure for comparison
			b.printf("- %s: %.2f× wall, %.2f× CPU\n", what, w, c)
			return
		}
		mark := "meets"
		if w > target {
			mark = "MISSES"
		}
		b.printf("- %s: %.2f× wall, %.2f× CPU (target ≤ %.2f×: %s)\n", what, w, c, target, mark)
	}
	check("`mcperrlint ./...` / no-op floor", "mcperrlint", "noop", 1.25)
	check("`GOGC=100 mcperrlint ./...` / no-op floor (the driver's relaxed GC off, for comparison)", "gogc100", "noop", 0)
	check("`mcperrlint -json ./...` / no-op floor", "json-legacy", "noop", 1.25)
	check("`mcperrlint -format=sarif ./...` / no-op floor", "sarif", "noop", 1.25)
	check("`mcperrlint -fix -diff ./...` / no-op floor", "fix-diff", "noop", 1.25)
	check("warm `go vet -vettool=mcperrlint` / warm `go vet`", "vettool", "vet", 1.0)
	if x, ok := med["vettool"]; ok {
		if y, ok := med["vettool-vet"]; ok {
			b.printf("- warm `go vet -vettool=mcperrlint` / warm `go vet -vettool=` cmd/vet (the same suite as `go vet`, through the same -vettool path): %.2f× wall, %.2f× CPU\n", x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds())
		}
	}
	if x, ok := med["mcperrlint-cold"]; ok {
		if y, ok := med["vettool-cold"]; ok {
			b.printf("- cold `mcperrlint ./...` (empty dependency cache) / cold `go vet -vettool=mcperrlint`: %.2f× wall, %.2f× CPU\n", x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds())
		}
		if y, ok := med["mcperrlint"]; ok {
			b.printf("- cold `mcperrlint ./...` / warm: %.2f× wall, %.2f× CPU\n", x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds())
		}
	}
	if x, ok := med["vettool-cold"]; ok {
		if y, ok := med["vet-cold"]; ok {
			b.printf("- cold `go vet -vettool=mcperrlint` / cold `go vet`: %.2f× wall, %.2f× CPU\n", x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds())
		}
	}
	if x, ok := med["noopfacts"]; ok {
		if y, ok := med["noop"]; ok {
			b.printf("- no-op declaring a fact type / bare no-op: %.2f× wall, %.2f× CPU (stock loader: every dependency from source)\n", x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds())
		}
	}
	if x, ok := med["loader"]; ok {
		if y, ok := med["noop"]; ok {
			b.printf("- the same no-op through mcperrlint's loader / bare no-op: %.2f× wall, %.2f× CPU (what the loader costs)\n", x.wall.Seconds()/y.wall.Seconds(), x.cpu.Seconds()/y.cpu.Seconds())
		}
	}
	b.printf("\n")
}

// median returns the sample of median wall time, with the median CPU
// time and the largest peak memory of all samples.
func median(samples []sample) sample {
	walls := make([]time.Duration, len(samples))
	cpus := make([]time.Duration, len(samples))
	var rss int64
	for i, s := range samples {
		walls[i], cpus[i] = s.wall, s.cpu
		rss = max(rss, s.rssKB)
	}
	slices.Sort(walls)
	slices.Sort(cpus)
	mid := func(d []time.Duration) time.Duration {
		n := len(d)
		if n%2 == 1 {
			return d[n/2]
		}
		return (d[n/2-1] + d[n/2]) / 2
	}
	return sample{wall: mid(walls), cpu: mid(cpus), rssKB: rss, exit: samples[len(samples)-1].exit}
}

// A scalingRow is the analyzers' own time on one synthetic corpus.
type scalingRow struct {
	tools    int
	analysis time.Duration // sum of every analyzer's own time
	model    time.Duration
	load     time.Duration
}

// phases runs the phases command for the load/analysis split, each
// analyzer's own time and the facts' size, and, with -profile, profiles.
func (b *bench) phases(c corpus) error {
	args := []string{filepath.Join(b.bin, "phases"), "-p", "-facts"}
	var prof string
	if *flagProfile && c.tools > 0 {
		// Separate runs: sampling allocations slows the CPU profile down.
		prof = filepath.Join(b.work, fmt.Sprintf("profile-%d", c.tools))
		for _, p := range []string{"-cpuprofile=" + prof + ".cpu", "-memprofile=" + prof + ".mem"} {
			log.Printf("%s: phases %s", c.name, p)
			if _, err := b.exec(c, append([]string{filepath.Join(b.bin, "phases"), p}, c.patterns...), io.Discard); err != nil {
				return err
			}
		}
	}
	var out bytes.Buffer
	log.Printf("%s: phases", c.name)
	if _, err := b.exec(c, append(args, c.patterns...), &out); err != nil {
		return err
	}
	row := scalingRow{tools: c.tools}
	b.printf("Where the time of `mcperrlint ./...` goes (one run, analyzers sequential, `phases -p`):\n\n")
	b.printf("| phase / analyzer | time | notes |\n|---|---:|---|\n")
	sc := bufio.NewScanner(&out)
	var facts []string
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		switch {
		case len(f) == 3 && (f[0] == "load" || f[0] == "analyze"):
			b.printf("| %s | %s | %s |\n", f[0], f[1], f[2])
			if f[0] == "load" {
				row.load = parseSeconds(f[1])
			}
		case len(f) == 3 && f[0] == "analyzer":
			b.printf("| analyzer %s | %s | |\n", f[1], f[2])
			d := parseSeconds(f[2])
			row.analysis += d
			if f[1] == "mcpmodel" {
				row.model = d
			}
		case len(f) == 3 && f[0] == "facts":
			facts = append(facts, fmt.Sprintf("%s: %s", f[1], f[2]))
		}
	}
	b.printf("| all analyzers | %.4fs | sum of the above |\n\n", row.analysis.Seconds())
	if len(facts) > 0 {
		b.printf("Facts exported (gob, one stream per package as in the vet protocol): %s.\n\n", strings.Join(facts, "; "))
	}
	if c.tools > 0 {
		b.scaling = append(b.scaling, row)
	}
	if prof != "" {
		for _, p := range []struct{ file, index, base string }{{prof + ".cpu", "cpu", ""}, {prof + ".mem", "alloc_space", prof + ".mem.base"}} {
			cmd := exec.Command("go", "tool", "pprof", "-top", "-nodecount=25", "-sample_index="+p.index, filepath.Join(b.bin, "phases"), p.file)
			if p.base != "" {
				cmd.Args = append(cmd.Args[:len(cmd.Args)-2], "-base="+p.base, cmd.Args[len(cmd.Args)-2], cmd.Args[len(cmd.Args)-1])
			}
			top, err := cmd.Output()
			if err != nil {
				return fmt.Errorf("go tool pprof %s: %v", p.file, err)
			}
			b.printf("Profile %s (analysis only):\n\n```\n%s```\n\n", filepath.Base(p.file), lastLines(string(top), 27))
		}
	}
	return nil
}

func (b *bench) writeScaling() {
	if len(b.scaling) < 2 {
		return
	}
	slices.SortFunc(b.scaling, func(x, y scalingRow) int { return cmp.Compare(x.tools, y.tools) })
	b.printf("\n## Scaling (synthetic servers)\n\n")
	b.printf("| tools | all analyzers | × previous | per tool | model | load |\n|---:|---:|---:|---:|---:|---:|\n")
	for i, r := range b.scaling {
		ratio := ""
		if i > 0 && b.scaling[i-1].analysis > 0 {
			ratio = fmt.Sprintf("%.2f (tools ×%.0f)", r.analysis.Seconds()/b.scaling[i-1].analysis.Seconds(), float64(r.tools)/float64(b.scaling[i-1].tools))
		}
		b.printf("| %d | %.3f s | %s | %.1f µs | %.3f s | %.2f s |\n", r.tools, r.analysis.Seconds(), ratio,
			float64(r.analysis.Microseconds())/float64(r.tools), r.model.Seconds(), r.load.Seconds())
	}
}

func parseSeconds(s string) time.Duration {
	d, _ := time.ParseDuration(s)
	return d
}

func lastLines(s string, n int) string {
	lines := strings.SplitAfter(strings.TrimRight(s, "\n")+"\n", "\n")
	if len(lines) > n+1 {
		lines = lines[len(lines)-n-1:]
	}
	return strings.Join(lines, "")
}

func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		log.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

func goVersion() string {
	out, _ := exec.Command("go", "env", "GOVERSION").Output()
	return strings.TrimSpace(string(out))
}
