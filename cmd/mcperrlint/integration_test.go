package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/internal/markers"
)

// binary is the mcperrlint command built once for the package's tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcperrlint-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "mcperrlint")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building mcperrlint:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// demoDir is the bundled demo server, relative to this package.
var demoDir = filepath.Join("..", "..", "testdata", "demo")

// A finding is what the integration tests compare: where, and which rule.
type finding = markers.Finding

// expectedDemoFindings reads the "// demo: <rule>" markers of the demo.
func expectedDemoFindings(t *testing.T) []finding {
	t.Helper()
	return demoMarkers(t, "demo")
}

// demoMarkers reads the demo's "// <kind>: <rule>" markers, of which there
// must be some.
func demoMarkers(t *testing.T, kind string) []finding {
	t.Helper()
	want, err := markers.Read(demoDir, kind)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatalf("the demo has no // %s: markers", kind)
	}
	return want
}

func sorted(fs []finding) []finding { return markers.Sort(fs) }

// run runs the binary (or, with go vet, the go command) in dir.
func run(t *testing.T, dir string, name string, args ...string) (stdout, stderr string, exitCode int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); ok {
		return out.String(), errb.String(), exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out.String(), errb.String(), 0
}

// textFinding matches one diagnostic of the text output: file:line:col: rule: message.
var textFinding = regexp.MustCompile(`^(.+?\.go):(\d+):\d+: ([a-z0-9-]+): `)

// parseText reads findings from text output, with paths made relative to
// the demo directory.
func parseText(t *testing.T, output string) []finding {
	t.Helper()
	return parseTextIn(t, demoDir, output)
}

// parseTextIn reads findings from text output, with paths made relative
// to dir.
func parseTextIn(t *testing.T, dir, output string) []finding {
	t.Helper()
	abs, _ := filepath.Abs(dir)
	var got []finding
	sc := bufio.NewScanner(strings.NewReader(output))
	for sc.Scan() {
		m := textFinding.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		file := m[1]
		if filepath.IsAbs(file) {
			file, _ = filepath.Rel(abs, file)
		}
		line, _ := strconv.Atoi(m[2])
		got = append(got, finding{File: filepath.ToSlash(filepath.Clean(file)), Line: line, Rule: m[3]})
	}
	return sorted(got)
}

func TestDemoStandaloneText(t *testing.T) {
	stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "./...")
	if code != 3 {
		t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
	}
	if diff := cmp.Diff(expectedDemoFindings(t), parseText(t, stdout+stderr)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestDemoStandaloneJSON(t *testing.T) {
	stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "-json", "./...")
	if code != 0 {
		t.Errorf("exit code %d, want 0 with -json\nstderr:\n%s", code, stderr)
	}
	// multichecker's -json: {package: {analyzer: [{posn, message, category}]}}.
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("decoding -json output: %v\n%s", err, stdout)
	}
	abs, _ := filepath.Abs(demoDir)
	var got []finding
	for _, analyzers := range tree {
		for name, raw := range analyzers {
			var diags []struct {
				Posn, Message, Category string
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("analyzer %s: %v: %s", name, err, raw)
			}
			for _, d := range diags {
				i := strings.LastIndex(d.Posn, ":")
				j := strings.LastIndex(d.Posn[:i], ":")
				file, _ := filepath.Rel(abs, d.Posn[:j])
				line, _ := strconv.Atoi(d.Posn[j+1 : i])
				if !strings.HasPrefix(d.Message, d.Category+": ") {
					t.Errorf("%s: message %q does not start with its category %q", d.Posn, d.Message, d.Category)
				}
				got = append(got, finding{File: filepath.ToSlash(file), Line: line, Rule: d.Category})
			}
		}
	}
	if diff := cmp.Diff(expectedDemoFindings(t), sorted(got)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestDemoGoVet(t *testing.T) {
	_, stderr, code := run(t, demoDir, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 {
		t.Errorf("go vet exit code %d, want 1 (findings)\nstderr:\n%s", code, stderr)
	}
	if diff := cmp.Diff(expectedDemoFindings(t), parseText(t, stderr)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

// TestDemoRequireContract runs the demo with the opt-in rule on, through
// the flag, under each host that takes analyzer flags: its findings are
// the demo's markers and the "demo-require-contract" ones, the tools that
// declare no contract. (The default runs above hold that the rule is off
// by default.)
func TestDemoRequireContract(t *testing.T) {
	t.Parallel()
	optIn := demoMarkers(t, "demo-require-contract")
	want := sorted(append(expectedDemoFindings(t), optIn...))
	const flag = "-contractstruct.require-contract"
	t.Run("standalone", func(t *testing.T) {
		stdout, stderr, code := run(t, ".", binary, "-C", demoDir, flag, "./...")
		if code != 3 {
			t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
		}
		if diff := cmp.Diff(want, parseText(t, stdout+stderr)); diff != "" {
			t.Errorf("findings (-want +got):\n%s", diff)
		}
	})
	t.Run("go vet", func(t *testing.T) {
		_, stderr, code := run(t, demoDir, "go", "vet", "-vettool="+binary, flag, "./...")
		if code != 1 {
			t.Errorf("go vet exit code %d, want 1 (findings)\nstderr:\n%s", code, stderr)
		}
		if diff := cmp.Diff(want, parseText(t, stderr)); diff != "" {
			t.Errorf("findings (-want +got):\n%s", diff)
		}
	})
	t.Run("json", func(t *testing.T) {
		stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "-format=json", flag, "./...")
		if code != 3 {
			t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
		}
		var report struct {
			Findings []struct{ Rule, File, URL, Severity string }
		}
		if err := json.Unmarshal([]byte(stdout), &report); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range report.Findings {
			if f.Rule != "error-contract-missing" {
				continue
			}
			n++
			if f.URL != "https://github.com/mcperrlint/mcperrlint/blob/main/docs/rules/contractstruct.md#error-contract-missing" || f.Severity != "warning" {
				t.Errorf("%s: url %q severity %q, want the rule's section of the rule reference and warning", f.File, f.URL, f.Severity)
			}
		}
		if n != len(optIn) {
			t.Errorf("%d error-contract-missing findings, want %d", n, len(optIn))
		}
	})
}

// TestExampleIsClean holds the bundled example server to the linter: it is
// what clean code looks like.
func TestExampleIsClean(t *testing.T) {
	stdout, stderr, code := run(t, filepath.Join("..", ".."), binary, "./examples/...")
	if code != 0 || stdout != "" {
		t.Errorf("mcperrlint ./examples/...: exit code %d, want 0\n%s%s", code, stdout, stderr)
	}
}

func TestChangeDirMisuse(t *testing.T) {
	_, stderr, code := run(t, ".", binary, "-C")
	if code != 2 || !strings.Contains(stderr, "-C needs a directory") {
		t.Errorf("mcperrlint -C: exit code %d, stderr %q; want 2 and a usage hint", code, stderr)
	}
	_, stderr, code = run(t, ".", binary, "-C", "no/such/dir", "./...")
	if code != 2 || !strings.Contains(stderr, "no/such/dir") {
		t.Errorf("mcperrlint -C no/such/dir: exit code %d, stderr %q; want 2 naming the directory", code, stderr)
	}
}

// shapesDir is the module of the suite's multi-package fixtures.
var shapesDir = filepath.Join("..", "..", "analyzers", "testdata")

// crossPackageShapes are fixtures whose findings are decided, or made, in
// another package than the one they are in: through facts on interfaces
// and function types, and through package facts a server package reads.
var crossPackageShapes = []string{"./ops", "./opstools", "./opsserver", "./toolkit", "./kittools", "./kitserver", "./billing", "./billingserver", "./billingreport", "./deployserver", "./warehouse", "./warehouseserver", "./notecache", "./notecacheserver", "./rootkit", "./rootserver", "./clientserver", "./atlasserver", "./vaultserver", "./askers", "./askserver", "./quietkit", "./quietserver", "./engines", "./engineplan", "./engineserver", "./cleantext", "./cleanserver", "./pipeserver", "./monitorserver", "./dealsapi", "./dealserver", "./deskserver", "./drawer", "./drawerreg", "./drawermain", "./shelf", "./shelfreg", "./shelfmain"}

// expectedShapeFindings reads the analysistest want comments of the
// cross-package fixtures.
func expectedShapeFindings(t *testing.T) []finding {
	t.Helper()
	want, err := markers.ReadWants(shapesDir, crossPackageShapes...)
	if err != nil {
		t.Fatal(err)
	}
	return want
}

// TestShapesUnderEveryDriver checks that what one package decides for
// another is reported alike by the standalone driver and go vet: the
// findings TestShapes expects of the analyzers through the analysistest
// driver, at the same places.
func TestShapesUnderEveryDriver(t *testing.T) {
	want := expectedShapeFindings(t)
	if len(want) == 0 {
		t.Fatal("the cross-package fixtures have no want comments")
	}
	t.Run("standalone", func(t *testing.T) {
		stdout, stderr, code := run(t, ".", binary, append([]string{"-C", shapesDir}, crossPackageShapes...)...)
		if code != 3 {
			t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
		}
		if diff := cmp.Diff(want, parseTextIn(t, shapesDir, stdout+stderr)); diff != "" {
			t.Errorf("findings (-want +got):\n%s", diff)
		}
	})
	t.Run("go vet", func(t *testing.T) {
		_, stderr, code := run(t, shapesDir, "go", append([]string{"vet", "-vettool=" + binary}, crossPackageShapes...)...)
		if code != 1 {
			t.Errorf("go vet exit code %d, want 1 (findings)\nstderr:\n%s", code, stderr)
		}
		if diff := cmp.Diff(want, parseTextIn(t, shapesDir, stderr)); diff != "" {
			t.Errorf("findings (-want +got):\n%s", diff)
		}
	})
}

// TestModesExitCodes runs every mode on the demo (findings), on the
// bundled example (clean) and on a copy of the demo with a type error
// (the run cannot complete), and checks the exit code the table of
// docs/linter.md gives for each.
func TestModesExitCodes(t *testing.T) {
	broken := copyFixture(t, demoDir)
	if err := os.WriteFile(filepath.Join(broken, "broken.go"), []byte("package main\n\nvar broken int = \"not an int\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args                     []string
		findings, clean, failure int
	}{
		{[]string{}, 3, 0, 1},
		{[]string{"-c=1"}, 3, 0, 1},
		{[]string{"-format=text"}, 3, 0, 1},
		{[]string{"-format=json"}, 3, 0, 1},
		{[]string{"-format=sarif"}, 0, 0, 1},
		{[]string{"-json"}, 0, 0, 1},
		{[]string{"-fix", "-diff"}, 0, 0, 1},
		{[]string{"-fix"}, 0, 0, 1},
	} {
		name := strings.Join(append([]string{"mcperrlint"}, tc.args...), " ")
		for _, c := range []struct {
			dir  string
			want int
		}{{copyFixture(t, demoDir), tc.findings}, {examples, tc.clean}, {broken, tc.failure}} {
			if slices.Contains(tc.args, "-fix") && c.dir == examples {
				continue // the example has no fix, and is not a copy to write to
			}
			_, stderr, code := run(t, c.dir, binary, append(tc.args, "./...")...)
			if code != c.want {
				t.Errorf("%s in %s: exit code %d, want %d\nstderr:\n%s", name, filepath.Base(c.dir), code, c.want, stderr)
			}
		}
	}
}

// TestDependencyCache runs the standalone driver on the cross-package
// fixtures with an empty dependency cache, again with the cache it
// filled, and with none: the findings are the same, the first run keeps
// the dependencies' summaries, and "off" keeps nothing.
func TestDependencyCache(t *testing.T) {
	dir := t.TempDir()
	args := append([]string{"-C", shapesDir, "-format=json"}, crossPackageShapes...)
	runWith := func(cache string) string {
		t.Helper()
		cmd := exec.Command(binary, args...)
		cmd.Env = append(os.Environ(), "MCPERRLINT_CACHE="+cache)
		out, err := cmd.Output()
		if exit, ok := err.(*exec.ExitError); err != nil && (!ok || exit.ExitCode() != 3) {
			t.Fatalf("mcperrlint with cache %s: %v", cache, err)
		}
		return string(out)
	}
	cold := runWith(dir)
	entries, _ := filepath.Glob(filepath.Join(dir, "*", "*-d"))
	if len(entries) == 0 {
		t.Fatal("the cold run kept no dependency summary")
	}
	if warm := runWith(dir); warm != cold {
		t.Errorf("the warm run found something else:\n%s", cmp.Diff(cold, warm))
	}
	if off := runWith("off"); off != cold {
		t.Errorf("the run without a cache found something else:\n%s", cmp.Diff(cold, off))
	}
}
