package handlerbody

// The fix at a body root of another package. A helper that formats the
// body of a failed response into its error text (fmt.Errorf("…: %s",
// body)) is one edit for every handler that shows that error, but the
// package that reports them — where the texts are — is not the helper's.
// So the helper's package makes the fix at each place a raw value enters
// a text of its functions, and exports it with the layout of the file it
// edits, as a package fact; a reporting package offers it at the root's
// one finding, laid out in that file exactly, under every host
// (report.RootFixes), as sdkresult does for an adapter of another package.

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
)

// bodyFixesFact is a package fact: the fixes at the places the package's
// functions put a raw value into a text, by the site that names them.
type bodyFixesFact struct{ report.RootFixes }

func (*bodyFixesFact) AFact() {}

func (f *bodyFixesFact) String() string { return "body fixes: " + f.Sites() }

// exportBodyFixes exports the fixes at the places the package's functions
// put a raw value into a text, for the packages that show those texts.
func (c *checker) exportBodyFixes() {
	// The places whose raw values leave the package: in the summary of an
	// exported function or method, a fact other packages read.
	leaves := map[string]bool{}
	c.eachSlot(func(fn *types.Func, sl errflow.Slot) {
		for _, b := range slices.Concat(sl.Blobs, sl.FailBlobs) {
			if fn.Exported() && b.Pos.IsValid() && b.Kind.Upstream() {
				leaves[b.Site] = true
			}
		}
	})
	var roots []report.RootFix
	seen := map[string]bool{}
	c.eachSlot(func(fn *types.Func, sl errflow.Slot) {
		for _, b := range slices.Concat(sl.Blobs, sl.FailBlobs) {
			// Where it enters the text, not a call that hands it on.
			if !leaves[b.Site] || seen[b.Site] || c.flow.Site(b.Pos) != b.Site {
				continue
			}
			seen[b.Site] = true
			if fixes := c.report.PendingFixes(c.operandFix(&b)); len(fixes) > 0 {
				roots = append(roots, report.RootFix{Site: b.Site, At: c.report.Position(b.Pos, b.End), Fixes: fixes})
			}
		}
	})
	slices.SortFunc(roots, func(a, b report.RootFix) int { return strings.Compare(a.Site, b.Site) })
	c.report.ExportRootFixes(roots, func(f report.RootFixes) analysis.Fact { return &bodyFixesFact{f} })
}

// eachSlot calls yield with each result of the summaries of the
// package's declared functions.
func (c *checker) eachSlot(yield func(*types.Func, errflow.Slot)) {
	for _, root := range c.flow.Index().Roots() {
		fn := root.Body.Func
		if fn == nil {
			continue
		}
		if sum := c.flow.Summary(fn); sum != nil {
			for _, sl := range sum.Results {
				yield(fn, sl)
			}
		}
	}
}
