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
	crosstest.Run(t, analysistest.TestData(), sdkresult.Analyzer, "./handlers", "./register", "./serve", "./converted", "./selfreg", "./selfmain")
}

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), sdkresult.Analyzer,
		"./gosdkraw", "./gosdktyped", "./mcpgo", "./register",
		"./aliased", "./dotted", "./mcperrtools", "./suppress", "./wrappers", "./middleware",
		"./fixgosdk", "./fixmcpgo", "./toolmw")
}

func TestConvertingMiddlewareFlag(t *testing.T) {
	a := sdkresult.Analyzer
	if err := a.Flags.Set("converting-middleware", "true"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("converting-middleware", "false")
	analysistest.Run(t, analysistest.TestData(), a, "./converting")
}
