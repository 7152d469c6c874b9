package conformance_test

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/conformance"
)

func Test(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), conformance.Analyzer,
		"./a", "./aliased", "./dotted", "./store", "./repo", "./handlerlib", "./server")
	checkRelated(t, results)
}

func TestRecoveryFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), conformance.Analyzer, "./recovery", "./undeclared")
}

// checkRelated checks that a finding about a service's error, reported at
// the handler's call, points at the function called.
func checkRelated(t *testing.T, results []*analysistest.Result) {
	var checked int
	for _, r := range results {
		for _, d := range r.Diagnostics {
			var want string
			switch {
			case strings.Contains(d.Message, "repo.Find can return"):
				want = "repo/repo.go:14"
			case strings.Contains(d.Message, "handlerlib.Handle can fail"):
				want = "handlerlib/handlerlib.go:14"
			case strings.Contains(d.Message, "store.ErrGone holds"):
				want = "store/store.go:54"
			default:
				continue
			}
			checked++
			if len(d.Related) != 1 {
				t.Errorf("%s: got %d related, want 1", d.Message, len(d.Related))
				continue
			}
			rel := d.Related[0]
			posn := r.Pass.Fset.Position(rel.Pos)
			if got := filepath.Base(filepath.Dir(posn.Filename)) + "/" + filepath.Base(posn.Filename) + ":" + strconv.Itoa(posn.Line); got != want {
				t.Errorf("%s: related at %s, want %s", d.Message, got, want)
			}
			if !strings.HasSuffix(rel.Message, "is declared here") {
				t.Errorf("related message %q", rel.Message)
			}
		}
	}
	if checked != 3 {
		t.Errorf("checked %d findings, want 3", checked)
	}
}
