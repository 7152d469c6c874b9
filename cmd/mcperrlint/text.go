package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// writeText writes one line per finding to stdout, as go vet does but with
// the rule id after the position, and related information indented below
// it; problems go to stderr. Paths are relative to the current directory
// when inside it, so terminals and editors can open them. With
// contextLines >= 0, the lines of the finding and that many around it
// follow, numbered, as multichecker's -c shows them.
// maxTextRelated is how many related positions the text format prints
// under a finding: a root that decides two hundred returns lists them all
// in JSON and SARIF, where tools read them, and a few in text, where
// people do.
const maxTextRelated = 8

func writeText(stdout, stderr io.Writer, res *result, contextLines int) error {
	cwd, _ := os.Getwd()
	w := bufio.NewWriter(stdout)
	for _, f := range res.findings {
		fmt.Fprintf(w, "%s: %s: %s\n", textPos(cwd, f.span), f.rule.ID, f.message)
		for i, r := range f.related {
			if i == maxTextRelated && len(f.related) > maxTextRelated+1 {
				fmt.Fprintf(w, "\t… and %d more (-format=json and -format=sarif list them all)\n", len(f.related)-i)
				break
			}
			fmt.Fprintf(w, "\t%s: %s\n", textPos(cwd, r.span), r.message)
		}
		if contextLines >= 0 {
			writeContext(w, res.sources, f.span, contextLines)
		}
	}
	for _, p := range res.problems {
		writeProblem(stderr, p, cwd)
	}
	return w.Flush()
}

// writeContext writes the lines of s and n lines either side, each after
// its number and a tab.
func writeContext(w io.Writer, src *sources, s span, n int) {
	for line := max(1, s.start.Line-n); line <= s.end.Line+n; line++ {
		text, ok := src.lineOK(s.file, line)
		if !ok {
			break
		}
		fmt.Fprintf(w, "%d\t%s\n", line, text)
	}
}

// writeLegacyJSON writes multichecker's JSON tree of the analysis, with
// the problems on stderr, as multichecker does under -json.
func writeLegacyJSON(stdout, stderr io.Writer, res *result) error {
	cwd, _ := os.Getwd()
	for _, p := range res.problems {
		writeProblem(stderr, p, cwd)
	}
	if res.graph == nil {
		_, err := io.WriteString(stdout, "{}\n")
		return err
	}
	return res.graph.PrintJSON(stdout)
}

// writeProblem prints a problem as multichecker prints package errors,
// with its file relative to dir.
func writeProblem(w io.Writer, p problem, dir string) {
	switch {
	case p.file != "":
		fmt.Fprintf(w, "%s: %s\n", p.where(dir), p.message)
	case p.pkg != "":
		fmt.Fprintf(w, "%s: %s\n", p.pkg, p.message)
	default:
		fmt.Fprintln(w, p.message)
	}
}

// textPos formats the start of s as file:line:col.
func textPos(cwd string, s span) string {
	file := s.file
	if rel, ok := relPath(cwd, file); ok {
		file = filepath.FromSlash(rel)
	}
	return fmt.Sprintf("%s:%d:%d", file, s.start.Line, s.start.Column)
}
