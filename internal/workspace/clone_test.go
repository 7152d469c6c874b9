package workspace_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildFromClone copies the repository's files, as a fresh clone has
// them, and builds and vets every module of it on its own (GOWORK=off),
// with the go command's default -mod=readonly: the linter builds with
// go build ./cmd/mcperrlint, and go vet ./... passes in each module, tests
// included. It works only because each go.mod points the runtime's release
// version at the checkout and its go.sum is complete.
func TestBuildFromClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every module of a copy of the repository: not with -short")
	}
	clone := copyCheckout(t)
	env := []string{"GOWORK=off", "GOFLAGS=" + os.Getenv("GOFLAGS") + " -mod=readonly"}
	run(t, clone, env, "go", "build", "-o", filepath.Join(t.TempDir(), "mcperrlint"), "./cmd/mcperrlint")
	for _, dir := range append(published(), "runtime/internal/crosssdk", "examples") {
		t.Run(dir, func(t *testing.T) {
			run(t, filepath.Join(clone, dir), env, "go", "vet", "./...")
		})
	}
}

// copyCheckout copies the files of the repository that a clone would have
// (the tracked ones, and the untracked ones git does not ignore, about to
// be committed) into a temporary directory, and returns it. It skips the
// test outside a git checkout.
func copyCheckout(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = repo
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("not a git checkout, nothing to clone: git ls-files: %v\n%s", err, stderr.String())
	}
	clone := t.TempDir()
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		from := filepath.Join(repo, filepath.FromSlash(name))
		info, err := os.Lstat(from)
		if os.IsNotExist(err) {
			continue // deleted, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		if !info.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(clone, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
	return clone
}
