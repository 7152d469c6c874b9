// Package depcache is mcperrlint's persistent cache of what its
// error-flow layer learns about dependency packages: the summaries of
// their functions (which raw values their errors and results carry,
// which of their parameters they hand on), so that a dependency module's
// code is analysed once per version, not once per run.
//
// An entry is content-addressed: its key (Key) hashes the analyzer's
// build, the package's import path and module version, and the keys of
// the packages it imports, as the go command's action IDs do, so that an
// entry never outlives what it was computed from. Entries are files
// under one directory, written atomically; reading one marks it used,
// and Trim removes those unused for a while, as the go command trims its
// build cache.
//
// Where it lives: $MCPERRLINT_CACHE when set (a directory, or "off" to
// disable it), else mcperrlint/deps under os.UserCacheDir.
package depcache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// EnvVar names the environment variable that relocates the cache (a
// directory) or disables it ("off").
const EnvVar = "MCPERRLINT_CACHE"

// A Cache is a directory of entries.
type Cache struct {
	dir string
}

// Open returns the cache $MCPERRLINT_CACHE names, or the default one;
// nil, with no error, when it is disabled.
func Open() (*Cache, error) {
	return OpenDir(os.Getenv(EnvVar))
}

// OpenDir returns the cache in dir: "" for the default location, "off"
// for none (nil, with no error).
func OpenDir(dir string) (*Cache, error) {
	switch dir {
	case "off":
		return nil, nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil, fmt.Errorf("no cache directory for mcperrlint (set %s to one, or to off): %v", EnvVar, err)
		}
		dir = filepath.Join(base, "mcperrlint", "deps")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("mcperrlint's cache: %v (set %s to another directory, or to off)", err, EnvVar)
	}
	return &Cache{dir: dir}, nil
}

// Dir returns the cache's directory.
func (c *Cache) Dir() string { return c.dir }

// A Key addresses an entry.
type Key [sha256.Size]byte

func (k Key) String() string { return hex.EncodeToString(k[:]) }

// ParseKey reads a key written by String.
func ParseKey(s string) (Key, bool) {
	var k Key
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(k) {
		return k, false
	}
	copy(k[:], b)
	return k, true
}

// PackageKey returns the key of a package's entry: its import path, the
// version of the module it belongs to (module@version), and the keys of
// the packages it imports whose entries it was computed from, in any
// order. The analyzer's build is part of every key (see Build).
func PackageKey(path, module string, imports []Key) Key {
	sorted := slices.Clone(imports)
	slices.SortFunc(sorted, func(a, b Key) int { return strings.Compare(string(a[:]), string(b[:])) })
	h := sha256.New()
	fmt.Fprintf(h, "mcperrlint depcache v1\nbuild %s\npackage %s\nmodule %s\n", Build(), path, module)
	for _, k := range sorted {
		fmt.Fprintf(h, "import %x\n", k[:])
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// Build identifies the running analyzer's build: its module version, or
// the hash of its executable when it has none (a development build), so
// that an entry written by one build of the analyzer is never read by
// another.
var Build = sync.OnceValue(func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		v := bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" {
				v += " " + s.Value
			}
		}
		if v != "" && v != "(devel)" && !strings.HasSuffix(v, " true") {
			return bi.Main.Path + "@" + v
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	data, err := os.ReadFile(exe)
	if err != nil {
		return "unknown"
	}
	sum := sha256.Sum256(data)
	return "exe " + hex.EncodeToString(sum[:])
})

// path returns the file of an entry: two levels, as the go command's
// cache lays them out, so that no directory grows too large.
func (c *Cache) path(k Key) string {
	s := k.String()
	return filepath.Join(c.dir, s[:2], s+"-d")
}

// Has reports whether the cache holds an entry for k.
func (c *Cache) Has(k Key) bool {
	if c == nil {
		return false
	}
	_, err := os.Stat(c.path(k))
	return err == nil
}

// Get returns the entry for k, and marks it used.
func (c *Cache) Get(k Key) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	file := c.path(k)
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	c.used(file)
	return data, true
}

// mtimeInterval is how stale an entry's time may be before a read
// updates it: as the go command does, not on every read.
const mtimeInterval = time.Hour

// used marks file as used now, unless it was within mtimeInterval.
func (c *Cache) used(file string) {
	if fi, err := os.Stat(file); err == nil && time.Since(fi.ModTime()) > mtimeInterval {
		now := time.Now()
		os.Chtimes(file, now, now)
	}
}

// Put writes the entry for k, atomically: a reader sees all of it or
// none.
func (c *Cache) Put(k Key, data []byte) error {
	if c == nil {
		return nil
	}
	file := c.path(k)
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// The cache is trimmed as the go command trims its own: at most once a
// day (trimInterval), entries unused for five days (trimLimit) go.
const (
	trimInterval = 24 * time.Hour
	trimLimit    = 5 * 24 * time.Hour
)

// Trim removes the entries unused for trimLimit, unless the cache was
// trimmed within trimInterval. It reports how many it removed.
func (c *Cache) Trim() (int, error) {
	if c == nil {
		return 0, nil
	}
	return c.trim(time.Now())
}

func (c *Cache) trim(now time.Time) (int, error) {
	stamp := filepath.Join(c.dir, "trim.txt")
	if data, err := os.ReadFile(stamp); err == nil {
		if sec, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && now.Sub(time.Unix(sec, 0)) < trimInterval {
			return 0, nil
		}
	}
	removed := 0
	err := filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, "-d") && !strings.Contains(filepath.Base(p), "tmp-") {
			return nil
		}
		fi, err := d.Info()
		if err == nil && now.Sub(fi.ModTime()) > trimLimit {
			if os.Remove(p) == nil {
				removed++
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return removed, err
	}
	return removed, os.WriteFile(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o666)
}

// Size returns how many entries the cache holds and their bytes.
func (c *Cache) Size() (entries int, bytes int64, err error) {
	if c == nil {
		return 0, 0, nil
	}
	err = filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, "-d") {
			return nil
		}
		if fi, err := d.Info(); err == nil {
			entries++
			bytes += fi.Size()
		}
		return nil
	})
	return entries, bytes, err
}
