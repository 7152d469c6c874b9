package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/analyzers/catalog"
)

// catalogMain runs "mcperrlint catalog" and returns the exit code.
func catalogMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcperrlint catalog", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "md", "output format: md (the ERROR_CODES.md registry) or json")
	check := fs.String("check", "", "compare with `FILE`, a catalog written before (JSON or Markdown), instead of writing one")
	fs.Usage = func() { catalogUsage(fs) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	patterns := fs.Args()
	switch {
	case *format != "md" && *format != "json":
		fmt.Fprintf(stderr, "mcperrlint catalog: unknown -format %q: use -format md or -format json\n", *format)
		return exitUsage
	case len(patterns) == 0:
		fmt.Fprintln(stderr, "mcperrlint catalog: no packages: mcperrlint catalog ./... > ERROR_CODES.md")
		return exitUsage
	}
	for _, p := range patterns {
		if strings.HasPrefix(p, "-") {
			fmt.Fprintf(stderr, "mcperrlint catalog: flag %s comes after the packages: put every flag before them\n", p)
			return exitUsage
		}
	}

	var released *catalog.Catalog
	if *check != "" {
		c, err := readCatalog(*check)
		if err != nil {
			fmt.Fprintf(stderr, "mcperrlint catalog: -check %s: %v\n", *check, err)
			return exitFailure
		}
		released = c
	}
	current, err := buildCatalog(patterns, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "mcperrlint catalog: %v\n", err)
		return exitFailure
	}
	if released != nil {
		return reportCheck(stdout, stderr, *check, released, current)
	}
	if *format == "json" {
		err = current.WriteJSON(stdout)
	} else {
		err = current.WriteMarkdown(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "mcperrlint catalog: %v\n", err)
		return exitFailure
	}
	return exitOK
}

func catalogUsage(fs *flag.FlagSet) {
	fmt.Fprint(fs.Output(), `usage: mcperrlint [-C dir] catalog [-format md|json] packages...
       mcperrlint [-C dir] catalog -check FILE packages...

Writes every mcperr tool of the packages with its error contract (reason,
code, when, recovery, retryable, severity, thrown by service) to standard
output, sorted by tool name: Markdown for ERROR_CODES.md, or JSON.

With -check, compares the packages with FILE, a catalog written before, and
names every released reason that was removed or whose code changed
(additions are fine). Exit codes: 0 compatible, 1 the packages or FILE could
not be read, 2 usage error, 3 incompatible changes.

Flags:
`)
	fs.PrintDefaults()
}

func readCatalog(file string) (*catalog.Catalog, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return catalog.Read(f)
}

// buildCatalog loads the packages, without their tests (tools declared in
// tests are not the server's), and runs the catalog analyzer on them. A
// package that does not load or type-check fails the catalog, which would
// otherwise silently miss its tools.
func buildCatalog(patterns []string, stderr io.Writer) (*catalog.Catalog, error) {
	pkgs, err := loadPackages(patterns, false, false, nil, true)
	if err != nil {
		return nil, err
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{catalog.Analyzer}, pkgs, nil)
	if err != nil {
		return nil, err
	}
	root, err := sourceRoot("")
	if err != nil {
		return nil, err
	}
	problems := append(packageProblems(pkgs), actionProblems(graph)...)
	if len(problems) > 0 {
		for _, p := range problems {
			writeProblem(stderr, p, root)
		}
		return nil, fmt.Errorf("%d errors in the packages: the catalog would be incomplete", len(problems))
	}
	var tools []*catalog.Tool
	for _, act := range graph.Roots {
		tools = append(tools, act.Result.([]*catalog.Tool)...)
	}
	for _, pos := range catalog.Unnamed(tools) {
		rel, _ := relPath(root, pos.Filename)
		fmt.Fprintf(stderr, "mcperrlint catalog: %s:%d:%d: the tool's Name is not a constant string; it is not listed\n", rel, pos.Line, pos.Column)
	}
	return catalog.New(tools), nil
}

// reportCheck prints the problems of current against released.
func reportCheck(stdout, stderr io.Writer, file string, released, current *catalog.Catalog) int {
	problems := catalog.Check(released, current)
	for _, p := range problems {
		fmt.Fprintf(stdout, "%s: %s\n", file, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "mcperrlint catalog: %d incompatible changes to released reasons; additions are fine, removals and code changes are not\n", len(problems))
		return exitFindings
	}
	return exitOK
}
