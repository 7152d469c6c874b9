package corpus_test

// TestCorpus is the real-world corpus check. For each list in
// testdata/corpus it fetches the module version the list names through the
// Go module proxy (kept in corpus.CacheDir between runs, so a warm run
// downloads and copies nothing), runs mcperrlint -format=json on the
// list's packages, twice — with the default loader and with -allsource —
// and fails on a crash, a load or analyzer error, a difference between
// the two loaders, a finding the list does not have, an entry no longer
// found, or an entry nobody has reviewed. It ends by checking the share of
// false positives over every corpus.
//
//	MCPERRLINT_E2E=1 go test ./internal/corpus              # the check
//	MCPERRLINT_E2E=1 go test ./internal/corpus -update      # rewrite the lists
//
// -update keeps every entry still found with its mark and reason, adds new
// findings as unreviewed — which still fails until someone has read the
// code and marked them — and drops the entries no longer found.

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the lists in testdata/corpus: keep the marks of findings still found, add new ones as unreviewed, drop the rest")

// listDir holds one reviewed list per corpus.
var listDir = filepath.Join("..", "..", "testdata", "corpus")

// maxFPShare is the project's target: fewer than one finding in ten false.
const maxFPShare = 0.10

// The part of mcperrlint's JSON document (version 1) the check reads.
type report struct {
	Version  int             `json:"version"`
	Findings json.RawMessage `json:"findings"`
	Errors   []struct {
		Package  string `json:"package"`
		Position string `json:"position"`
		Message  string `json:"message"`
	} `json:"errors"`
}

type finding struct {
	Rule    string `json:"rule"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

func TestCorpus(t *testing.T) {
	if os.Getenv("MCPERRLINT_E2E") != "1" {
		t.Skip("lints real MCP servers fetched through the Go module proxy: set MCPERRLINT_E2E=1 to run (scripts/test.sh does)")
	}
	if testing.Short() {
		t.Skip("lints real MCP servers: not with -short")
	}
	names, err := filepath.Glob(filepath.Join(listDir, "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus lists in %s (%v)", listDir, err)
	}
	cache, err := corpus.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	bin := build(t)

	type row struct {
		name string
		corpus.Share
		complete bool
	}
	var rows []row
	for _, path := range names {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		var share corpus.Share
		ran := false
		ok := t.Run(name, func(t *testing.T) {
			ran = true
			share = checkCorpus(t, bin, cache, path)
		})
		if ran { // not left out by -run
			rows = append(rows, row{name, share, ok})
		}
	}

	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "corpus\tfindings\ttrue\tfalse\tFP share\t")
	var total corpus.Share
	complete := true
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.1f%%\t\n", r.name, r.Findings(), r.TP, r.FP, 100*r.FPShare())
		total.TP += r.TP
		total.FP += r.FP
		complete = complete && r.complete
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t%.1f%%\t\n", total.Findings(), total.TP, total.FP, 100*total.FPShare())
	tw.Flush()
	t.Logf("reviewed findings:\n%s", b.String())
	if complete && total.FPShare() >= maxFPShare {
		t.Errorf("%.1f%% of the corpus findings are false positives, not below %.0f%%: tune the noisy rule (with a must-not-flag fixture) rather than accept them",
			100*total.FPShare(), 100*maxFPShare)
	}
}

// checkRuleIDs checks that every entry of a list names a rule of the
// suite. (Importing the suite also makes go test's cache see a change to
// any analyzer: the check runs a binary built from them, which the cache
// cannot see.)
func checkRuleIDs(t *testing.T, path string, list *corpus.List) {
	t.Helper()
	known := map[string]bool{}
	for _, r := range analyzers.Rules() {
		known[r.ID] = true
	}
	for _, e := range list.Entries {
		if !known[e.Rule] {
			t.Errorf("%s: %s: no rule has this id", path, e.Key)
		}
	}
}

// build builds mcperrlint from this checkout.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mcperrlint")
	start := time.Now()
	cmd := exec.CommandContext(t.Context(), "go", "build", "-o", bin, "github.com/mcperrlint/mcperrlint/cmd/mcperrlint")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("built mcperrlint in %v", time.Since(start).Round(time.Millisecond))
	return bin
}

// checkCorpus checks one corpus against its list and returns the marks of
// the findings it matched.
func checkCorpus(t *testing.T, bin, cache, path string) corpus.Share {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	list, err := corpus.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	checkRuleIDs(t, path, list)

	start := time.Now()
	dir, err := corpus.Fetch(t.Context(), cache, list.Module, list.Version)
	if err != nil {
		t.Fatalf("fetching %s@%s: %v", list.Module, list.Version, err)
	}
	fetched := time.Since(start)

	start = time.Now()
	rep := lint(t, bin, dir, list)
	linted := time.Since(start)

	start = time.Now()
	all := lint(t, bin, dir, list, "-allsource")
	linted2 := time.Since(start)
	t.Logf("%s@%s in %s: fetch %v, lint %v, lint -allsource %v", list.Module, list.Version, dir,
		fetched.Round(time.Millisecond), linted.Round(time.Millisecond), linted2.Round(time.Millisecond))

	var findings, allFindings []finding
	if err := json.Unmarshal(rep.Findings, &findings); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(all.Findings, &allFindings); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rep.Findings, all.Findings) {
		t.Errorf("the default loader and -allsource disagree:\ndefault:    %v\n-allsource: %v", findings, allFindings)
	}

	keys, messages := keysOf(t, dir, findings)
	if *update {
		updated := list.Updated(keys)
		if out := updated.Format(); !bytes.Equal(out, data) {
			if err := os.WriteFile(path, out, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote %s", path)
		}
		list = updated
	}

	c := list.Compare(keys)
	for _, k := range c.New {
		t.Errorf("new finding, not in %s: %s\nRead the code, then add this entry marked tp or fp (or run with -update and edit the mark):\n\n%s",
			path, messages[k], corpus.Entry{Mark: corpus.Unreviewed, Key: k})
	}
	for _, e := range c.Missing {
		what := "a true positive lost?"
		if e.Mark == corpus.FalsePositive {
			what = "a false positive gone"
		}
		t.Errorf("%s lists a finding mcperrlint no longer reports (%s): %s\n\t%s\n\twhy: %s\nIf it is meant to go, delete the entry (or run with -update).",
			path, what, e.Key, e.Code, e.Why)
	}
	var share corpus.Share
	for _, e := range c.Matched {
		if p := e.Problems(); p != "" {
			t.Errorf("%s: %s: %s", path, e.Key, p)
			continue
		}
		share.Add(e.Mark)
	}
	return share
}

// lint runs mcperrlint -format=json on the corpus in dir and checks that
// the run is complete: no crash, no load or type error, no analyzer error.
func lint(t *testing.T, bin, dir string, list *corpus.List, extra ...string) report {
	t.Helper()
	args := append([]string{"-format=json"}, extra...)
	args = append(args, list.Flags...)
	args = append(args, list.Packages...)
	cmd := exec.CommandContext(t.Context(), bin, args...)
	cmd.Dir = dir
	cmd.Env = corpus.Env()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("mcperrlint %s: %v", strings.Join(args, " "), err)
	}
	if strings.Contains(stderr.String(), "panic:") {
		t.Fatalf("mcperrlint %s crashed:\n%s", strings.Join(args, " "), stderr.String())
	}
	var rep report
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil || rep.Version != 1 {
		t.Fatalf("mcperrlint %s (exit %d) wrote no JSON document version 1: %v\nstderr:\n%s", strings.Join(args, " "), code, jerr, stderr.String())
	}
	for _, e := range rep.Errors {
		t.Errorf("mcperrlint %s: incomplete run: %s %s %s", strings.Join(args, " "), e.Package, e.Position, e.Message)
	}
	if code != 0 && code != 3 {
		t.Fatalf("mcperrlint %s exited %d, want 0 (no findings) or 3 (findings):\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return rep
}

// keysOf keys findings by rule, position and the text of their line, and
// returns each key's message for the failure output.
func keysOf(t *testing.T, dir string, findings []finding) ([]corpus.Key, map[corpus.Key]string) {
	t.Helper()
	files := map[string][]string{}
	var keys []corpus.Key
	messages := map[corpus.Key]string{}
	for _, f := range findings {
		if filepath.IsAbs(f.File) || strings.HasPrefix(f.File, "../") {
			t.Errorf("finding outside the corpus module, which has no stable key: %s:%d: %s: %s", f.File, f.Line, f.Rule, f.Message)
			continue
		}
		lines, ok := files[f.File]
		if !ok {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.File)))
			if err != nil {
				t.Fatal(err)
			}
			lines = strings.Split(string(data), "\n")
			files[f.File] = lines
		}
		code := ""
		if f.Line >= 1 && f.Line <= len(lines) {
			code = corpus.Normalize(lines[f.Line-1])
		}
		k := corpus.Key{Rule: f.Rule, File: f.File, Line: f.Line, Column: f.Column, Code: code}
		keys = append(keys, k)
		messages[k] = f.Rule + ": " + f.Message
	}
	slices.SortStableFunc(keys, corpus.Key.Compare)
	return keys, messages
}
