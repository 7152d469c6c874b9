package report

// Root causes: one finding per edit. When one place decides the outcome
// of many returns — an adapter that forwards every handler's error raw, a
// helper that puts the upstream body into every error result it builds —
// reporting each return reads as many problems where there is one edit.
// So a rule hands such findings to Fold with the place that explains
// them, their root, and the reporter reports one finding there: the
// rule, how many returns of how many handlers it decides, and Related
// positions at each of them. A root that explains a single finding is no
// root: that finding is reported as it is.
//
// Suppression follows the edit: a directive at the root suppresses the
// root and everything folded under it; a directive at one return takes
// that return out of its root. The rule's analyzer flag fold=false
// reports every return again, as before.
//
// Under every host the root is reported by the package whose returns it
// decides, where they are judged.

import (
	"cmp"
	"flag"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// FoldFlag is the name of the flag, on each analyzer that folds, that
// turns folding off: -NAME.fold=false reports every return again.
const FoldFlag = "fold"

// A Root is one place that decides the outcome of many findings of one
// rule.
type Root struct {
	// Pos and End are the root's range in this package's files; NoPos
	// when it is in another package, named by Site ("pkg/file.go:line").
	Pos, End token.Pos
	Site     string
	// File and Line name the root's place in another package's file,
	// when known, for a related position there.
	File string
	Line int
	// At, when set, is the root's exact place in another package's file,
	// whose layout its Fix knows: the finding is made there, where the
	// edit is, since some hosts (golangci-lint) apply only the edits in
	// the file a finding is in.
	At *Position
	// Key, when set, identifies a root in another package in place of
	// Site: the function it is in, when every place that function puts a
	// value into its text is one edit there.
	Key string
	// Also says what each of a Key's other sites is, as related
	// information at a lone finding: "the raw value also enters the text
	// here, in " when empty.
	Also string
	// Narrow marks a root that decides the returns of one function only
	// (a handler that returns another's results): where a wider root
	// explains the finding too (the server the handler is served on, seen
	// by the package that builds it), that one is the edit.
	Narrow bool
	// Others are the root's other places in this package, as related
	// positions at its finding: each status branch of a helper that
	// formats the body it is handed.
	Others []analysis.RelatedInformation
	// Member says what each finding folded under it is, as related
	// information at it: "a return it decides".
	Member string
	// Message says what the root does, given how many returns of how many
	// handlers it decides.
	Message func(returns, handlers int) string
	// Fix returns the edits at the root that fix every return it decides,
	// once every finding is folded; nil when there is none. A root in
	// another package has one only when that package made it, laid out in
	// its file (report.PendingFix).
	Fix func() []analysis.SuggestedFix
}

// rootKey identifies a root: its rule and its place.
type rootKey struct {
	rule string
	pos  token.Pos
	site string
}

// A rootGroup is a root and the findings folded under it, in the order
// they were found; sites are the places of another package's file that
// roots of one Key name, each once.
type rootGroup struct {
	rule    rules.Rule
	root    Root
	sites   []Root
	members []member
}

type member struct {
	d       analysis.Diagnostic
	handler string
}

// Fold records d, a finding of rule about one return of a handler (named
// by handler, one key per handler), as explained by root. What is folded
// is reported by FlushRoots.
func (r *Reporter) Fold(rule rules.Rule, root Root, handler string, d analysis.Diagnostic) {
	if !r.folding() || r.sink != nil {
		// Captured findings are another package's to report, folded there
		// under the root when it is of this package.
		if r.sink != nil {
			if root.Pos.IsValid() && r.suppressed(rule, analysis.Diagnostic{Pos: root.Pos, End: root.End}) {
				return // the root is suppressed here, and with it what it explains
			}
			r.captureRoot = r.pendingRoot(root, handler)
			defer func() { r.captureRoot = nil }()
		}
		r.Diagnostic(rule, d)
		return
	}
	if r.model.InGenerated(r.pass.Fset, d.Pos) || r.suppressed(rule, d) {
		return
	}
	k := rootKey{rule.ID, root.Pos, cmp.Or(root.Key, root.Site)}
	if root.Key != "" {
		k.pos = token.NoPos // one root, wherever each finding laid out its file
	}
	if r.roots == nil {
		r.roots = map[rootKey]*rootGroup{}
	}
	g := r.roots[k]
	if g == nil {
		g = &rootGroup{rule: rule, root: root}
		r.roots[k] = g
		r.rootOrder = append(r.rootOrder, k)
	}
	if !slices.ContainsFunc(g.sites, func(s Root) bool { return s.Site == root.Site }) {
		g.sites = append(g.sites, root)
	}
	// Two places of one root that reach one finding are still one finding.
	if slices.ContainsFunc(g.members, func(m member) bool { return m.d.Pos == d.Pos && m.d.End == d.End && m.handler == handler }) {
		return
	}
	g.members = append(g.members, member{d, handler})
}

// folding reports whether the analyzer folds findings under their roots:
// it has the fold flag, and it is not turned off.
func (r *Reporter) folding() bool {
	f := r.pass.Analyzer.Flags.Lookup(FoldFlag)
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	return ok && g.Get() == true
}

// FlushRoots reports what Fold recorded: one finding per root that
// explains several, and the lone findings as they are.
func (r *Reporter) FlushRoots() {
	lone := map[loneKey]int{} // where each lone finding went in lones
	var lones []loneFinding
	for _, k := range r.rootOrder {
		g := r.roots[k]
		if r.rootSuppressedThere(g) {
			continue // suppressed at the root, in its own package
		}
		if len(g.members) == 1 {
			// Lone findings of several roots at one place are one edit
			// there: one finding, pointing at each root.
			d := r.withSites(g)
			if g.root.Pos.IsValid() && (g.root.Pos < d.Pos || g.root.Pos >= d.End) {
				// Where the edit that fixes it is, when that is elsewhere.
				where := "one edit here fixes it"
				if g.root.Site != "" {
					where = "one edit here, in " + g.root.Site + ", fixes it"
				}
				d.Related = append(slices.Clone(d.Related), analysis.RelatedInformation{Pos: g.root.Pos, End: g.root.End, Message: where})
			}
			key := loneKey{g.rule.ID, d.Pos, d.End}
			if i, ok := lone[key]; ok {
				lones[i].d.Related = appendRelated(lones[i].d.Related, d.Related...)
				continue
			}
			lone[key] = len(lones)
			lones = append(lones, loneFinding{g.rule, d})
			continue
		}
		d := r.rootDiagnostic(g)
		if g.root.Pos.IsValid() && r.suppressed(g.rule, d) {
			continue // the root is suppressed, and with it what it explains
		}
		r.Diagnostic(g.rule, d)
	}
	for _, l := range lones {
		r.Diagnostic(l.rule, l.d)
	}
	r.roots, r.rootOrder = nil, nil
}

// A loneKey is where a lone finding of a rule is.
type loneKey struct {
	rule     string
	pos, end token.Pos
}

type loneFinding struct {
	rule rules.Rule
	d    analysis.Diagnostic
}

// appendRelated appends to related the positions of more it does not
// hold yet.
func appendRelated(related []analysis.RelatedInformation, more ...analysis.RelatedInformation) []analysis.RelatedInformation {
	related = slices.Clone(related)
	for _, m := range more {
		if !slices.ContainsFunc(related, func(x analysis.RelatedInformation) bool { return x.Pos == m.Pos && x.Message == m.Message }) {
			related = append(related, m)
		}
	}
	return related
}

// withSites is the lone finding of a root, with a related position at
// each place of the root's other sites: one text that shows a function of
// another package's error is one finding, but each place that function
// puts a raw value into it is an edit there.
func (r *Reporter) withSites(g *rootGroup) analysis.Diagnostic {
	d := g.members[0].d
	if len(g.sites) < 2 {
		return d
	}
	d.Related = slices.Clone(d.Related)
	for _, s := range g.sites[1:] {
		if s.File != "" {
			pos, end := r.ForeignPos(Position{File: s.File, Line: s.Line, Col: 1})
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: cmp.Or(g.root.Also, "the raw value also enters the text here, in ") + s.Site})
		}
	}
	return d
}

// rootDiagnostic is the one finding of a root: at the root when it is in
// this package, else at its first return, naming the root.
func (r *Reporter) rootDiagnostic(g *rootGroup) analysis.Diagnostic {
	handlers := map[string]bool{}
	for _, m := range g.members {
		handlers[m.handler] = true
	}
	d := analysis.Diagnostic{
		Pos:     g.root.Pos,
		End:     g.root.End,
		Message: g.root.Message(len(g.members), len(handlers)),
	}
	if g.root.Fix != nil {
		d.SuggestedFixes = siteFixes(g)
	}
	if !d.Pos.IsValid() && g.root.At != nil && len(d.SuggestedFixes) > 0 {
		// At the root, in its own file, where the edit is; the root's
		// other places are related positions there.
		d.Pos, d.End = r.ForeignPos(*g.root.At)
		for _, s := range g.sites {
			if s.File != "" && (s.At == nil || *s.At != *g.root.At) {
				pos, end := r.ForeignPos(Position{File: s.File, Line: s.Line, Col: 1})
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: cmp.Or(g.root.Also, "the raw value also enters the text here, in ") + s.Site})
			}
		}
	}
	if !d.Pos.IsValid() {
		first := g.members[0].d
		d.Pos, d.End = first.Pos, first.End
		sites := make([]string, len(g.sites))
		for i, s := range g.sites {
			sites[i] = s.Site
		}
		if len(sites) == 1 {
			d.Message += fmt.Sprintf(" (the root is in another package, at %s)", sites[0])
		} else {
			d.Message += fmt.Sprintf(" (the roots are in another package, at %s)", strings.Join(sites, ", "))
		}
		for _, s := range g.sites {
			if s.File != "" {
				pos, end := r.ForeignPos(Position{File: s.File, Line: s.Line, Col: 1})
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: "the root, in " + s.Site})
			}
		}
	}
	d.Related = append(d.Related, g.root.Others...)
	what := g.root.Member
	if what == "" {
		what = "a return it decides"
	}
	// In the order of the source, file by file, as a reader goes through
	// them: they were found handler by handler.
	members := slices.Clone(g.members)
	slices.SortStableFunc(members, func(a, b member) int { return model.SourceOrder(r.pass.Fset, a.d.Pos, b.d.Pos) })
	for _, m := range members {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: m.d.Pos, End: m.d.End, Message: what})
	}
	return d
}

// siteFixes is the fix of a root: that of each of its places, in one, so
// that -fix, which applies a finding's first fix, edits every place (a
// client that puts the body into its error in each status branch).
func siteFixes(g *rootGroup) []analysis.SuggestedFix {
	fixes := g.root.Fix()
	if len(g.sites) < 2 || len(fixes) == 0 {
		return fixes
	}
	merged := analysis.SuggestedFix{Message: fixes[0].Message, TextEdits: slices.Clone(fixes[0].TextEdits)}
	for _, s := range g.sites[1:] {
		if s.Fix == nil {
			continue
		}
		for _, fix := range s.Fix() {
			for _, e := range fix.TextEdits {
				if !slices.ContainsFunc(merged.TextEdits, func(x analysis.TextEdit) bool { return x.Pos == e.Pos && x.End == e.End }) {
					merged.TextEdits = append(merged.TextEdits, e)
				}
			}
			break // the first fix of each place, as -fix applies
		}
	}
	return []analysis.SuggestedFix{merged}
}

// Count says "1 handler", "3 handlers": n and a noun, plural past one.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
