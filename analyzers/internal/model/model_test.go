package model_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// describe reports what the model found as diagnostics, so the fixtures
// state the expected model in want comments.
var describe = &analysis.Analyzer{
	Name:     "describe",
	Doc:      "report the model as diagnostics",
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[model.Analyzer].(*model.Model)
		pkgClause := pass.Files[0].Name
		if m.ReachesRuntime && !m.ImportsRuntime {
			pass.Reportf(pkgClause.Pos(), "reaches the runtime through its imports")
		}
		for _, t := range m.Tools {
			contract := "none"
			if t.Contract != nil {
				contract = fmt.Sprint(t.Contract.Reasons())
			}
			var text string
			if t.Title != "" || t.Description != "" {
				text = fmt.Sprintf(" title=%q description=%q", t.Title, t.Description)
			}
			pass.Reportf(t.Pos(), "tool %q%s contract=%s", t.Name, text, contract)
		}
		return nil, nil
	},
}

func TestModel(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe,
		"./tools", "./handlers", "./adapters", "./gosdk", "./gosdkdot", "./mcpgo", "./mcpgohandlers", "./plain", "./propagate")
}

// TestIrrelevantPackageIsNotWalked checks the fast path: a package that
// imports neither the runtime nor an SDK yields an empty model.
func TestIrrelevantPackageIsNotWalked(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), model.Analyzer, "./plain")
	for _, r := range results {
		m := r.Result.(*model.Model)
		if m.Relevant() || m.ReachesRuntime || len(m.Funcs) != 0 {
			t.Errorf("plain: got %+v, want an empty model", m)
		}
	}
}
