package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// helpMain implements mcperrlint help [analyzer]: without an argument, the
// analyzers with their rules; with one, the analyzer's documentation and
// flags.
func helpMain(args []string, stdout, stderr io.Writer) int {
	suite := analyzers.Suite()
	switch len(args) {
	case 0:
		writeAnalyzerList(stdout, suite)
		return exitOK
	case 1:
		for _, a := range suite {
			if a.Name == args[0] {
				writeAnalyzerHelp(stdout, a)
				return exitOK
			}
		}
		fmt.Fprintf(stderr, "mcperrlint: no analyzer %q: mcperrlint help lists them\n", args[0])
	default:
		fmt.Fprintln(stderr, "mcperrlint: help takes at most one analyzer: mcperrlint help [analyzer]")
	}
	return exitUsage
}

// writeAnalyzerList lists the analyzers, each with its rules.
func writeAnalyzerList(w io.Writer, suite []*analysis.Analyzer) {
	fmt.Fprint(w, `mcperrlint is a suite of go/analysis analyzers checking the error
contracts of Go MCP servers. Run it with mcperrlint ./... (mcperrlint -h
lists every flag). The analyzers, and the rules each reports:

`)
	rules := analyzers.Rules()
	for _, a := range suite {
		fmt.Fprintf(w, "  %s: %s\n", a.Name, firstLine(a.Doc))
		var ids []string
		for _, r := range rules {
			if r.Analyzer == a.Name {
				ids = append(ids, r.ID)
			}
		}
		if len(ids) > 0 {
			fmt.Fprintf(w, "      %s\n", strings.Join(ids, ", "))
		}
	}
	fmt.Fprint(w, `
-NAME runs only the analyzers named so; -NAME=false leaves one out.
mcperrlint help NAME shows an analyzer's documentation and flags.
`)
}

// writeAnalyzerHelp writes an analyzer's documentation and flags, spelled
// as mcperrlint takes them.
func writeAnalyzerHelp(w io.Writer, a *analysis.Analyzer) {
	fmt.Fprintf(w, "%s: %s\n", a.Name, strings.TrimSpace(a.Doc))
	var flags []*flag.Flag
	a.Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
	if len(flags) > 0 {
		fmt.Fprintln(w, "\nFlags:")
		for _, f := range flags {
			fmt.Fprintf(w, "  -%s.%s (default %q)\n    \t%s\n", a.Name, f.Name, f.DefValue, f.Usage)
		}
	}
	if a.URL != "" {
		fmt.Fprintf(w, "\nDocumentation: %s\n", a.URL)
	}
}

// firstLine returns the first line of an analyzer's documentation, its
// summary.
func firstLine(doc string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(doc), "\n")
	return line
}
