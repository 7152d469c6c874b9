// Package modproxy writes modules into a file-system module proxy, as
// GOPROXY=file://DIR serves them: the tests that install or depend on a
// module at a version, without the network or the real module cache.
package modproxy

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// Release puts the module in dir, as version, into the proxy at proxy:
// its zip, go.mod, info, and a list naming that version.
func Release(proxy, path, version, dir string) error {
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	at := filepath.Join(proxy, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	var zipped bytes.Buffer
	if err := zip.CreateFromDir(&zipped, module.Version{Path: path, Version: version}, dir); err != nil {
		return fmt.Errorf("zipping %s: %v", path, err)
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	info := `{"Version":"` + version + `","Time":"` + time.Now().UTC().Format(time.RFC3339) + `"}`
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": []byte(info),
		version + ".mod":  gomod,
		version + ".zip":  zipped.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
