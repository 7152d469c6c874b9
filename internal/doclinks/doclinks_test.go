package doclinks_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/doclinks"
)

// TestRepositoryLinks checks every relative link of README.md and of the
// pages under docs/: the file exists, and an #anchor names a heading of the
// page it points into.
func TestRepositoryLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	pages, err := doclinks.Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 2 {
		t.Fatalf("pages = %v: README.md and docs/ expected", pages)
	}
	problems, err := doclinks.Check(root, pages)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// The anchors below are GitHub's own, read off rendered pages.
func TestSlug(t *testing.T) {
	for text, want := range map[string]string{
		"Why":            "why",
		"runtime/mcperr": "runtimemcperr",
		"`RequestFrom`":  "requestfrom",
		"Upstream HTTP failures: `FromHTTPResponse`":                "upstream-http-failures-fromhttpresponse",
		"What each SDK does with a handler's return values":         "what-each-sdk-does-with-a-handlers-return-values",
		"How a return reaches the client: what is followed":         "how-a-return-reaches-the-client-what-is-followed",
		"Why the raw registration: go-sdk v1.8.0 behaviours":        "why-the-raw-registration-go-sdk-v180-behaviours",
		"error-contract-recovery-min-words":                         "error-contract-recovery-min-words",
		"Analyzer sdkresult":                                        "analyzer-sdkresult",
		"How: the loader (`internal/load`)":                         "how-the-loader-internalload",
		"SARIF and GitHub code scanning":                            "sarif-and-github-code-scanning",
		"A [linked](https://example.com) heading":                   "a-linked-heading",
		"snake_case and `-NAME.flag`":                               "snake_case-and--nameflag",
		"Fewer allocations, no repeated test variants (2026-11-24)": "fewer-allocations-no-repeated-test-variants-2026-11-24",
	} {
		if got := doclinks.Slug(text); got != want {
			t.Errorf("Slug(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestAnchors(t *testing.T) {
	md := "# Title\n\n## Usage\n\n```sh\n# not a heading\n```\n\n## Usage\n\n<!--\n## hidden\n-->\n### `Code` spans ###\n#hashtag\n    ## indented four spaces is no heading\n"
	got := doclinks.Anchors(md)
	for _, want := range []string{"title", "usage", "usage-1", "code-spans"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	for _, not := range []string{"not-a-heading", "hidden", "hashtag", "indented-four-spaces-is-no-heading"} {
		if got[not] {
			t.Errorf("anchor %q should not exist: %v", not, got)
		}
	}
}

func TestLinks(t *testing.T) {
	md := "See [the guide](docs/runtime.md#install) and ![a](img.png \"title\").\n" +
		"`[not](a-link.md)` and ```[nor](this.md)```\n" +
		"```go\nx := m[k](v)\n```\n" +
		"[ref]: docs/hosts.md\n" +
		"[`code` text](#anchor) <!-- [hidden](gone.md) -->\n"
	var got []string
	for _, l := range doclinks.Links(md) {
		got = append(got, l.Target)
	}
	want := []string{"docs/runtime.md#install", "img.png", "docs/hosts.md", "#anchor"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Links = %q, want %q", got, want)
	}
}

func TestCheck(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", "# Top\n[ok](docs/a.md#part-one) [bad anchor](docs/a.md#part-two) [gone](docs/b.md)\n[self](#top) [no](#bottom) [dir](docs) [web](https://example.com/x.md#y)\n")
	write("docs/a.md", "# A\n## Part one\n[up](../README.md#top) [out](../../x.md) [code](../main.go#L3)\n")
	write("main.go", "package main\n")
	pages, err := doclinks.Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	problems, err := doclinks.Check(root, pages)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.File+" "+p.Link)
	}
	want := []string{"README.md docs/a.md#part-two", "README.md docs/b.md", "README.md #bottom", "docs/a.md ../../x.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems = %q, want %q", got, want)
	}
}
