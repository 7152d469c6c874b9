package main

import (
	"bytes"
	"encoding/json"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/cmd/mcperrlint/internal/sariftest"
)

// fixResult is a result with what no analyzer of the suite reports yet: a
// finding with related information and a two-edit fix (one of them an
// insertion), after non-ASCII text, and a finding outside the source root.
func fixResult(t *testing.T) *result {
	root := t.TempDir()
	file := filepath.Join(root, "pkg", "a.go")
	src := "package pkg\n\nvar s = \"é\"; var err = mcperr.New(mcperr.CodeNotFound, \"x\")\n"
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(sub string, delta int) token.Position {
		off := strings.Index(src, sub) + delta
		line := strings.Count(src[:off], "\n") + 1
		col := off - strings.LastIndex(src[:off], "\n")
		return token.Position{Filename: file, Offset: off, Line: line, Column: col}
	}
	sp := func(from, to token.Position) span { return span{file: file, start: from, end: to} }
	rule := analyzers.Rule{ID: "prefer-error-factory", Analyzer: "handlerbody", Severity: "warning", URL: "https://example.com/#prefer-error-factory"}
	call := "mcperr.New(mcperr.CodeNotFound, \"x\")"
	outside := filepath.Join(t.TempDir(), "b c.go")
	return &result{
		root:  root,
		rules: []analyzers.Rule{rule},
		findings: []*finding{{
			rule:     rule,
			analyzer: "handlerbody",
			span:     sp(at(call, 0), at(call, len(call))),
			message:  "use the factory",
			related:  []related{{sp(at("var s", 0), at("var s", 5)), "declared here"}},
			fixes: []fix{{message: "Use mcperr.NotFound", edits: []edit{
				{sp(at("New(", 0), at("New(", 3)), "NotFound"},
				{sp(at("mcperr.CodeNotFound, ", 0), at("mcperr.CodeNotFound, ", len("mcperr.CodeNotFound, "))), ""},
				{sp(at("var s", 0), at("var s", 0)), "// inserted\n"},
			}}},
		}, {
			rule:     rule,
			analyzer: "handlerbody",
			span:     span{file: outside, start: token.Position{Filename: outside, Line: 1, Column: 1}, end: token.Position{Filename: outside, Line: 1, Column: 1}},
			message:  "outside the root",
		}},
		sources: newSources(),
	}
}

func TestSARIFFixesAndRelated(t *testing.T) {
	res := fixResult(t)
	var b bytes.Buffer
	if err := writeSARIF(&b, res); err != nil {
		t.Fatal(err)
	}
	if err := sariftest.Validate(b.Bytes()); err != nil {
		t.Fatalf("invalid SARIF: %v\n%s", err, b.String())
	}
	var log sarifLog
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	r := results[0]
	// "é" is two bytes and one UTF-16 unit, so columns after it are one
	// less than go/token's.
	wantRegion := sarifRegion{StartLine: 3, StartColumn: 24, EndLine: 3, EndColumn: 60}
	if diff := cmp.Diff(wantRegion, r.Locations[0].PhysicalLocation.Region); diff != "" {
		t.Errorf("region (-want +got):\n%s", diff)
	}
	if got := r.RelatedLocations; len(got) != 1 || got[0].Message.Text != "declared here" || got[0].PhysicalLocation.Region.StartColumn != 1 {
		t.Errorf("related locations %+v", got)
	}
	wantFix := []sarifFix{{
		Description: sarifText{Text: "Use mcperr.NotFound"},
		ArtifactChanges: []sarifArtifactChange{{
			ArtifactLocation: sarifArtifact{URI: "pkg/a.go", URIBaseID: "%SRCROOT%"},
			Replacements: []sarifReplacement{
				{DeletedRegion: sarifRegion{StartLine: 3, StartColumn: 31, EndLine: 3, EndColumn: 34}, InsertedContent: &sarifText{Text: "NotFound"}},
				{DeletedRegion: sarifRegion{StartLine: 3, StartColumn: 35, EndLine: 3, EndColumn: 56}},
				{DeletedRegion: sarifRegion{StartLine: 3, StartColumn: 1, EndLine: 3, EndColumn: 1}, InsertedContent: &sarifText{Text: "// inserted\n"}},
			},
		}},
	}}
	if diff := cmp.Diff(wantFix, r.Fixes); diff != "" {
		t.Errorf("fixes (-want +got):\n%s", diff)
	}
	if loc := results[1].Locations[0].PhysicalLocation.ArtifactLocation; loc.URIBaseID != "" || !strings.HasPrefix(loc.URI, "file:///") || !strings.HasSuffix(loc.URI, "/b%20c.go") {
		t.Errorf("a file outside the root: artifact location %+v, want an absolute file URI", loc)
	}
}

// embedded lets cmp see the fields of the embedded jsonLocation.
var embedded = cmp.AllowUnexported(jsonEdit{}, jsonRelated{})

func TestJSONFixes(t *testing.T) {
	res := fixResult(t)
	var b bytes.Buffer
	if err := writeJSON(&b, res); err != nil {
		t.Fatal(err)
	}
	var report jsonReport
	if err := json.Unmarshal(b.Bytes(), &report); err != nil {
		t.Fatal(err)
	}
	f := report.Findings[0]
	want := []jsonFix{{Message: "Use mcperr.NotFound", Edits: []jsonEdit{
		{jsonLocation{"pkg/a.go", 3, 32, jsonEndPos{3, 35}}, 44, 47, "NotFound"},
		{jsonLocation{"pkg/a.go", 3, 36, jsonEndPos{3, 57}}, 48, 69, ""},
		{jsonLocation{"pkg/a.go", 3, 1, jsonEndPos{3, 1}}, 13, 13, "// inserted\n"},
	}}}
	if diff := cmp.Diff(want, f.Fixes, embedded); diff != "" {
		t.Errorf("fixes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]jsonRelated{{jsonLocation{"pkg/a.go", 3, 1, jsonEndPos{3, 6}}, "declared here"}}, f.Related, embedded); diff != "" {
		t.Errorf("related (-want +got):\n%s", diff)
	}
	src, _ := os.ReadFile(filepath.Join(res.root, "pkg", "a.go"))
	for i, want := range []string{"New", "mcperr.CodeNotFound, ", ""} {
		e := f.Fixes[0].Edits[i]
		if got := string(src[e.Offset:e.EndOffset]); got != want {
			t.Errorf("edit %d: offsets [%d,%d) select %q, want %q", i, e.Offset, e.EndOffset, got, want)
		}
	}
	if !filepath.IsAbs(report.Findings[1].File) {
		t.Errorf("a file outside the root: %q, want an absolute path", report.Findings[1].File)
	}
}

// TestModeOf checks which output flags go together, and what each
// combination does.
func TestModeOf(t *testing.T) {
	for _, tc := range []struct {
		format          string
		json, fix, diff bool
		contextLines    int
		want            mode
		wantErr         string
	}{
		{want: modeText, contextLines: -1},
		{format: "text", want: modeText, contextLines: -1},
		{format: "text", contextLines: 2, want: modeText},
		{format: "json", want: modeJSON, contextLines: -1},
		{format: "sarif", want: modeSARIF, contextLines: -1},
		{json: true, want: modeLegacyJSON, contextLines: -1},
		{fix: true, want: modeFix, contextLines: -1},
		{fix: true, diff: true, want: modeDiff, contextLines: -1},
		{format: "yaml", contextLines: -1, wantErr: "unknown -format"},
		{diff: true, contextLines: -1, wantErr: "-fix -diff"},
		{json: true, format: "json", contextLines: -1, wantErr: "use one of them"},
		{fix: true, format: "sarif", contextLines: -1, wantErr: "-fix writes the fixed files"},
		{fix: true, json: true, contextLines: -1, wantErr: "-fix writes the fixed files"},
		{fix: true, contextLines: 1, wantErr: "-c shows source lines"},
		{format: "json", contextLines: 1, wantErr: "-c shows source lines"},
	} {
		got, err := modeOf(tc.format, tc.json, tc.fix, tc.diff, tc.contextLines)
		switch {
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("modeOf(%+v): error %v, want one saying %q", tc, err, tc.wantErr)
		case tc.wantErr == "" && (err != nil || got != tc.want):
			t.Errorf("modeOf(%+v) = %v, %v; want %v", tc, got, err, tc.want)
		}
	}
}

// TestUnitcheckerCall checks which command lines are go vet's and go
// fix's protocol, and which are the driver's.
func TestUnitcheckerCall(t *testing.T) {
	for args, want := range map[string]bool{
		"-V=full":                           true,
		"-V":                                true,
		"-flags":                            true,
		"/tmp/b001/vet.cfg":                 true,
		"-fix -diff /tmp/b001/vet.cfg":      true,
		"-contractstruct.min-words=3 x.cfg": true,
		"./...":                             false,
		"-json ./...":                       false,
		"-fix ./...":                        false,
		"./a config.cfg":                    false, // packages
		"":                                  false,
	} {
		if got := unitcheckerCall(strings.Fields(args)); got != want {
			t.Errorf("unitcheckerCall(%q) = %v, want %v", args, got, want)
		}
	}
}
