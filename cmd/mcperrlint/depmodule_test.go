package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/internal/modproxy"
)

// TestDependencyModule runs the standalone driver on a server whose
// failures come from a client library of another module, released at a
// version to a module proxy of the test's own: the library's error type
// prints the response body, and one of its methods is reached through an
// interface. The first run summarises the library from source and keeps
// its summaries; the second, warm, leaves it out of the checker's graph
// and reads them from the cache (internal/load's CutCached); a run with
// no cache summarises it again. All three must find the same: the body in
// both tools' texts.
func TestDependencyModule(t *testing.T) {
	if testing.Short() {
		t.Skip("sets up a module proxy and a module cache of its own")
	}
	gomodcache := strings.TrimSpace(goEnv(t, "GOMODCACHE"))
	downloads := filepath.Join(gomodcache, "cache", "download")
	proxy := t.TempDir()
	if err := modproxy.Release(proxy, "example.com/ticketclient", "v1.0.0", filepath.Join("testdata", "depmodule", "ticketclient")); err != nil {
		t.Fatal(err)
	}
	srv := t.TempDir()
	for _, name := range []string{"go.mod", "main.go"} {
		data, err := os.ReadFile(filepath.Join("testdata", "depmodule", "server", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(srv, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(),
		"GOWORK=off", "GOFLAGS=-modcacherw -mod=mod", "GOMODCACHE="+t.TempDir(),
		// The module cache serves what the fixture needs; what a fresh
		// cache lacks (the test dependencies of its dependencies, which
		// go mod tidy reads) comes from the proxy the go command uses.
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(downloads)+","+strings.TrimSpace(goEnv(t, "GOPROXY")),
		"GOSUMDB=off") // the fake release is on no checksum database
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir, tidy.Env = srv, env
	if out, err := tidy.CombinedOutput(); err != nil {
		t.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	cache := t.TempDir()
	lint := func(cacheDir string) []string {
		t.Helper()
		cmd := exec.Command(binary, "-format=json", "./...")
		cmd.Dir = srv
		cmd.Env = append(slices.Clone(env), "MCPERRLINT_CACHE="+cacheDir)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if exit, ok := err.(*exec.ExitError); err != nil && (!ok || exit.ExitCode() != 3) {
			t.Fatalf("mcperrlint with cache %s: %v\n%s", cacheDir, err, stderr.String())
		}
		var doc struct {
			Findings []struct {
				Rule, File, Message string
				Line                int
				Related             []struct {
					File, Message string
					Line          int
				}
			}
		}
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatalf("mcperrlint -format=json: %v\n%s", err, out)
		}
		var got []string
		for _, f := range doc.Findings {
			got = append(got, fmt.Sprintf("%s:%d: %s: %s", f.File, f.Line, f.Rule, f.Message))
			for _, r := range f.Related {
				got = append(got, fmt.Sprintf("\t%s:%d: %s", r.File, r.Line, r.Message))
			}
		}
		return got
	}
	cold := lint(cache)
	// Each tool's text, as a finding or as a return the library's root
	// finding points at.
	for _, line := range []string{"main.go:21:", "main.go:31:"} {
		if !slices.ContainsFunc(cold, func(f string) bool { return strings.Contains(f, line) }) {
			t.Errorf("the cold run does not point at %s, where the body enters a tool's text:\n%s", line, strings.Join(cold, "\n"))
		}
	}
	if warm := lint(cache); !slices.Equal(warm, cold) {
		t.Errorf("the warm run, with the library out of the graph, found something else:\n%s", cmp.Diff(cold, warm))
	}
	if off := lint("off"); !slices.Equal(off, cold) {
		t.Errorf("the run without a cache found something else:\n%s", cmp.Diff(cold, off))
	}
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
