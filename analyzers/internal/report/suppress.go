package report

// Suppression at a root of another package. A root in another package — an
// adapter that forwards every handler's error raw, a helper that puts a
// body into its error text — is reported by the package whose returns it
// decides, which does not hold the root's file, nor the directive a user
// wrote there. So each package exports where its directives apply, by
// file and line, and a root whose place one of them covers reports
// nothing: suppressing the root suppresses all it explains, in every
// package.

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/directive"
)

// Suppressions is what the package fact of a package with suppression
// directives holds: the lines each covers, and its rules. An analyzer
// that folds findings under roots declares a fact type of its own that
// embeds it (a fact type belongs to one analyzer) and calls
// ExportSuppressions.
type Suppressions struct {
	Ranges []SuppressedRange
}

// A suppressionsFact is an analyzer's fact type embedding Suppressions.
type suppressionsFact interface {
	analysis.Fact
	Covered() []SuppressedRange
}

// Covered returns where the directives apply: what a suppressionsFact
// gives the packages that read it.
func (s *Suppressions) Covered() []SuppressedRange { return s.Ranges }

// A SuppressedRange is where one directive applies.
type SuppressedRange struct {
	File     string // as the FileSet names it
	From, To int    // lines, inclusive
	Rules    []string
}

func (f *Suppressions) String() string {
	var parts []string
	for _, r := range f.Ranges {
		parts = append(parts, fmt.Sprintf("%s:%d-%d %s", filepath.Base(r.File), r.From, r.To, strings.Join(r.Rules, ",")))
	}
	return "suppressions: " + strings.Join(parts, "; ")
}

// ExportSuppressions has Finish export, as the analyzer's fact that fact
// makes of them, the package's directives that cover a place where
// another package may report a root (RootElsewhere).
func (r *Reporter) ExportSuppressions(fact func(Suppressions) analysis.Fact) {
	r.suppressionsFact = fact
}

// exportSuppressions exports what ExportSuppressions asked for.
func (r *Reporter) exportSuppressions() {
	if r.suppressionsFact == nil {
		return
	}
	var ranges []SuppressedRange
	for _, d := range r.model.AllDirectives() {
		from, to := d.Span()
		if !from.IsValid() || !slices.ContainsFunc(d.Rules, func(rule string) bool { return r.coversRootElsewhere(d, rule) }) {
			continue
		}
		p, q := r.pass.Fset.Position(from), r.pass.Fset.Position(to)
		ranges = append(ranges, SuppressedRange{File: p.Filename, From: p.Line, To: q.Line, Rules: slices.Clone(d.Rules)})
	}
	if len(ranges) == 0 {
		return
	}
	slices.SortFunc(ranges, func(a, b SuppressedRange) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.From - b.From
	})
	r.pass.ExportPackageFact(r.suppressionsFact(Suppressions{Ranges: ranges}))
}

// suppressedThere reports whether a directive of another package covers
// rule at line of file.
func (r *Reporter) suppressedThere(rule, file string, line int) bool {
	if file == "" {
		return false
	}
	if r.elsewhere == nil {
		r.elsewhere = map[string][]SuppressedRange{}
		for _, pf := range r.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(suppressionsFact); ok && pf.Package != r.pass.Pkg {
				for _, sr := range f.Covered() {
					r.elsewhere[sr.File] = append(r.elsewhere[sr.File], sr)
				}
			}
		}
	}
	for _, sr := range r.elsewhere[file] {
		if sr.From <= line && line <= sr.To && slices.Contains(sr.Rules, rule) {
			return true
		}
	}
	return false
}

// rootSuppressedThere reports whether the root of g, in another package,
// is under a directive there.
func (r *Reporter) rootSuppressedThere(g *rootGroup) bool {
	if g.root.Pos.IsValid() {
		return false // here: the pass's own directives decide
	}
	if at := g.root.At; at != nil && r.suppressedThere(g.rule.ID, at.File, at.Line) {
		return true
	}
	for _, s := range g.sites {
		if r.suppressedThere(g.rule.ID, s.File, s.Line) {
			return true
		}
	}
	return r.suppressedThere(g.rule.ID, g.root.File, g.root.Line)
}

// RootElsewhere records that another package may report a root of rule at
// pos, a place of this package: a directive there suppresses it in that
// package, so Finish does not call it unused here.
func (r *Reporter) RootElsewhere(rule string, pos token.Pos) {
	if !pos.IsValid() {
		return
	}
	if r.rootsElsewhere == nil {
		r.rootsElsewhere = map[string][]token.Pos{}
	}
	r.rootsElsewhere[rule] = append(r.rootsElsewhere[rule], pos)
}

// coversRootElsewhere reports whether dir covers a place of rule that
// another package may report a root at.
func (r *Reporter) coversRootElsewhere(dir *directive.Directive, rule string) bool {
	for _, pos := range r.rootsElsewhere[rule] {
		if dir.Covers(rule, pos) {
			return true
		}
	}
	return false
}
