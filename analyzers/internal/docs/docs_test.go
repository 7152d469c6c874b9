package docs_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
)

const docGo = `// Package x does things.
//
// # Analyzer x
//
// x: check things
//
// More about x.
//
// # Rule x-one
//
// One is flagged:
//
//	a := 1 // flagged
//
//	b := 2
//
// Fix it.
//
// # Rule x-two
//
// Two.
package x
`

func TestAnalyzerAndRules(t *testing.T) {
	doc := docs.Analyzer(docGo, "x")
	if got, want := docs.Summary(doc), "check things"; got != want {
		t.Errorf("Summary = %q, want %q", got, want)
	}
	if diff := cmp.Diff([]string{"x-one", "x-two"}, docs.RuleIDs(doc)); diff != "" {
		t.Errorf("RuleIDs (-want +got):\n%s", diff)
	}
	one, ok := docs.Rule(doc, "x-one")
	if !ok {
		t.Fatal("no section x-one")
	}
	want := "One is flagged:\n\n```go\na := 1 // flagged\n\nb := 2\n```\n\nFix it.\n"
	if diff := cmp.Diff(want, docs.Markdown(one, 4)); diff != "" {
		t.Errorf("Markdown (-want +got):\n%s", diff)
	}
	if _, ok := docs.Rule(doc, "x-three"); ok {
		t.Error("found a section for x-three")
	}
}

func TestAnalyzerWithoutSectionPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a doc.go without its Analyzer section")
		}
	}()
	docs.Analyzer("// Package y.\npackage y\n", "y")
}
