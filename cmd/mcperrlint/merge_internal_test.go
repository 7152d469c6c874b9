package main

import (
	"go/token"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// TestMergeRoots checks that the findings several packages make of one
// root are one, with the counts summed and every package's related
// positions, and that nothing else is merged: findings of one package at
// one place, and findings whose messages differ in more than counts.
func TestMergeRoots(t *testing.T) {
	rule := analyzers.Rule{ID: "no-stringify-upstream-error"}
	at := func(line int) span {
		p := token.Position{Filename: "/m/client/client.go", Line: line, Offset: line * 10}
		return span{file: p.Filename, start: p, end: p}
	}
	rel := func(file string, line int) related {
		p := token.Position{Filename: file, Line: line}
		return related{span{file: file, start: p, end: p}, "a text that shows it"}
	}
	root := func(pkg string, texts, funcs int, rels ...related) *finding {
		msg := "a body enters the text of an error at client/client.go:213 (in client.Check), and " +
			countWord(texts, "text") + " of " + countWord(funcs, "function") + " show it: say what failed in words there"
		return &finding{rule: rule, span: at(213), message: msg, related: rels, pkg: pkg}
	}
	issues := root("m/issues", 3, 2, rel("/m/issues/a.go", 10), rel("/m/issues/b.go", 20))
	pages := root("m/pages", 1, 1, rel("/m/pages/a.go", 5))
	other := &finding{rule: rule, span: at(213), message: "a dump enters the text of an error at client/client.go:213 (in client.Check), and 1 text of 1 function show it: say what failed in words there", pkg: "m/pages"}
	elsewhere := root("m/wiki", 2, 2, rel("/m/wiki/a.go", 7))
	elsewhere.span = at(300)
	samePkgA := root("m/one", 1, 1, rel("/m/one/a.go", 1))
	samePkgB := root("m/one", 2, 2, rel("/m/one/b.go", 2))
	samePkgA.span, samePkgB.span = at(400), at(400)

	got := mergeRoots([]*finding{issues, pages, other, elsewhere, samePkgA, samePkgB})
	var msgs []string
	for _, f := range got {
		msgs = append(msgs, f.message)
	}
	want := []string{
		"a body enters the text of an error at client/client.go:213 (in client.Check), and 4 texts of 3 functions show it: say what failed in words there",
		other.message, elsewhere.message, samePkgA.message, samePkgB.message,
	}
	if diff := cmp.Diff(want, msgs); diff != "" {
		t.Errorf("messages (-want +got):\n%s", diff)
	}
	if n := len(got[0].related); n != 3 {
		t.Errorf("the merged finding has %d related positions, want 3 (each package's)", n)
	}
	if len(issues.related) != 2 {
		t.Errorf("merging changed a finding it merged: %d related, want 2", len(issues.related))
	}
}

// countWord is report.Count, as the analyzers write counts.
func countWord(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
