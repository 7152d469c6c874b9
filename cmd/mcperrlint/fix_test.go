package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The suggested fixes, applied the three ways a user applies them:
// mcperrlint -fix (and -fix -diff), go fix -fixtool (and -diff), and, in
// package golangci, golangci-lint run --fix. The demo's fixes are in
// testdata/golden/demo-fix.diff.

// TestDemoFixDiff checks the diff both hosts print without applying it.
func TestDemoFixDiff(t *testing.T) {
	dir := copyFixture(t, demoDir)
	stdout, stderr, code := run(t, dir, binary, "-fix", "-diff", "./...")
	if code != 0 {
		t.Errorf("mcperrlint -fix -diff: exit code %d, want 0\nstderr:\n%s", code, stderr)
	}
	got := normalizeDiff(dir, stdout)
	want := golden(t, "demo-fix.diff", []byte(got))
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("mcperrlint -fix -diff (-want +got):\n%s", diff)
	}

	stdout, stderr, code = run(t, dir, "go", "fix", "-fixtool="+binary, "-diff", "./...")
	if code != 1 {
		t.Errorf("go fix -diff: exit code %d, want 1 (there are fixes)\nstderr:\n%s", code, stderr)
	}
	if diff := cmp.Diff(string(want), normalizeDiff(dir, stdout)); diff != "" {
		t.Errorf("go fix -fixtool -diff (-want +got):\n%s", diff)
	}
	assertUnchanged(t, dir)
}

// TestDemoFix applies the fixes with mcperrlint -fix and with go fix
// -fixtool, each to its own copy of the demo: both must write the same
// files, leave no fix behind (a fix whose result another rule would fix
// again is a fix half done), and remove exactly the findings on the lines
// they change, leaving the others where the fixes moved them.
func TestDemoFix(t *testing.T) {
	fixed := copyFixture(t, demoDir)
	if _, stderr, code := run(t, fixed, binary, "-fix", "./..."); code != 0 {
		t.Fatalf("mcperrlint -fix: exit code %d, want 0\nstderr:\n%s", code, stderr)
	}
	if stdout, _, _ := run(t, fixed, binary, "-fix", "-diff", "./..."); stdout != "" {
		t.Errorf("fixes left after mcperrlint -fix:\n%s", stdout)
	}

	byGoFix := copyFixture(t, demoDir)
	if _, stderr, code := run(t, byGoFix, "go", "fix", "-fixtool="+binary, "./..."); code != 0 {
		t.Fatalf("go fix -fixtool: exit code %d, want 0\nstderr:\n%s", code, stderr)
	}
	for _, file := range goFiles(t, fixed) {
		a, _ := os.ReadFile(filepath.Join(fixed, file))
		b, _ := os.ReadFile(filepath.Join(byGoFix, file))
		if diff := cmp.Diff(string(a), string(b)); diff != "" {
			t.Errorf("%s: mcperrlint -fix and go fix -fixtool disagree (-mcperrlint +go fix):\n%s", file, diff)
		}
	}

	goldenDiff, err := os.ReadFile(filepath.Join("testdata", "golden", "demo-fix.diff"))
	if err != nil {
		t.Fatal(err)
	}
	fixedLine := fixedLines(t, string(goldenDiff))
	var want []finding
	for _, f := range expectedDemoFindings(t) {
		if line, kept := fixedLine(f.File, f.Line); kept {
			f.Line = line
			want = append(want, f)
		}
	}
	stdout, stderr, _ := run(t, fixed, binary, "./...")
	if diff := cmp.Diff(sorted(want), parseTextIn(t, fixed, stdout+stderr)); diff != "" {
		t.Errorf("findings after -fix (-want +got):\n%s", diff)
	}
}

// TestGoToolDirective runs mcperrlint as go tool, from a tool directive in
// the linted module's go.mod.
func TestGoToolDirective(t *testing.T) {
	dir := copyFixture(t, demoDir)
	edit(t, filepath.Join(dir, "go.mod"), func(s string) string {
		return s + "\ntool github.com/mcperrlint/mcperrlint/cmd/mcperrlint\n"
	})
	stdout, stderr, code := run(t, dir, "go", "tool", "mcperrlint", "./...")
	if code != 3 {
		t.Errorf("go tool mcperrlint: exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
	}
	if diff := cmp.Diff(expectedDemoFindings(t), parseTextIn(t, dir, stdout+stderr)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

// normalizeDiff makes a unified diff of files under dir comparable: paths
// relative to dir, and the files in name order (hosts print them in the
// order their packages finish).
func normalizeDiff(dir, diff string) string {
	diff = strings.ReplaceAll(diff, filepath.ToSlash(dir)+"/", "")
	var files []string
	for chunk := range strings.SplitSeq(diff, "\n--- ") {
		if chunk = strings.TrimPrefix(chunk, "--- "); strings.TrimSpace(chunk) != "" {
			files = append(files, "--- "+strings.TrimSuffix(chunk, "\n")+"\n")
		}
	}
	slices.Sort(files)
	return strings.Join(files, "")
}

// hunkHeader is the header of a hunk of a unified diff: where it starts
// in the old file and in the new one.
var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@`)

// fixedLines reads a normalized diff and returns where a line of an old
// file is in the new one, and false for a line the diff removes or
// replaces. Most fixes change lines in place, but some write more lines
// than they replace (a go-sdk SetError fix turns one return into three
// statements), moving the lines after them.
func fixedLines(t *testing.T, diff string) func(file string, line int) (int, bool) {
	t.Helper()
	// A shift says that the old lines from one on are moved by so many.
	type shift struct{ from, by int }
	changed := map[string]bool{}
	shifts := map[string][]shift{}
	var file string
	var oldLine, newLine int
	for l := range strings.SplitSeq(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "--- "):
			file = strings.TrimSuffix(strings.TrimPrefix(l, "--- "), " (old)")
		case strings.HasPrefix(l, "+++ "):
		case hunkHeader.MatchString(l):
			m := hunkHeader.FindStringSubmatch(l)
			oldLine, _ = strconv.Atoi(m[1])
			newLine, _ = strconv.Atoi(m[2])
		case strings.HasPrefix(l, "-"):
			changed[file+":"+strconv.Itoa(oldLine)] = true
			oldLine++
			shifts[file] = append(shifts[file], shift{oldLine, newLine - oldLine})
		case strings.HasPrefix(l, "+"):
			newLine++
			shifts[file] = append(shifts[file], shift{oldLine, newLine - oldLine})
		case strings.HasPrefix(l, " "):
			oldLine++
			newLine++
		}
	}
	if len(changed) == 0 {
		t.Fatal("the golden diff changes no line")
	}
	return func(file string, line int) (int, bool) {
		if changed[file+":"+strconv.Itoa(line)] {
			return 0, false
		}
		by := 0
		for _, s := range shifts[file] {
			if s.from <= line {
				by = s.by
			}
		}
		return line + by, true
	}
}

// goFiles returns the .go files under dir, relative to it.
func goFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// assertUnchanged checks that a copy of the demo still has the demo's
// .go files: -diff must not write.
func assertUnchanged(t *testing.T, dir string) {
	t.Helper()
	for _, file := range goFiles(t, demoDir) {
		a, _ := os.ReadFile(filepath.Join(demoDir, file))
		b, _ := os.ReadFile(filepath.Join(dir, file))
		if string(a) != string(b) {
			t.Errorf("%s was changed by a -diff run", file)
		}
	}
}

// overlapDir is the golangci plugin's fixture, whose fix package has two
// findings on one expression with one fix between them; golangci's test
// runs golangci-lint run --fix on it against the same .golden files.
var overlapDir = filepath.Join("..", "..", "golangci", "testdata", "lint")

// TestFixersOnOverlap applies the fixes of the fixture with mcperrlint
// -fix and with go fix -fixtool, conformance disabled as the fixture's
// .golangci.yml has it: each applies every fix in one run and exits 0, and
// the files become their .golden, no other file changing.
func TestFixersOnOverlap(t *testing.T) {
	for _, fixer := range [][]string{
		{binary, "-fix", "-conformance=false", "./..."},
		{"go", "fix", "-fixtool=" + binary, "-conformance=false", "./..."},
	} {
		dir := copyFixture(t, overlapDir)
		if _, stderr, code := run(t, dir, fixer[0], fixer[1:]...); code != 0 {
			t.Errorf("%s: exit code %d, want 0\nstderr:\n%s", strings.Join(fixer, " "), code, stderr)
		}
		for _, file := range goFiles(t, dir) {
			got, _ := os.ReadFile(filepath.Join(dir, file))
			want, err := os.ReadFile(filepath.Join(overlapDir, file+".golden"))
			if err != nil {
				want, _ = os.ReadFile(filepath.Join(overlapDir, file)) // no golden: unchanged
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s: %s after the fixes (-want +got):\n%s", strings.Join(fixer[:2], " "), file, diff)
			}
		}
		if stdout, _, _ := run(t, dir, binary, "-fix", "-diff", "-conformance=false", "./..."); stdout != "" {
			t.Errorf("%s left fixes to apply:\n%s", strings.Join(fixer[:2], " "), stdout)
		}
	}
}

// TestFixOtherPackageHandlers applies, with mcperrlint -fix and with go fix
// -fixtool, the fixes of findings one package reports in another's file:
// an adapter of another package whose forwarding return is the root of
// the handlers' findings, and a client of another package where a body
// enters the error text its handlers show, as golangci-lint --fix is held
// to them in TestGolangciFix; and, with sdkresult's folding off, each
// return's own fix (mcp-go handler methods registered by a server package
// as method values; ServerTools added by a package given the server,
// which another builds), which by default fold under the server's one
// finding: testdata/perreturn has those files fixed.
func TestFixOtherPackageHandlers(t *testing.T) {
	src := filepath.Join("..", "..", "golangci", "testdata", "lint")
	roots := []string{"./adapterkit", "./adapterserver", "./bodykit", "./bodyserver"}
	returns := []string{"./methods", "./methodserver", "./drawer", "./drawerreg", "./drawermain"}
	for _, tc := range []struct {
		fixer []string
		wants map[string]string // fixed file: its golden
	}{
		{append([]string{binary, "-fix"}, roots...), rootGoldens(src)},
		{append([]string{"go", "fix", "-fixtool=" + binary}, roots...), rootGoldens(src)},
		{append([]string{binary, "-fix", "-sdkresult.fold=false"}, returns...), returnGoldens()},
		{append([]string{"go", "fix", "-fixtool=" + binary, "-sdkresult.fold=false"}, returns...), returnGoldens()},
	} {
		dir := copyFixture(t, src)
		if _, stderr, code := run(t, dir, tc.fixer[0], tc.fixer[1:]...); code != 0 {
			t.Fatalf("%v: exit code %d, want 0\nstderr:\n%s", tc.fixer, code, stderr)
		}
		for file, golden := range tc.wants {
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(dir, file))
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%v: %s (-want +got):\n%s", tc.fixer[:3], file, diff)
			}
		}
	}
}

// rootGoldens are the files the roots of another package fix, by their
// golden in the golangci fixture.
func rootGoldens(src string) map[string]string {
	wants := map[string]string{}
	for _, file := range []string{"adapterkit/adapterkit.go", "bodykit/bodykit.go"} {
		wants[file] = filepath.Join(src, file+".golden")
	}
	return wants
}

// returnGoldens are the handlers' files each return's own fix edits, by
// their golden here.
func returnGoldens() map[string]string {
	return map[string]string{
		"methods/methods.go": filepath.Join("testdata", "perreturn", "methods.go.golden"),
		"drawer/drawer.go":   filepath.Join("testdata", "perreturn", "drawer.go.golden"),
	}
}
