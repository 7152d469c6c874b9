package handlerbody_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/handlerbody"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), handlerbody.Analyzer,
		"./tools", "./factory", "./aliased", "./dotted", "./gosdk", "./gosdkhandlers", "./mcpgo", "./mcpgohandlers",
		"./books", "./bookstools", "./stringify", "./gen", "./suppress", "./adapted", "./helpers")
}
