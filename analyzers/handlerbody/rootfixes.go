package handlerbody

// The fix at a body root of another package. A helper that formats the
// body of a failed response into its error text (fmt.Errorf("…: %s",
// body)) is one edit for every handler that shows that error, but the
// package that reports them — where the texts are — is not the helper's.
// So the helper's package makes the fix at each place a raw value enters
// a text of its functions, and exports it with the layout of the file it
// edits, as a package fact; a reporting package offers it at the root's
// one finding, laid out in that file exactly, under every host (see
// report.PendingFix), as sdkresult does for an adapter of another package.

import (
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
)

// bodyFixesFact is a package fact: the fixes at the places the package's
// functions put a raw value into a text, by the site that names them.
type bodyFixesFact struct {
	Roots   []bodyFixes
	Layouts map[string]report.Layout
}

// bodyFixes are the fixes at one place a raw value enters a text.
type bodyFixes struct {
	Site  string // as errflow names it: "pkg/file.go:line"
	At    report.Position
	Fixes []report.PendingFix
}

func (*bodyFixesFact) AFact() {}

func (f *bodyFixesFact) String() string {
	var sites []string
	for _, r := range f.Roots {
		sites = append(sites, r.Site)
	}
	return "body fixes: " + strings.Join(sites, " ")
}

// exportBodyFixes exports the fixes at the places the package's functions
// put a raw value into a text, for the packages that show those texts.
func (c *checker) exportBodyFixes() {
	// The places whose raw values leave the package: in the summary of an
	// exported function or method, a fact other packages read.
	leaves := map[string]bool{}
	c.eachSummaryBlob(func(fn *types.Func, b errflow.Blob) {
		if fn.Exported() && b.Pos.IsValid() && b.Kind.Upstream() {
			leaves[b.Site] = true
		}
	})
	fact := &bodyFixesFact{}
	var pending []report.Pending
	seen := map[string]bool{}
	c.eachSummaryBlob(func(fn *types.Func, b errflow.Blob) {
		// Where it enters the text, not a call that hands it on.
		if !leaves[b.Site] || seen[b.Site] || c.flow.Site(b.Pos) != b.Site {
			return
		}
		seen[b.Site] = true
		fixes := c.report.PendingFixes(c.operandFix(&b))
		if len(fixes) == 0 {
			return
		}
		fact.Roots = append(fact.Roots, bodyFixes{Site: b.Site, At: c.report.Position(b.Pos, b.End), Fixes: fixes})
		pending = append(pending, report.Pending{Fixes: fixes})
	})
	if len(fact.Roots) == 0 {
		return
	}
	slices.SortFunc(fact.Roots, func(a, b bodyFixes) int { return strings.Compare(a.Site, b.Site) })
	fact.Layouts = c.report.Layouts(pending)
	c.pass.ExportPackageFact(fact)
}

// eachSummaryBlob calls yield with each raw value the summaries of the
// package's declared functions carry in their results.
func (c *checker) eachSummaryBlob(yield func(*types.Func, errflow.Blob)) {
	for _, root := range c.flow.Index().Roots() {
		fn := root.Body.Func
		if fn == nil {
			continue
		}
		sum := c.flow.Summary(fn)
		if sum == nil {
			continue
		}
		for _, sl := range sum.Results {
			for _, b := range slices.Concat(sl.Blobs, sl.FailBlobs) {
				yield(fn, b)
			}
		}
	}
}

// foreignBodyFix returns the fix that the package of a body root of
// another package, named by its site, made there, and where the root is;
// nil when there is none.
func (c *checker) foreignBodyFix(site string) (func() []analysis.SuggestedFix, *report.Position) {
	if c.bodyRootsOfImports == nil {
		c.bodyRootsOfImports = map[string]foreignBody{}
		for _, pf := range c.pass.AllPackageFacts() {
			f, ok := pf.Fact.(*bodyFixesFact)
			if !ok {
				continue
			}
			for _, r := range f.Roots {
				// A site names its package by the last element of its path.
				pkgBase, _, _ := strings.Cut(r.Site, "/")
				if _, seen := c.bodyRootsOfImports[r.Site]; !seen && path.Base(pf.Package.Path()) == pkgBase {
					c.bodyRootsOfImports[r.Site] = foreignBody{r, f.Layouts}
				}
			}
		}
	}
	r, ok := c.bodyRootsOfImports[site]
	if !ok {
		return nil, nil
	}
	at := r.At
	return func() []analysis.SuggestedFix { return c.report.ForeignFixes(r.Fixes, r.layouts) }, &at
}

// A foreignBody is a body root of another package whose fix that package
// made, with the layouts of the files it edits.
type foreignBody struct {
	bodyFixes
	layouts map[string]report.Layout
}
