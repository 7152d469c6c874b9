package corpus

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const sample = `# What this corpus is.
#
# More about it.
module example.com/server@v1.2.3
packages ./... ./cmd/x
flags -sdkresult.converting-middleware

tp sdk-protocol-error tools.go:316:16
	return nil, fmt.Errorf("marshal args: %w", err)
	why: the model never sees it

fp preserve-cause-on-rethrow dir/a b.go:9:2
	return x || y
	why: not a re-throw
`

func TestParseFormat(t *testing.T) {
	l, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := &List{
		Header:   []string{"What this corpus is.", "", "More about it."},
		Module:   "example.com/server",
		Version:  "v1.2.3",
		Packages: []string{"./...", "./cmd/x"},
		Flags:    []string{"-sdkresult.converting-middleware"},
		Entries: []Entry{
			{Mark: TruePositive, Why: "the model never sees it", Key: Key{
				Rule: "sdk-protocol-error", File: "tools.go", Line: 316, Column: 16,
				Code: `return nil, fmt.Errorf("marshal args: %w", err)`}},
			{Mark: FalsePositive, Why: "not a re-throw", Key: Key{
				Rule: "preserve-cause-on-rethrow", File: "dir/a b.go", Line: 9, Column: 2,
				Code: "return x || y"}},
		},
	}
	if diff := cmp.Diff(want, l); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
	// Format sorts by file, position, rule: dir/a.go before tools.go.
	got := string(l.Format())
	again, err := Parse(strings.NewReader(got))
	if err != nil {
		t.Fatalf("Parse(Format()): %v\n%s", err, got)
	}
	if diff := cmp.Diff(l.Entries[1], again.Entries[0]); diff != "" {
		t.Errorf("Format does not sort entries (-want +got):\n%s\n%s", diff, got)
	}
	if string(again.Format()) != got {
		t.Errorf("Format is not stable:\n%s\n---\n%s", got, again.Format())
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{
		"packages ./...\n",                                         // no module
		"module example.com/m@v1\n",                                // no packages
		"module example.com/m\npackages ./...\n",                   // no version
		"module m@v1\npackages ./...\n\nok r f.go:1:2\n",           // unknown mark
		"module m@v1\npackages ./...\n\ntp r f.go:1\n",             // no column
		"module m@v1\npackages ./...\n\ntp r f.go:x:2\n",           // bad line
		"module m@v1\npackages ./...\n\n\tcode\n",                  // indented line outside an entry
		"module m@v1\npackages ./...\n# late comment\n",            // comment after the directives
		"module m@v1\npackages ./...\n\ntp r f.go:1:2\n\ta\n\tb\n", // two code lines
	} {
		if _, err := Parse(strings.NewReader(bad)); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", bad)
		}
	}
}

func TestCompareAndUpdate(t *testing.T) {
	a := Key{Rule: "r", File: "a.go", Line: 1, Column: 1, Code: "x"}
	b := Key{Rule: "r", File: "b.go", Line: 2, Column: 3, Code: "y"}
	c := Key{Rule: "s", File: "c.go", Line: 4, Column: 5, Code: "z"}
	l := &List{Module: "m", Version: "v1", Packages: []string{"./..."}, Entries: []Entry{
		{Mark: TruePositive, Key: a, Why: "a"},
		{Mark: FalsePositive, Key: b, Why: "b"},
	}}
	// Found: a twice, c; b is gone.
	found := []Key{a, a, c}
	cmpr := l.Compare(found)
	if diff := cmp.Diff(Comparison{
		Matched: []Entry{{Mark: TruePositive, Key: a, Why: "a"}},
		New:     []Key{a, c},
		Missing: []Entry{{Mark: FalsePositive, Key: b, Why: "b"}},
	}, cmpr); diff != "" {
		t.Errorf("Compare (-want +got):\n%s", diff)
	}
	u := l.Updated(found)
	if diff := cmp.Diff([]Entry{
		{Mark: TruePositive, Key: a, Why: "a"},
		{Mark: Unreviewed, Key: a},
		{Mark: Unreviewed, Key: c},
	}, u.Entries); diff != "" {
		t.Errorf("Updated (-want +got):\n%s", diff)
	}
	if len(l.Entries) != 2 {
		t.Errorf("Updated changed the list it was called on")
	}
	if c := u.Compare(found); len(c.New) != 0 || len(c.Missing) != 0 {
		t.Errorf("an updated list does not match the findings it was made from: %+v", c)
	}
	for _, e := range u.Entries {
		if p := e.Problems(); (e.Mark == Unreviewed) != (p != "") {
			t.Errorf("Problems(%v) = %q", e, p)
		}
	}
	if p := (Entry{Mark: TruePositive, Key: a}).Problems(); p == "" {
		t.Errorf("an entry without a reason has no problem")
	}
}

func TestEntryString(t *testing.T) {
	e := Entry{Mark: Unreviewed, Key: Key{Rule: "r", File: "a.go", Line: 1, Column: 2, Code: "return nil, err"}}
	want := "unreviewed r a.go:1:2\n\treturn nil, err\n\twhy: <read the code, mark the entry tp or fp, and say why in one line>\n"
	if got := e.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	l, err := Parse(strings.NewReader("module m@v1\npackages ./...\n\n" + want))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(e, l.Entries[0]); diff != "" {
		t.Errorf("a pasted entry parses differently (-want +got):\n%s", diff)
	}
	// Marked, but the reason not written: still a problem.
	l, err = Parse(strings.NewReader("module m@v1\npackages ./...\n\n" + strings.Replace(want, "unreviewed", "tp", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if l.Entries[0].Problems() == "" {
		t.Errorf("an entry marked tp with the placeholder reason has no problem")
	}
}

func TestShare(t *testing.T) {
	var s Share
	for _, m := range []Mark{TruePositive, TruePositive, TruePositive, FalsePositive, Unreviewed} {
		s.Add(m)
	}
	if s.Findings() != 4 || s.FPShare() != 0.25 {
		t.Errorf("Share = %+v (share %v), want 3 true, 1 false, 25%%", s, s.FPShare())
	}
	if (Share{}).FPShare() != 0 {
		t.Errorf("an empty share is not 0")
	}
}
