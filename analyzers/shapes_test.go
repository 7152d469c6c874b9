package analyzers_test

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/analyzers/handlerbody"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/crosstest"
	"github.com/mcperrlint/mcperrlint/analyzers/sdkresult"
)

// TestShapes runs the whole suite on small servers in the shapes real
// ones take — handlers behind the project's own adapters, delegates,
// helpers and middleware, in packages other than the registration's —
// and checks every finding against the fixtures' want comments.
func TestShapes(t *testing.T) {
	crosstest.RunSuite(t, analysistest.TestData(), analyzers.Suite(),
		"./rawkit", "./resultkit", "./repos", "./reposerver",
		"./toolerr", "./registry", "./registryserver",
		"./chat", "./chatserver", "./chatbare",
		"./command", "./cli", "./cliserver",
		"./instrument", "./hints", "./notes", "./notesserver",
		"./ops", "./opstools", "./opsserver",
		"./toolkit", "./kittools", "./kitserver",
		"./notecache", "./notecacheserver",
		"./billing", "./billingserver", "./billingreport", "./deployserver",
		"./warehouse", "./warehouseserver", "./rootkit", "./rootserver", "./clientserver", "./atlasserver", "./vaultserver", "./askers", "./askserver", "./quietkit", "./quietserver", "./engines", "./engineplan", "./engineserver", "./cleantext", "./cleanserver", "./pipeserver", "./monitorserver", "./dealsapi", "./dealserver", "./deskserver",
		"./drawer", "./drawerreg", "./drawermain", "./shelf", "./shelfreg", "./shelfmain",
		"./filetools", "./fileserver")
}

// relatedPositions returns the related positions keep accepts of the
// findings of results whose message contains finding ("" for every
// finding), in the order they were reported.
func relatedPositions(results []*analysistest.Result, finding string, keep func(analysis.RelatedInformation, token.Position) bool) []token.Position {
	var out []token.Position
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, finding) {
				continue
			}
			for _, rel := range d.Related {
				if p := r.Action.Package.Fset.Position(rel.Pos); keep(rel, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// TestRootSites checks that a lone finding whose root has several places
// (a function of another package that puts a body into its error text
// twice) points at each of them: both are edits.
func TestRootSites(t *testing.T) {
	results := crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./clientserver")
	var sites []int
	for _, p := range relatedPositions(results, "client.(*Client).Put", func(rel analysis.RelatedInformation, _ token.Position) bool {
		return strings.Contains(rel.Message, "enters the text here")
	}) {
		sites = append(sites, p.Line)
	}
	if len(sites) != 2 || sites[0] == sites[1] {
		t.Errorf("the finding of replace points at the places client.Put puts the body at lines %v; want two places", sites)
	}
}

// TestHelperBranches checks that a finding whose raw value enters its
// text in a helper of another module, handed the body by two methods,
// is one finding pointing at each status branch of the helper that
// formats it: the edit is there, in both, not at the methods' calls.
func TestHelperBranches(t *testing.T) {
	results := crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./clientserver")
	var lines []int
	for _, p := range relatedPositions(results, "client.apiError", func(_ analysis.RelatedInformation, p token.Position) bool {
		return strings.HasSuffix(p.Filename, "client.go")
	}) {
		lines = append(lines, p.Line)
	}
	slices.Sort(lines)
	if want := []int{152, 154}; !slices.Equal(lines, want) {
		t.Errorf("the finding of patch points at client.go lines %v; want %v (both branches of apiError)", lines, want)
	}
}

// TestEntrySites checks that a text showing a client library's error that
// several of the module's returns hand on (two models behind one
// interface) is one finding pointing at each of those returns, and not at
// one that answers the library's error type in its own words.
func TestEntrySites(t *testing.T) {
	results := crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./askserver")
	var entries []string
	for _, p := range relatedPositions(results, "", func(rel analysis.RelatedInformation, _ token.Position) bool {
		return strings.Contains(rel.Message, "comes into the module here")
	}) {
		entries = append(entries, fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
	}
	slices.Sort(entries)
	if want := []string{"askers.go:38", "askers.go:49"}; !slices.Equal(entries, want) {
		t.Errorf("the finding of ask points at the returns %v; want %v (Chat's and Backup's, not Careful's)", entries, want)
	}
}

// TestLibraryBodyFix checks the fix for a client library's body put into
// a helper's error text: the body's operand leaves the format.
func TestLibraryBodyFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), handlerbody.Analyzer, "./soundserver")
}

// TestServerRoots checks that the protocol errors of the handlers served
// on an mcp-go server built with no middleware that converts errors are
// one finding at the server's construction, pointing at each return it
// hands on raw: in the server's package and in the handlers' packages,
// which the server's package settles.
func TestServerRoots(t *testing.T) {
	results := crosstest.Results(analysistest.TestData(), sdkresult.Analyzer,
		"./chatbare", "./opsserver", "./warehouseserver", "./drawermain", "./fileserver")
	got := map[string][]string{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "this server hands the errors of") {
				continue
			}
			at := r.Action.Package.Fset.Position(d.Pos)
			root := fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line)
			for _, rel := range d.Related {
				if strings.Contains(rel.Message, "a return whose error this server sends") {
					p := r.Action.Package.Fset.Position(rel.Pos)
					got[root] = append(got[root], fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
				}
			}
			slices.Sort(got[root])
		}
	}
	want := map[string][]string{
		"chatbare.go:12":   {"chat.go:30", "chat.go:34"},
		"opsserver.go:13":  {"ops.go:59", "ops.go:95", "opstools.go:66"},
		"server.go:23":     {"server.go:64", "server.go:72"},
		"drawermain.go:13": {"drawer.go:23", "drawer.go:27"},
		"fileserver.go:13": {"filetools.go:30", "filetools.go:33", "filetools.go:41"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("server roots and the returns they point at (-want +got):\n%s", diff)
	}
}
