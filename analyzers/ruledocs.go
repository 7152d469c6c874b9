package analyzers

import (
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// A Rule is one of mcperrlint's rules as a driver presents it: the SARIF
// rule list and the JSON findings of the mcperrlint command carry its id,
// severity, documentation and URL. The rule table itself is internal; this
// is its read-only view for the drivers outside this tree.
type Rule struct {
	ID       string // the diagnostic Category and the docs anchor
	Analyzer string // the analyzer that reports it; "*" for every analyzer
	Severity string // the default level: "error" or "warning"
	URL      string // the rule's documentation

	// Doc is the rule's "# Rule <id>" section of its analyzer's doc.go,
	// in Go doc comment syntax, or "" when the analyzer is not in the
	// suite.
	Doc string
}

// Rules returns every rule, in documentation order, with its
// documentation read from the analyzers of Suite.
func Rules() []Rule {
	suite := Suite()
	var out []Rule
	for _, r := range rules.All {
		out = append(out, Rule{
			ID:       r.ID,
			Analyzer: r.Analyzer,
			Severity: r.Severity.String(),
			URL:      r.URL(),
			Doc:      ruleDoc(suite, r),
		})
	}
	return out
}

// ruleDoc returns the documentation of r from its analyzer, or, for a rule
// every analyzer reports, from whichever analyzer documents it.
func ruleDoc(suite []*analysis.Analyzer, r rules.Rule) string {
	for _, a := range suite {
		if r.Analyzer != "*" && a.Name != r.Analyzer {
			continue
		}
		if text, ok := docs.Rule(a.Doc, r.ID); ok {
			return text
		}
	}
	return ""
}

// Markdown returns the rule's documentation rendered as Markdown, for
// SARIF help and generated pages.
func (r Rule) Markdown() string {
	if r.Doc == "" {
		return ""
	}
	return docs.Markdown(r.Doc, 3)
}

// Summary returns the first sentence of the rule's documentation, or its
// id when it has none: a one-line description for rule lists.
func (r Rule) Summary() string {
	first := r.FirstParagraph()
	if first == "" {
		return r.ID
	}
	if i := strings.Index(first, ". "); i >= 0 {
		return first[:i+1]
	}
	return first
}

// FirstParagraph returns the first paragraph of the rule's documentation
// on one line, or "".
func (r Rule) FirstParagraph() string {
	para, _, _ := strings.Cut(strings.TrimSpace(r.Doc), "\n\n")
	return strings.Join(strings.Fields(para), " ")
}

// Enabled reports whether a run of the suite, with its analyzers' flags as
// they are set now, checks the rule: every rule does, but one that is off
// by default only when its analyzer's flag turns it on, and one a flag
// turns off only when that flag is unset.
func (r Rule) Enabled() bool {
	rule, ok := rules.ByID(r.ID)
	if !ok {
		return true
	}
	return rule.EnabledBy(func(name string) bool {
		for _, a := range Suite() {
			if a.Name == r.Analyzer {
				f := a.Flags.Lookup(name)
				return f != nil && f.Value.String() == "true"
			}
		}
		return false
	})
}

// OptInFlag returns the boolean flag of the rule's analyzer that turns
// the rule on, for a rule that is off by default, and "" otherwise.
func (r Rule) OptInFlag() string {
	rule, ok := rules.ByID(r.ID)
	if !ok {
		return ""
	}
	return rule.OptInFlag()
}
