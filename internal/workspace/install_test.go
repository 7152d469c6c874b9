package workspace_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"

	"github.com/mcperrlint/mcperrlint/internal/workspace"
)

// TestGoInstallAtVersion releases the checkout to a module proxy of its own
// (the linter as v0.99.0, runtime/mcperr at RuntimeVersion) and runs
//
//	go install github.com/mcperrlint/mcperrlint/cmd/mcperrlint@v0.99.0
//
// against it, as a user would against the real one: it works only because
// no released go.mod has a replace directive and the linter requires the
// runtime at a version that exists. Everything else comes from the module
// cache's downloads, served as a proxy, into a module cache of the test's
// own: the fake releases never reach the real cache, and nothing is
// fetched from the network. It compiles the linter, so it runs with
// MCPERRLINT_E2E=1.
func TestGoInstallAtVersion(t *testing.T) {
	if os.Getenv("MCPERRLINT_E2E") != "1" || testing.Short() {
		t.Skip("builds mcperrlint from a module proxy: set MCPERRLINT_E2E=1 to run (scripts/test.sh does)")
	}
	proxy := t.TempDir()
	release(t, proxy, workspace.Root, "v0.99.0", repo)
	release(t, proxy, workspace.Root+"/runtime/mcperr", workspace.RuntimeVersion, filepath.Join(repo, "runtime", "mcperr"))

	downloads := filepath.Join(strings.TrimSpace(run(t, "", nil, "go", "env", "GOMODCACHE")), "cache", "download")
	gobin := t.TempDir()
	run(t, t.TempDir(), []string{
		"GOWORK=off", "GOFLAGS=-modcacherw", "GOBIN=" + gobin, "GOMODCACHE=" + t.TempDir(),
		"GOPROXY=file://" + filepath.ToSlash(proxy) + ",file://" + filepath.ToSlash(downloads),
		"GOSUMDB=off", // the fake releases are on no checksum database
	}, "go", "install", workspace.Root+"/cmd/mcperrlint@v0.99.0")
	if out := run(t, "", nil, filepath.Join(gobin, "mcperrlint"), "-V=full"); !strings.Contains(out, "mcperrlint") {
		t.Errorf("the installed mcperrlint says %q", out)
	}
}

// release puts the module in dir, as version, into a file-system module
// proxy.
func release(t *testing.T, proxy, path, version, dir string) {
	t.Helper()
	escaped, err := module.EscapePath(path)
	if err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(proxy, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := zip.CreateFromDir(&buf, module.Version{Path: path, Version: version}, dir); err != nil {
		t.Fatalf("zipping %s: %v", path, err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info := `{"Version":"` + version + `","Time":"` + time.Now().UTC().Format(time.RFC3339) + `"}`
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(info),
		version + ".mod":  gomod,
		version + ".zip":  buf.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
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
