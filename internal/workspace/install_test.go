package workspace_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/internal/modproxy"
	"github.com/mcperrlint/mcperrlint/internal/workspace"
)

// TestGoInstallAtVersion releases a copy of the checkout as a release
// commit has it (its go.mod files through scripts/release-gomod.sh) to a
// module proxy of its own (the linter as v0.99.0, runtime/mcperr at
// RuntimeVersion) and runs
//
//	go install github.com/mcperrlint/mcperrlint/cmd/mcperrlint@v0.99.0
//
// against it, as a user would against the real one: it works only because
// the released go.mod has no replace directive and the linter requires the
// runtime at a version that exists. The same install of the checkout's
// go.mod as it is, replace directives and all, must fail: that is why a
// release drops them. Everything else comes from the module cache's
// downloads, served as a proxy, into a module cache of the test's own: the
// fake releases never reach the real cache, and nothing is fetched from
// the network. It compiles the linter, so it runs with MCPERRLINT_E2E=1.
func TestGoInstallAtVersion(t *testing.T) {
	if os.Getenv("MCPERRLINT_E2E") != "1" || testing.Short() {
		t.Skip("builds mcperrlint from a module proxy: set MCPERRLINT_E2E=1 to run (scripts/test.sh does)")
	}
	downloads := filepath.Join(strings.TrimSpace(run(t, "", nil, "go", "env", "GOMODCACHE")), "cache", "download")
	install := func(t *testing.T, checkout string) (gobin string, err error) {
		proxy := t.TempDir()
		release(t, proxy, workspace.Root, "v0.99.0", checkout)
		release(t, proxy, workspace.Root+"/runtime/mcperr", workspace.RuntimeVersion, filepath.Join(checkout, "runtime", "mcperr"))
		gobin = t.TempDir()
		cmd := exec.Command("go", "install", workspace.Root+"/cmd/mcperrlint@v0.99.0")
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(),
			"GOWORK=off", "GOFLAGS=-modcacherw", "GOBIN="+gobin, "GOMODCACHE="+t.TempDir(),
			"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(downloads),
			"GOSUMDB=off") // the fake releases are on no checksum database
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go install: %v\n%s", err, out)
		}
		return gobin, nil
	}

	t.Run("released", func(t *testing.T) {
		released := copyCheckout(t)
		run(t, released, nil, "bash", "scripts/release-gomod.sh")
		gobin, err := install(t, released)
		if err != nil {
			t.Fatal(err)
		}
		if out := run(t, "", nil, filepath.Join(gobin, "mcperrlint"), "-V=full"); !strings.Contains(out, "mcperrlint") {
			t.Errorf("the installed mcperrlint says %q", out)
		}
	})
	t.Run("with the checkout's replace directives", func(t *testing.T) {
		_, err := install(t, copyCheckout(t))
		if err == nil || !strings.Contains(err.Error(), "replace directives") {
			t.Fatalf("go install of a go.mod with replace directives: %v; want it refused", err)
		}
		t.Logf("refused, as it must be: %v", err)
	})
}

// release puts the module in dir, as version, into a file-system module
// proxy.
func release(t *testing.T, proxy, path, version, dir string) {
	t.Helper()
	if err := modproxy.Release(proxy, path, version, dir); err != nil {
		t.Fatal(err)
	}
}

// run runs a command with extra environment and returns its standard
// output, failing the test if it fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}
