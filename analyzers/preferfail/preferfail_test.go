package preferfail_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/preferfail"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), preferfail.Analyzer, "./a", "./aliased", "./dotted")
}
