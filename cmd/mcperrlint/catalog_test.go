package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCatalogGolden holds both forms of the fixture's catalog to golden
// files (which also shows they are deterministic), and checks that they
// are free of machine details.
func TestCatalogGolden(t *testing.T) {
	t.Parallel()
	repo, _ := filepath.Abs(filepath.Join("..", ".."))
	for _, tc := range []struct{ format, golden string }{
		{"md", "hosts-catalog.md"},
		{"json", "hosts-catalog.json"},
	} {
		stdout, stderr, code := run(t, ".", binary, "-C", hostsDir, "catalog", "-format", tc.format, "./...")
		if code != 0 {
			t.Fatalf("catalog -format %s: exit code %d\n%s", tc.format, code, stderr)
		}
		if diff := cmp.Diff(string(golden(t, tc.golden, []byte(stdout))), stdout); diff != "" {
			t.Errorf("catalog -format %s (-want +got):\n%s", tc.format, diff)
		}
		if strings.Contains(stdout, repo) || strings.Contains(stdout, os.TempDir()) {
			t.Errorf("catalog -format %s contains an absolute path", tc.format)
		}
	}
}

// released writes the fixture's JSON catalog, changed by change, to a
// file, as the catalog of an earlier release.
func released(t *testing.T, change func(tools []map[string]any) []map[string]any) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "golden", "hosts-catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Version int              `json:"version"`
		Tools   []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	c.Tools = change(c.Tools)
	data, _ = json.Marshal(c)
	file := filepath.Join(t.TempDir(), "mcperr-catalog.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// tool returns the tool named name of a decoded catalog, and its errors.
func tool(t *testing.T, tools []map[string]any, name string) (map[string]any, []any) {
	t.Helper()
	for _, tool := range tools {
		if tool["name"] == name {
			errs, _ := tool["errors"].([]any)
			return tool, errs
		}
	}
	t.Fatalf("no tool %s", name)
	return nil, nil
}

func TestCatalogCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change func(tools []map[string]any) []map[string]any
		code   int
		want   []string // lines of standard output, after the file name
	}{{
		name:   "unchanged",
		change: func(tools []map[string]any) []map[string]any { return tools },
	}, {
		name: "pure addition",
		// The code has a tool, a reason and a reworded entry that the
		// release had not.
		change: func(tools []map[string]any) []map[string]any {
			get, errs := tool(t, tools, "get_note")
			get["errors"] = errs[:1]
			errs[0].(map[string]any)["when"] = "Worded differently before."
			var kept []map[string]any
			for _, tl := range tools {
				if tl["name"] != "search" {
					kept = append(kept, tl)
				}
			}
			return kept
		},
	}, {
		name: "removed reason, changed code, removed tool",
		change: func(tools []map[string]any) []map[string]any {
			get, errs := tool(t, tools, "get_note")
			errs[1].(map[string]any)["code"] = -32002
			errs[1].(map[string]any)["codeName"] = "Conflict"
			get["errors"] = append(errs, map[string]any{"reason": "note_gone", "code": -32001, "codeName": "NotFound"})
			tools[0]["name"] = "delete_note" // was append: a tool removed, one added
			return tools
		},
		code: 3,
		want: []string{
			`tool "delete_note" was removed: its reason "conflict" (Conflict (-32002)) is no longer declared`,
			`tool "get_note": reason "note_gone" (NotFound (-32001)) was removed; clients may depend on it: restore it`,
			`tool "get_note": reason "note_locked" changed code from Conflict (-32002) to Forbidden (-32005); released codes are stable: restore it, or declare a new reason`,
		},
	}} {
		file := released(t, tc.change)
		stdout, stderr, code := run(t, hostsDir, binary, "catalog", "-check", file, "./...")
		var want string
		for _, line := range tc.want {
			want += file + ": " + line + "\n"
		}
		if code != tc.code || stdout != want {
			t.Errorf("%s: exit code %d, want %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", tc.name, code, tc.code, stdout, want, stderr)
		}
		if tc.code != 0 && !strings.Contains(stderr, "additions are fine") {
			t.Errorf("%s: stderr does not say what is allowed: %s", tc.name, stderr)
		}
	}
}

// TestCatalogCheckMarkdown checks the released Markdown registry, after a
// change to the code: the guard works on ERROR_CODES.md itself.
func TestCatalogCheckMarkdown(t *testing.T) {
	t.Parallel()
	dir := copyFixture(t, hostsDir)
	md := filepath.Join(dir, "ERROR_CODES.md")
	stdout, stderr, code := run(t, dir, binary, "catalog", "./...")
	if code != 0 {
		t.Fatalf("catalog: exit code %d\n%s", code, stderr)
	}
	if err := os.WriteFile(md, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, filepath.Join(dir, "server", "server.go"), func(s string) string {
		s = strings.Replace(s, "mcperr.CodeForbidden", "mcperr.CodeUnauthorized", 1)
		return strings.Replace(s, `{Reason: "query_long"`, `{Reason: "query_too_long"`, 1)
	})
	stdout, stderr, code = run(t, dir, binary, "catalog", "-check", md, "./...")
	want := md + `: tool "get_note": reason "note_locked" changed code from Forbidden (-32005) to Unauthorized (-32006); released codes are stable: restore it, or declare a new reason
` + md + `: tool "search": reason "query_long" (InvalidParams (-32602)) was removed; clients may depend on it: restore it
`
	if code != 3 || stdout != want {
		t.Errorf("catalog -check ERROR_CODES.md: exit code %d, want 3\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}
}

func TestCatalogUsage(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"catalog", "-format", "yaml", "./..."}, 2, `unknown -format "yaml": use -format md or -format json`},
		{[]string{"catalog"}, 2, "no packages: mcperrlint catalog ./... > ERROR_CODES.md"},
		{[]string{"catalog", "./...", "-format=json"}, 2, "flag -format=json comes after the packages"},
		{[]string{"catalog", "-check", "no-such-file.json", "./..."}, 1, "-check no-such-file.json: open no-such-file.json"},
		{[]string{"catalog", "-check", "go.mod", "./..."}, 1, "neither JSON nor a Markdown catalog"},
		{[]string{"catalog", "-nosuchflag", "./..."}, 2, "flag provided but not defined: -nosuchflag"},
	} {
		_, stderr, code := run(t, hostsDir, binary, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("mcperrlint %s: exit code %d, stderr:\n%s\nwant %d and %q", strings.Join(tc.args, " "), code, stderr, tc.code, tc.want)
		}
	}
}
