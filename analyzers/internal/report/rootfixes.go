package report

// Fixes at roots of another package. A root — an adapter that hands every
// handler's error on raw, a client function that formats a body into its
// error — is one edit for the findings of every package that uses it, but
// those packages, where the findings are judged, do not hold its file. So
// the root's package makes the fix at each of its roots and exports it,
// with the layout of the files it edits, as a package fact; a reporting
// package offers it at the root's one finding, laid out in that file
// exactly, under every host (see PendingFix).

import (
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A RootFix is the fix a package made at one of its roots: the site that
// names the root ("pkg/file.go:line", as errflow names a place of
// another package), where it is, and the fix.
type RootFix struct {
	Site  string
	At    Position
	Fixes []PendingFix
}

// RootFixes is what a package fact of root fixes holds. An analyzer that
// makes them declares a fact type of its own that embeds it (a fact type
// belongs to one analyzer) and calls ExportRootFixes.
type RootFixes struct {
	Roots   []RootFix
	Layouts map[string]Layout
}

// Fixed returns the fixes: what a rootFixesFact gives the packages that
// read it.
func (f *RootFixes) Fixed() *RootFixes { return f }

// Sites names the roots, for the String of a fact.
func (f *RootFixes) Sites() string {
	sites := make([]string, len(f.Roots))
	for i, r := range f.Roots {
		sites[i] = r.Site
	}
	return strings.Join(sites, " ")
}

// A rootFixesFact is an analyzer's fact type embedding RootFixes.
type rootFixesFact interface {
	analysis.Fact
	Fixed() *RootFixes
}

// ExportRootFixes exports roots, when there are any, as the analyzer's
// fact that fact makes of them, with the layouts of the files they edit.
func (r *Reporter) ExportRootFixes(roots []RootFix, fact func(RootFixes) analysis.Fact) {
	if len(roots) == 0 {
		return
	}
	pending := make([]Pending, len(roots))
	for i, root := range roots {
		pending[i] = Pending{Fixes: root.Fixes}
	}
	r.pass.ExportPackageFact(fact(RootFixes{Roots: roots, Layouts: r.Layouts(pending)}))
}

// ForeignRootFix returns the fix that the package of a root of another
// package, named by its site, made there, and where the root is; nil when
// there is none. The imports' facts are read once per pass: every finding
// a root explains asks for it.
func (r *Reporter) ForeignRootFix(site string) (func() []analysis.SuggestedFix, *Position) {
	if r.rootFixes == nil {
		r.rootFixes = map[string]foreignRootFix{}
		for _, pf := range SortedPackageFacts(r.pass) {
			f, ok := pf.Fact.(rootFixesFact)
			if !ok {
				continue
			}
			fixes := f.Fixed()
			for _, root := range fixes.Roots {
				// A site names its package by the last element of its path.
				pkgBase, _, _ := strings.Cut(root.Site, "/")
				if _, seen := r.rootFixes[root.Site]; !seen && path.Base(pf.Package.Path()) == pkgBase {
					r.rootFixes[root.Site] = foreignRootFix{root, fixes.Layouts}
				}
			}
		}
	}
	root, ok := r.rootFixes[site]
	if !ok {
		return nil, nil
	}
	at := root.At
	return func() []analysis.SuggestedFix { return r.ForeignFixes(root.Fixes, root.layouts) }, &at
}

// A foreignRootFix is a root of another package whose fix that package
// made, with the layouts of the files it edits.
type foreignRootFix struct {
	RootFix
	layouts map[string]Layout
}

// SortedPackageFacts returns the pass's package facts in the order of
// their packages' paths: AllPackageFacts gives them in a map's, and where
// the first fact found wins, the output must not depend on it.
func SortedPackageFacts(pass *analysis.Pass) []analysis.PackageFact {
	facts := pass.AllPackageFacts()
	slices.SortStableFunc(facts, func(a, b analysis.PackageFact) int { return strings.Compare(a.Package.Path(), b.Package.Path()) })
	return facts
}
