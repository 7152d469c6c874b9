// Package corpus is the real-world corpus check: it lints pinned versions
// of real MCP servers, fetched through the Go module proxy, and compares
// what mcperrlint finds with a reviewed list checked in under
// testdata/corpus, in which a person has marked every finding a true or a
// false positive after reading the code. The check itself is a test
// (corpus_test.go), run when MCPERRLINT_E2E=1; this package holds what it
// needs: the list format and the fetching of a corpus.
//
// Why a reviewed list rather than a count: a count hides a true finding
// lost behind a new false one. Each finding is keyed by its rule, its
// position and the text of its line — the versions are pinned, so
// positions are stable, and the text makes a key that names a moved line
// fail loudly instead of matching something else.
package corpus

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// A Mark is a reviewer's verdict on a finding.
type Mark string

const (
	TruePositive  Mark = "tp"
	FalsePositive Mark = "fp"
	Unreviewed    Mark = "unreviewed" // new, and failing the check until someone reads the code
)

// A List is the reviewed findings of one corpus, and what the corpus is.
//
// Its text form:
//
//	# comments, kept as they are
//	module github.com/grafana/mcp-grafana@v1.6.3
//	packages ./...
//	flags -sdkresult.converting-middleware     (optional)
//
//	tp sdk-protocol-error tools.go:316:16
//		return nil, fmt.Errorf("marshal args: %w", err)
//		why: the reason, written after reading the code
//
// One entry per finding: the mark, the rule and the position (file
// relative to the module root, line, byte column), then the flagged line
// with its white space collapsed, then the justification.
type List struct {
	Header   []string // the comment lines before the directives, without "# "
	Module   string   // module path
	Version  string   // pinned version
	Packages []string // patterns, relative to the module root
	Flags    []string // extra mcperrlint flags
	Entries  []Entry
}

// A Key identifies a finding on a pinned corpus.
type Key struct {
	Rule   string
	File   string // relative to the module root, with forward slashes
	Line   int
	Column int
	Code   string // the flagged line, white space collapsed
}

func (k Key) String() string { return fmt.Sprintf("%s %s:%d:%d", k.Rule, k.File, k.Line, k.Column) }

// Compare orders keys as mcperrlint orders findings: by file, position,
// then rule.
func (k Key) Compare(o Key) int {
	return cmp.Or(
		strings.Compare(k.File, o.File),
		cmp.Compare(k.Line, o.Line),
		cmp.Compare(k.Column, o.Column),
		strings.Compare(k.Rule, o.Rule),
		strings.Compare(k.Code, o.Code))
}

// An Entry is one reviewed finding.
type Entry struct {
	Mark Mark
	Key
	Why string
}

// Normalize collapses the white space of a source line, so that a key
// does not depend on indentation.
func Normalize(line string) string { return strings.Join(strings.Fields(line), " ") }

// Parse reads a list in its text form.
func Parse(r io.Reader) (*List, error) {
	l := &List{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	n := 0
	var cur *Entry
	inHeader := true
	errorf := func(format string, args ...any) error {
		return fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "":
			cur = nil
		case strings.HasPrefix(line, "#"):
			if !inHeader {
				return nil, errorf("comments belong at the top of the list; say why in the entry's why: line")
			}
			l.Header = append(l.Header, strings.TrimPrefix(strings.TrimPrefix(line, "#"), " "))
		case strings.HasPrefix(line, "\t"):
			if cur == nil {
				return nil, errorf("an indented line outside an entry")
			}
			text := strings.TrimPrefix(line, "\t")
			if why, ok := strings.CutPrefix(text, "why:"); ok {
				if cur.Why = strings.TrimSpace(why); cur.Why == placeholder {
					cur.Why = ""
				}
			} else if cur.Code == "" {
				cur.Code = Normalize(text)
			} else {
				return nil, errorf("an entry has one code line and one why: line")
			}
		default:
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "module":
				if len(f) != 2 || !strings.Contains(f[1], "@") {
					return nil, errorf("want: module <path>@<version>")
				}
				l.Module, l.Version, _ = strings.Cut(f[1], "@")
				inHeader = false
				continue
			case "packages":
				l.Packages = append(l.Packages, f[1:]...)
				inHeader = false
				continue
			case "flags":
				l.Flags = append(l.Flags, f[1:]...)
				inHeader = false
				continue
			}
			inHeader = false
			e, err := parseEntryHead(line)
			if err != nil {
				return nil, errorf("%v", err)
			}
			l.Entries = append(l.Entries, e)
			cur = &l.Entries[len(l.Entries)-1]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if l.Module == "" || len(l.Packages) == 0 {
		return nil, fmt.Errorf("the list names no module@version or no packages")
	}
	return l, nil
}

// parseEntryHead parses "<mark> <rule> <file>:<line>:<column>"; the file
// name may hold spaces.
func parseEntryHead(line string) (Entry, error) {
	var e Entry
	f := strings.SplitN(strings.TrimSpace(line), " ", 3)
	if len(f) != 3 {
		return e, fmt.Errorf("want: <tp|fp|unreviewed> <rule> <file>:<line>:<column>, have %q", line)
	}
	e.Mark = Mark(f[0])
	switch e.Mark {
	case TruePositive, FalsePositive, Unreviewed:
	default:
		return e, fmt.Errorf("unknown mark %q: want tp, fp or unreviewed", f[0])
	}
	e.Rule = f[1]
	pos := f[2]
	i := strings.LastIndexByte(pos, ':')
	j := strings.LastIndexByte(pos[:max(i, 0)], ':')
	if i < 0 || j < 0 {
		return e, fmt.Errorf("want <file>:<line>:<column>, have %q", pos)
	}
	var err1, err2 error
	e.File = pos[:j]
	e.Line, err1 = strconv.Atoi(pos[j+1 : i])
	e.Column, err2 = strconv.Atoi(pos[i+1:])
	if err1 != nil || err2 != nil {
		return e, fmt.Errorf("want <file>:<line>:<column>, have %q", pos)
	}
	return e, nil
}

// Format writes the list in its text form, entries in finding order.
func (l *List) Format() []byte {
	var b bytes.Buffer
	for _, h := range l.Header {
		if h == "" {
			b.WriteString("#\n")
		} else {
			fmt.Fprintf(&b, "# %s\n", h)
		}
	}
	fmt.Fprintf(&b, "module %s@%s\n", l.Module, l.Version)
	fmt.Fprintf(&b, "packages %s\n", strings.Join(l.Packages, " "))
	if len(l.Flags) > 0 {
		fmt.Fprintf(&b, "flags %s\n", strings.Join(l.Flags, " "))
	}
	entries := slices.Clone(l.Entries)
	slices.SortStableFunc(entries, func(a, b Entry) int { return a.Key.Compare(b.Key) })
	for _, e := range entries {
		b.WriteString("\n")
		b.WriteString(e.String())
	}
	return b.Bytes()
}

// placeholder stands for a missing reason in the text form.
const placeholder = "<read the code, mark the entry tp or fp, and say why in one line>"

// String is the entry in the list's text form, ready to paste.
func (e Entry) String() string {
	why := e.Why
	if why == "" {
		why = placeholder
	}
	return fmt.Sprintf("%s %s %s:%d:%d\n\t%s\n\twhy: %s\n", e.Mark, e.Rule, e.File, e.Line, e.Column, e.Code, why)
}

// A Comparison is what a run found, set against the list.
type Comparison struct {
	Matched []Entry // listed and found, with the list's marks
	New     []Key   // found, not listed
	Missing []Entry // listed, not found
}

// Compare sets the keys of a run's findings against the list. Keys are
// matched as a multiset: two identical findings need two entries.
func (l *List) Compare(found []Key) Comparison {
	var c Comparison
	pending := map[Key][]Entry{}
	for _, e := range l.Entries {
		pending[e.Key] = append(pending[e.Key], e)
	}
	for _, k := range found {
		if es := pending[k]; len(es) > 0 {
			c.Matched = append(c.Matched, es[0])
			pending[k] = es[1:]
			continue
		}
		c.New = append(c.New, k)
	}
	for _, e := range l.Entries {
		if es := pending[e.Key]; len(es) > 0 {
			c.Missing = append(c.Missing, es[0])
			pending[e.Key] = es[1:]
		}
	}
	return c
}

// Updated returns the list rewritten for a run's findings: the entries
// still found keep their marks and reasons, new findings are unreviewed,
// and entries no longer found are dropped.
func (l *List) Updated(found []Key) *List {
	c := l.Compare(found)
	u := *l
	u.Entries = slices.Clone(c.Matched)
	for _, k := range c.New {
		u.Entries = append(u.Entries, Entry{Mark: Unreviewed, Key: k})
	}
	slices.SortStableFunc(u.Entries, func(a, b Entry) int { return a.Key.Compare(b.Key) })
	return &u
}

// Problems returns what makes a list entry unfit to count: not reviewed,
// or reviewed without a reason.
func (e Entry) Problems() string {
	switch {
	case e.Mark == Unreviewed:
		return "unreviewed: read the code, then mark it tp or fp and say why"
	case e.Why == "":
		return "marked " + string(e.Mark) + " without a reason: add a why: line"
	case e.Code == "":
		return "no code line"
	}
	return ""
}

// Share counts true and false positives among entries.
type Share struct{ TP, FP int }

// Add counts an entry's mark.
func (s *Share) Add(m Mark) {
	switch m {
	case TruePositive:
		s.TP++
	case FalsePositive:
		s.FP++
	}
}

// Findings is the number of reviewed findings counted.
func (s Share) Findings() int { return s.TP + s.FP }

// FPShare is the share of false positives, 0 when there is nothing.
func (s Share) FPShare() float64 {
	if s.Findings() == 0 {
		return 0
	}
	return float64(s.FP) / float64(s.Findings())
}
