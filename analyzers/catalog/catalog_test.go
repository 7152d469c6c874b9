package catalog

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sample is a catalog with what makes Markdown hard: pipes, backticks and
// markup in text, a multi-line description, an unknown code and a missing
// one.
func sample() *Catalog {
	return &Catalog{Version: Version, Tools: []*Tool{
		{
			Name: "get_book", Title: "Get a <book>", Description: "Looks a book up.\n## Not a heading\n| not a row |",
			Package: "example.com/library",
			Errors: []Entry{
				{Reason: "book_not_found", Code: -32001, CodeName: "NotFound", When: "No book | has *that* id.", Recovery: "Call `search_books` first.", Severity: "info", ThrownByService: true},
				{Reason: "odd`reason|x", Code: -32050, When: "w", Recovery: "r", Retryable: true, Severity: "error"},
				{Reason: "no_code", When: "w", Recovery: "r", Severity: "error"},
			},
		},
		{Name: "list", Package: "example.com/library", Errors: []Entry{}},
		{Name: "dynamic", Package: "example.com/other", Errors: []Entry{}, NotStatic: true},
	}}
}

// checked keeps what Read gives back from Markdown: names, packages,
// reasons and codes.
func checked(c *Catalog) *Catalog {
	out := &Catalog{Version: c.Version}
	for _, t := range c.Tools {
		ct := &Tool{Name: t.Name, Package: t.Package, Errors: []Entry{}}
		for _, e := range t.Errors {
			ct.Errors = append(ct.Errors, Entry{Reason: e.Reason, Code: e.Code, CodeName: e.CodeName})
		}
		out.Tools = append(out.Tools, ct)
	}
	return out
}

func TestMarkdownRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := sample().WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&b)
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, b.String())
	}
	if diff := cmp.Diff(checked(sample()), got, cmp.AllowUnexported(Tool{})); diff != "" {
		t.Errorf("Markdown round trip (-want +got):\n%s\n%s", diff, b.String())
	}
}

func TestJSONRoundTrip(t *testing.T) {
	var b bytes.Buffer
	if err := sample().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	got, err := Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sample(), got, cmp.AllowUnexported(Tool{})); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}
}

func TestMarkdownEscapes(t *testing.T) {
	var b bytes.Buffer
	if err := sample().WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"> **Get a \\<book\\>**",
		"> \\## Not a heading", // quoted and escaped, so never a heading
		"No book \\| has \\*that\\* id.",
		"Call \\`search_books\\` first.",
		"| ``odd`reason\\|x`` | unknown (-32050) |",
		"| `no_code` | (none) |",
		"The contract is not statically known",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestReadRejects(t *testing.T) {
	for _, tc := range []struct{ name, input, want string }{
		{"plain text", "# Errors\n| `a` | NotFound (-32001) |\n", "neither JSON nor a Markdown catalog"},
		{"other version", `{"version": 2, "tools": []}`, "format version 2"},
		{"bad JSON", `{"version": 1, "tools": [}`, "not a JSON catalog"},
		{"nameless tool", `{"version": 1, "tools": [{"errors": []}]}`, "tool #1 has no name"},
		{"bad heading", marker + "\n## get_book\n", "tool heading"},
	} {
		_, err := Read(strings.NewReader(tc.input))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Read error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	released := &Catalog{Version: Version, Tools: []*Tool{
		{Name: "get_book", Errors: []Entry{
			{Reason: "book_not_found", Code: -32001, CodeName: "NotFound"},
			{Reason: "isbn_invalid", Code: -32602, CodeName: "InvalidParams"},
		}},
		{Name: "reserve_book", Errors: []Entry{{Reason: "already_lent", Code: -32002, CodeName: "Conflict"}}},
		{Name: "renew", Errors: []Entry{{Reason: "too_late", Code: -32002, CodeName: "Conflict"}}},
	}}
	same := func() *Catalog {
		c := &Catalog{Version: Version}
		for _, t := range released.Tools {
			copied := *t
			copied.Errors = append([]Entry(nil), t.Errors...)
			c.Tools = append(c.Tools, &copied)
		}
		return c
	}

	if got := Check(released, same()); len(got) != 0 {
		t.Errorf("unchanged: got problems %v", got)
	}

	added := same()
	added.Tools[0].Errors = append(added.Tools[0].Errors, Entry{Reason: "new_reason", Code: -32003, CodeName: "RateLimited"})
	added.Tools[0].Errors[0].When = "reworded"
	added.Tools = append(added.Tools, &Tool{Name: "new_tool", Errors: []Entry{{Reason: "x", Code: -32001}}})
	if got := Check(released, added); len(got) != 0 {
		t.Errorf("pure addition: got problems %v", got)
	}

	broken := same()
	broken.Tools[0].Errors = broken.Tools[0].Errors[1:]                                            // book_not_found removed
	broken.Tools[0].Errors[0].Code, broken.Tools[0].Errors[0].CodeName = -32007, "ValidationError" // code changed
	broken.Tools = broken.Tools[:1]                                                                // reserve_book and renew removed
	broken.Tools = append(broken.Tools, &Tool{Name: "renew", NotStatic: true})
	var got []string
	for _, p := range Check(released, broken) {
		got = append(got, p.Tool+"/"+p.Reason+": "+p.Message)
	}
	want := []string{
		`get_book/book_not_found: tool "get_book": reason "book_not_found" (NotFound (-32001)) was removed; clients may depend on it: restore it`,
		`get_book/isbn_invalid: tool "get_book": reason "isbn_invalid" changed code from InvalidParams (-32602) to ValidationError (-32007); released codes are stable: restore it, or declare a new reason`,
		`renew/too_late: tool "renew": reason "too_late" (Conflict (-32002)) cannot be checked: the contract is not statically known (rule error-contract-not-static)`,
		`reserve_book/already_lent: tool "reserve_book" was removed: its reason "already_lent" (Conflict (-32002)) is no longer declared`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s", diff)
	}
}

func TestNewSortsAndSkipsUnnamed(t *testing.T) {
	tools := []*Tool{
		{Name: "b", Package: "p"},
		{Name: "", Package: "p"},
		{Name: "a", Package: "q"},
		{Name: "a", Package: "p"},
	}
	var got []string
	for _, tool := range New(tools).Tools {
		got = append(got, tool.Package+"."+tool.Name)
	}
	if diff := cmp.Diff([]string{"p.a", "q.a", "p.b"}, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
	if n := len(Unnamed(tools)); n != 1 {
		t.Errorf("Unnamed: %d tools, want 1", n)
	}
}
