package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScore(t *testing.T) {
	defects := []defect{
		{file: "a.go", line: 10, class: "cause"},
		{file: "a.go", line: 20, class: "protocol"},
		{file: "b.go", line: 5, class: "body"},
		{file: "c.go", line: 7, class: "protocol"},
		{file: "c.go", line: 9, class: "result"},
	}
	fs := []finding{
		{Rule: "preserve-cause-on-rethrow", File: "a.go", Line: 11},  // within a line
		{Rule: "preserve-cause-on-rethrow", File: "a.go", Line: 10},  // the same defect again
		{Rule: "sdk-protocol-error", File: "a.go", Line: 22},         // too far
		{Rule: "no-stringify-upstream-error", File: "a.go", Line: 5}, // another file
		{Rule: "preserve-cause-on-rethrow", File: "b.go", Line: 5},   // another class
		// A root whose related positions are the returns it explains.
		{Rule: "sdk-protocol-error", File: "d.go", Line: 1, Related: []position{{"c.go", 7}, {"c.go", 9}}},
	}
	got := score(fs, defects)
	if diff := cmp.Diff([]bool{true, false, false, true, false}, got.found); diff != "" {
		t.Errorf("found (-want +got):\n%s", diff)
	}
	if len(got.unmatched) != 3 {
		t.Errorf("unmatched = %v, want 3", got.unmatched)
	}
	if got, want := byClass(defects, got), "protocol 1/2, result 0/1, body 0/1, cause 1/1"; got != want {
		t.Errorf("byClass = %q, want %q", got, want)
	}
}

func TestReadReview(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.md")
	os.WriteFile(path, []byte("# notes\nDEFECT\tpkg/a.go:12\tsdk-protocol-error \tHandler\twhy\nDOUBT\tpkg/b.go:3\tx\nDEFECT\tpkg/c.go:4\tpreserve-cause-on-rethrow\tswallow\n"), 0o644)
	got, err := readReview(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []defect{
		{"pkg/a.go", 12, "sdk-protocol-error", "protocol", "DEFECT\tpkg/a.go:12\tsdk-protocol-error \tHandler\twhy"},
		{"pkg/c.go", 4, "preserve-cause-on-rethrow", "swallow", "DEFECT\tpkg/c.go:4\tpreserve-cause-on-rethrow\tswallow"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(defect{})); diff != "" {
		t.Errorf("readReview (-want +got):\n%s", diff)
	}
	os.WriteFile(path, []byte("DEFECT\tpkg/a.go\tx\n"), 0o644)
	if _, err := readReview(path); err == nil {
		t.Error("readReview accepted a defect without a line")
	}
}

func TestByRule(t *testing.T) {
	got := byRule([]finding{{Rule: "b"}, {Rule: "a"}, {Rule: "b"}})
	if got != "b 2, a 1" {
		t.Errorf("byRule = %q", got)
	}
}
