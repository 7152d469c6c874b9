package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// decodeJSON decodes -format=json output into a generic value, with the
// tool's version (which depends on how the binary was built) blanked.
func decodeJSON(t *testing.T, data string) map[string]any {
	t.Helper()
	var report map[string]any
	if err := json.Unmarshal([]byte(data), &report); err != nil {
		t.Fatalf("decoding -format=json output: %v\n%s", err, data)
	}
	if tool, ok := report["tool"].(map[string]any); ok {
		tool["version"] = "VERSION"
	}
	return report
}

// TestJSONGolden holds -format=json on the fixture to a golden file,
// comparing the decoded documents with go-cmp. Only contractstruct and
// ignoredirective run, so that the analyzers still being written cannot
// change it.
func TestJSONGolden(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, hostsDir, binary, "-format=json", "-contractstruct", "-ignoredirective", "./...")
	if code != 3 {
		t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
	}
	got := decodeJSON(t, stdout)
	normalized, _ := json.MarshalIndent(got, "", "  ")
	want := decodeJSON(t, string(golden(t, "hosts.json", append(normalized, '\n'))))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("-format=json (-want +got):\n%s", diff)
	}
}

func TestDemoJSON(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "-format=json", "./...")
	if code != 3 {
		t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
	}
	var report struct {
		Version  int
		Findings []struct {
			Rule, Severity, File, URL, Message string
			Line                               int
		}
		Errors []any
	}
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatal(err)
	}
	if report.Version != 1 || len(report.Errors) != 0 {
		t.Errorf("version %d, errors %v; want 1 and none", report.Version, report.Errors)
	}
	byID := map[string]analyzers.Rule{}
	for _, r := range analyzers.Rules() {
		byID[r.ID] = r
	}
	var got []finding
	for _, f := range report.Findings {
		got = append(got, finding{File: f.File, Line: f.Line, Rule: f.Rule})
		if r := byID[f.Rule]; f.URL != r.URL || f.Severity != r.Severity {
			t.Errorf("%s:%d %s: url %q severity %q, want %q %q", f.File, f.Line, f.Rule, f.URL, f.Severity, r.URL, r.Severity)
		}
	}
	if diff := cmp.Diff(expectedDemoFindings(t), sorted(got)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestDemoText(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "-format=text", "./...")
	if code != 3 {
		t.Errorf("exit code %d, want 3 (findings)\nstderr:\n%s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("stderr, want nothing:\n%s", stderr)
	}
	if diff := cmp.Diff(expectedDemoFindings(t), parseText(t, stdout)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

// TestFormatExitCodes runs every format on a clean package, a package
// with findings and a package that does not type-check.
func TestFormatExitCodes(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, hostsDir)
	if err := os.MkdirAll(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken", "broken.go"), []byte("package broken\n\nvar x int = \"not an int\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		format, pkg string
		want        int
	}{
		// Findings: json exits 3 in TestJSONGolden, sarif 0 in
		// TestSARIFFingerprintsSurviveEdits.
		{"text", "./clean", 0},
		{"json", "./clean", 0},
		{"text", "./server", 3},
		{"text", "./broken", 1},
		{"json", "./broken", 1},
		{"sarif", "./broken", 1},
		{"text", "./nosuchpackage", 1},
		{"sarif", "./nosuchpackage", 1},
	} {
		stdout, stderr, code := run(t, dir, binary, "-format="+tc.format, tc.pkg)
		if code != tc.want {
			t.Errorf("-format=%s %s: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", tc.format, tc.pkg, code, tc.want, stdout, stderr)
		}
		switch {
		case tc.pkg == "./clean" && tc.format == "text" && stdout != "":
			t.Errorf("-format=text on a clean package printed %q", stdout)
		case tc.pkg == "./broken" && tc.format == "text" && !strings.Contains(stderr, "broken.go:3:13: cannot use"):
			t.Errorf("-format=text on a broken package: stderr %q does not name the type error", stderr)
		case tc.pkg == "./broken" && tc.format == "json" && !strings.Contains(stdout, `"position": "broken/broken.go:3:13"`):
			t.Errorf("-format=json on a broken package: the errors do not name the type error:\n%s", stdout)
		case tc.pkg == "./broken" && tc.format == "sarif":
			validateSARIF(t, []byte(stdout))
			inv := decodeSARIF(t, stdout).Runs[0].Invocations[0]
			if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) == 0 ||
				!strings.HasPrefix(inv.ToolExecutionNotifications[0].Message.Text, "broken/broken.go:3:13: ") {
				t.Errorf("-format=sarif on a broken package: invocation %+v, want unsuccessful with the type error", inv)
			}
		case tc.pkg == "./nosuchpackage" && tc.format == "sarif":
			validateSARIF(t, []byte(stdout))
			if inv := decodeSARIF(t, stdout).Runs[0].Invocations[0]; inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 {
				t.Errorf("-format=sarif on a pattern that matches nothing: invocation %+v, want unsuccessful with the error", inv)
			}
		case tc.pkg == "./clean" && tc.format == "json":
			if got := decodeJSON(t, stdout); len(got["findings"].([]any)) != 0 || len(got["errors"].([]any)) != 0 {
				t.Errorf("-format=json on a clean package: %v, want empty findings and errors", got)
			}
		}
	}
}

// TestUsage checks that every misuse exits 2 and says what to do, in
// every mode.
func TestUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-format=xml", "./..."}, `unknown -format "xml": use -format=text, -format=json or -format=sarif`},
		{[]string{"-format", "./..."}, `unknown -format "./..."`},
		{[]string{"-format=json"}, "no packages to check: try mcperrlint -format=json ./..."},
		{[]string{"-format=json", "-fix", "./..."}, "-fix writes the fixed files, not findings"},
		{[]string{"-diff", "./..."}, "-diff shows what -fix would change: run mcperrlint -fix -diff with the packages"},
		{[]string{"-format=json", "-json", "./..."}, "-json is multichecker's JSON tree and -format=json the JSON document: use one of them"},
		{[]string{"-json", "-c=2", "./..."}, "-c shows source lines in the text output"},
		{[]string{"-fix"}, "no packages to check: try mcperrlint -fix ./..."},
		{[]string{"-fix", "-diff"}, "no packages to check: try mcperrlint -fix -diff ./..."},
		{[]string{"-json"}, "no packages to check: try mcperrlint -json ./..."},
		{[]string{"-test=false"}, "no packages to check: try mcperrlint ./..."},
		{[]string{}, "usage: mcperrlint [-C dir] [flags] packages..."},
		{[]string{"help", "nosuchanalyzer"}, `no analyzer or rule "nosuchanalyzer". mcperrlint help takes an analyzer's name or a rule id:`},
		{[]string{"help", "a", "b"}, "help takes at most one analyzer or rule"},
		{[]string{"-format=json", "./...", "-test=false"}, "flag -test=false comes after the packages"},
		{[]string{"./...", "-format=json"}, "flag -format=json comes after the packages"},
		{[]string{"-format=json", "-nosuchflag", "./..."}, "flag provided but not defined: -nosuchflag"},
		{[]string{"-format=json", "-contractstruct.min-words=many", "./..."}, `invalid value "many" for flag -contractstruct.min-words`},
		{[]string{"-format=json", "-srcroot=no/such/dir", "./..."}, ""},
	} {
		_, stderr, code := run(t, hostsDir, binary, tc.args...)
		want := 2
		if tc.want == "" {
			want = 1 // a -srcroot that does not exist is not a usage error
		}
		if code != want || !strings.Contains(stderr, tc.want) {
			t.Errorf("mcperrlint %s: exit code %d, stderr:\n%s\nwant %d and %q", strings.Join(tc.args, " "), code, stderr, want, tc.want)
		}
	}
	for _, args := range [][]string{{"-h"}, {"-format=text", "-h"}, {"-fix", "-h"}} {
		stdout, stderr, code := run(t, hostsDir, binary, args...)
		if code != 0 || !strings.HasPrefix(stdout+stderr, "usage: mcperrlint [-C dir] [flags] packages...\n\nmcperrlint checks the error contracts") {
			t.Errorf("mcperrlint %s: exit code %d, output:\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}

// TestFormatFlags checks that -format takes the analyzers' flags as
// multichecker does: -NAME selects, -NAME.flag configures.
func TestFormatFlags(t *testing.T) {
	t.Parallel()
	count := func(args ...string) (n int, rules map[string]int) {
		stdout, stderr, _ := run(t, hostsDir, binary, append([]string{"-format=json"}, args...)...)
		var report struct{ Findings []struct{ Rule string } }
		if err := json.Unmarshal([]byte(stdout), &report); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr)
		}
		rules = map[string]int{}
		for _, f := range report.Findings {
			rules[f.Rule]++
		}
		return len(report.Findings), rules
	}
	_, base := count("-contractstruct", "./...")
	_, fewer := count("-contractstruct", "-contractstruct.min-words=1", "./...")
	if base["error-contract-recovery-min-words"] == 0 || fewer["error-contract-recovery-min-words"] != 0 {
		t.Errorf("-contractstruct.min-words=1: min-words findings %d before, %d after; want some, then none",
			base["error-contract-recovery-min-words"], fewer["error-contract-recovery-min-words"])
	}
	var none []string
	for _, a := range analyzers.Suite() {
		none = append(none, "-"+a.Name+"=false")
	}
	if n, _ := count(append(none, "./...")...); n != 0 {
		t.Errorf("with every analyzer disabled: %d findings, want 0", n)
	}
	if n, _ := count("-test=false", "-contractstruct", "./..."); n != base["error-contract-recovery-min-words"]+base["error-contract-reason-unique"] {
		t.Errorf("-test=false: %d findings, want those of server.go only (%v)", n, base)
	}
}

// TestHelpAndProtocol checks the help command, and that go vet's queries
// still get unitchecker's answers: the version, and -flags.
func TestHelpAndProtocol(t *testing.T) {
	stdout, stderr, code := run(t, ".", binary, "help")
	if code != 0 || !strings.Contains(stdout, "  contractstruct: ") || !strings.Contains(stdout, "error-contract-reason-format") {
		t.Errorf("mcperrlint help: exit code %d\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, ".", binary, "help", "contractstruct")
	if code != 0 || !strings.HasPrefix(stdout, "contractstruct: ") || !strings.Contains(stdout, "-contractstruct.min-words") {
		t.Errorf("mcperrlint help contractstruct: exit code %d\n%s%s", code, stdout, stderr)
	}
	stdout, _, code = run(t, ".", binary, "-V=full")
	if code != 0 || !strings.Contains(stdout, "mcperrlint version ") {
		t.Errorf("mcperrlint -V=full: exit code %d, %q", code, stdout)
	}
	stdout, _, code = run(t, ".", binary, "-flags")
	if code != 0 || strings.Contains(stdout, `"format"`) || !strings.Contains(stdout, "contractstruct.min-words") {
		t.Errorf("mcperrlint -flags (go vet's query): exit code %d, %s", code, stdout)
	}
}
