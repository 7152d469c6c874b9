package ignoredirective

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer reports malformed //mcperrlint: directives.
var Analyzer = &analysis.Analyzer{
	Name:     "ignoredirective",
	Doc:      docs.Analyzer(doc, "ignoredirective"),
	URL:      rules.AnalyzerURL("ignoredirective"),
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	for _, d := range m.AllDirectives() {
		if d.Problem == "" || m.InGenerated(pass.Fset, d.Comment.Pos()) {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos:      d.Comment.Pos(),
			End:      d.Comment.End(),
			Category: rules.IgnoreMalformed.ID,
			URL:      rules.IgnoreMalformed.URL(),
			Message:  rules.IgnoreMalformed.ID + ": " + d.Problem,
		})
	}
	return nil, nil
}
