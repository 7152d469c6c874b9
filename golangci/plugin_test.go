package golangci

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// testSuite returns two analyzers with a flag of every kind, so settings
// are tested without touching the real analyzers' flags.
func testSuite() []*analysis.Analyzer {
	a := &analysis.Analyzer{Name: "alpha", Doc: "alpha"}
	a.Flags.Int("min-words", 5, "fewest words")
	a.Flags.Bool("strict", false, "be strict")
	a.Flags.String("prefix", "x", "a prefix")
	a.Flags.Float64("ratio", 0.5, "a ratio")
	a.Flags.Duration("timeout", time.Second, "a timeout")
	b := &analysis.Analyzer{Name: "beta", Doc: "beta"}
	return []*analysis.Analyzer{a, b}
}

func TestSettingsApply(t *testing.T) {
	suite := testSuite()
	s, err := parseSettings(map[string]any{
		"alpha":   map[string]any{"min-words": 3.0, "strict": true, "prefix": "p", "ratio": 0.25, "Timeout": "2s"},
		"disable": []any{"beta"},
	}, suite)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.apply(); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"min-words": "3", "strict": "true", "prefix": "p", "ratio": "0.25", "timeout": "2s"} {
		if got := suite[0].Flags.Lookup(name).Value.String(); got != want {
			t.Errorf("alpha.%s = %s, want %s", name, got, want)
		}
	}
	if got := s.enabled(); len(got) != 1 || got[0].Name != "alpha" {
		t.Errorf("enabled = %v, want [alpha]", got)
	}
}

func TestSettingsRejected(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings map[string]any
		want     []string
	}{
		{"unknown analyzer", map[string]any{"gamma": map[string]any{}},
			[]string{`unknown setting "gamma": the settings are "disable" and the analyzers' names (alpha, beta)`}},
		{"unknown flag", map[string]any{"alpha": map[string]any{"min_words": 3.0}},
			[]string{`alpha has no setting "min_words"; its settings are: min-words (fewest words, default 5), prefix (a prefix, default x)`}},
		{"analyzer without flags", map[string]any{"beta": map[string]any{"x": 1.0}},
			[]string{`beta has no setting "x"; its settings are: none`}},
		{"int as string", map[string]any{"alpha": map[string]any{"min-words": "3"}},
			[]string{`alpha.min-words: want an integer, not "3"`}},
		{"fraction for int", map[string]any{"alpha": map[string]any{"min-words": 2.5}},
			[]string{`alpha.min-words: want an integer, not the number 2.5`}},
		{"bool as string", map[string]any{"alpha": map[string]any{"strict": "yes"}},
			[]string{`alpha.strict: want true or false, not "yes"`}},
		{"string as number", map[string]any{"alpha": map[string]any{"prefix": 1.0}},
			[]string{`alpha.prefix: want a string, not the number 1`}},
		{"bad duration", map[string]any{"alpha": map[string]any{"timeout": 5.0}},
			[]string{`alpha.timeout: want a duration such as "30s", not the number 5`}},
		{"flags not a map", map[string]any{"alpha": []any{"min-words"}},
			[]string{`alpha: the settings of an analyzer are a map of its flags`}},
		{"disable not a list", map[string]any{"disable": "beta"},
			[]string{`"disable" must be a list of analyzer names (alpha, beta), not "beta"`}},
		{"disable unknown", map[string]any{"disable": []any{"gamma"}},
			[]string{`"disable": no analyzer is named "gamma"; the analyzers are alpha, beta`}},
		{"all disabled", map[string]any{"disable": []any{"alpha", "beta"}},
			[]string{"every analyzer is disabled"}},
		{"every problem at once", map[string]any{"gamma": nil, "alpha": map[string]any{"strict": 1.0}},
			[]string{`alpha.strict: want true or false`, `unknown setting "gamma"`}},
	} {
		suite := testSuite()
		_, err := parseSettings(tc.settings, suite)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, want := range tc.want {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q does not contain %q", tc.name, err, want)
			}
		}
		if got := suite[0].Flags.Lookup("min-words").Value.String(); got != "5" {
			t.Errorf("%s: a rejected configuration changed a flag: min-words = %s", tc.name, got)
		}
	}
}

// TestNew goes through golangci-lint's entry point with the real suite,
// restoring the flags it sets.
func TestNew(t *testing.T) {
	suite := analyzers.Suite()
	saved := map[*flag.Flag]string{}
	for _, a := range suite {
		a.Flags.VisitAll(func(f *flag.Flag) { saved[f] = f.Value.String() })
	}
	t.Cleanup(func() {
		for f, v := range saved {
			f.Value.Set(v)
		}
	})

	newPlugin, err := register.GetPlugin("mcperrlint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{
		"contractstruct": map[string]any{"min-words": 3, "require-contract": true},
		"disable":        []string{"ignoredirective"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != len(suite)-1 {
		t.Errorf("%d analyzers, want the suite (%d) but ignoredirective", len(as), len(suite))
	}
	for _, a := range as {
		if a.Name == "ignoredirective" {
			t.Error("ignoredirective is not disabled")
		}
		if a.Name == "contractstruct" && a.Flags.Lookup("min-words").Value.String() != "3" {
			t.Errorf("contractstruct min-words = %s, want 3", a.Flags.Lookup("min-words").Value)
		}
		if a.Name == "contractstruct" && a.Flags.Lookup("require-contract").Value.String() != "true" {
			t.Errorf("contractstruct require-contract = %s, want true (the opt-in error-contract-missing on)", a.Flags.Lookup("require-contract").Value)
		}
	}
	if _, err := newPlugin(map[string]any{"contractstruct": map[string]any{"min-word": 3}}); err == nil || !strings.Contains(err.Error(), "min-words") {
		t.Errorf("a misspelt flag: error %v, want one naming min-words", err)
	}
	if _, err := newPlugin(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
}
