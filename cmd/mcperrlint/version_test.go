package main_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestVersionIsBuildID checks the answer to go vet's -V=full: the shape
// the go command parses, and the binary's own build ID, whose last part
// the go command keys its vet cache on.
func TestVersionIsBuildID(t *testing.T) {
	stdout, _, code := run(t, ".", binary, "-V=full")
	f := strings.Fields(stdout)
	if code != 0 || len(f) != 5 || f[1] != "version" || f[2] != "devel" || !strings.HasPrefix(f[4], "buildID=") {
		t.Fatalf("mcperrlint -V=full: exit code %d, %q", code, stdout)
	}
	out, err := exec.Command("go", "tool", "buildid", binary).Output()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.TrimPrefix(f[4], "buildID="), strings.TrimSpace(string(out)); got != want {
		t.Errorf("-V=full says build ID %q, go tool buildid says %q", got, want)
	}
}
