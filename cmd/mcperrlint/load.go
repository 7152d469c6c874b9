package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers"
	"github.com/mcperrlint/mcperrlint/internal/depcache"
	"github.com/mcperrlint/mcperrlint/internal/load"
)

// loadPackages loads the packages that patterns match, with their test
// variants when tests is set, ready for checker.Analyze. It is the only
// place that decides how packages are loaded, for the -format driver and
// the catalog alike.
//
// The analyzers exchange facts across packages, which makes the stock
// loader type-check every dependency from source. Only packages whose
// imports reach the mcperr runtime or import an MCP SDK can carry facts the
// rules need, so internal/load loads those (and the roots) from source and
// everything else from export data; allSource (-allsource) loads every
// package from source instead, for analyzers that would learn from the
// others (see internal/load).
//
// The summaries of dependency packages are kept in deps (nil: none are
// kept, and every dependency is summarised in every run): a dependency
// whose summaries it holds is loaded from export data, and the error-flow
// layer exports them from the cache; one it does not hold is loaded from
// source, summarised, and kept (see internal/depcache). With noDeps, no
// dependency is summarised at all.
func loadPackages(patterns []string, tests, allSource bool, deps *depcache.Cache, noDeps bool) ([]*packages.Package, error) {
	cfg := load.MCP(tests)
	cfg.AllSource = allSource
	cfg.Deps, cfg.NoDeps = deps, noDeps
	cfg.CutCached = true
	pkgs, st, err := load.Load(cfg, patterns...)
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err == nil && !allSource && !noDeps {
		useDependencyCache(deps, st)
	}
	return pkgs, err
}

// useDependencyCache hands the analyzers the cache, the keys of the
// dependencies, and those the loader cut from the graph because the cache
// holds their summaries.
func useDependencyCache(deps *depcache.Cache, st *load.Stats) {
	if o := st.Outside; o != nil {
		analyzers.UseDependencyCache(deps, st.DepKeys, o.Packages, o.Closure)
		return
	}
	analyzers.UseDependencyCache(deps, st.DepKeys, nil, nil)
}

// openDepCache opens the dependency summary cache -cache names, or
// $MCPERRLINT_CACHE, or the default one, and trims it as the go command
// trims its own (at most once a day).
func openDepCache(flagValue string) (*depcache.Cache, error) {
	dir := flagValue
	if dir == "" {
		dir = os.Getenv(depcache.EnvVar)
	}
	c, err := depcache.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	c.Trim()
	return c, nil
}

// sourceRoot returns the directory that reported paths are relative to:
// dir when set, else the directory of the go.work file in workspace mode,
// else that of the main module's go.mod, else the current directory. It is
// SARIF's %SRCROOT%, which code scanning resolves against the repository
// root: a module in a subdirectory of its repository passes -srcroot.
func sourceRoot(dir string) (string, error) {
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", fmt.Errorf("-srcroot: %v", err)
		}
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("-srcroot %s is not a directory", dir)
		}
		return abs, nil
	}
	out, err := exec.Command("go", "env", "GOWORK", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOWORK GOMOD: %v", err)
	}
	lines := strings.Split(string(bytes.TrimSpace(out))+"\n", "\n")
	for _, file := range lines[:2] {
		if file = strings.TrimSpace(file); file != "" && file != "off" && file != os.DevNull {
			return filepath.Dir(file), nil
		}
	}
	return os.Getwd()
}

// relPath returns filename relative to root with forward slashes, and
// whether it is inside root; a file outside root keeps its absolute path.
func relPath(root, filename string) (string, bool) {
	if rel, ok := relInside(root, filename); ok {
		return rel, true
	}
	// root or filename may be reached through a symbolic link.
	r, err1 := filepath.EvalSymlinks(root)
	f, err2 := filepath.EvalSymlinks(filename)
	if err1 == nil && err2 == nil {
		if rel, ok := relInside(r, f); ok {
			return rel, true
		}
	}
	return filepath.ToSlash(filename), false
}

func relInside(root, filename string) (string, bool) {
	rel, err := filepath.Rel(root, filename)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
