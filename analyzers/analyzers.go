// Package analyzers lists mcperrlint's analyzers, for the drivers that run
// them: the mcperrlint command (standalone, go vet -vettool, go fix
// -fixtool) and the golangci-lint plugin.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/conformance"
	"github.com/mcperrlint/mcperrlint/analyzers/contractstruct"
	"github.com/mcperrlint/mcperrlint/analyzers/handlerbody"
	"github.com/mcperrlint/mcperrlint/analyzers/ignoredirective"
	"github.com/mcperrlint/mcperrlint/analyzers/preferfail"
	"github.com/mcperrlint/mcperrlint/analyzers/sdkresult"
)

// Suite returns the analyzers of mcperrlint, in the order of their
// documentation. Each call returns the same analyzers: their flags are
// shared by every driver in the process.
func Suite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		contractstruct.Analyzer,
		conformance.Analyzer,
		preferfail.Analyzer,
		handlerbody.Analyzer,
		sdkresult.Analyzer,
		ignoredirective.Analyzer,
	}
}
