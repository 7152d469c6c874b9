package errflow_test

// BenchmarkFactCost measures what the suite's cross-package analysis
// costs: the suite against a bare no-op analyzer, through the same loader,
// on a synthetic module of 56 packages generated into a temporary
// directory (services in their own packages, propagation chains across
// them, mcperr tool packages, go-sdk handler packages behind an adapter of
// another package, unrelated utility packages). It reports medians of
// -fact.runs runs and the size of the facts each analyzer exports,
// gob-encoded as the go vet protocol ships them. Run it with
//
//	go test -run '^$' -bench FactCost -benchtime 1x ./analyzers/internal/errflow/

import (
	"bytes"
	"encoding/gob"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/analyzers/conformance"
	"github.com/mcperrlint/mcperrlint/internal/workspace"
)

var (
	factRuns = flag.Int("fact.runs", 5, "runs per configuration in BenchmarkFactCost")
	factDir  = flag.String("fact.dir", "", "generate BenchmarkFactCost's module into this directory, and keep it")
)

// Shape of the synthetic module: 56 packages.
const (
	services    = 15 // svcNN: build runtime errors; each calls the previous one (a chain)
	propagates  = 15 // propNN: pass on svcNN's errors without importing the runtime
	handlers    = 10 // toolsNN: 10 tools each, calling two prop packages
	sdkHandlers = 5  // sdkNN: 10 go-sdk handlers each, behind kit.Raw, calling a prop package
	utilities   = 10 // utilNN: import neither the runtime nor an SDK
	toolsPer    = 10
	packageN    = services + propagates + handlers + sdkHandlers + 1 + utilities
)

func BenchmarkFactCost(b *testing.B) {
	dir := *factDir
	if dir == "" {
		dir = b.TempDir()
	}
	if err := generate(dir); err != nil {
		b.Fatal(err)
	}
	loadStart := time.Now()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil {
		b.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		b.Fatalf("%d errors loading the synthetic module", n)
	}
	load := time.Since(loadStart)

	suite := analyzers.Suite()
	noop := &analysis.Analyzer{Name: "noop", Doc: "does nothing", Run: func(*analysis.Pass) (any, error) { return nil, nil }}

	median := func(as []*analysis.Analyzer) (time.Duration, *checker.Graph) {
		var times []time.Duration
		var g *checker.Graph
		for range *factRuns {
			start := time.Now()
			g, err = checker.Analyze(as, pkgs, nil)
			if err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
		slices.Sort(times)
		return times[len(times)/2], g
	}
	b.ResetTimer()
	for range b.N {
		full, g := median(suite)
		bare, _ := median([]*analysis.Analyzer{noop})

		sizes := factSizes(b, g)
		findings := map[string]int{}
		for act := range g.All() {
			if act.IsRoot {
				for _, d := range act.Diagnostics {
					findings[d.Category]++
				}
			}
		}
		var total factSize
		for _, fs := range sizes {
			total.bytes += fs.bytes
			total.packages = max(total.packages, fs.packages)
			total.largest = max(total.largest, fs.largest)
		}
		b.ReportMetric(float64(full)/1e6, "suite-ms")
		b.ReportMetric(float64(bare)/1e6, "noop-ms")
		b.ReportMetric(float64(full)/float64(bare), "suite/noop")
		b.ReportMetric(float64(total.bytes)/packageN, "fact-B/pkg")
		b.Logf("load (LoadAllSyntax, once): %v", load.Round(time.Millisecond))
		b.Logf("analysis, median of %d: suite %v, no-op %v", *factRuns, full.Round(time.Microsecond), bare.Round(time.Microsecond))
		b.Logf("ratios: suite/no-op %.2f; end to end with the load: %.2f", float64(full)/float64(bare), float64(load+full)/float64(load+bare))
		for _, name := range slices.Sorted(maps.Keys(sizes)) {
			fs := sizes[name]
			b.Logf("facts of %s: %d bytes over %d of %d packages (%.0f B/package, largest package %d B)",
				name, fs.bytes, fs.packages, packageN, float64(fs.bytes)/packageN, fs.largest)
		}
		b.Logf("findings: %v", findings)
	}
}

// A factSize is what one analyzer's facts weigh over the synthetic
// module: the bytes in all, how many packages have some, the largest.
type factSize struct{ bytes, packages, largest int }

// factSizes returns, by analyzer, the gob-encoded size of the facts of the
// synthetic module's packages.
func factSizes(b *testing.B, g *checker.Graph) map[string]factSize {
	sizes := map[string]factSize{}
	for act := range g.All() {
		if !strings.HasPrefix(act.Package.PkgPath, "bench.example/") || len(act.Analyzer.FactTypes) == 0 {
			continue
		}
		// One stream per package and analyzer, as the go vet protocol
		// writes them: each fact type is described once.
		var buf bytes.Buffer
		enc := gob.NewEncoder(&buf)
		for _, of := range act.AllObjectFacts() {
			if of.Object.Pkg() == act.Package.Types {
				if err := enc.Encode(of.Fact); err != nil {
					b.Fatal(err)
				}
			}
		}
		for _, pf := range act.AllPackageFacts() {
			if pf.Package == act.Package.Types {
				if err := enc.Encode(pf.Fact); err != nil {
					b.Fatal(err)
				}
			}
		}
		fs := sizes[act.Analyzer.Name]
		if buf.Len() > 0 {
			fs.packages++
		}
		fs.bytes += buf.Len()
		fs.largest = max(fs.largest, buf.Len())
		sizes[act.Analyzer.Name] = fs
	}
	return sizes
}

// generate writes the synthetic module into dir, in a workspace with the
// mcperrlint module so that it imports the real runtime.
func generate(dir string) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	files := map[string]string{
		"go.mod":     "module bench.example\n\ngo 1.26.0\n",
		"go.work":    workspace.GoWork("1.26.0", root),
		"kit/kit.go": kit,
	}
	if sum, err := os.ReadFile(filepath.Join("testdata", "go.work.sum")); err == nil {
		files["go.work.sum"] = string(sum)
	}
	for i := range services {
		files[fmt.Sprintf("svc%02d/svc.go", i)] = service(i)
	}
	for i := range propagates {
		files[fmt.Sprintf("prop%02d/prop.go", i)] = propagate(i)
	}
	for i := range handlers {
		files[fmt.Sprintf("tools%02d/tools.go", i)] = toolPackage(i)
	}
	for i := range sdkHandlers {
		files[fmt.Sprintf("sdk%02d/sdk.go", i)] = sdkPackage(i)
	}
	for i := range utilities {
		files[fmt.Sprintf("util%02d/util.go", i)] = utility(i)
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

// bulk is code that has nothing to do with errors, as most code has not.
func bulk(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `
// %[1]s%[2]d sums the even values of xs, scaled.
func %[1]s%[2]d(xs []int, scale int) int {
	total := 0
	for _, x := range xs {
		if x%%2 == 0 {
			total += x * scale
		} else if x > %[2]d {
			total -= x
		}
	}
	return total
}
`, prefix, i)
	}
	return b.String()
}

func service(i int) string {
	var prevImport, prevField, prevCall string
	if i > 0 {
		prevImport = fmt.Sprintf("\tprev \"bench.example/svc%02d\"\n", i-1)
		prevField = "prev *prev.Store"
		prevCall = `	if s.prev != nil {
		v, err := s.prev.Get(ctx, id)
		if err != nil {
			return "", fmt.Errorf("svc: %w", err)
		}
		return v, nil
	}
`
	}
	return fmt.Sprintf(`package svc%02[1]d

import (
	"context"
	"fmt"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
%[2]s)

const ReasonMissing = "svc%02[1]d_missing"

type Store struct{ %[3]s }

func (s *Store) Get(ctx context.Context, id string) (string, error) {
	if id == "" {
		return "", mcperr.NotFound("Nothing has this id.", mcperr.WithReason(ReasonMissing), mcperr.RecoveryFor(ctx, ReasonMissing))
	}
%[4]s	return id, nil
}

func (s *Store) Put(ctx context.Context, id string) error {
	err := mcperr.Conflict("The record is locked.", mcperr.WithReason("svc%02[1]d_locked"))
	if id == "locked" {
		return err
	}
	return nil
}

func (s *Store) Check(ctx context.Context, reason string) error {
	return mcperr.Fail(ctx, reason, "", mcperr.RecoveryFor(ctx, reason))
}

func Unavailable(what string) error {
	return mcperr.ServiceUnavailable(fmt.Sprintf("%%s is down for maintenance.", what))
}
%[5]s`, i, prevImport, prevField, prevCall, bulk("Sum", 6))
}

func propagate(i int) string {
	return fmt.Sprintf(`package prop%02[1]d

import (
	"context"
	"errors"
	"fmt"

	svc "bench.example/svc%02[1]d"
)

var errSkip = errors.New("skip")

func Find(ctx context.Context, id string) (string, error) {
	v, err := (&svc.Store{}).Get(ctx, id)
	if err != nil {
		return "", fmt.Errorf("find %%s: %%w", id, err)
	}
	return v, nil
}

func Save(ctx context.Context, id string) error {
	err := (&svc.Store{}).Put(ctx, id)
	if errors.Is(err, errSkip) {
		return nil
	}
	return err
}

func Check(ctx context.Context, reason string) error { return (&svc.Store{}).Check(ctx, reason) }
%[2]s`, i, bulk("Fold", 6))
}

func toolPackage(i int) string {
	a, b := (2*i)%propagates, (2*i+1)%propagates
	var tools strings.Builder
	for t := range toolsPer {
		p := a
		if t%2 == 1 {
			p = b
		}
		fmt.Fprintf(&tools, `
var Tool%[1]d = &mcperr.Tool[In, Out]{
	Name: "tools%02[2]d_%[1]d",
	Errors: []mcperr.Contract{
%[5]s
		{Reason: "svc%02[3]d_locked", Code: mcperr.CodeConflict, When: "The record is locked.", Recovery: "Wait until the record is released, then retry.", ThrownByService: true},
		{Reason: "checked", Code: mcperr.CodeForbidden, When: "The check failed.", Recovery: "Ask an administrator to grant access, then retry."},
		{Reason: "empty_%[1]d", Code: mcperr.CodeInvalidParams, When: "No id was given.", Recovery: "Send the id of the record you want."},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.Fail(ctx, "empty_%[1]d", "", mcperr.RecoveryFor(ctx, "empty_%[1]d"))
		}
		if err := p%[4]d.Check(ctx, "checked"); err != nil {
			return Out{}, err
		}
		v, err := p%[4]d.Find(ctx, in.ID)
		if err != nil {
			return Out{}, err
		}
		if err := p%[4]d.Save(ctx, v); err != nil {
			return Out{}, err
		}
		return Out{Value: v}, nil
	},
}
`, t, i, p, p, missing(p))
	}
	return fmt.Sprintf(`package tools%02[1]d

import (
	"context"

	p%[2]d "bench.example/prop%02[2]d"
	p%[3]d "bench.example/prop%02[3]d"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Value string }
%[4]s`, i, a, b, tools.String())
}

// missing declares the reasons the chain below service p produces.
func missing(p int) string {
	var b strings.Builder
	for i := p; i >= 0; i-- {
		fmt.Fprintf(&b, "\t\t{Reason: \"svc%02d_missing\", Code: mcperr.CodeNotFound, When: \"Nothing has the id.\", Recovery: \"Search for the record first, then retry with its id.\", ThrownByService: true},\n", i)
	}
	return b.String()
}

// kit is the server's adapter: its handlers' errors end on the raw path.
const kit = `package kit

import (
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Handler[In any] func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error)

func Raw[In any](h Handler[In]) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			res := &mcp.CallToolResult{}
			res.SetError(err)
			return res, nil
		}
		res, _, err := h(ctx, req, in)
		return res, err
	}
}
`

func sdkPackage(i int) string {
	var handlers, adds strings.Builder
	for t := range toolsPer {
		fmt.Fprintf(&handlers, `
func get%[1]d(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	v, err := p.Find(ctx, in.ID)
	if err != nil {
		return nil, nil, fmt.Errorf("get %%s: %%w", in.ID, err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: v}}}, nil, nil
}
`, t)
		fmt.Fprintf(&adds, "\ts.AddTool(&mcp.Tool{Name: \"sdk%02d_%d\"}, kit.Raw(get%d))\n", i, t, t)
	}
	return fmt.Sprintf(`package sdk%02[1]d

import (
	"context"
	"fmt"

	"bench.example/kit"
	p "bench.example/prop%02[2]d"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ ID string }
%[3]s
func Register(s *mcp.Server) {
%[4]s}
`, i, i%propagates, handlers.String(), adds.String())
}

func utility(i int) string {
	return fmt.Sprintf("package util%02d\n%s", i, bulk("Scale", 8))
}

// TestLongChain checks that summaries converge on a long chain of helpers
// declared callers first, each adding a reason: taken in source order,
// the fixed point would need a round per helper.
func TestLongChain(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a generated module")
	}
	const n = 150
	var src strings.Builder
	src.WriteString("package chain\n\nimport (\n\t\"context\"\n\n\t\"github.com/mcperrlint/mcperrlint/runtime/mcperr\"\n)\n")
	var entries strings.Builder
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&src, "\nfunc f%d(ctx context.Context, n int) error {\n\tif n == %d {\n\t\treturn mcperr.NotFound(\"x\", mcperr.WithReason(\"r%d\"))\n\t}\n", i, i, i)
		if i > 0 {
			fmt.Fprintf(&src, "\treturn f%d(ctx, n)\n}\n", i-1)
		} else {
			src.WriteString("\treturn nil\n}\n")
		}
		fmt.Fprintf(&entries, "\t\t{Reason: \"r%d\", Code: mcperr.CodeNotFound, When: \"w\", Recovery: \"r\"},\n", i)
	}
	fmt.Fprintf(&src, `
var Tool = mcperr.Tool[int, int]{
	Name: "chain",
	Errors: []mcperr.Contract{
%s		{Reason: "never", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
	},
	Handler: func(ctx context.Context, n int) (int, error) { return 0, f%d(ctx, n) },
}
`, entries.String(), n-1)

	dir := t.TempDir()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := os.ReadFile(filepath.Join("testdata", "go.work.sum"))
	for name, content := range map[string]string{
		"go.mod":         "module chain\n\ngo 1.26.0\n",
		"go.work":        workspace.GoWork("1.26.0", root),
		"go.work.sum":    string(sum),
		"chain/chain.go": src.String(),
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./chain")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading: %v", err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{conformance.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for act := range g.All() {
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				got = append(got, d.Message)
			}
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], `declares reason "never"`) {
		t.Errorf("got %d findings, want only the unthrown \"never\":\n%s", len(got), strings.Join(got, "\n"))
	}
}
