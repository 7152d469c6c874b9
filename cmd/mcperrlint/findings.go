package main

import (
	"cmp"
	"fmt"
	"go/token"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// A result is everything one -format run found, in a form every output
// format can write: findings sorted by position, and the problems that
// kept the run from being complete.
type result struct {
	root     string           // the source root paths are relative to
	rules    []analyzers.Rule // the rules of the analyzers that ran, in documentation order
	findings []*finding
	problems []problem
	sources  *sources
	graph    *checker.Graph // the analysis, for the legacy JSON tree; nil when it failed
}

// A finding is one diagnostic, resolved to file positions.
type finding struct {
	rule     analyzers.Rule
	analyzer string
	span     span
	message  string // without the "rule-id: " prefix
	related  []related
	fixes    []fix
	pkg      string // the path of the package that reported it
}

// A span is a range of a file: positions are 1-based lines and byte
// columns, as go/token has them, plus byte offsets.
type span struct {
	file       string // absolute
	start, end token.Position
}

type related struct {
	span    span
	message string
}

type fix struct {
	message string
	edits   []edit
}

type edit struct {
	span    span
	newText string
}

// A problem is an error that made the run incomplete: a package that did
// not load or type-check, or an analyzer that failed.
type problem struct {
	pkg     string // import path, or ""
	file    string // absolute, or ""
	at      string // ":line:col" or ":line" after file, or ""
	message string
}

// where returns the problem's position with its file relative to dir.
func (p problem) where(dir string) string {
	if p.file == "" {
		return ""
	}
	rel, _ := relPath(dir, p.file)
	return rel + p.at
}

// exitCode returns the run's exit code in mode m: incomplete runs fail
// whatever they found; findings fail text and json, not sarif, whose
// consumer (code scanning) decides what fails, nor -json, which exits 0 as
// multichecker's does.
func (r *result) exitCode(m mode) int {
	switch {
	case len(r.problems) > 0:
		return exitFailure
	case len(r.findings) > 0 && m != modeSARIF && m != modeLegacyJSON:
		return exitFindings
	}
	return exitOK
}

// collect gathers the findings of the root actions of graph and the errors
// of the packages and actions.
func collect(graph *checker.Graph, pkgs []*packages.Package, ran []*analysis.Analyzer, root string) *result {
	res := &result{root: root, rules: rulesOf(ran), sources: newSources(), graph: graph}
	byID := map[string]analyzers.Rule{}
	for _, r := range analyzers.Rules() {
		byID[r.ID] = r
	}
	seen := map[string]*finding{}
	for _, act := range graph.Roots {
		if act.Err != nil {
			continue
		}
		for _, d := range act.Diagnostics {
			f := res.finding(act, d, byID)
			f.pkg = act.Package.PkgPath
			// A file of a package and of its test variant is analyzed
			// twice; report it once. The same finding from another
			// package (a finding of a third package both report) is one
			// too, with the related positions of both.
			key := fmt.Sprintf("%s:%d:%d:%s:%s", f.span.file, f.span.start.Offset, f.span.end.Offset, f.rule.ID, f.message)
			if first, ok := seen[key]; ok {
				if first.pkg != f.pkg {
					addRelated(first, f.related)
				}
				continue
			}
			seen[key] = f
			res.findings = append(res.findings, f)
		}
	}
	res.findings = mergeRoots(res.findings)
	slices.SortFunc(res.findings, func(a, b *finding) int {
		return cmp.Or(
			cmp.Compare(a.span.file, b.span.file),
			cmp.Compare(a.span.start.Offset, b.span.start.Offset),
			cmp.Compare(a.span.end.Offset, b.span.end.Offset),
			cmp.Compare(a.rule.ID, b.rule.ID),
			cmp.Compare(a.message, b.message))
	})
	res.rules = withUnlisted(res.rules, res.findings)
	res.problems = append(packageProblems(pkgs), actionProblems(graph)...)
	return res
}

// mergeRoots makes one finding of each root several packages report: a
// function of one package that many packages' handlers reach (a client
// helper that puts the body into its error) is reported by each at its
// place, with the texts that package has (see analyzers.RootShape). The
// finding is the one edit: its counts are summed, and its related
// positions and fixes are those of every package's. Findings of one
// package at one place are left as they are.
func mergeRoots(findings []*finding) []*finding {
	type place struct {
		file       string
		start, end int
		rule       string
		shape      string
	}
	keys := make([]place, len(findings))
	groups := map[place][]*finding{}
	for i, f := range findings {
		keys[i] = place{f.span.file, f.span.start.Offset, f.span.end.Offset, f.rule.ID, analyzers.RootShape(f.message)}
		groups[keys[i]] = append(groups[keys[i]], f)
	}
	var out []*finding
	for i, f := range findings {
		g := groups[keys[i]]
		switch {
		case len(g) == 1 || !onePerPackage(g):
			out = append(out, f)
		case g[0] == f:
			out = append(out, mergeFindings(g))
		}
	}
	return out
}

// onePerPackage reports whether each finding of g is of another package.
func onePerPackage(g []*finding) bool {
	seen := map[string]bool{}
	for _, f := range g {
		if seen[f.pkg] {
			return false
		}
		seen[f.pkg] = true
	}
	return true
}

// mergeFindings returns the one finding several packages' findings of
// one root are.
func mergeFindings(g []*finding) *finding {
	merged := *g[0]
	merged.related = slices.Clip(merged.related)
	merged.fixes = slices.Clip(merged.fixes)
	var msgs []string
	for _, f := range g {
		msgs = append(msgs, f.message)
		addRelated(&merged, f.related)
		for _, fx := range f.fixes {
			if !slices.ContainsFunc(merged.fixes, func(m fix) bool { return reflect.DeepEqual(m, fx) }) {
				merged.fixes = append(merged.fixes, fx)
			}
		}
	}
	merged.message = analyzers.SumRootCounts(msgs)
	return &merged
}

// addRelated adds to f the positions of rs it does not have.
func addRelated(f *finding, rs []related) {
	for _, r := range rs {
		if !slices.Contains(f.related, r) {
			f.related = append(f.related, r)
		}
	}
}

// rulesOf returns the rules the analyzers that ran can report.
func rulesOf(ran []*analysis.Analyzer) []analyzers.Rule {
	var out []analyzers.Rule
	for _, r := range analyzers.Rules() {
		if r.Analyzer == "*" || slices.ContainsFunc(ran, func(a *analysis.Analyzer) bool { return a.Name == r.Analyzer }) {
			out = append(out, r)
		}
	}
	return out
}

// withUnlisted adds to rules any rule a finding names that the table does
// not list, so that every SARIF result has its rule.
func withUnlisted(rules []analyzers.Rule, findings []*finding) []analyzers.Rule {
	for _, f := range findings {
		if !slices.ContainsFunc(rules, func(r analyzers.Rule) bool { return r.ID == f.rule.ID }) {
			rules = append(rules, f.rule)
		}
	}
	return rules
}

// finding resolves a diagnostic of act.
func (res *result) finding(act *checker.Action, d analysis.Diagnostic, byID map[string]analyzers.Rule) *finding {
	fset := act.Package.Fset
	rule, ok := byID[d.Category]
	if !ok {
		// Not one of the table's rules: name it after its category or
		// analyzer, so it is still reported.
		id := cmp.Or(d.Category, act.Analyzer.Name)
		rule = analyzers.Rule{ID: id, Analyzer: act.Analyzer.Name, Severity: "warning", URL: cmp.Or(d.URL, act.Analyzer.URL)}
	}
	f := &finding{
		rule:     rule,
		analyzer: act.Analyzer.Name,
		span:     spanOf(fset, d.Pos, d.End),
		message:  strings.TrimPrefix(d.Message, rule.ID+": "),
	}
	for _, r := range d.Related {
		f.related = append(f.related, related{spanOf(fset, r.Pos, r.End), r.Message})
	}
	for _, sf := range d.SuggestedFixes {
		fx := fix{message: sf.Message}
		for _, e := range sf.TextEdits {
			fx.edits = append(fx.edits, edit{spanOf(fset, e.Pos, e.End), string(e.NewText)})
		}
		f.fixes = append(f.fixes, fx)
	}
	return f
}

// spanOf resolves a range; a missing end is the start.
func spanOf(fset *token.FileSet, pos, end token.Pos) span {
	s := span{start: fset.Position(pos)}
	s.end = s.start
	if end.IsValid() {
		s.end = fset.Position(end)
	}
	s.file = s.start.Filename
	return s
}

// packageProblems returns the errors of the packages and their
// dependencies, as multichecker prints them.
func packageProblems(pkgs []*packages.Package) []problem {
	var out []problem
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, err := range p.Errors {
			pr := problem{pkg: p.PkgPath, message: err.Msg}
			if err.Pos != "" && err.Pos != "-" {
				pr.file, pr.at = splitPosition(err.Pos)
			}
			key := pr.file + pr.at + "\x00" + pr.message
			if !seen[key] {
				seen[key] = true
				out = append(out, pr)
			}
		}
	})
	return out
}

// splitPosition splits a "file:line:col" or "file:line" position into
// the file and the rest.
func splitPosition(pos string) (file, at string) {
	file = pos
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		if _, err := strconv.Atoi(file[i+1:]); err != nil {
			break
		}
		file, at = file[:i], file[i:]+at
	}
	return file, at
}

// actionProblems returns the errors of analyzers, sorted, leaving out the
// actions that failed only because one they depend on did, or because
// their package has errors, which packageProblems reports.
func actionProblems(graph *checker.Graph) []problem {
	var out []problem
	for act := range graph.All() {
		if act.Err == nil || len(act.Package.Errors) > 0 ||
			slices.ContainsFunc(act.Deps, func(d *checker.Action) bool { return d.Err != nil }) {
			continue
		}
		out = append(out, problem{pkg: act.Package.PkgPath, message: fmt.Sprintf("%s: %v", act.Analyzer.Name, act.Err)})
	}
	slices.SortFunc(out, func(a, b problem) int {
		return cmp.Or(cmp.Compare(a.pkg, b.pkg), cmp.Compare(a.message, b.message))
	})
	return out
}

// sources reads the files that findings point into, for the line text
// that fingerprints and UTF-16 columns need.
type sources struct {
	lines map[string][]string
}

func newSources() *sources { return &sources{lines: map[string][]string{}} }

// line returns line n (1-based) of file, or "" when it cannot be read.
func (s *sources) line(file string, n int) string {
	text, _ := s.lineOK(file, n)
	return text
}

// lineOK returns line n (1-based) of file, and whether the file has it.
func (s *sources) lineOK(file string, n int) (string, bool) {
	lines, ok := s.lines[file]
	if !ok {
		if data, err := os.ReadFile(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		s.lines[file] = lines
	}
	if n < 1 || n > len(lines) || n == len(lines) && lines[n-1] == "" {
		return "", false // the empty string after the last newline is no line
	}
	return strings.TrimSuffix(lines[n-1], "\r"), true
}

// utf16Column converts a 1-based byte column of a line of file to the
// 1-based UTF-16 column that SARIF (and editors) use.
func (s *sources) utf16Column(file string, line, column int) int {
	text := s.line(file, line)
	if column < 1 || column-1 > len(text) {
		return column
	}
	return len(utf16.Encode([]rune(text[:column-1]))) + 1
}
