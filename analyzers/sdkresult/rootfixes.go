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
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// rootFixesFact is a package fact: the fixes at the package's forwarding
// adapter returns, by the site a path names them with.
type rootFixesFact struct {
	Roots   []rootFixes
	Layouts map[string]report.Layout
}

// rootFixes are the fixes at one forwarding return.
type rootFixes struct {
	Site  string // as errflow names a step of another package: "pkg/file.go:line"
	At    report.Position
	Fixes []report.PendingFix
}

func (*rootFixesFact) AFact() {}

func (f *rootFixesFact) String() string {
	var sites []string
	for _, r := range f.Roots {
		sites = append(sites, r.Site)
	}
	return "root fixes: " + strings.Join(sites, " ")
}

// exportRootFixes exports the fixes at the package's forwarding adapter
// returns, for the packages whose handlers they decide.
func (c *checker) exportRootFixes() {
	forwarding := slices.Clone(c.flow.Forwarding)
	slices.SortFunc(forwarding, func(a, b errflow.Forwarding) int { return int(a.Pos - b.Pos) })
	fact := &rootFixesFact{}
	var pending []report.Pending
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
		fact.Roots = append(fact.Roots, rootFixes{Site: c.flow.Site(fw.Pos), At: c.r.Position(ret.Pos(), ret.End()), Fixes: fixes})
		pending = append(pending, report.Pending{Fixes: fixes})
	}
	if len(fact.Roots) == 0 {
		return
	}
	fact.Layouts = c.r.Layouts(pending)
	c.pass.ExportPackageFact(fact)
}

// A foreignRoot is an adapter root of another package whose fix that
// package made, with the layouts of the files it edits.
type foreignRoot struct {
	rootFixes
	layouts map[string]report.Layout
}

// foreignRootFix returns the fix that the package of an adapter root of
// another package, named by its site, made there, and where the root is;
// nil when there is none.
func (c *checker) foreignRootFix(site string) (func() []analysis.SuggestedFix, report.Position) {
	r, ok := c.foreignRoots()[site]
	if !ok {
		return nil, report.Position{}
	}
	return func() []analysis.SuggestedFix { return c.r.ForeignFixes(r.Fixes, r.layouts) }, r.At
}

// foreignRoots returns, by site, the adapter roots whose fixes the
// imported packages made, read from their facts once per pass: every
// return a root decides asks for it.
func (c *checker) foreignRoots() map[string]foreignRoot {
	if c.rootsOfImports != nil {
		return c.rootsOfImports
	}
	c.rootsOfImports = map[string]foreignRoot{}
	for _, pf := range c.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*rootFixesFact)
		if !ok {
			continue
		}
		for _, r := range f.Roots {
			// A site names its package by the last element of its path.
			pkgBase, _, _ := strings.Cut(r.Site, "/")
			if _, seen := c.rootsOfImports[r.Site]; !seen && path.Base(pf.Package.Path()) == pkgBase {
				c.rootsOfImports[r.Site] = foreignRoot{r, f.Layouts}
			}
		}
	}
	return c.rootsOfImports
}
