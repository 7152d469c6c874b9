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
	"github.com/mcperrlint/mcperrlint/internal/doclinks"
)

var update = flag.Bool("update", false, "rewrite the rule reference, docs/rules, from the analyzers' doc.go files")

// TestRulesDocumented checks that the rule table and the analyzers' docs
// agree: every rule has exactly one "# Rule" section, in the doc.go of the
// analyzer that reports it, and every section is a rule.
func TestRulesDocumented(t *testing.T) {
	sections := map[string]string{} // rule id -> analyzer documenting it
	for _, a := range analyzers.Suite() {
		if !strings.HasPrefix(a.Doc, a.Name+": ") {
			t.Errorf("%s: Doc does not start with %q", a.Name, a.Name+": ")
		}
		if want := "https://github.com/mcperrlint/mcperrlint/blob/main/docs/rules/" + a.Name + ".md"; a.URL != want {
			t.Errorf("%s: URL = %q, want %s, its page of the rule reference", a.Name, a.URL, want)
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
			case r.DocumentedBy() != a.Name:
				t.Errorf("%s documents %s, whose URL points to %s's page", a.Name, id, r.DocumentedBy())
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

// TestRulesReference keeps the rule reference, the pages of docs/rules,
// equal to what the analyzers' doc.go files say. Run with -update to
// rewrite it.
func TestRulesReference(t *testing.T) {
	dir := filepath.Join("..", "docs", "rules")
	generated := map[string]bool{}
	for _, p := range analyzers.ReferencePages() {
		generated[p.Name] = true
		path := filepath.Join(dir, p.Name)
		data, err := os.ReadFile(path)
		if err == nil && string(data) == p.Markdown {
			continue
		}
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(p.Markdown), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("docs/rules/%s is out of date: run go test ./analyzers -update", p.Name)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if generated[e.Name()] {
			continue
		}
		if *update {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("docs/rules/%s is not generated from any analyzer: go test ./analyzers -update removes it", e.Name())
	}
}

// TestRuleURLs checks that every diagnostic's URL names a page of the rule
// reference and a heading on it, and that every analyzer's names a page of
// it.
func TestRuleURLs(t *testing.T) {
	const repo = "https://github.com/mcperrlint/mcperrlint/blob/main/"
	anchors := map[string]map[string]bool{}
	check := func(what, url string) {
		rest, ok := strings.CutPrefix(url, repo)
		if !ok {
			t.Errorf("%s: URL %q is not in %s", what, url, repo)
			return
		}
		file, anchor, _ := strings.Cut(rest, "#")
		if anchors[file] == nil {
			data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(file)))
			if err != nil {
				t.Errorf("%s: URL %q: %v", what, url, err)
				return
			}
			anchors[file] = doclinks.Anchors(string(data))
		}
		if anchor != "" && !anchors[file][anchor] {
			t.Errorf("%s: URL %q: %s has no heading with that anchor", what, url, file)
		}
	}
	for _, r := range rules.All {
		check("rule "+r.ID, r.URL())
	}
	for _, a := range analyzers.Suite() {
		if strings.Contains(a.URL, "#") {
			t.Errorf("analyzer %s: URL %q has an anchor: it should name the analyzer's page", a.Name, a.URL)
		}
		check("analyzer "+a.Name, a.URL)
	}
	check("the rule index", rules.DocsURL)
}
