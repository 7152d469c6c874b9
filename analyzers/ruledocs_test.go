package analyzers

import (
	"strings"
	"testing"
)

func TestRules(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule %s listed twice", r.ID)
		}
		seen[r.ID] = true
		if want := "https://github.com/mcperrlint/mcperrlint/blob/main/docs/rules/" + r.Analyzer + ".md#" + r.ID; r.URL != want && r.Analyzer != "*" {
			t.Errorf("rule %s: URL %s, want %s: its analyzer's reference page, at the anchor of its id", r.ID, r.URL, want)
		}
		if r.Severity != "error" && r.Severity != "warning" {
			t.Errorf("rule %s: severity %q", r.ID, r.Severity)
		}
		if r.Doc == "" {
			continue // its analyzer is still being written
		}
		if s := r.Summary(); !strings.HasSuffix(s, ".") || strings.Contains(s, "\n") {
			t.Errorf("rule %s: summary %q is not one sentence", r.ID, s)
		}
		if !strings.HasPrefix(r.Markdown(), r.FirstParagraph()[:20]) {
			t.Errorf("rule %s: Markdown does not start with the first paragraph:\n%s", r.ID, r.Markdown())
		}
	}
}

func TestRuleDocsOfAnExample(t *testing.T) {
	for _, r := range Rules() {
		if r.ID != "error-contract-empty" {
			continue
		}
		if got, want := r.Summary(), "A tool declares an explicitly empty contract."; got != want {
			t.Errorf("Summary = %q, want %q", got, want)
		}
		if md := r.Markdown(); !strings.Contains(md, "```go\nErrors: []mcperr.Contract{}, // flagged\n```") {
			t.Errorf("Markdown lacks the example as a Go code block:\n%s", md)
		}
		for _, id := range []string{"mcperrlint-ignore-unused", "mcperrlint-ignore-malformed"} {
			for _, o := range Rules() {
				if o.ID == id && o.Doc == "" {
					t.Errorf("rule %s has no documentation", id)
				}
			}
		}
		return
	}
	t.Fatal("rule error-contract-empty is missing")
}
