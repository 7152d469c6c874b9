package corpus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// CacheDir is where fetched corpora are kept between runs:
// $MCPERRLINT_CORPUS_DIR, or mcperrlint/corpus in the user's cache
// directory (beside the golangci-lint build of scripts/build-golangci.sh),
// or in the temporary directory when there is none.
func CacheDir() (string, error) {
	if dir := os.Getenv("MCPERRLINT_CORPUS_DIR"); dir != "" {
		return filepath.Abs(dir)
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "mcperrlint", "corpus"), nil
}

// Env is the environment of the go commands and of mcperrlint run on a
// corpus: the caller's, outside any workspace.
func Env() []string { return append(os.Environ(), "GOWORK=off") }

// Fetch returns a writable copy of module@version in cacheDir, with its
// dependencies downloaded, making it the first time: the module comes from
// the Go module proxy (go mod download), and is copied out of the
// read-only module cache. A copy is complete once it has its final name,
// so an interrupted fetch is redone, and concurrent ones do not collide.
func Fetch(ctx context.Context, cacheDir, module, version string) (string, error) {
	dst := filepath.Join(cacheDir, strings.ReplaceAll(module, "/", "_")+"@"+version)
	if _, err := os.Stat(dst); err == nil {
		return dst, nil
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	src, err := download(ctx, cacheDir, module+"@"+version)
	if err != nil {
		return "", err
	}
	removeStale(cacheDir)
	tmp, err := os.MkdirTemp(cacheDir, ".fetch-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	copyDir := filepath.Join(tmp, "m")
	// CopyFS makes the files writable, unlike the module cache's.
	if err := os.CopyFS(copyDir, os.DirFS(src)); err != nil {
		return "", fmt.Errorf("copying %s: %v", src, err)
	}
	if out, err := goCmd(ctx, copyDir, "mod", "download"); err != nil {
		return "", fmt.Errorf("go mod download in %s@%s: %v\n%s", module, version, err, out)
	}
	if err := os.Rename(copyDir, dst); err != nil {
		if _, statErr := os.Stat(dst); statErr == nil {
			return dst, nil // fetched by a concurrent run
		}
		return "", err
	}
	return dst, nil
}

// removeStale removes what fetches killed before they finished left
// behind: temporary directories more than an hour old.
func removeStale(cacheDir string) {
	stale, _ := filepath.Glob(filepath.Join(cacheDir, ".fetch-*"))
	for _, dir := range stale {
		if fi, err := os.Stat(dir); err == nil && time.Since(fi.ModTime()) > time.Hour {
			os.RemoveAll(dir)
		}
	}
}

// download runs go mod download -json for one module version and returns
// its directory in the module cache.
func download(ctx context.Context, dir, modVersion string) (string, error) {
	out, err := goCmd(ctx, dir, "mod", "download", "-json", modVersion)
	var m struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &m); jerr != nil {
		if err == nil {
			err = jerr
		}
		return "", fmt.Errorf("go mod download -json %s: %v\n%s", modVersion, err, out)
	}
	if m.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", modVersion, m.Error)
	}
	if m.Dir == "" {
		return "", errors.New("go mod download " + modVersion + ": no directory")
	}
	return m.Dir, nil
}

// goCmd runs the go command in dir and returns its standard output, or its
// standard error with the error.
func goCmd(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = Env()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if stdout.Len() > 0 {
			return stdout.Bytes(), fmt.Errorf("%v: %s", err, stderr.Bytes())
		}
		return stderr.Bytes(), err
	}
	return stdout.Bytes(), nil
}
