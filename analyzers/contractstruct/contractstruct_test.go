package contractstruct_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/contractstruct"
)

func Test(t *testing.T) {
	testdata := analysistest.TestData()
	analysistest.Run(t, testdata, contractstruct.Analyzer, "./a", "./aliased", "./dotted", "./suppress")
}

func TestMinWordsFlag(t *testing.T) {
	a := contractstruct.Analyzer
	if err := a.Flags.Set("min-words", "2"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("min-words", "5")
	analysistest.Run(t, analysistest.TestData(), a, "./minwords")
}
