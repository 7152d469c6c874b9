package synth

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateBuilds checks that a generated server compiles, tests
// included, and has the tools asked for.
func TestGenerateBuilds(t *testing.T) {
	dir := t.TempDir()
	if err := Generate(dir, Config{Tools: 45, PerPackage: 20, Repo: "../../.."}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet ./...: %v\n%s", err, out)
	}
	tools, _ := filepath.Glob(filepath.Join(dir, "tools", "*", "tool[0-9]*.go"))
	if len(tools) != 45 {
		t.Errorf("%d tool files, want 45", len(tools))
	}
	main, err := os.ReadFile(filepath.Join(dir, "cmd", "server", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(main), ".Register(s)"); n != 3 {
		t.Errorf("main registers %d packages, want 3", n)
	}
}
