package depcache

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func TestPackageKeyIsContentAddressed(t *testing.T) {
	a := PackageKey("example.com/api", "example.com/api@v1.2.0", nil)
	if a != PackageKey("example.com/api", "example.com/api@v1.2.0", nil) {
		t.Error("the same package at the same version has two keys")
	}
	if a == PackageKey("example.com/api", "example.com/api@v1.3.0", nil) {
		t.Error("two versions of a package share a key")
	}
	dep1, dep2 := PackageKey("example.com/x", "example.com/x@v1.0.0", nil), PackageKey("example.com/x", "example.com/x@v1.1.0", nil)
	if PackageKey("example.com/api", "example.com/api@v1.2.0", []Key{dep1}) == PackageKey("example.com/api", "example.com/api@v1.2.0", []Key{dep2}) {
		t.Error("a package whose import changed version keeps its key")
	}
	if PackageKey("p", "m@v1", []Key{dep1, dep2}) != PackageKey("p", "m@v1", []Key{dep2, dep1}) {
		t.Error("the order of the imports changes the key")
	}
	if k, ok := ParseKey(a.String()); !ok || k != a {
		t.Error("a key does not read back")
	}
}

func TestPutGetHas(t *testing.T) {
	c, err := OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	k := PackageKey("p", "m@v1", nil)
	if c.Has(k) {
		t.Fatal("an empty cache has an entry")
	}
	if err := c.Put(k, []byte("summary")); err != nil {
		t.Fatal(err)
	}
	if !c.Has(k) {
		t.Error("Has does not see what Put wrote")
	}
	if got, ok := c.Get(k); !ok || !bytes.Equal(got, []byte("summary")) {
		t.Errorf("Get = %q, %v", got, ok)
	}
	if n, size, err := c.Size(); err != nil || n != 1 || size != int64(len("summary")) {
		t.Errorf("Size = %d entries, %d bytes, %v; want 1, %d", n, size, err, len("summary"))
	}
}

func TestOff(t *testing.T) {
	c, err := OpenDir("off")
	if err != nil || c != nil {
		t.Fatalf("OpenDir(off) = %v, %v; want no cache", c, err)
	}
	k := PackageKey("p", "m@v1", nil)
	if c.Has(k) || c.Put(k, nil) != nil {
		t.Error("a disabled cache holds something")
	}
	if _, ok := c.Get(k); ok {
		t.Error("a disabled cache returns an entry")
	}
}

func TestTrim(t *testing.T) {
	dir := t.TempDir()
	c, _ := OpenDir(dir)
	old, recent := PackageKey("old", "m@v1", nil), PackageKey("recent", "m@v1", nil)
	c.Put(old, []byte("x"))
	c.Put(recent, []byte("y"))
	now := time.Now()
	stale := now.Add(-trimLimit - time.Hour)
	os.Chtimes(c.path(old), stale, stale)

	if n, err := c.trim(now); err != nil || n != 1 {
		t.Fatalf("trim removed %d, %v; want the one stale entry", n, err)
	}
	if c.Has(old) || !c.Has(recent) {
		t.Error("trim removed the wrong entry")
	}
	// Trimmed within the day: nothing is looked at again.
	os.Chtimes(c.path(recent), stale, stale)
	if n, _ := c.trim(now.Add(time.Hour)); n != 0 || !c.Has(recent) {
		t.Error("trim ran twice in a day")
	}
	stamp, _ := os.ReadFile(filepath.Join(dir, "trim.txt"))
	if _, err := strconv.ParseInt(string(bytes.TrimSpace(stamp)), 10, 64); err != nil {
		t.Errorf("trim.txt = %q", stamp)
	}
	if n, _ := c.trim(now.Add(trimInterval + time.Hour)); n != 1 {
		t.Error("trim did not run a day later")
	}
}

func TestGetMarksUsed(t *testing.T) {
	c, _ := OpenDir(t.TempDir())
	k := PackageKey("p", "m@v1", nil)
	c.Put(k, []byte("x"))
	stale := time.Now().Add(-trimLimit - time.Hour)
	os.Chtimes(c.path(k), stale, stale)
	c.Get(k)
	if n, _ := c.trim(time.Now()); n != 0 {
		t.Error("an entry read today was trimmed")
	}
}
