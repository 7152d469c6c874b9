package contractstruct_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/contractstruct"
)

func Test(t *testing.T) {
	testdata := analysistest.TestData()
	analysistest.Run(t, testdata, contractstruct.Analyzer, "./a", "./aliased", "./dotted", "./suppress", "./missingoff")
}

func TestMinWordsFlag(t *testing.T) {
	a := contractstruct.Analyzer
	if err := a.Flags.Set("min-words", "2"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("min-words", "5")
	analysistest.Run(t, analysistest.TestData(), a, "./minwords")
}

// TestRequireContractFlag runs the opt-in error-contract-missing rule.
func TestRequireContractFlag(t *testing.T) {
	a := contractstruct.Analyzer
	if err := a.Flags.Set("require-contract", "true"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("require-contract", "false")
	analysistest.Run(t, analysistest.TestData(), a, "./missing", "./missingcaller", "./missingaliased", "./missingdotted")
}
