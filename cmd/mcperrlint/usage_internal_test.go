package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsHaveUsage keeps "Running it" in docs/linter.md equal to what
// mcperrlint -h prints before its flags.
func TestDocsHaveUsage(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "linter.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := "```\n" + strings.TrimSuffix(usageText, "\n") + "\n```"
	if !strings.Contains(string(page), block) {
		t.Errorf("docs/linter.md lacks the usage text of mcperrlint -h, in a code block:\n%s", block)
	}
}
