package analyzers

import (
	"flag"
	"fmt"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// Reference returns the Markdown reference of every analyzer and rule, made
// from the analyzers' doc.go files: the README's "Rules" section. Each rule
// is a "####" heading whose anchor is the rule id, which is where every
// diagnostic's URL points.
func Reference() string {
	var b strings.Builder
	b.WriteString("| analyzer | checks | rules |\n|---|---|---|\n")
	for _, a := range Suite() {
		var links []string
		for _, id := range docs.RuleIDs(a.Doc) {
			links = append(links, fmt.Sprintf("[%s](#%s)", id, id))
		}
		fmt.Fprintf(&b, "| [%s](#analyzer-%s) | %s | %s |\n", a.Name, a.Name, docs.Summary(a.Doc), strings.Join(links, ", "))
	}
	b.WriteString("\n")
	for _, a := range Suite() {
		fmt.Fprintf(&b, "### Analyzer %s\n\n", a.Name)
		fmt.Fprintf(&b, "%s.\n\n", capitalize(docs.Summary(a.Doc)))
		if intro := introduction(a.Doc); intro != "" {
			b.WriteString(docs.Markdown(intro, 4))
			b.WriteString("\n")
		}
		writeFlags(&b, a.Name, &a.Flags)
		for _, id := range docs.RuleIDs(a.Doc) {
			rule, _ := rules.ByID(id)
			text, _ := docs.Rule(a.Doc, id)
			fmt.Fprintf(&b, "#### %s\n\n", id)
			fmt.Fprintf(&b, "*%s* · reported by `%s`%s\n\n", rule.Severity, reporter(rule), optIn(rule))
			b.WriteString(docs.Markdown(text, 5))
			b.WriteString("\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
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
