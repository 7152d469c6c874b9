package analyzers_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

var update = flag.Bool("update", false, "rewrite the README's rule reference from the analyzers' doc.go files")

// TestRulesDocumented checks that the rule table and the analyzers' docs
// agree: every rule has exactly one "# Rule" section, in the doc.go of the
// analyzer that reports it, and every section is a rule.
func TestRulesDocumented(t *testing.T) {
	sections := map[string]string{} // rule id -> analyzer documenting it
	for _, a := range analyzers.Suite() {
		if !strings.HasPrefix(a.Doc, a.Name+": ") {
			t.Errorf("%s: Doc does not start with %q", a.Name, a.Name+": ")
		}
		if a.URL != rules.DocsURL+"#analyzer-"+a.Name {
			t.Errorf("%s: URL = %q, want the README anchor", a.Name, a.URL)
		}
		for _, id := range docs.RuleIDs(a.Doc) {
			if prev, dup := sections[id]; dup {
				t.Errorf("rule %s is documented by %s and %s", id, prev, a.Name)
			}
			sections[id] = a.Name
			r, ok := rules.ByID(id)
			switch {
			case !ok:
				t.Errorf("%s documents %s, which is not in the rule table", a.Name, id)
			case r.Analyzer != a.Name && r.Analyzer != "*":
				t.Errorf("%s documents %s, which %s reports", a.Name, id, r.Analyzer)
			}
			if text, _ := docs.Rule(a.Doc, id); len(text) < 80 {
				t.Errorf("%s: the section of %s is too short to say what, why and how to fix", a.Name, id)
			}
		}
	}
	for _, r := range rules.All {
		if _, ok := sections[r.ID]; !ok {
			t.Errorf("rule %s (%s) has no \"# Rule %s\" section in any doc.go", r.ID, r.Analyzer, r.ID)
		}
	}
}

// TestOptInRules checks that every rule that is off by default has the
// flag that turns it on: a boolean flag of its analyzer, false by default.
func TestOptInRules(t *testing.T) {
	optIn := 0
	for _, r := range rules.All {
		name := r.OptInFlag()
		if name == "" {
			continue
		}
		optIn++
		var a *analysis.Analyzer
		for _, s := range analyzers.Suite() {
			if s.Name == r.Analyzer {
				a = s
			}
		}
		if a == nil {
			t.Errorf("rule %s is opt-in, but its analyzer %s is not in the suite", r.ID, r.Analyzer)
			continue
		}
		f := a.Flags.Lookup(name)
		if f == nil {
			t.Errorf("rule %s is turned on by -%s.%s, which %s does not define", r.ID, r.Analyzer, name, a.Name)
			continue
		}
		if g, ok := f.Value.(flag.Getter); !ok || g.Get() != false || f.DefValue != "false" {
			t.Errorf("-%s.%s, which turns %s on, is not a boolean flag that is false by default", r.Analyzer, name, r.ID)
		}
	}
	if optIn == 0 {
		t.Error("no rule is opt-in: error-contract-missing should be")
	}
}

const (
	beginMarker = "<!-- BEGIN RULES: generated from the analyzers' doc.go by `go test ./analyzers -update`; do not edit -->"
	endMarker   = "<!-- END RULES -->"
)

// TestREADMEReference keeps the README's rule reference equal to what the
// analyzers' doc.go files say. Run with -update to rewrite it.
func TestREADMEReference(t *testing.T) {
	path := filepath.Join("..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	begin, end := strings.Index(readme, beginMarker), strings.Index(readme, endMarker)
	if begin < 0 || end < begin {
		t.Fatalf("README.md lacks the markers %q ... %q", beginMarker, endMarker)
	}
	want := readme[:begin+len(beginMarker)] + "\n\n" + analyzers.Reference() + "\n\n" + readme[end:]
	if want == readme {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rule reference is out of date: run go test ./analyzers -update")
}
