// Package directive parses mcperrlint's suppression comments:
//
//	//mcperrlint:ignore <rule>[,<rule>] <reason>
//	//mcperrlint:file-ignore <rule>[,<rule>] <reason>
//
// An ignore directive at the end of a line of code covers that line; on a
// line of its own it covers the statement, declaration, field or element
// that follows it, however many lines that spans. A file-ignore directive
// covers its whole file.
//
// Suppression is honoured inside the analyzers rather than by a driver, so
// it works the same under go vet, golangci-lint and mcperrlint itself.
package directive

import (
	"go/ast"
	"go/token"
	"strings"
)

// Prefixes of the two directive forms. Like //go: directives, they have no
// space after the slashes.
const (
	ignorePrefix     = "//mcperrlint:ignore"
	fileIgnorePrefix = "//mcperrlint:file-ignore"
)

// A Directive is one suppression comment.
type Directive struct {
	Comment *ast.Comment
	File    bool     // file-ignore: covers the whole file
	Rules   []string // rule ids, as written
	Reason  string   // why the finding is acceptable; required

	// Problem says what is wrong with a malformed directive, or is empty.
	// A malformed directive still suppresses the rules it names, so that
	// its author sees one finding about the directive, not two.
	Problem string

	from, to token.Pos // the range covered
}

// Covers reports whether the directive suppresses rule at pos.
func (d *Directive) Covers(rule string, pos token.Pos) bool {
	if pos < d.from || pos > d.to {
		return false
	}
	for _, r := range d.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// Parse returns the directives in file, with the range each covers.
// knownRule reports whether a rule id exists; unknown ids make a directive
// malformed.
func Parse(fset *token.FileSet, file *ast.File, knownRule func(string) bool) []*Directive {
	var dirs []*Directive
	for _, group := range file.Comments {
		for _, c := range group.List {
			if d := parseComment(c, knownRule); d != nil {
				dirs = append(dirs, d)
			}
		}
	}
	if len(dirs) > 0 {
		assignRanges(fset, file, dirs)
	}
	return dirs
}

// parseComment parses one comment, returning nil if it is not a directive.
func parseComment(c *ast.Comment, knownRule func(string) bool) *Directive {
	text := c.Text
	var d Directive
	switch {
	case strings.HasPrefix(text, fileIgnorePrefix):
		d.File = true
		text = text[len(fileIgnorePrefix):]
	case strings.HasPrefix(text, ignorePrefix):
		text = text[len(ignorePrefix):]
	case strings.HasPrefix(text, "// mcperrlint:ignore"), strings.HasPrefix(text, "// mcperrlint:file-ignore"):
		return &Directive{Comment: c, Problem: "a directive has no space after //: write //mcperrlint:ignore"}
	default:
		return nil
	}
	d.Comment = c
	if text != "" && text[0] != ' ' && text[0] != '\t' {
		return nil // another word that merely starts the same, e.g. //mcperrlint:ignored
	}
	fields := strings.Fields(text)
	if len(fields) == 0 {
		d.Problem = "the directive names no rule: write //mcperrlint:ignore <rule>[,<rule>] <reason>"
		return &d
	}
	for _, id := range strings.Split(fields[0], ",") {
		if id == "" {
			continue
		}
		if !knownRule(id) && d.Problem == "" {
			d.Problem = "unknown rule " + quote(id)
		}
		d.Rules = append(d.Rules, id)
	}
	d.Reason = strings.Join(fields[1:], " ")
	if d.Reason == "" && d.Problem == "" {
		d.Problem = "the directive gives no reason: say why the finding is acceptable after the rule list"
	}
	return &d
}

func quote(s string) string { return `"` + s + `"` }

// assignRanges computes the range each directive covers.
func assignRanges(fset *token.FileSet, file *ast.File, dirs []*Directive) {
	tf := fset.File(file.Pos())
	var pending []*Directive // own-line directives waiting for their node
	for _, d := range dirs {
		switch {
		case d.File:
			d.from, d.to = file.FileStart, file.FileEnd
		case endsCodeLine(tf, file, d.Comment):
			line := tf.Line(d.Comment.Pos())
			d.from = tf.LineStart(line)
			d.to = lineEnd(tf, line)
		default:
			d.from, d.to = d.Comment.Pos(), token.NoPos
			pending = append(pending, d)
		}
	}
	if len(pending) == 0 {
		return
	}
	// The node a directive covers is the outermost one that starts first
	// after it: for "return f(x)" the return statement, not f.
	start := make([]token.Pos, len(pending))
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n == file {
			return true
		}
		if _, ok := n.(*ast.CommentGroup); ok {
			return false
		}
		for i, d := range pending {
			if n.Pos() <= d.Comment.End() {
				continue
			}
			if start[i] == token.NoPos || n.Pos() < start[i] || (n.Pos() == start[i] && n.End() > d.to) {
				start[i], d.to = n.Pos(), n.End()
			}
		}
		return true
	})
	for _, d := range pending {
		if d.to == token.NoPos { // nothing follows: cover the directive's own line
			d.to = lineEnd(tf, tf.Line(d.Comment.Pos()))
		}
	}
}

// endsCodeLine reports whether the comment follows code on its line, which
// makes it a trailing directive covering that line.
func endsCodeLine(tf *token.File, file *ast.File, c *ast.Comment) bool {
	line := tf.Line(c.Pos())
	trailing := false
	ast.Inspect(file, func(n ast.Node) bool {
		if trailing || n == nil {
			return false
		}
		if n.Pos() > c.Pos() || n.End() < tf.LineStart(line) {
			return false // wholly after the comment, or wholly on earlier lines
		}
		if _, ok := n.(*ast.CommentGroup); ok {
			return false
		}
		if n.End() <= c.Pos() && tf.Line(n.End()) == line {
			trailing = true
		}
		return true
	})
	return trailing
}

// lineEnd returns the last position on line.
func lineEnd(tf *token.File, line int) token.Pos {
	if line < tf.LineCount() {
		return tf.LineStart(line+1) - 1
	}
	return token.Pos(tf.Base() + tf.Size())
}

// Span returns the range the directive covers.
func (d *Directive) Span() (from, to token.Pos) { return d.from, d.to }
