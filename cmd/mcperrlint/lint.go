package main

// The -format driver is built on go/analysis/checker rather than on
// multichecker, because it must see every diagnostic with its analyzer,
// positions, fixes and related information before writing any of them:
// SARIF and the JSON format are whole documents, with paths relative to
// the source root and fingerprints that depend on the file's text. The
// multichecker path stays untouched for everything else (-json, -fix,
// -diff, go vet's unitchecker protocol).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

// The exit codes of the -format driver and of the catalog command. They
// extend the multichecker's (1 when it cannot complete, 3 when it reports
// findings, 2 for a flag error), so that a script reads every mode alike.
const (
	exitOK       = 0
	exitFailure  = 1 // packages did not load or type-check, an analyzer failed, a file could not be read
	exitUsage    = 2 // the command line is wrong; the message says what to do
	exitFindings = 3 // findings (text, json), or released reasons broken (catalog -check)
)

// The output formats of -format.
var formats = []string{"text", "json", "sarif"}

// lintOptions are the settings of one -format run.
type lintOptions struct {
	format    string
	srcRoot   string // -srcroot, or "" for the module or workspace root
	tests     bool
	allSource bool // -allsource: load every dependency from source
	analyzers []*analysis.Analyzer
	patterns  []string
}

// hasFormatFlag reports whether args select the -format driver. Every
// argument is looked at, not only the leading flags, so that a misplaced
// -format is not silently taken for a package pattern by multichecker.
func hasFormatFlag(args []string) bool {
	for _, arg := range args {
		if arg == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if strings.HasPrefix(arg, "-") && name == "format" {
			return true
		}
	}
	return false
}

// lintMain runs the -format driver and returns the exit code.
func lintMain(args []string, stdout, stderr io.Writer) int {
	opts, err := parseLintFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		if err != errReported {
			fmt.Fprintf(stderr, "mcperrlint: %v\n", err)
		}
		return exitUsage
	}
	root, err := sourceRoot(opts.srcRoot)
	if err != nil {
		fmt.Fprintf(stderr, "mcperrlint: %v\n", err)
		return exitFailure
	}
	res, err := analyze(opts, root)
	if err != nil {
		// A JSON or SARIF consumer still gets a document, saying why it
		// is empty: an upload step that runs after a failure has a log.
		fmt.Fprintf(stderr, "mcperrlint: %v\n", err)
		if opts.format == "text" {
			return exitFailure
		}
		res = &result{root: root, rules: rulesOf(opts.analyzers), problems: []problem{{message: err.Error()}}, sources: newSources()}
	}
	if err := write(opts.format, stdout, stderr, res); err != nil {
		fmt.Fprintf(stderr, "mcperrlint: writing %s: %v\n", opts.format, err)
		return exitFailure
	}
	return res.exitCode(opts.format)
}

// analyze loads the packages and runs the analyzers on them.
func analyze(opts *lintOptions, root string) (*result, error) {
	pkgs, err := loadPackages(opts.patterns, opts.tests, opts.allSource)
	if err != nil {
		return nil, err
	}
	graph, err := checker.Analyze(opts.analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	return collect(graph, pkgs, opts.analyzers, root), nil
}

// write writes res in format.
func write(format string, stdout, stderr io.Writer, res *result) error {
	switch format {
	case "sarif":
		return writeSARIF(stdout, res)
	case "json":
		return writeJSON(stdout, res)
	default:
		return writeText(stdout, stderr, res)
	}
}

// errReported is returned by parseLintFlags when the flag package has
// already printed the problem and the usage.
var errReported = errors.New("reported")

// parseLintFlags parses the -format command line: the driver's flags, and
// the analyzers' -NAME and -NAME.flag flags exactly as multichecker
// defines them, so that switching to -format changes nothing else.
func parseLintFlags(args []string, stderr io.Writer) (*lintOptions, error) {
	opts := &lintOptions{}
	fs := flag.NewFlagSet("mcperrlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&opts.format, "format", "", "output format: "+strings.Join(formats, ", "))
	fs.StringVar(&opts.srcRoot, "srcroot", "", "directory that reported paths are relative to (default: the go.work or go.mod directory)")
	fs.BoolVar(&opts.tests, "test", true, "check test files too")
	fs.BoolVar(&opts.allSource, "allsource", false, "load every dependency from source, not only those whose imports reach the mcperr runtime or an MCP SDK (slower; see the README's What loses facts)")
	multicheckerOnly := map[string]*bool{}
	for _, name := range []string{"fix", "diff", "json"} {
		multicheckerOnly[name] = fs.Bool(name, false, "multichecker only: run mcperrlint -"+name+" packages... without -format")
	}
	contextLines := fs.Int("c", -1, "multichecker only: run mcperrlint -c=N packages... without -format")
	suite := analyzers.Suite()
	enabled := registerAnalyzerFlags(fs, suite)
	fs.Usage = func() { lintUsage(fs) }

	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, errReported
	}
	for name, set := range multicheckerOnly {
		if *set {
			return nil, fmt.Errorf("-%s cannot be combined with -format: run mcperrlint -%s packages... without -format", name, name)
		}
	}
	if *contextLines >= 0 {
		return nil, errors.New("-c cannot be combined with -format: run mcperrlint -c=N packages... without -format")
	}
	opts.patterns = fs.Args()
	for _, p := range opts.patterns {
		if strings.HasPrefix(p, "-") {
			return nil, fmt.Errorf("flag %s comes after the packages: put every flag before them", p)
		}
	}
	if !slices.Contains(formats, opts.format) {
		return nil, fmt.Errorf("unknown -format %q: use -format=text, -format=json or -format=sarif", opts.format)
	}
	if len(opts.patterns) == 0 {
		return nil, fmt.Errorf("no packages to check: try mcperrlint -format=%s ./... (every package of the module)", opts.format)
	}
	opts.analyzers = selectAnalyzers(suite, enabled)
	return opts, nil
}

// lintUsage prints the -format usage.
func lintUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, `usage: mcperrlint [-C dir] -format=text|json|sarif [flags] packages...

Checks the packages and writes the findings to standard output:
  text   one line per finding: file:line:col: rule-id: message
  json   a JSON document, version 1 (see "The JSON format" in the docs)
  sarif  SARIF 2.1.0, for GitHub code scanning and SARIF viewers

Exit codes: 0 no findings (and always with sarif, once the log is written),
1 the run could not complete, 2 usage error, 3 findings (text, json).

Other commands:
  mcperrlint [-C dir] [flags] packages...      without -format: the same as -format=text
  mcperrlint [-C dir] -json|-fix [-diff]|-c=N [flags] packages...
                                               the standard multichecker (mcperrlint help)
  mcperrlint [-C dir] catalog [-format md|json] [-check FILE] packages...
  go vet -vettool=$(which mcperrlint) packages...

Flags:
`)
	fs.PrintDefaults()
}

// registerAnalyzerFlags defines, for every analyzer, -NAME to select it and
// -NAME.flag for each of its flags, bound to the analyzer's own FlagSet.
func registerAnalyzerFlags(fs *flag.FlagSet, suite []*analysis.Analyzer) map[*analysis.Analyzer]*triState {
	enabled := map[*analysis.Analyzer]*triState{}
	for _, a := range suite {
		ts := new(triState)
		fs.Var(ts, a.Name, fmt.Sprintf("enable the %s analyzer (-%s=false disables it)", a.Name, a.Name))
		enabled[a] = ts
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return enabled
}

// selectAnalyzers applies the -NAME flags as multichecker does: if any is
// true, only those analyzers run; otherwise all run but those set false.
func selectAnalyzers(suite []*analysis.Analyzer, enabled map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	anyTrue := false
	for _, ts := range enabled {
		anyTrue = anyTrue || *ts == setTrue
	}
	var out []*analysis.Analyzer
	for _, a := range suite {
		if (anyTrue && *enabled[a] == setTrue) || (!anyTrue && *enabled[a] != setFalse) {
			out = append(out, a)
		}
	}
	return out
}

// triState is an analyzer's -NAME flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }

func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (ts *triState) Set(value string) error {
	switch strings.ToLower(value) {
	case "true", "1", "t":
		*ts = setTrue
	case "false", "0", "f":
		*ts = setFalse
	default:
		return fmt.Errorf("want true or false, not %q", value)
	}
	return nil
}
