package analyzers_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/crosstest"
)

// TestShapes runs the whole suite on small servers in the shapes real
// ones take — handlers behind the project's own adapters, delegates,
// helpers and middleware, in packages other than the registration's —
// and checks every finding against the fixtures' want comments.
func TestShapes(t *testing.T) {
	crosstest.RunSuite(t, analysistest.TestData(), analyzers.Suite(),
		"./rawkit", "./resultkit", "./repos", "./reposerver",
		"./toolerr", "./registry", "./registryserver",
		"./chat", "./chatserver", "./chatbare",
		"./command", "./cli", "./cliserver",
		"./instrument", "./hints", "./notes", "./notesserver",
		"./ops", "./opstools", "./opsserver",
		"./toolkit", "./kittools", "./kitserver",
		"./notecache", "./notecacheserver",
		"./billing", "./billingserver", "./billingreport", "./deployserver",
		"./warehouse", "./warehouseserver", "./rootkit", "./rootserver", "./clientserver", "./atlasserver", "./vaultserver")
}
