package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/sariftest"
)

// validateSARIF checks data against the SARIF 2.1.0 schema.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	if err := sariftest.Validate(data); err != nil {
		t.Errorf("SARIF output does not validate against the 2.1.0 schema: %v", err)
	}
}

// The parts of a SARIF log the tests look at.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name  string
				Rules []struct {
					ID                   string
					ShortDescription     struct{ Text string }
					FullDescription      struct{ Text string }
					Help                 struct{ Text, Markdown string }
					HelpURI              string
					DefaultConfiguration struct {
						Level   string
						Enabled *bool
					}
				}
			}
		}
		Invocations []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct{ Message struct{ Text string } }
		}
		ColumnKind string
		Results    []sarifResult
	}
}

type sarifResult struct {
	RuleID    string
	RuleIndex int
	Level     string
	Message   struct{ Text string }
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI, URIBaseID string }
			Region           struct{ StartLine, StartColumn, EndLine, EndColumn int }
		}
	}
	PartialFingerprints map[string]string
}

func (r sarifResult) finding() finding {
	loc := r.Locations[0].PhysicalLocation
	return finding{File: loc.ArtifactLocation.URI, Line: loc.Region.StartLine, Rule: r.RuleID}
}

func decodeSARIF(t *testing.T, data string) sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal([]byte(data), &log); err != nil {
		t.Fatalf("decoding SARIF: %v\n%s", err, data)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("SARIF has %d runs, want 1", len(log.Runs))
	}
	return log
}

func TestDemoSARIF(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "-format=sarif", "./...")
	if code != 0 {
		t.Errorf("exit code %d, want 0: SARIF mode leaves failing on findings to code scanning\nstderr:\n%s", code, stderr)
	}
	validateSARIF(t, []byte(stdout))
	log := decodeSARIF(t, stdout)
	sarifRun := log.Runs[0]

	var got []finding
	for _, r := range sarifRun.Results {
		got = append(got, r.finding())
		if loc := r.Locations[0].PhysicalLocation.ArtifactLocation; loc.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.URI, "/") {
			t.Errorf("result %v: artifact location %+v is not relative to %%SRCROOT%%", r.finding(), loc)
		}
	}
	if diff := cmp.Diff(expectedDemoFindings(t), sorted(got)); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}

	// One rule per rule id, in the table's order, with its documentation.
	all := analyzers.Rules()
	var wantIDs, gotIDs []string
	for _, r := range all {
		wantIDs = append(wantIDs, r.ID)
	}
	driver := sarifRun.Tool.Driver
	for _, r := range driver.Rules {
		gotIDs = append(gotIDs, r.ID)
	}
	if diff := cmp.Diff(wantIDs, gotIDs); diff != "" {
		t.Errorf("rule ids (-want +got):\n%s", diff)
	}
	for i, r := range driver.Rules {
		if i >= len(all) {
			break
		}
		want := all[i]
		if r.HelpURI != want.URL || !strings.HasSuffix(r.HelpURI, "#"+r.ID) {
			t.Errorf("rule %s: helpUri %q, want %q", r.ID, r.HelpURI, want.URL)
		}
		if r.DefaultConfiguration.Level != want.Severity {
			t.Errorf("rule %s: level %q, want %q", r.ID, r.DefaultConfiguration.Level, want.Severity)
		}
		if (want.OptInFlag() != "") != (r.DefaultConfiguration.Enabled != nil && !*r.DefaultConfiguration.Enabled) {
			t.Errorf("rule %s: enabled %v, want false exactly for a rule that is off by default", r.ID, r.DefaultConfiguration.Enabled)
		}
		if want.Doc != "" && (r.Help.Markdown == "" || r.ShortDescription.Text != want.Summary() || r.FullDescription.Text != want.FirstParagraph()) {
			t.Errorf("rule %s: descriptions and help not taken from its documentation: %+v", r.ID, r)
		}
	}
	seen := map[string]bool{}
	for _, r := range sarifRun.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(driver.Rules) || driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %v: ruleIndex %d does not point at its rule", r.finding(), r.RuleIndex)
		} else if r.Level != driver.Rules[r.RuleIndex].DefaultConfiguration.Level {
			t.Errorf("result %v: level %s differs from its rule's", r.finding(), r.Level)
		}
		fp := r.PartialFingerprints["mcperrlint/v1"]
		if fp == "" || seen[fp] {
			t.Errorf("result %v: fingerprint %q missing or not unique", r.finding(), fp)
		}
		seen[fp] = true
		if strings.HasPrefix(r.Message.Text, r.RuleID) {
			t.Errorf("result %v: message repeats the rule id: %q", r.finding(), r.Message.Text)
		}
	}
	if inv := sarifRun.Invocations; len(inv) != 1 || !inv[0].ExecutionSuccessful {
		t.Errorf("invocations %+v, want one successful", inv)
	}
}

// TestSARIFFingerprintsSurviveEdits checks that fingerprints do not depend
// on line numbers, and that identical lines get distinct ones.
func TestSARIFFingerprintsSurviveEdits(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, hostsDir)
	fingerprints := func() map[string]finding {
		stdout, stderr, code := run(t, dir, binary, "-format=sarif", "-contractstruct", "./...")
		if code != 0 {
			t.Fatalf("exit code %d\n%s", code, stderr)
		}
		validateSARIF(t, []byte(stdout))
		out := map[string]finding{}
		for _, r := range decodeSARIF(t, stdout).Runs[0].Results {
			out[r.PartialFingerprints["mcperrlint/v1"]] = r.finding()
		}
		return out
	}
	before := fingerprints()
	if len(before) != 7 {
		t.Fatalf("got %d distinct fingerprints, want 7 (identical lines must differ): %v", len(before), before)
	}
	edit(t, filepath.Join(dir, "server", "server.go"), func(s string) string {
		return strings.Replace(s, "type In struct", "// Three lines\n// added above\n// every finding.\ntype In struct", 1)
	})
	after := fingerprints()
	if len(after) != len(before) {
		t.Fatalf("after the edit: %d fingerprints, want %d", len(after), len(before))
	}
	for fp, was := range before {
		now, ok := after[fp]
		if !ok {
			t.Errorf("fingerprint of %v changed with an edit above it", was)
			continue
		}
		if now.File == "server/server.go" && now.Line != was.Line+3 {
			t.Errorf("%v moved to line %d, want %d", was, now.Line, was.Line+3)
		}
	}
}

// TestSARIFColumnsAreUTF16 checks the columns of a finding after
// non-ASCII text: SARIF counts UTF-16 code units, go/token bytes.
func TestSARIFColumnsAreUTF16(t *testing.T) {
	t.Parallel()
	stdout, _, _ := run(t, hostsDir, binary, "-format=sarif", "-contractstruct", "./...")
	log := decodeSARIF(t, stdout)
	if log.Runs[0].ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q, want utf16CodeUnits", log.Runs[0].ColumnKind)
	}
	data, err := os.ReadFile(filepath.Join(hostsDir, "server", "server.go"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	for _, r := range log.Runs[0].Results {
		region := r.Locations[0].PhysicalLocation.Region
		if !strings.Contains(r.Message.Text, `"quota"`) {
			continue
		}
		line := lines[region.StartLine-1]
		byteCol := strings.Index(line, `"Retry."`) + 1
		// «, » and ✓ take 2, 2 and 3 bytes but one UTF-16 unit each.
		if want := byteCol - 4; region.StartColumn != want || region.EndColumn != want+len(`"Retry."`) {
			t.Errorf("region %+v, want columns %d-%d", region, want, want+len(`"Retry."`))
		}
		return
	}
	t.Fatal("no finding on the quota line")
}

// TestSARIFOptInRuleEnabled checks that a rule off by default is listed as
// disabled unless the run turns it on.
func TestSARIFOptInRuleEnabled(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, ".", binary, "-C", demoDir, "-format=sarif", "-contractstruct.require-contract", "./...")
	if code != 0 {
		t.Fatalf("exit code %d, want 0\nstderr:\n%s", code, stderr)
	}
	validateSARIF(t, []byte(stdout))
	for _, r := range decodeSARIF(t, stdout).Runs[0].Tool.Driver.Rules {
		if r.DefaultConfiguration.Enabled != nil {
			t.Errorf("rule %s: enabled %v with every rule on, want it absent (SARIF's default, true)", r.ID, *r.DefaultConfiguration.Enabled)
		}
	}
}
