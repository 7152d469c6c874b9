package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// TestHelpRule checks that mcperrlint help takes the rule ids findings
// print, and answers with that rule's section of its analyzer's doc.go.
func TestHelpRule(t *testing.T) {
	for _, r := range analyzers.Rules() {
		var stdout, stderr bytes.Buffer
		if code := helpMain([]string{r.ID}, &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
			t.Errorf("help %s: exit code %d\n%s", r.ID, code, stderr.String())
			continue
		}
		out := stdout.String()
		if !strings.HasPrefix(out, r.ID+" ("+r.Severity+", reported by ") || r.Doc == "" || !strings.Contains(out, "\n"+r.Doc+"\n") ||
			!strings.HasSuffix(out, "Documentation: "+r.URL+"\n") {
			t.Errorf("help %s:\n%s\nwant the id, its severity, its doc.go section and its URL", r.ID, out)
		}
	}

	var stdout, stderr bytes.Buffer
	if code := helpMain([]string{"no-fake-empty-result"}, &stdout, &stderr); code != exitOK ||
		!strings.HasPrefix(stdout.String(), "no-fake-empty-result (warning, reported by analyzer handlerbody)\n\nInside the branch that handles a non-nil error") ||
		strings.Contains(stdout.String(), "# Rule ") {
		t.Errorf("help no-fake-empty-result: exit code %d\n%s%s", code, stdout.String(), stderr.String())
	}

	stdout.Reset()
	if code := helpMain([]string{"error-contract-missing"}, &stdout, &stderr); code != exitOK ||
		!strings.Contains(stdout.String(), "\nOff by default: -contractstruct.require-contract turns it on.\n") {
		t.Errorf("help error-contract-missing: exit code %d\n%s", code, stdout.String())
	}
}

// TestHelpUnknown checks that a name help does not know lists what it
// takes: every analyzer and every rule id.
func TestHelpUnknown(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := helpMain([]string{"fake-empty-result"}, &stdout, &stderr)
	msg := stderr.String()
	if code != exitUsage || stdout.Len() > 0 ||
		!strings.HasPrefix(msg, `mcperrlint: no analyzer or rule "fake-empty-result". mcperrlint help takes an analyzer's name or a rule id:`+"\n") {
		t.Fatalf("help fake-empty-result: exit code %d\n%s%s", code, stdout.String(), msg)
	}
	for _, a := range analyzers.Suite() {
		if !strings.Contains(msg, "\n  "+a.Name+": ") {
			t.Errorf("the list lacks analyzer %s:\n%s", a.Name, msg)
		}
	}
	for _, r := range analyzers.Rules() {
		if !strings.Contains(msg, " "+r.ID+",") && !strings.Contains(msg, " "+r.ID+"\n") {
			t.Errorf("the list lacks rule %s:\n%s", r.ID, msg)
		}
	}
}
