package sdkresult_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/sdkresult"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), sdkresult.Analyzer,
		"./gosdkraw", "./gosdktyped", "./mcpgo", "./handlers", "./register",
		"./aliased", "./dotted", "./mcperrtools", "./suppress", "./wrappers", "./middleware")
}

func TestConvertingMiddlewareFlag(t *testing.T) {
	a := sdkresult.Analyzer
	if err := a.Flags.Set("converting-middleware", "true"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("converting-middleware", "false")
	analysistest.Run(t, analysistest.TestData(), a, "./converting")
}
