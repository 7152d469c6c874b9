package sdkresult

// The fix at an adapter root of another package. An adapter that hands
// every handler's error on to the SDK raw (return res, err) is one edit
// for all of them, but the package that reports them — the handlers'
// package, where the findings are judged — is not the adapter's. So the
// adapter's package makes the fix at each of its forwarding returns
// (errflow.Result.Forwarding) and exports it, with the layout of the file
// it edits, as a package fact; the reporting package offers it at the
// root's one finding, laid out in that file exactly, under every host
// (see report.PendingFix).

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// rootFixesFact is a package fact: the fixes at the package's forwarding
// adapter returns, by the site a path names them with.
type rootFixesFact struct{ report.RootFixes }

func (*rootFixesFact) AFact() {}

func (f *rootFixesFact) String() string { return "root fixes: " + f.Sites() }

// exportRootFixes exports the fixes at the package's forwarding adapter
// returns, for the packages whose handlers they decide.
func (c *checker) exportRootFixes() {
	forwarding := slices.Clone(c.flow.Forwarding)
	slices.SortFunc(forwarding, func(a, b errflow.Forwarding) int { return int(a.Pos - b.Pos) })
	var roots []report.RootFix
	for _, fw := range forwarding {
		ret := c.returnAt(fw.Pos)
		if ret == nil {
			continue
		}
		c.r.RootElsewhere(rules.SDKProtocolError.ID, ret.Pos())
		fixes := c.r.PendingFixes(c.rootFix(ret, fw.Kind))
		if len(fixes) == 0 {
			continue
		}
		roots = append(roots, report.RootFix{Site: c.flow.Site(fw.Pos), At: c.r.Position(ret.Pos(), ret.End()), Fixes: fixes})
	}
	c.r.ExportRootFixes(roots, func(f report.RootFixes) analysis.Fact { return &rootFixesFact{f} })
}
