package main

// A unified diff of two versions of a file, in the form go fix -diff
// prints (golang.org/x/tools/internal/diff): "--- name (old)" and "+++
// name (new)" headers, hunks with three lines of context, joined when
// fewer than seven unchanged lines separate them. The fixes change a few
// lines here and there, so the lines common to both ends are set aside
// first and only what lies between them is compared.

import (
	"fmt"
	"strings"
)

// diffContext is how many unchanged lines surround a change.
const diffContext = 3

// maxDiffCells bounds the table comparing the changed middles of two
// files; beyond it, the middle is shown as replaced whole.
const maxDiffCells = 4 << 20

// A lineChange replaces old lines [start, end) with lines.
type lineChange struct {
	start, end int
	lines      []string
}

// unifiedDiff returns the diff from old to new, or "" when they are equal.
func unifiedDiff(oldName, newName, old, new string) string {
	a, b := splitLines(old), splitLines(new)
	changes := lineChanges(a, b)
	if len(changes) == 0 {
		return ""
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", oldName, newName)
	for _, h := range hunks(a, changes) {
		h.write(&sb)
	}
	return sb.String()
}

// splitLines splits text after each newline; a last line without one is
// a line too.
func splitLines(text string) []string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lineChanges returns the changes that turn a into b, in order.
func lineChanges(a, b []string) []lineChange {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(ma) == 0 && len(mb) == 0 {
		return nil
	}
	if len(ma)*len(mb) > maxDiffCells {
		return []lineChange{{pre, pre + len(ma), mb}}
	}
	var out []lineChange
	for _, c := range lcsChanges(ma, mb) {
		c.start += pre
		c.end += pre
		out = append(out, c)
	}
	return out
}

// lcsChanges compares a and b line by line through their longest common
// subsequence.
func lcsChanges(a, b []string) []lineChange {
	// common[i][j] is the length of the LCS of a[i:] and b[j:].
	w := len(b) + 1
	common := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				common[i*w+j] = common[(i+1)*w+j+1] + 1
			} else {
				common[i*w+j] = max(common[(i+1)*w+j], common[i*w+j+1])
			}
		}
	}
	var out []lineChange
	var cur *lineChange
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			flush()
			i++
			j++
		case j < len(b) && (i == len(a) || common[i*w+j+1] >= common[(i+1)*w+j]):
			if cur == nil {
				cur = &lineChange{start: i, end: i}
			}
			cur.lines = append(cur.lines, b[j])
			j++
		default:
			if cur == nil {
				cur = &lineChange{start: i, end: i}
			}
			cur.end = i + 1
			i++
		}
	}
	flush()
	return out
}

// A hunk is a run of changes with their context, numbered from 1.
type hunk struct {
	fromLine, toLine int
	lines            []hunkLine
}

// A hunkLine is a line of a hunk: ' ', '-' or '+', and its text.
type hunkLine struct {
	op   byte
	text string
}

// hunks groups changes of a into hunks, as x/tools' toUnified does.
func hunks(a []string, changes []lineChange) []*hunk {
	var out []*hunk
	var h *hunk
	last, toLine := 0, 0
	equal := func(from, to int) int {
		n := 0
		for i := max(from, 0); i < to && i < len(a); i++ {
			h.lines = append(h.lines, hunkLine{' ', a[i]})
			n++
		}
		return n
	}
	for _, c := range changes {
		switch {
		case h != nil && c.start == last:
		case h != nil && c.start <= last+2*diffContext:
			equal(last, c.start)
		default:
			if h != nil {
				equal(last, last+diffContext)
				out = append(out, h)
			}
			toLine += c.start - last
			h = &hunk{fromLine: c.start + 1, toLine: toLine + 1}
			n := equal(c.start-diffContext, c.start)
			h.fromLine -= n
			h.toLine -= n
		}
		last = c.start
		for i := c.start; i < c.end; i++ {
			h.lines = append(h.lines, hunkLine{'-', a[i]})
			last++
		}
		for _, l := range c.lines {
			h.lines = append(h.lines, hunkLine{'+', l})
			toLine++
		}
	}
	equal(last, last+diffContext)
	return append(out, h)
}

// write writes the hunk in unified form.
func (h *hunk) write(sb *strings.Builder) {
	from, to := 0, 0
	for _, l := range h.lines {
		if l.op != '+' {
			from++
		}
		if l.op != '-' {
			to++
		}
	}
	sb.WriteString("@@")
	writeRange(sb, '-', h.fromLine, from)
	writeRange(sb, '+', h.toLine, to)
	sb.WriteString(" @@\n")
	for _, l := range h.lines {
		sb.WriteByte(l.op)
		sb.WriteString(l.text)
		if !strings.HasSuffix(l.text, "\n") {
			sb.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// writeRange writes a hunk header's range as GNU diff -u does.
func writeRange(sb *strings.Builder, sign byte, line, count int) {
	switch {
	case count > 1:
		fmt.Fprintf(sb, " %c%d,%d", sign, line, count)
	case line == 1 && count == 0:
		fmt.Fprintf(sb, " %c0,0", sign)
	default:
		fmt.Fprintf(sb, " %c%d", sign, line)
	}
}
