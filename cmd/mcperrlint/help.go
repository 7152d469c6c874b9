package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// helpMain implements mcperrlint help [analyzer | rule]: without an
// argument, the analyzers with their rules; with an analyzer's name, its
// documentation and flags; with a rule id, as findings print it, that
// rule's section of its analyzer's documentation.
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
		for _, r := range analyzers.Rules() {
			if r.ID == args[0] {
				writeRuleHelp(stdout, r)
				return exitOK
			}
		}
		fmt.Fprintf(stderr, "mcperrlint: no analyzer or rule %q. mcperrlint help takes an analyzer's name or a rule id:\n", args[0])
		writeAccepted(stderr, suite)
	default:
		fmt.Fprintln(stderr, "mcperrlint: help takes at most one analyzer or rule: mcperrlint help [analyzer | rule]")
	}
	return exitUsage
}

// writeAnalyzerList lists the analyzers, each with its rules.
func writeAnalyzerList(w io.Writer, suite []*analysis.Analyzer) {
	fmt.Fprint(w, `mcperrlint is a suite of go/analysis analyzers checking the error
contracts of Go MCP servers. Run it with mcperrlint ./... (mcperrlint -h
lists every flag). The analyzers, and the rules each reports:

`)
	for _, a := range suite {
		fmt.Fprintf(w, "  %s: %s\n", a.Name, firstLine(a.Doc))
		if ids := ruleIDs(a.Name); len(ids) > 0 {
			fmt.Fprintf(w, "      %s\n", strings.Join(ids, ", "))
		}
	}
	fmt.Fprint(w, `
-NAME runs only the analyzers named so; -NAME=false leaves one out.
mcperrlint help NAME shows an analyzer's documentation and flags;
mcperrlint help RULE, a rule's documentation (RULE as findings print it).
`)
}

// writeAccepted lists what mcperrlint help takes: each analyzer's name
// with the ids of its rules, then the rules every analyzer reports.
func writeAccepted(w io.Writer, suite []*analysis.Analyzer) {
	for _, a := range suite {
		fmt.Fprintf(w, "  %s: %s\n", a.Name, strings.Join(ruleIDs(a.Name), ", "))
	}
	if ids := ruleIDs("*"); len(ids) > 0 {
		fmt.Fprintf(w, "  reported by every analyzer: %s\n", strings.Join(ids, ", "))
	}
}

// ruleIDs returns the ids of the rules the named analyzer reports ("*":
// those every analyzer reports), in documentation order.
func ruleIDs(analyzer string) []string {
	var ids []string
	for _, r := range analyzers.Rules() {
		if r.Analyzer == analyzer {
			ids = append(ids, r.ID)
		}
	}
	return ids
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

// writeRuleHelp writes a rule's documentation: the "# Rule <id>" section
// of its analyzer's doc.go, with the analyzer that reports it, its default
// severity and, for a rule that is off by default, the flag that turns it
// on.
func writeRuleHelp(w io.Writer, r analyzers.Rule) {
	by := "analyzer " + r.Analyzer
	if r.Analyzer == "*" {
		by = "every analyzer"
	}
	fmt.Fprintf(w, "%s (%s, reported by %s)\n", r.ID, r.Severity, by)
	if r.Doc != "" {
		fmt.Fprintf(w, "\n%s\n", r.Doc)
	}
	if f := r.OptInFlag(); f != "" {
		fmt.Fprintf(w, "\nOff by default: -%s.%s turns it on.\n", r.Analyzer, f)
	}
	if r.URL != "" {
		fmt.Fprintf(w, "\nDocumentation: %s\n", r.URL)
	}
}

// firstLine returns the first line of an analyzer's documentation, its
// summary.
func firstLine(doc string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(doc), "\n")
	return line
}
