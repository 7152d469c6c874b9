// Package report is how mcperrlint's analyzers report: every diagnostic
// carries its rule id as Category and as the first word of its message, and
// the URL of the rule's documentation. Findings in generated files and
// findings a //mcperrlint:ignore directive covers are dropped here, once,
// so every host (go vet, golangci-lint, the mcperrlint driver) honours the
// same suppressions.
package report

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/directive"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// A Reporter reports one analyzer's findings on one package.
type Reporter struct {
	pass  *analysis.Pass
	model *model.Model
	used  map[*directive.Directive]map[string]bool

	// sink receives the findings instead of the pass while Capture runs.
	sink func(rules.Rule, analysis.Diagnostic)
	// captureRoot is the root of the finding being captured, if any.
	captureRoot *PendingRoot
	// foreign are the files laid out for findings in other packages.
	foreign map[string]*token.File
	// exact are those laid out as the files are (see Layout), with
	// their layouts.
	exact   map[string]*token.File
	layouts map[string]Layout

	// roots are the findings folded under their roots (see Fold), by
	// root, in the order the roots were found.
	roots     map[rootKey]*rootGroup
	rootOrder []rootKey

	// elsewhere are the directives of other packages, by file (see
	// suppressedThere), read on first need.
	elsewhere map[string][]SuppressedRange
	// rootsElsewhere are the places of this package, by rule, where
	// another package may report a root (see RootElsewhere).
	rootsElsewhere map[string][]token.Pos
	// rootFixes are the roots of imported packages whose fixes those
	// packages made, by site (see ForeignRootFix), read on first need.
	rootFixes map[string]foreignRootFix
	// findings are the findings reported so far, one per rule and place
	// (placed indexes them), with the others at that place: see
	// flushFindings.
	findings []placed
	placed   map[placeKey]int
	// suppressionsFact makes the analyzer's fact of the directives
	// Finish exports (see ExportSuppressions); nil: none.
	suppressionsFact func(Suppressions) analysis.Fact
}

// New returns a Reporter for pass. Call Finish when the analyzer is done.
func New(pass *analysis.Pass, m *model.Model) *Reporter {
	return &Reporter{pass: pass, model: m, used: map[*directive.Directive]map[string]bool{}}
}

// Report reports a finding of rule over the range of node.
func (r *Reporter) Report(rule rules.Rule, node analysis.Range, format string, args ...any) {
	r.Diagnostic(rule, analysis.Diagnostic{
		Pos:     node.Pos(),
		End:     node.End(),
		Message: fmt.Sprintf(format, args...),
	})
}

// Diagnostic reports d, a finding of rule whose Message, fixes and related
// information are already set; Category, URL and the message's rule prefix
// are added here.
func (r *Reporter) Diagnostic(rule rules.Rule, d analysis.Diagnostic) {
	if r.model.InGenerated(r.pass.Fset, d.Pos) || r.suppressed(rule, d) {
		return
	}
	if r.sink != nil {
		r.sink(rule, d)
		return
	}
	d.Category = rule.ID
	d.URL = rule.URL()
	d.Message = rule.ID + ": " + d.Message
	k := placeKey{rule.ID, d.Pos, d.End}
	if i, ok := r.placed[k]; ok {
		r.findings[i].more = append(r.findings[i].more, d)
		return
	}
	if r.placed == nil {
		r.placed = map[placeKey]int{}
	}
	r.placed[k] = len(r.findings)
	r.findings = append(r.findings, placed{first: d})
}

// One finding per edit. Several findings of one rule at one place (six
// raw values a library puts into the error one return hands on) are one
// edit there: they are reported as one, the first, with each other's
// message as a related position at the place, so that the reader sees
// every reason and fixes the line once; the fix is the first's, or, when
// it has none, the first another has.

// A placeKey is where a finding is and of which rule.
type placeKey struct {
	rule     string
	pos, end token.Pos
}

// A placed finding is the first finding of a rule at a place, with the
// others found there.
type placed struct {
	first analysis.Diagnostic
	more  []analysis.Diagnostic
}

// flushFindings reports the findings, one per rule and place, in the
// order they were found.
func (r *Reporter) flushFindings() {
	for _, f := range r.findings {
		d := f.first
		if len(f.more) > 0 {
			d.Message += fmt.Sprintf(" (and %s of %s here, as related positions)", Count(len(f.more), "more finding"), d.Category)
			for _, m := range f.more {
				if len(d.SuggestedFixes) == 0 {
					d.SuggestedFixes = m.SuggestedFixes // the edit one of them knows how to make
				}
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: m.Pos, End: m.End, Message: m.Message})
				for _, rel := range m.Related {
					if !slices.Contains(d.Related, rel) {
						d.Related = append(d.Related, rel)
					}
				}
			}
		}
		r.pass.Report(d)
	}
	r.findings, r.placed = nil, nil
}

// suppressed reports whether a directive covers d, recording its use.
func (r *Reporter) suppressed(rule rules.Rule, d analysis.Diagnostic) bool {
	for _, dir := range r.model.Directives(r.pass.Fset, d.Pos) {
		if dir.Covers(rule.ID, d.Pos) {
			if r.used[dir] == nil {
				r.used[dir] = map[string]bool{}
			}
			r.used[dir][rule.ID] = true
			return true
		}
	}
	return false
}

// Enabled reports whether rule is checked in this run: every rule is, but
// one that is off by default only when its analyzer's flag turns it on,
// and one a flag turns off only when that flag is unset.
func (r *Reporter) Enabled(rule rules.Rule) bool {
	return rule.EnabledBy(func(name string) bool {
		return r.pass.Analyzer.Flags.Lookup(name).Value.(flag.Getter).Get().(bool)
	})
}

// Finish reports the directives that name one of this analyzer's rules but
// suppressed nothing of it. Only the analyzer that owns a rule can know
// that, so each reports its own. A directive naming a rule that is off in
// this run is left alone: whether it would suppress something is unknown,
// and a run with the rule on (CI's, say) may need it.
func (r *Reporter) Finish() {
	r.FlushRoots()
	r.flushFindings()
	r.exportSuppressions()
	name := r.pass.Analyzer.Name
	for _, dir := range r.model.AllDirectives() {
		if r.model.InGenerated(r.pass.Fset, dir.Comment.Pos()) {
			continue
		}
		for _, id := range dir.Rules {
			rule, ok := rules.ByID(id)
			if !ok || rule.Analyzer != name || r.used[dir][id] || !r.Enabled(rule) || r.coversRootElsewhere(dir, id) {
				continue
			}
			r.pass.Report(analysis.Diagnostic{
				Pos:      dir.Comment.Pos(),
				End:      dir.Comment.End(),
				Category: rules.IgnoreUnused.ID,
				URL:      rules.IgnoreUnused.URL(),
				Message: fmt.Sprintf("%s: the directive suppresses %s, but %s reports nothing it covers; remove it",
					rules.IgnoreUnused.ID, id, id),
			})
		}
	}
}

// Range is an analysis.Range made of two positions, for findings that span
// more than one node.
type Range struct{ From, To ast.Node }

func (rg Range) Pos() token.Pos { return rg.From.Pos() }
func (rg Range) End() token.Pos { return rg.To.End() }
