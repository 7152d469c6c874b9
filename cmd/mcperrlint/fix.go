package main

// -fix applies the first suggested fix of every finding; -fix -diff prints
// what it would write. A fix is applied whole or not at all: its edits are
// merged with those of the fixes before it (in the findings' order), an
// edit identical to one already taken counting once (a file analyzed as
// part of a package and of its test variant gives every fix twice), and a
// fix one of whose edits overlaps a different edit is left out, said on
// stderr, and makes the run fail. The rules never offer two different
// fixes for one expression (one rule owns it), so that is a bug to
// report, not a case to live with. A file that was gofmt-formatted is
// formatted again after its edits, as go fix does.

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
)

// fixMain applies the fixes of res, or with diff prints them, and returns
// the exit code: 0 when every fix was applied or printed, 1 when the run
// was incomplete or a fix could not be.
func fixMain(diff bool, stdout, stderr io.Writer, res *result) int {
	cwd, _ := os.Getwd()
	for _, p := range res.problems {
		writeProblem(stderr, p, cwd)
	}
	plan := planFixes(res.findings)
	for _, s := range plan.skipped {
		fmt.Fprintf(stderr, "mcperrlint: %s: the fix of %s was not applied: it overlaps the fix of %s; apply it by hand or run mcperrlint -fix again\n",
			textPos(cwd, s.finding.span), s.finding.rule.ID, s.with.rule.ID)
	}
	code := exitOK
	if len(res.problems) > 0 || len(plan.skipped) > 0 {
		code = exitFailure
	}
	for _, file := range plan.fileNames() {
		old, err := os.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "mcperrlint: %v\n", err)
			code = exitFailure
			continue
		}
		fixed, err := applyEdits(old, plan.edits[file])
		if err != nil {
			fmt.Fprintf(stderr, "mcperrlint: %s: %v; run mcperrlint -fix again\n", file, err)
			code = exitFailure
			continue
		}
		if diff {
			io.WriteString(stdout, unifiedDiff(file+" (old)", file+" (new)", string(old), string(fixed)))
			continue
		}
		if err := writeFileKeepingMode(file, fixed); err != nil {
			fmt.Fprintf(stderr, "mcperrlint: %v\n", err)
			code = exitFailure
		}
	}
	return code
}

// A fixPlan is the edits of the fixes that merge, by file, and the fixes
// that do not.
type fixPlan struct {
	edits   map[string][]edit
	from    map[string][]*finding // the finding of each edit, in step with edits
	skipped []skippedFix
}

// A skippedFix is a fix left out because it overlaps another finding's.
type skippedFix struct {
	finding, with *finding
}

// fileNames returns the files the plan edits, sorted.
func (p *fixPlan) fileNames() []string {
	var out []string
	for f := range p.edits {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// planFixes merges the first fix of each finding, in order.
func planFixes(findings []*finding) *fixPlan {
	p := &fixPlan{edits: map[string][]edit{}, from: map[string][]*finding{}}
	for _, f := range findings {
		if len(f.fixes) == 0 {
			continue
		}
		var fresh []edit
		var clash *finding
		for _, e := range f.fixes[0].edits {
			dup := false
			for i, taken := range p.edits[e.span.file] {
				switch {
				case sameEdit(taken, e):
					dup = true
				case overlaps(taken, e) && clash == nil:
					clash = p.from[e.span.file][i]
				}
			}
			if !dup {
				fresh = append(fresh, e)
			}
		}
		if clash != nil {
			p.skipped = append(p.skipped, skippedFix{f, clash})
			continue
		}
		for _, e := range fresh {
			p.edits[e.span.file] = append(p.edits[e.span.file], e)
			p.from[e.span.file] = append(p.from[e.span.file], f)
		}
	}
	return p
}

// sameEdit reports whether two edits replace the same range with the same
// text.
func sameEdit(a, b edit) bool {
	return a.span.start.Offset == b.span.start.Offset && a.span.end.Offset == b.span.end.Offset && a.newText == b.newText
}

// overlaps reports whether two different edits of a file cannot both be
// made: their ranges overlap, or both insert at one place (in which
// order?).
func overlaps(a, b edit) bool {
	as, ae, bs, be := a.span.start.Offset, a.span.end.Offset, b.span.start.Offset, b.span.end.Offset
	if as == ae && bs == be {
		return as == bs
	}
	return as < be && bs < ae || as == ae && bs < as && as < be || bs == be && as < bs && bs < ae
}

// applyEdits applies non-overlapping edits to src, then formats the result
// if src was formatted.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.span.start.Offset, b.span.start.Offset), cmp.Compare(a.span.end.Offset, b.span.end.Offset))
	})
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		start, end := e.span.start.Offset, e.span.end.Offset
		if start < last || end > len(src) || start > end {
			return nil, fmt.Errorf("the file changed since it was analyzed")
		}
		out.Write(src[last:start])
		out.WriteString(e.newText)
		last = end
	}
	out.Write(src[last:])
	fixed := out.Bytes()
	if formatted, err := format.Source(src); err == nil && bytes.Equal(formatted, src) {
		if f, err := format.Source(fixed); err == nil {
			fixed = f
		}
	}
	return fixed, nil
}

// writeFileKeepingMode replaces file's content, keeping its permissions.
func writeFileKeepingMode(file string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	return os.WriteFile(file, data, mode)
}
