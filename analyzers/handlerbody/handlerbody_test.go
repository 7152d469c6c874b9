package handlerbody_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/handlerbody"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/crosstest"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), handlerbody.Analyzer,
		"./tools", "./factory", "./aliased", "./dotted", "./gosdk", "./gosdkhandlers", "./mcpgo", "./mcpgohandlers",
		"./stringify", "./gen", "./suppress", "./adapted", "./helpers", "./paths", "./mixedgen", "./causeverb", "./logged", "./causefields", "./bodyroots", "./narrowed", "./successonly", "./errhelper", "./translated", "./answercause", "./receipts", "./budgeted", "./reads", "./encoded", "./regclient", "./regtools", "./fieldbranch", "./statushelper", "./channels")
}

// TestOtherPackages checks the handlers a tool of another package uses:
// their findings are reported by the package of the tool, at the
// handler's returns.
func TestOtherPackages(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./books", "./bookstools")
}

// TestAnswers checks the empty answers a function of another package of
// the module gives on failure: recorded by its package, reported by the
// package whose handler answers with it.
func TestAnswers(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./swallowdep", "./swallow")
}

// TestRegistry checks tools behind a project's registry interface: the
// handler that runs them through the interface reaches the
// implementations the program has, in packages it imports only for their
// registration.
func TestRegistry(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./toolreg/...")
}

// TestNarrowedOtherPackage checks that a helper of another package that
// answers its client's error type in words, and returns other errors as
// they are, keeps that type's body out of the handlers that return what
// it gives, through its summary.
func TestNarrowedOtherPackage(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./narrowedkit", "./narrowedserver")
}

// TestCallbacks checks work handed to another package's circuit breaker
// and retry loop: the function values are on the handler's error path,
// and so are the causes the retry loop loses.
func TestCallbacks(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./guard", "./guardserver")
}

// TestWired checks tools registered by a function handed the service
// they call as an interface, whose implementation only the package that
// wires the two can see: that package reports the raw values the
// implementation's errors carry into the tools' texts.
func TestWired(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./wired/...")
}

// TestAnswerCauses checks the errors a function of another package builds
// into the answer a handler gives: recorded by its package, reported by
// the package whose handler answers with it.
func TestAnswerCauses(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./answerkit", "./answerserver")
}

// TestTextConstructor checks a constructor of errors that keeps only the
// text of what it is given: the causes lost through it, in another
// package's exported functions whose errors a helper of the handlers'
// package shows, are one finding at the constructor.
func TestTextConstructor(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./causekit", "./causeserver")
}

// TestGated checks an interface whose method's error a tool shows, whose
// implementation is in a package that does not import the tools' (Go's
// interfaces are implicit): the package that wires the implementation in
// reports the causes it loses; an implementation it does not wire stays
// quiet; one whose package imports the tools' is found there (audit).
func TestGated(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./gated/...")
}

// TestPorted checks ports and adapters: the handlers answer with what an
// interface of another package answers (directly, or through a service
// of a third), and the implementations are in a package that imports
// neither: the package that wires them in (main) reports their empty
// answers; an implementation nobody wires stays quiet.
func TestPorted(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./ported/...")
}

// TestProvided checks tools that a builder registers over an interface of
// its own package, whose implementations are in the packages that import
// it and hand themselves in: the implementing package reports the empty
// answers its methods give, and one that never hands itself in reports
// nothing.
func TestProvided(t *testing.T) {
	crosstest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./provided/...")
}

// TestStatusBranches checks that the finding of a helper that formats the
// body it is handed in two status branches points at the second as well:
// both are the edit.
func TestStatusBranches(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), handlerbody.Analyzer, "./statushelper")
	var lines []int
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "checkAccess puts") {
				continue
			}
			for _, rel := range d.Related {
				if strings.Contains(rel.Message, "also enters the text here") {
					lines = append(lines, r.Pass.Fset.Position(rel.Pos).Line)
				}
			}
		}
	}
	if want := []int{92}; !slices.Equal(lines, want) {
		t.Errorf("the finding of checkAccess points at lines %v; want %v (its second branch)", lines, want)
	}
}
