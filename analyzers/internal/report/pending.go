package report

// A finding whose meaning is decided in another package. An mcp-go
// handler's errors are JSON-RPC errors the model never sees only if the
// server it is registered on does not convert them; a function shaped like
// an mcperr tool's handler is one only if a tool uses it. Both are usually
// decided by a package that imports the handler's (the server's setup, the
// tools' list), which the handler's package cannot see. So the handler's
// package computes such findings without reporting them, and exports them
// as a fact on the handler (Pending); the package that registers the
// handler reports those its registration makes true, at the handler's
// return, with related information at the registration.
//
// Go's analysis drivers print a diagnostic at whatever position it names;
// the position of a finding in another package's file is made here, in a
// file added to the pass's FileSet under that file's name, whose lines are
// laid out so that the line and column are exact. go vet -vettool, the
// mcperrlint driver and golangci-lint print it as file:line:col. The
// suppression directives of the handler's file are applied where the
// finding is made, before it is exported; generated files, likewise.

import (
	"go/token"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// Needs says what a registration must establish for a pending finding to
// hold.
type Needs uint8

const (
	// NeedsClient: the handler's values reach a client at all.
	NeedsClient Needs = iota
	// NeedsPassing: the handler's errors reach the SDK as JSON-RPC errors:
	// the server does not convert them.
	NeedsPassing
	// NeedsTool: the handler is an mcperr tool's.
	NeedsTool
)

// Holds reports whether what a pending finding needs holds on a path
// whose errors reach the SDK as JSON-RPC errors (passing) and that serves
// an mcperr tool (tool).
func (n Needs) Holds(passing, tool bool) bool {
	switch n {
	case NeedsPassing:
		return passing
	case NeedsTool:
		return tool
	}
	return true
}

// PendingSet is the value of the pending facts the analyzers export: the
// findings of one handler.
type PendingSet struct {
	Findings []Pending
	// Layouts are the layouts of the files the findings' fixes edit.
	Layouts map[string]Layout
}

// NewPendingSet returns the set of found, with the layouts their fixes
// need.
func (r *Reporter) NewPendingSet(found []Pending) PendingSet {
	return PendingSet{Findings: found, Layouts: r.Layouts(found)}
}

// String describes the set, for tests.
func (s *PendingSet) String() string {
	var b []byte
	b = append(b, "pending:"...)
	for _, p := range s.Findings {
		b = append(b, ' ')
		b = append(b, p.Rule...)
		b = append(b, '@')
		b = append(b, strconv.Itoa(p.At.Line)...)
	}
	return string(b)
}

// A Pending is a finding made in the handler's package, to be reported by
// the package that registers the handler, if what it Needs holds there.
type Pending struct {
	Rule    string
	Needs   Needs
	Message string
	At      Position
	Related []PendingRelated
	// Fixes are the finding's suggested fixes, whose edits the
	// registering package lays out in the handler's file as it is (see
	// Layout): offered only where that layout is known.
	Fixes []PendingFix
	// Root, when set, is the place of the finding's package that explains
	// it (see Fold): the package that reports it folds it there.
	Root *PendingRoot
}

// A PendingRoot is a Root of the package that captured a finding, as a
// fact records it.
type PendingRoot struct {
	At     Position
	Func   string // the function the finding is in, one key per function
	Member string
	// Message is the root's message for rootReturns returns of rootFuncs
	// functions; the counts are put in where it is reported.
	Message string
	// Narrow is Root.Narrow.
	Narrow bool
}

// The counts a PendingRoot's Message is made with, replaced where it is
// reported: numbers no real root reaches.
const rootReturns, rootFuncs = 1000001, 1000002

// pendingRoot returns root as a finding captured under it records it, or
// nil when it cannot be: a root in another package, or without a message.
func (r *Reporter) pendingRoot(root Root, handler string) *PendingRoot {
	if !root.Pos.IsValid() || root.Message == nil {
		return nil
	}
	return &PendingRoot{At: r.position(root.Pos, root.End), Func: handler, Member: root.Member, Message: root.Message(rootReturns, rootFuncs), Narrow: root.Narrow}
}

// rootMessage puts the counts into a PendingRoot's message.
func rootMessage(template string, returns, funcs int) string {
	return countPattern.ReplaceAllStringFunc(template, func(s string) string {
		sub := countPattern.FindStringSubmatch(s)
		switch sub[1] {
		case strconv.Itoa(rootReturns):
			return Count(returns, sub[2])
		case strconv.Itoa(rootFuncs):
			return Count(funcs, sub[2])
		}
		return s
	})
}

// A PendingFix is a suggested fix of a pending finding.
type PendingFix struct {
	Message string
	Edits   []PendingEdit
}

// A PendingEdit is an edit of a pending fix: what replaces the text
// between At's start and end.
type PendingEdit struct {
	At      Position
	NewText string
}

// A Layout is how a file's bytes fall into lines: its size and the offset
// of each line's start, as token.File.Lines has them. A finding of
// another package laid out with its file's own Layout has the exact byte
// offsets an edit needs, under every driver.
type Layout struct {
	Size  int
	Lines []int
}

// Layouts returns the layouts of the files the fixes of found edit, from
// this pass's FileSet, for the fact that carries the findings.
func (r *Reporter) Layouts(found []Pending) map[string]Layout {
	var out map[string]Layout
	for _, p := range found {
		for _, fix := range p.Fixes {
			for _, e := range fix.Edits {
				if _, ok := out[e.At.File]; ok {
					continue
				}
				for _, f := range r.pass.Files {
					tf := r.pass.Fset.File(f.FileStart)
					if tf != nil && tf.Name() == e.At.File {
						if out == nil {
							out = map[string]Layout{}
						}
						out[e.At.File] = Layout{Size: tf.Size(), Lines: tf.Lines()}
					}
				}
			}
		}
	}
	return out
}

// A PendingRelated is a related information of a pending finding.
type PendingRelated struct {
	At      Position
	Message string
}

// A Position is where a pending finding is, independent of any FileSet.
type Position struct {
	File                          string
	Line, Col, EndLine, EndColumn int
}

func (p Position) String() string {
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Capture runs f, which reports through r, and returns what it reports
// instead of reporting it: findings that pass r's filters (generated
// files, suppression directives).
func (r *Reporter) Capture(needs func(rule rules.Rule) Needs, f func()) []Pending {
	var out []Pending
	saved := r.sink
	r.sink = func(rule rules.Rule, d analysis.Diagnostic) {
		out = append(out, Pending{
			Rule:    rule.ID,
			Needs:   needs(rule),
			Message: d.Message,
			At:      r.position(d.Pos, d.End),
			Related: r.relatedOf(d.Related),
			Fixes:   r.fixesOf(d.SuggestedFixes),
			Root:    r.captureRoot,
		})
	}
	defer func() { r.sink = saved }()
	f()
	return out
}

// Position returns where pos (to end) is, as a pending finding records it.
func (r *Reporter) Position(pos, end token.Pos) Position { return r.position(pos, end) }

func (r *Reporter) position(pos, end token.Pos) Position {
	p, e := r.pass.Fset.Position(pos), r.pass.Fset.Position(end)
	return Position{File: p.Filename, Line: p.Line, Col: p.Column, EndLine: e.Line, EndColumn: e.Column}
}

func (r *Reporter) relatedOf(rel []analysis.RelatedInformation) []PendingRelated {
	var out []PendingRelated
	for _, ri := range rel {
		out = append(out, PendingRelated{At: r.position(ri.Pos, ri.End), Message: ri.Message})
	}
	return out
}

// PendingFixes returns fixes of this package as a fact records them, for
// another package to offer (ForeignFixes).
func (r *Reporter) PendingFixes(fixes []analysis.SuggestedFix) []PendingFix { return r.fixesOf(fixes) }

// ForeignFixes returns fixes another package made in its files, laid out
// in them exactly; none when a file's layout is unknown.
func (r *Reporter) ForeignFixes(fixes []PendingFix, layouts map[string]Layout) []analysis.SuggestedFix {
	return r.pendingFixes(fixes, layouts)
}

func (r *Reporter) fixesOf(fixes []analysis.SuggestedFix) []PendingFix {
	var out []PendingFix
	for _, fix := range fixes {
		pf := PendingFix{Message: fix.Message}
		for _, e := range fix.TextEdits {
			pf.Edits = append(pf.Edits, PendingEdit{At: r.position(e.Pos, e.End), NewText: string(e.NewText)})
		}
		out = append(out, pf)
	}
	return out
}

// ReportPending reports a finding made in another package, at its
// position there, with related information at the places of this package
// that give it its meaning, and its fixes when layouts has the layout of
// the files they edit.
func (r *Reporter) ReportPending(p Pending, related []analysis.RelatedInformation, layouts map[string]Layout) {
	r.FoldPending(p, nil, "", related, layouts)
}

// FoldPending is ReportPending for a finding that, where it is reported,
// is explained by root (nil: by none, or by the root it was captured
// with; root also replaces a Narrow one), for the handler named by
// handler: a server this package builds that hands the errors of other
// packages' handlers on raw.
func (r *Reporter) FoldPending(p Pending, root *Root, handler string, related []analysis.RelatedInformation, layouts map[string]Layout) {
	rule, ok := rules.ByID(p.Rule)
	if !ok {
		return
	}
	// A file whose layout is known is laid out as it is, everywhere:
	// the finding, its related places and its fixes share one token.File.
	at := func(q Position) (token.Pos, token.Pos) {
		if _, ok := layouts[q.File]; ok {
			if pos, end := r.exactPos(q, layouts); pos.IsValid() {
				return pos, end
			}
		}
		return r.foreignPos(q)
	}
	pos, end := at(p.At)
	d := analysis.Diagnostic{Pos: pos, End: end, Message: p.Message}
	d.SuggestedFixes = r.pendingFixes(p.Fixes, layouts)
	for _, ri := range p.Related {
		rp, re := at(ri.At)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: rp, End: re, Message: ri.Message})
	}
	d.Related = append(d.Related, related...)
	if root != nil && (p.Root == nil || p.Root.Narrow) && r.sink == nil {
		r.Fold(rule, *root, handler, d)
		return
	}
	if p.Root != nil && r.folding() && r.sink == nil {
		pos, end := at(p.Root.At)
		tmpl := p.Root.Message
		r.Fold(rule, Root{Pos: pos, End: end, Key: p.Root.At.String(), Member: p.Root.Member, Message: func(returns, funcs int) string {
			return rootMessage(tmpl, returns, funcs)
		}}, p.Root.Func, d)
		return
	}
	d.Category = rule.ID
	d.URL = rule.URL()
	d.Message = rule.ID + ": " + d.Message
	r.pass.Report(d)
}

// lineWidth is how many columns a line of a file laid out by foreignPos
// holds: a Go source line longer than that is clamped to it.
const lineWidth = 1 << 12

// foreignPos returns the positions of a place in another package's file,
// in a file of the pass's FileSet laid out for it.
func (r *Reporter) foreignPos(p Position) (token.Pos, token.Pos) {
	f := r.foreign[p.File]
	lines := max(p.Line, p.EndLine) + 1
	if f == nil || f.LineCount() < lines {
		f = r.pass.Fset.AddFile(p.File, -1, lines*lineWidth)
		offsets := make([]int, lines)
		for i := range offsets {
			offsets[i] = i * lineWidth
		}
		f.SetLines(offsets)
		if r.foreign == nil {
			r.foreign = map[string]*token.File{}
		}
		r.foreign[p.File] = f
	}
	at := func(line, col int) token.Pos {
		if line < 1 {
			return token.NoPos
		}
		return f.Pos((line-1)*lineWidth + min(max(col-1, 0), lineWidth-1))
	}
	return at(p.Line, p.Col), at(p.EndLine, p.EndColumn)
}

// pendingFixes returns the fixes of a pending finding, laid out in the
// files they edit; none when a file's layout is unknown.
func (r *Reporter) pendingFixes(fixes []PendingFix, layouts map[string]Layout) []analysis.SuggestedFix {
	var out []analysis.SuggestedFix
	for _, fix := range fixes {
		sf := analysis.SuggestedFix{Message: fix.Message}
		for _, e := range fix.Edits {
			pos, end := r.exactPos(e.At, layouts)
			if !pos.IsValid() || !end.IsValid() {
				return nil
			}
			sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: pos, End: end, NewText: []byte(e.NewText)})
		}
		out = append(out, sf)
	}
	return out
}

// exactPos returns the positions of a place in another package's file, in
// a file of the pass's FileSet laid out as that file is (its Layout), so
// that offsets are the file's own; NoPos when its layout is unknown or
// the place is not in it.
func (r *Reporter) exactPos(p Position, layouts map[string]Layout) (token.Pos, token.Pos) {
	l, ok := layouts[p.File]
	if !ok || len(l.Lines) == 0 {
		return token.NoPos, token.NoPos
	}
	f := r.exact[p.File]
	if f == nil {
		f = r.pass.Fset.AddFile(p.File, -1, l.Size)
		if !f.SetLines(l.Lines) {
			return token.NoPos, token.NoPos
		}
		if r.exact == nil {
			r.exact, r.layouts = map[string]*token.File{}, map[string]Layout{}
		}
		r.exact[p.File], r.layouts[p.File] = f, l
	}
	at := func(line, col int) token.Pos {
		if line < 1 || line > len(l.Lines) {
			return token.NoPos
		}
		off := l.Lines[line-1] + col - 1
		if off < 0 || off > l.Size {
			return token.NoPos
		}
		return f.Pos(off)
	}
	return at(p.Line, p.Col), at(p.EndLine, p.EndColumn)
}

// ForeignPos returns positions for a place in another package's file, for
// related information that points there (see foreignPos).
func (r *Reporter) ForeignPos(p Position) (token.Pos, token.Pos) {
	if p.EndLine == 0 {
		p.EndLine, p.EndColumn = p.Line, p.Col
	}
	if _, ok := r.layouts[p.File]; ok {
		// Laid out exactly for a fix already: one token.File per file.
		if pos, end := r.exactPos(p, r.layouts); pos.IsValid() {
			return pos, end
		}
	}
	return r.foreignPos(p)
}
