package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestScore(t *testing.T) {
	defects := []defect{
		{"a.go", 10, "preserve-cause-on-rethrow"},
		{"a.go", 20, "sdk-protocol-error"},
		{"b.go", 5, "no-stringify-upstream-error"},
	}
	fs := []finding{
		{"preserve-cause-on-rethrow", "a.go", 11},  // within a line
		{"preserve-cause-on-rethrow", "a.go", 10},  // the same defect again
		{"sdk-protocol-error", "a.go", 22},         // too far
		{"no-stringify-upstream-error", "a.go", 5}, // another file
		{"preserve-cause-on-rethrow", "b.go", 5},   // another rule
	}
	got := score(fs, defects)
	if diff := cmp.Diff(scored{found: 1, unmatched: 3}, got, cmp.AllowUnexported(scored{})); diff != "" {
		t.Errorf("score (-want +got):\n%s", diff)
	}
}

func TestReadReview(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.md")
	os.WriteFile(path, []byte("# notes\nDEFECT\tpkg/a.go:12\tsdk-protocol-error \tHandler\twhy\nDOUBT\tpkg/b.go:3\tx\n"), 0o644)
	got, err := readReview(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]defect{{"pkg/a.go", 12, "sdk-protocol-error"}}, got, cmp.AllowUnexported(defect{})); diff != "" {
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
