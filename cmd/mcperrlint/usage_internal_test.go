package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEHasUsage keeps the README's "Running it" equal to what
// mcperrlint -h prints before its flags.
func TestREADMEHasUsage(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := "```\n" + strings.TrimSuffix(usageText, "\n") + "\n```"
	if !strings.Contains(string(readme), block) {
		t.Errorf("README.md lacks the usage text of mcperrlint -h, in a code block:\n%s", block)
	}
}
