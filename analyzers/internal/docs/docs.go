// Package docs reads analyzer documentation out of doc.go files, the single
// source of each rule's documentation.
//
// An analyzer's doc.go package comment has, after its first paragraph, a
// section "# Analyzer <name>" whose first line is "<name>: <summary>" (the
// go/analysis convention for Analyzer.Doc), then one "# Rule <id>" section
// per rule the analyzer reports. The Analyzer's Doc is everything from the
// summary on; the rule reference (docs/rules) and SARIF help are generated
// from the rule sections.
package docs

import (
	"go/doc/comment"
	"go/parser"
	"go/token"
	"strings"
)

// Analyzer returns the documentation of the named analyzer from the source
// of its doc.go: the text after the "# Analyzer <name>" heading. It panics
// if the heading is missing, which a test of every analyzer catches.
func Analyzer(docGo, name string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", docGo, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		panic("docs: doc.go of " + name + " has no package comment")
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name + "\n"
	i := strings.Index(text, heading)
	if i < 0 {
		panic("docs: doc.go of " + name + " has no \"# Analyzer " + name + "\" section")
	}
	return strings.TrimSpace(text[i+len(heading):])
}

// Rule returns the "# Rule <id>" section of an analyzer's Doc, without the
// heading, and whether there is one.
func Rule(doc, id string) (string, bool) {
	heading := "# Rule " + id + "\n"
	i := strings.Index(doc, heading)
	if i < 0 {
		return "", false
	}
	section := doc[i+len(heading):]
	if j := strings.Index(section, "\n# "); j >= 0 {
		section = section[:j]
	}
	return strings.TrimSpace(section), true
}

// RuleIDs returns the ids of the "# Rule" sections of an analyzer's Doc, in
// order.
func RuleIDs(doc string) []string {
	var ids []string
	for _, line := range strings.Split(doc, "\n") {
		if id, ok := strings.CutPrefix(line, "# Rule "); ok {
			ids = append(ids, strings.TrimSpace(id))
		}
	}
	return ids
}

// Summary returns the one-line summary of an analyzer's Doc, without the
// "<name>: " prefix.
func Summary(doc string) string {
	first, _, _ := strings.Cut(doc, "\n")
	if _, after, ok := strings.Cut(first, ": "); ok {
		return after
	}
	return first
}

// Markdown renders Go doc comment text as Markdown, for the rule reference
// and SARIF help. Headings are rendered at the given level; code blocks become
// fenced Go blocks.
func Markdown(text string, headingLevel int) string {
	var p comment.Parser
	pr := comment.Printer{HeadingLevel: headingLevel}
	return fenceCode(string(pr.Markdown(p.Parse(text))))
}

// fenceCode turns the tab-indented code blocks go/doc/comment prints into
// fenced ```go blocks, which GitHub highlights.
func fenceCode(md string) string {
	var b strings.Builder
	inCode := false
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	for i, line := range lines {
		code := strings.HasPrefix(line, "\t")
		// A blank line between two code lines stays inside the block.
		if !code && inCode && line == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t") {
			b.WriteString("\n")
			continue
		}
		switch {
		case code && !inCode:
			b.WriteString("```go\n")
		case !code && inCode:
			b.WriteString("```\n")
		}
		inCode = code
		if code {
			line = line[1:]
		}
		b.WriteString(line)
		b.WriteString("\n")
	}
	if inCode {
		b.WriteString("```\n")
	}
	return b.String()
}
