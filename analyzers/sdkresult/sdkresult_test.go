package sdkresult_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/crosstest"
	"github.com/mcperrlint/mcperrlint/analyzers/sdkresult"
)

// TestOtherPackages checks handlers registered by another package than
// their own: what depends on the server is reported by the package that
// builds it, at the handler's return.
func TestOtherPackages(t *testing.T) {
	defer unfold(t)()
	crosstest.Run(t, analysistest.TestData(), sdkresult.Analyzer, "./handlers", "./register", "./serve", "./converted", "./selfreg", "./selfmain")
}

func Test(t *testing.T) {
	defer unfold(t)()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), sdkresult.Analyzer,
		"./gosdkraw", "./gosdktyped", "./mcpgo", "./register",
		"./aliased", "./dotted", "./mcperrtools", "./suppress", "./wrappers", "./middleware",
		"./fixgosdk", "./fixmcpgo", "./toolmw")
}

// unfold turns folding off, so that the fixtures check each return; it
// returns what turns it back on. TestRoots checks folding.
func unfold(t *testing.T) func() {
	t.Helper()
	if err := sdkresult.Analyzer.Flags.Set("fold", "false"); err != nil {
		t.Fatal(err)
	}
	return func() { sdkresult.Analyzer.Flags.Set("fold", "true") }
}

func TestConvertingMiddlewareFlag(t *testing.T) {
	a := sdkresult.Analyzer
	if err := a.Flags.Set("converting-middleware", "true"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("converting-middleware", "false")
	analysistest.Run(t, analysistest.TestData(), a, "./converting")
}

// TestRoots checks that a return which decides many handlers' returns is
// the one finding, as users see it by default.
func TestRoots(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), sdkresult.Analyzer, "./roots")
}
