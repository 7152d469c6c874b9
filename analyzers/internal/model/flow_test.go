package model_test

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// TestFlowsShared checks that two analyzers of a package are handed the
// same errflow index, so that a body one of them had walked is not walked
// again for the other.
func TestFlowsShared(t *testing.T) {
	first := &analysis.Analyzer{
		Name:       "first",
		Doc:        "returns the errflow index it is handed",
		Requires:   []*analysis.Analyzer{model.Analyzer},
		ResultType: reflect.TypeFor[*errflow.Index](),
		Run: func(pass *analysis.Pass) (any, error) {
			return pass.ResultOf[model.Analyzer].(*model.Model).Flows(), nil
		},
	}
	checked := 0
	second := &analysis.Analyzer{
		Name:     "second",
		Doc:      "compares its errflow index with the first's",
		Requires: []*analysis.Analyzer{model.Analyzer, first},
		Run: func(pass *analysis.Pass) (any, error) {
			mine := pass.ResultOf[model.Analyzer].(*model.Model).Flows()
			if mine == nil || mine != pass.ResultOf[first] {
				t.Errorf("%s: the analyzers were handed different errflow indexes", pass.Pkg.Path())
			}
			checked++
			return nil, nil
		},
	}
	// Not analysistest.Run: the fixture's want comments are the model's.
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: analysistest.TestData()}, "./tools")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := checker.Analyze([]*analysis.Analyzer{second}, pkgs, nil); err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no package was analysed")
	}
}
