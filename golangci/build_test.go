package golangci_test

// This test builds a custom golangci-lint with the plugin, the way users
// do (scripts/build-golangci.sh, Go module proxy only), and runs it. It
// takes minutes when the build cache is cold, so it runs only with
// MCPERRLINT_E2E=1 (as scripts/test.sh, and so CI, sets it) or
// MCPERRLINT_GOLANGCI=1; MCPERRLINT_GOLANGCI_BIN names an already built
// binary to use instead of building one.

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/internal/markers"
)

// allowedMoves are the modules of golangci-lint's module graph that adding
// mcperrlint raises, though no package of theirs is linked into
// golangci-lint: the MCP go-sdk, which runtime/mcpsdk binds to, requires
// newer golang.org/x/oauth2 and golang.org/x/time than the ancient
// versions golangci-lint's graph holds. Any other move fails the build.
var allowedMoves = []string{"golang.org/x/oauth2", "golang.org/x/time"}

// customGolangci returns the custom golangci-lint, built once per test
// binary.
func customGolangci(t *testing.T) string {
	t.Helper()
	if os.Getenv("MCPERRLINT_E2E") != "1" && os.Getenv("MCPERRLINT_GOLANGCI") != "1" {
		t.Skip("builds golangci-lint: set MCPERRLINT_E2E=1 or MCPERRLINT_GOLANGCI=1 to run")
	}
	if testing.Short() {
		t.Skip("builds golangci-lint: not with -short")
	}
	if bin := os.Getenv("MCPERRLINT_GOLANGCI_BIN"); bin != "" {
		return bin
	}
	built.Do(func() { built.bin, built.log, built.err = build() })
	if built.err != nil {
		t.Fatalf("scripts/build-golangci.sh: %v\n%s", built.err, built.log)
	}
	return built.bin
}

var built struct {
	sync.Once
	bin, log string
	err      error
}

// build runs scripts/build-golangci.sh, strict about module moves.
func build() (bin, log string, err error) {
	dir, err := os.MkdirTemp("", "mcperrlint-golangci")
	if err != nil {
		return "", "", err
	}
	bin = filepath.Join(dir, "golangci-lint")
	cmd := exec.Command("bash", filepath.Join("..", "scripts", "build-golangci.sh"), "-o", bin)
	cmd.Env = append(os.Environ(),
		"MCPERRLINT_GCL_STRICT=1",
		"MCPERRLINT_GCL_ALLOW_MOVES="+strings.Join(allowedMoves, " "))
	out, err := cmd.CombinedOutput()
	return bin, string(out), err
}

// TestBuildKeepsGolangciVersions checks what the build script found about
// golangci-lint's dependencies: nothing linked moved (else the build
// failed), and the modules that moved in the graph are exactly the allowed
// ones, so the allowance is dropped once it is not needed.
func TestBuildKeepsGolangciVersions(t *testing.T) {
	customGolangci(t)
	if os.Getenv("MCPERRLINT_GOLANGCI_BIN") != "" {
		t.Skip("the binary was built elsewhere")
	}
	var moved []string
	for _, line := range strings.Split(built.log, "\n") {
		if m := regexp.MustCompile(`^  (\S+): \S+ -> \S+$`).FindStringSubmatch(line); m != nil {
			moved = append(moved, m[1])
		}
	}
	if diff := cmp.Diff(allowedMoves, moved); diff != "" {
		t.Errorf("modules of golangci-lint's graph moved by mcperrlint (-allowed +moved): update allowedMoves only if no package of theirs is linked\n%s\n%s", diff, built.log)
	}
	for _, want := range []string{
		"golang.org/x/tools: golangci-lint v0.52.0, mcperrlint v0.52.0",
		"github.com/google/go-cmp: golangci-lint v0.7.0, mcperrlint v0.7.0",
		"honnef.co/go/tools: golangci-lint v0.8.2",
	} {
		if !strings.Contains(built.log, want) {
			t.Errorf("the build log lacks %q:\n%s", want, built.log)
		}
	}
}

// An issue is what the test compares: where, and which rule.
type issue = markers.Finding

func sortIssues(is []issue) []issue { return markers.Sort(is) }

// expected reads the issues a module's markers tagged tag expect.
func expected(t *testing.T, dir, tag string) []issue {
	t.Helper()
	want, err := markers.Read(dir, tag)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// lint runs the custom golangci-lint in dir and returns its issues: on
// the packages args names (./pkg), or on ./... .
func lint(t *testing.T, bin, dir string, args ...string) []issue {
	t.Helper()
	report := filepath.Join(t.TempDir(), "report.json")
	if !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "./") }) {
		args = append(args, "./...")
	}
	cmd := exec.Command(bin, append([]string{"run", "--output.json.path=" + report, "--output.text.path=stderr"}, args...)...)
	cmd.Dir = dir
	// golangci-lint caches a package's issues under a key that does not
	// change with a plugin rebuilt at the same version: a fresh cache,
	// or the issues (and fixes) of an older build come back.
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); err != nil && (!ok || exit.ExitCode() != 1) {
		t.Fatalf("golangci-lint run %v: %v\n%s", args, err, stderr.String())
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Issues []struct {
			FromLinter, Text string
			Pos              struct {
				Filename string
				Line     int
			}
		}
	}
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("decoding golangci-lint's JSON: %v\n%s", err, data)
	}
	// The text is "<analyzer>: <rule-id>: <message>"; golangci-lint
	// reports a finding's related information as issues of their own,
	// "<analyzer>(related information): <message>".
	text := regexp.MustCompile(`^[a-z]+: ([a-z0-9-]+): `)
	var issues []issue
	for _, is := range out.Issues {
		if strings.Contains(is.Text, "(related information): ") {
			continue
		}
		m := text.FindStringSubmatch(is.Text)
		if is.FromLinter != "mcperrlint" || m == nil {
			t.Errorf("issue not from mcperrlint, or without a rule id: %s: %s", is.FromLinter, is.Text)
			continue
		}
		issues = append(issues, issue{File: filepath.ToSlash(is.Pos.Filename), Line: is.Pos.Line, Rule: m[1]})
	}
	return sortIssues(issues)
}

// copyModule copies a module using the go.work convention of this
// repository's fixtures to a temporary directory, pointing its go.work at
// this repository.
func copyModule(t *testing.T, src, repoRel string) string {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dst, "go.work")
	data, err := os.ReadFile(work)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte(repoRel), []byte(filepath.ToSlash(repo)))
	if err := os.WriteFile(work, data, 0o644); err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(dst, func(path string, d os.DirEntry, err error) error {
		if err == nil {
			os.Chmod(path, 0o755) // a checkout's files may be read-only; tests edit them
		}
		return nil
	})
	return dst
}

// TestGolangciFindings runs the custom golangci-lint on the fixture: its
// findings are exactly the marked ones, with the settings of .golangci.yml
// applied (min-words 3, require-contract on, conformance disabled),
// //nolint:mcperrlint and //mcperrlint:ignore honoured.
func TestGolangciFindings(t *testing.T) {
	bin := customGolangci(t)
	dir := copyModule(t, filepath.Join("testdata", "lint"), "../../..")
	got := lint(t, bin, dir)
	if diff := cmp.Diff(expected(t, dir, "golangci"), got); diff != "" {
		t.Errorf("golangci-lint findings (-want +got):\n%s", diff)
	}
}

// TestGolangciFix runs golangci-lint run --fix on the fixture: every file
// with a .golden beside it must become that, and no other file change.
// To test another fix, add a file with a marked finding and its .golden.
func TestGolangciFix(t *testing.T) {
	bin := customGolangci(t)
	dir := copyModule(t, filepath.Join("testdata", "lint"), "../../..")
	before := map[string][]byte{}
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".go") {
			before[path], _ = os.ReadFile(path)
		}
		return nil
	})
	lint(t, bin, dir, "--fix")
	fixed := 0
	for path, was := range before {
		got, _ := os.ReadFile(path)
		want, err := os.ReadFile(path + ".golden")
		if err != nil {
			want = was // no golden: the file must not change
		} else {
			fixed++
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			rel, _ := filepath.Rel(dir, path)
			t.Errorf("%s after --fix (-want +got):\n%s", rel, diff)
		}
	}
	if fixed == 0 {
		t.Error("the fixture has no .golden file: nothing tests --fix")
	}
}

// everyAnalyzerConfig runs mcperrlint alone, with every analyzer and no
// limit on the issues shown.
const everyAnalyzerConfig = `version: "2"
linters:
  default: none
  enable: [mcperrlint]
  settings:
    custom:
      mcperrlint:
        type: module
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`

// TestGolangciShapes runs the custom golangci-lint on the fixtures whose
// findings one package decides for another (through facts on interfaces
// and function types, and package facts a server package reads): its
// findings are the ones the analyzers' tests expect, at the same places,
// as under the mcperrlint command and go vet.
func TestGolangciShapes(t *testing.T) {
	bin := customGolangci(t)
	shapes := []string{"ops", "opstools", "opsserver", "toolkit", "kittools", "kitserver", "rootkit", "rootserver", "clientserver", "atlasserver", "vaultserver", "askers", "askserver", "quietkit", "quietserver", "engines", "engineplan", "engineserver", "cleantext", "cleanserver", "pipeserver", "monitorserver", "dealsapi", "dealserver", "deskserver", "drawer", "drawerreg", "drawermain", "shelf", "shelfreg", "shelfmain"}
	dir := copyModule(t, filepath.Join("..", "analyzers", "testdata"), "../..")
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(everyAnalyzerConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := markers.ReadWants(dir, shapes...)
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	for _, s := range shapes {
		pkgs = append(pkgs, "./"+s)
	}
	got := lint(t, bin, dir, pkgs...)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("golangci-lint findings on the cross-package fixtures (-want +got):\n%s", diff)
	}
}

// TestGolangciDemo runs the custom golangci-lint on the bundled demo with
// every analyzer: its findings are exactly the demo's markers, as under
// the mcperrlint command and go vet.
func TestGolangciDemo(t *testing.T) {
	bin := customGolangci(t)
	dir := copyModule(t, filepath.Join("..", "testdata", "demo"), "../..")
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(everyAnalyzerConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	got := lint(t, bin, dir)
	if diff := cmp.Diff(expected(t, dir, "demo"), got); diff != "" {
		t.Errorf("golangci-lint findings on the demo (-want +got):\n%s", diff)
	}
}

// TestGolangciDemoFix applies the demo's fixes with golangci-lint run
// --fix and with mcperrlint -fix, each to its own copy: every file must
// come out the same, so that the three fixers (go fix -fixtool is held to
// mcperrlint -fix in cmd/mcperrlint) apply every fix in one run alike.
func TestGolangciDemoFix(t *testing.T) {
	bin := customGolangci(t)
	demo := filepath.Join("..", "testdata", "demo")
	byGolangci := copyModule(t, demo, "../..")
	if err := os.WriteFile(filepath.Join(byGolangci, ".golangci.yml"), []byte(everyAnalyzerConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	lint(t, bin, byGolangci, "--fix")

	mcperrlint := filepath.Join(t.TempDir(), "mcperrlint")
	if out, err := exec.Command("go", "build", "-o", mcperrlint, "../cmd/mcperrlint").CombinedOutput(); err != nil {
		t.Fatalf("go build ../cmd/mcperrlint: %v\n%s", err, out)
	}
	byMcperrlint := copyModule(t, demo, "../..")
	cmd := exec.Command(mcperrlint, "-fix", "./...")
	cmd.Dir = byMcperrlint
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcperrlint -fix: %v\n%s", err, out)
	}
	changed := 0
	filepath.WalkDir(byMcperrlint, func(path string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(byMcperrlint, path)
		want, _ := os.ReadFile(path)
		got, _ := os.ReadFile(filepath.Join(byGolangci, rel))
		orig, _ := os.ReadFile(filepath.Join(demo, rel))
		if !bytes.Equal(want, orig) {
			changed++
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s: mcperrlint -fix and golangci-lint --fix disagree (-mcperrlint +golangci-lint):\n%s", rel, diff)
		}
		return nil
	})
	if changed == 0 {
		t.Error("mcperrlint -fix changed no file of the demo: nothing was compared")
	}
}
