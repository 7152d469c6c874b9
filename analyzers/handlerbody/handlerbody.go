package handlerbody

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer is being written.
var Analyzer = &analysis.Analyzer{
	Name:     "handlerbody",
	Doc:      docs.Analyzer(doc, "handlerbody"),
	URL:      rules.DocsURL + "#analyzer-handlerbody",
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}
