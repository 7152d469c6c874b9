package main_test

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostsDir is the fixture module of the -format and catalog tests.
var hostsDir = filepath.Join("testdata", "hosts")

// updateGolden reports whether the tests should rewrite their golden files
// (go test -update). The flag is defined here unless another test file of
// the package already defines it.
func updateGolden() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files")
	}
}

// golden compares got with the golden file name, or rewrites it with
// -update.
func golden(t *testing.T, name string, got []byte) []byte {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if updateGolden() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	return want
}

// copyFixture copies a fixture module (or the demo) to a temporary
// directory, pointing its go.work at this repository, so a test can edit
// it.
func copyFixture(t *testing.T, src string) string {
	t.Helper()
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	absSrc, err := filepath.Abs(src)
	if err != nil {
		t.Fatal(err)
	}
	// How the go.work names this repository: "../.." from the demo,
	// "../../../.." from this package's fixtures.
	repoFromSrc, err := filepath.Rel(absSrc, repo)
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dst, "go.work")
	data, err := os.ReadFile(work)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.ReplaceAll(string(data), filepath.ToSlash(repoFromSrc), filepath.ToSlash(repo)))
	if err := os.WriteFile(work, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// CopyFS keeps the read-only modes of a checkout; tests edit files.
	filepath.WalkDir(dst, func(path string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chmod(path, 0o755)
		}
		return nil
	})
	return dst
}

// edit rewrites a file of a copied fixture.
func edit(t *testing.T, file string, change func(string) string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(change(string(data))), 0o644); err != nil {
		t.Fatal(err)
	}
}
