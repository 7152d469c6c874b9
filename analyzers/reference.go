package analyzers

import (
	"flag"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// A Page is one page of the rule reference, generated from the analyzers'
// doc.go files into the directory docs/rules.
type Page struct {
	Name     string // the file's name in docs/rules: README.md, or <analyzer>.md
	Markdown string
}

// ReferencePages returns the rule reference: an index, README.md, with a
// section per analyzer (anchor "analyzer-<name>") that lists its rules, then
// a page per analyzer, <name>.md, where each Analyzer's URL points, with a
// section per rule whose anchor is the rule id, where every diagnostic's URL
// points.
func ReferencePages() []Page {
	suite := Suite()
	pages := []Page{{"README.md", index(suite)}}
	for _, a := range suite {
		pages = append(pages, Page{a.Name + ".md", analyzerPage(a.Name, a.Doc, &a.Flags)})
	}
	return pages
}

// generated heads every page: GitHub does not show it.
func generated(from string) string {
	return fmt.Sprintf("<!-- Generated from %s by `go test ./analyzers -update`; do not edit. -->\n\n", from)
}

// index is the page that lists every analyzer and rule.
func index(suite []*analysis.Analyzer) string {
	var b strings.Builder
	b.WriteString(generated("the analyzers' doc.go files"))
	b.WriteString(`# Rules

Every finding names its rule first (` + "`error-contract-empty: …`" + `), carries the rule id as its
diagnostic category (and SARIF ` + "`ruleId`" + `), and links to the rule's section on its analyzer's
page, whose anchor is the id. Each page is generated from the analyzer's ` + "`doc.go`" + `, the
source of ` + "`mcperrlint help <analyzer>`" + ` and of SARIF help too.

| analyzer | checks | rules |
|---|---|---|
`)
	docsOf := map[string]Rule{}
	for _, r := range Rules() {
		docsOf[r.ID] = r
	}
	for _, a := range suite {
		fmt.Fprintf(&b, "| [%s](%s.md) | %s | %d |\n", a.Name, a.Name, cell(docs.Summary(a.Doc)), len(docs.RuleIDs(a.Doc)))
	}
	for _, a := range suite {
		fmt.Fprintf(&b, "\n## Analyzer %s\n\n", a.Name)
		fmt.Fprintf(&b, "%s. [%s.md](%s.md) has its flags and each rule in full.\n\n", capitalize(docs.Summary(a.Doc)), a.Name, a.Name)
		b.WriteString("| rule | level | finds |\n|---|---|---|\n")
		for _, id := range docs.RuleIDs(a.Doc) {
			rule, _ := rules.ByID(id)
			level := rule.Severity.String()
			if rule.OptInFlag() != "" {
				level += ", off by default"
			}
			fmt.Fprintf(&b, "| [%s](%s.md#%s) | %s | %s |\n", id, a.Name, id, level, cell(docs.Markdown(docsOf[id].Summary(), 0)))
		}
	}
	return b.String()
}

// analyzerPage is the page of one analyzer and its rules.
func analyzerPage(name, doc string, flags *flag.FlagSet) string {
	var b strings.Builder
	b.WriteString(generated("analyzers/" + name + "/doc.go"))
	fmt.Fprintf(&b, "# Analyzer %s\n\n", name)
	fmt.Fprintf(&b, "%s.\n\n", capitalize(docs.Summary(doc)))
	if intro := introduction(doc); intro != "" {
		b.WriteString(docs.Markdown(intro, 2))
		b.WriteString("\n")
	}
	writeFlags(&b, name, flags)
	ids := docs.RuleIDs(doc)
	var links []string
	for _, id := range ids {
		links = append(links, fmt.Sprintf("[%s](#%s)", id, id))
	}
	fmt.Fprintf(&b, "Rules: %s. Every rule of the suite: [the index](README.md).\n", strings.Join(links, ", "))
	for _, id := range ids {
		rule, _ := rules.ByID(id)
		text, _ := docs.Rule(doc, id)
		fmt.Fprintf(&b, "\n## %s\n\n", id)
		fmt.Fprintf(&b, "*%s* · reported by `%s`%s\n\n", rule.Severity, reporter(rule), optIn(rule))
		b.WriteString(docs.Markdown(text, 3))
	}
	return b.String()
}

// cell makes one line of Markdown fit in a table cell.
func cell(md string) string {
	md = strings.Join(strings.Fields(md), " ")
	return strings.ReplaceAll(md, "|", `\|`)
}

// introduction returns an analyzer's Doc without its summary line and its
// rule sections.
func introduction(doc string) string {
	_, rest, _ := strings.Cut(doc, "\n")
	if i := strings.Index(rest, "\n# Rule "); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}

func writeFlags(b *strings.Builder, analyzer string, fs *flag.FlagSet) {
	var lines []string
	fs.VisitAll(func(f *flag.Flag) {
		lines = append(lines, fmt.Sprintf("- `-%s.%s` (default `%s`): %s", analyzer, f.Name, f.DefValue, f.Usage))
	})
	if len(lines) > 0 {
		b.WriteString("Flags:\n\n" + strings.Join(lines, "\n") + "\n\n")
	}
}

func reporter(r rules.Rule) string {
	if r.Analyzer == "*" {
		return "the analyzer that owns the rule named"
	}
	return r.Analyzer
}

// optIn says how to turn a rule on when it is off by default, and is empty
// otherwise.
func optIn(r rules.Rule) string {
	if r.OptInFlag() == "" {
		return ""
	}
	return fmt.Sprintf(" · off by default, on with `-%s.%s`", r.Analyzer, r.OptInFlag())
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
