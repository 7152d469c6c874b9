package mcperr

import (
	"reflect"
	"strings"
	"testing"
)

func TestRequiredLiteralsBounded(t *testing.T) {
	// 2^7 spellings exceed maxExact: the run is cut after six groups.
	got := requiredLiterals(`(?:aa|bb)(?:cc|dd)(?:ee|ff)(?:gg|hh)(?:ii|jj)(?:kk|ll)(?:mm|nn)x`)
	if len(got) != maxExact || shortest(got) != 12 || got[0] != "aacceeggiikk" {
		t.Errorf("requiredLiterals = %d strings, shortest %d, first %q", len(got), shortest(got), got[0])
	}
}

func TestRequiredLiterals(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`DNS`, []string{"dns"}},
		{`ThrottlingException|TooManyRequestsException`, []string{"throttlingexception", "toomanyrequestsexception"}},
		{`abort(ed)?|cancell?ed`, []string{"aborted", "abort", "cancelled", "canceled"}},
		{`not\s+authorized|not.*logged.*in`, []string{"authorized", "logged"}},
		{`missing\s+(?:required|param)`, []string{"missing"}},
		{`status code 5\d\d`, []string{"status code 5"}},
		{`a+bc`, []string{"bc"}},
		{`(?:xy)+`, []string{"xy"}},
		{`\d+`, nil},             // nothing required
		{`foo|\d`, nil},          // one branch requires nothing
		{`(?:a)?`, nil},          // may match the empty string
		{`é`, nil},               // not ASCII
		{`(`, nil},               // does not parse
		{`(?i)abc`, nil},         // case folding is the caller's business
		{`[ab]x`, []string{"x"}}, // character classes are not enumerated
	}
	for _, tt := range tests {
		if got := requiredLiterals(tt.expr); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("requiredLiterals(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}

// checkPrefilter fails if a pattern matches text although the prefilter
// would have skipped it.
func checkPrefilter(t *testing.T, text string) {
	t.Helper()
	folded := string(foldText(nil, text))
	for i := range messagePatterns {
		p := &messagePatterns[i]
		if p.expr.MatchString(text) && !p.mayMatch(folded) {
			t.Fatalf("pattern %s matches %q but its prefilter %q skips it", p.expr, text, p.literals)
		}
	}
}

func TestPrefilterNeverSkipsAMatch(t *testing.T) {
	for _, c := range messageCases {
		checkPrefilter(t, c.msg)
		checkPrefilter(t, strings.ToUpper(c.msg))
	}
	// Runes that fold to ASCII letters match case-insensitively.
	for _, text := range []string{"\u212Aey", "\u017Fervice unavailable", "ZOD\u017F", "DN\u017F"} {
		checkPrefilter(t, text)
	}
	if got := Classify(errorString("\u017Fervice unavailable")); got != CodeServiceUnavailable {
		t.Errorf("Classify(long s) = %v", got)
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

func TestFoldText(t *testing.T) {
	if got := string(foldText(nil, "Ab\u212A\u017F\u00e9\xff!")); got != "abks\x00\x00!" {
		t.Errorf("foldText = %q", got)
	}
}
