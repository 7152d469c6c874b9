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

// ReportPending reports a finding made in another package, at its
// position there, with related information at the places of this package
// that give it its meaning.
func (r *Reporter) ReportPending(p Pending, related []analysis.RelatedInformation) {
	rule, ok := rules.ByID(p.Rule)
	if !ok {
		return
	}
	pos, end := r.foreignPos(p.At)
	d := analysis.Diagnostic{Pos: pos, End: end, Message: p.Message}
	for _, ri := range p.Related {
		rp, re := r.foreignPos(ri.At)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: rp, End: re, Message: ri.Message})
	}
	d.Related = append(d.Related, related...)
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

// ForeignPos returns positions for a place in another package's file, for
// related information that points there (see foreignPos).
func (r *Reporter) ForeignPos(p Position) (token.Pos, token.Pos) {
	if p.EndLine == 0 {
		p.EndLine, p.EndColumn = p.Line, p.Col
	}
	return r.foreignPos(p)
}
