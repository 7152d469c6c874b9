package ignoredirective_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/ignoredirective"
)

func Test(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ignoredirective.Analyzer, "./a")
}
