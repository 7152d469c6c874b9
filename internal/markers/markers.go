// Package markers reads the findings a test module expects, stated in
// comments on the lines they are expected on:
//
//	return nil, err // demo: sdk-protocol-error
//	// demo+1: mcperrlint-ignore-malformed (a directive cannot carry a trailing comment)
//	//mcperrlint:ignore error-contract-recovery-min-words
//
// The tag ("demo" above) names the run the markers are for. The demo's
// integration tests and the golangci-lint plugin's test read them the same
// way.
package markers

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A Finding is what the tests compare: where, and which rule.
type Finding struct {
	File string // slash-separated, relative to the module's directory
	Line int
	Rule string
}

func (f Finding) String() string { return fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Rule) }

// Read returns the findings the markers tagged tag in the .go files below
// dir expect, sorted.
func Read(dir, tag string) ([]Finding, error) {
	marker := regexp.MustCompile(`// ` + regexp.QuoteMeta(tag) + `(\+1)?: ([a-z0-9,-]+)`)
	var want []Finding
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			m := marker.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			at := n
			if m[1] == "+1" {
				at++
			}
			for _, rule := range strings.Split(m[2], ",") {
				want = append(want, Finding{filepath.ToSlash(rel), at, rule})
			}
		}
		return sc.Err()
	})
	return Sort(want), err
}

// wantRule matches a rule of an analysistest expectation: the start of a
// backquoted pattern, // want `rule-id: …`.
var wantRule = regexp.MustCompile("`([a-z0-9-]+)[:`]")

// ReadWants returns the findings the analysistest want comments of the .go
// files of the packages below dir expect (pkgs: directories relative to
// dir), a finding per backquoted pattern, sorted: so that a command can be
// held to what the analyzers' tests expect.
func ReadWants(dir string, pkgs ...string) ([]Finding, error) {
	var want []Finding
	for _, pkg := range pkgs {
		files, err := filepath.Glob(filepath.Join(dir, pkg, "*.go"))
		if err != nil {
			return nil, err
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				return nil, err
			}
			rel, err := filepath.Rel(dir, file)
			if err != nil {
				return nil, err
			}
			for i, line := range strings.Split(string(data), "\n") {
				if _, comment, ok := strings.Cut(line, "// want "); ok {
					for _, m := range wantRule.FindAllStringSubmatch(comment, -1) {
						want = append(want, Finding{filepath.ToSlash(rel), i + 1, m[1]})
					}
				}
			}
		}
	}
	return Sort(want), nil
}

// Sort sorts findings by file, line and rule, and returns them.
func Sort(fs []Finding) []Finding {
	slices.SortFunc(fs, func(a, b Finding) int { return strings.Compare(a.String(), b.String()) })
	return fs
}
