// Package crosstest runs analysistest on fixtures where one package
// reports findings in another package's files: a handler registered by a
// package that is not its own (see report.Pending).
//
// analysistest checks each package's diagnostics against the want
// comments of that package's files only, so such a finding fails twice:
// as an unexpected diagnostic of the registering package, and as a want
// the handler's package did not report. Run pairs the two — same file,
// same line, the message matching the want — and reports everything else
// as analysistest would.
package crosstest

import (
	"fmt"
	"regexp"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// recorder collects what analysistest reports.
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

var (
	unexpected = regexp.MustCompile(`^(.+):(\d+):\d+: unexpected diagnostic: (.*)$`)
	missing    = regexp.MustCompile("^(.+):(\\d+): no diagnostic was reported matching `(.*)`$")

	unexpectedFact = regexp.MustCompile(`^.+:\d+:\d+: unexpected fact: `)
)

// Run is analysistest.Run, reconciling findings reported in another
// package's files with the want comments there.
func Run(t *testing.T, dir string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	results, errs := run(dir, a, patterns)
	for _, e := range errs {
		t.Error(e)
	}
	return results
}

// Results runs a on fixtures whose want comments name findings of
// several analyzers (RunSuite checks those) and returns its results
// unchecked, for a test that reads what the findings point at.
func Results(dir string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	results, _ := run(dir, a, patterns)
	return results
}

// RunSuite checks fixtures whose want comments name findings of several
// analyzers, as a user running the whole suite sees them: every
// diagnostic of every analyzer must match a want, and every want must be
// matched by one analyzer's diagnostics.
func RunSuite(t *testing.T, dir string, suite []*analysis.Analyzer, patterns ...string) {
	t.Helper()
	missed := map[string]int{} // a want, by the error that says it was not reported
	for _, a := range suite {
		_, errs := run(dir, a, patterns)
		for _, e := range errs {
			if unexpectedFact.MatchString(e) {
				continue // facts are each analyzer's own business, tested with it
			}
			if missing.MatchString(e) {
				missed[e]++
				continue
			}
			t.Errorf("%s: %s", a.Name, e)
		}
	}
	for e, n := range missed {
		if n == len(suite) {
			t.Error(e)
		}
	}
}

// run runs analysistest.Run and returns the errors it reports, less the
// pairs that are one finding reported in another package's file.
func run(dir string, a *analysis.Analyzer, patterns []string) ([]*analysistest.Result, []string) {
	rec := &recorder{}
	results := analysistest.Run(rec, dir, a, patterns...)
	type key struct{ file, line string }
	found := map[key][]int{} // unexpected diagnostics by place, as indexes in rec.errors
	for i, e := range rec.errors {
		if m := unexpected.FindStringSubmatch(e); m != nil {
			found[key{m[1], m[2]}] = append(found[key{m[1], m[2]}], i)
		}
	}
	matched := map[int]bool{}
	for i, e := range rec.errors {
		m := missing.FindStringSubmatch(e)
		if m == nil {
			continue
		}
		re, err := regexp.Compile(m[3])
		if err != nil {
			continue
		}
		for _, j := range found[key{m[1], m[2]}] {
			if !matched[j] && re.MatchString(unexpected.FindStringSubmatch(rec.errors[j])[3]) {
				matched[i], matched[j] = true, true
				break
			}
		}
	}
	var errs []string
	for i, e := range rec.errors {
		if !matched[i] {
			errs = append(errs, e)
		}
	}
	return results, errs
}
