package main

// The driver is built on go/analysis/checker rather than on multichecker,
// because it must see every diagnostic with its analyzer, positions, fixes
// and related information before writing any of them: SARIF and the JSON
// format are whole documents, with paths relative to the source root and
// fingerprints that depend on the file's text, and -fix merges the fixes
// of every package before it writes a file. Every mode loads through
// internal/load, which type-checks from source only the packages that can
// matter to the rules.

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
	"github.com/mcperrlint/mcperrlint/internal/depcache"
)

// The exit codes of every standalone mode and of the catalog command. They
// extend the multichecker's (1 when it cannot complete, 3 when it reports
// findings, 2 for a flag error), so that a script reads every mode alike.
const (
	exitOK       = 0
	exitFailure  = 1 // packages did not load or type-check, an analyzer failed, a file could not be read or a fix applied
	exitUsage    = 2 // the command line is wrong; the message says what to do
	exitFindings = 3 // findings (text, json), or released reasons broken (catalog -check)
)

// The output formats of -format.
var formats = []string{"text", "json", "sarif"}

// A mode is what a run does with the findings.
type mode int

const (
	modeText       mode = iota // one line per finding (-format=text, the default)
	modeJSON                   // the JSON document (-format=json)
	modeSARIF                  // SARIF 2.1.0 (-format=sarif)
	modeLegacyJSON             // multichecker's JSON tree (-json)
	modeFix                    // apply the fixes (-fix)
	modeDiff                   // print the fixes as a diff (-fix -diff)
)

// lintOptions are the settings of one run.
type lintOptions struct {
	mode         mode
	contextLines int    // -c: lines of source shown around each finding, or -1
	srcRoot      string // -srcroot, or "" for the module or workspace root
	tests        bool
	allSource    bool   // -allsource: load every dependency from source
	cache        string // -cache: the dependency summary cache, or off
	analyzers    []*analysis.Analyzer
	patterns     []string
}

// lintMain runs the driver and returns the exit code.
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
		if opts.mode != modeJSON && opts.mode != modeSARIF {
			return exitFailure
		}
		res = &result{root: root, rules: rulesOf(opts.analyzers), problems: []problem{{message: err.Error()}}, sources: newSources()}
	}
	switch opts.mode {
	case modeFix, modeDiff:
		return fixMain(opts.mode == modeDiff, stdout, stderr, res)
	}
	if err := write(opts, stdout, stderr, res); err != nil {
		fmt.Fprintf(stderr, "mcperrlint: writing the findings: %v\n", err)
		return exitFailure
	}
	return res.exitCode(opts.mode)
}

// analyze loads the packages and runs the analyzers on them.
func analyze(opts *lintOptions, root string) (*result, error) {
	deps, err := openDepCache(opts.cache)
	if err != nil {
		return nil, err
	}
	pkgs, err := loadPackages(opts.patterns, opts.tests, opts.allSource, deps, false)
	if err != nil {
		return nil, err
	}
	if opts.tests {
		// Every package is analyzed with and without its tests: the
		// error-flow layer, which reads no test file, need not repeat
		// itself on the variant.
		if err := analyzers.SkipTestVariants(); err != nil {
			return nil, err
		}
	}
	graph, err := checker.Analyze(opts.analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	return collect(graph, pkgs, opts.analyzers, root), nil
}

// write writes res as opts says.
func write(opts *lintOptions, stdout, stderr io.Writer, res *result) error {
	switch opts.mode {
	case modeSARIF:
		return writeSARIF(stdout, res)
	case modeJSON:
		return writeJSON(stdout, res)
	case modeLegacyJSON:
		return writeLegacyJSON(stdout, stderr, res)
	default:
		return writeText(stdout, stderr, res, opts.contextLines)
	}
}

// errReported is returned by parseLintFlags when the flag package has
// already printed the problem and the usage.
var errReported = errors.New("reported")

// parseLintFlags parses the command line: the driver's flags, and the
// analyzers' -NAME and -NAME.flag flags exactly as multichecker and go
// vet define them.
func parseLintFlags(args []string, stderr io.Writer) (*lintOptions, error) {
	opts := &lintOptions{}
	fs := flag.NewFlagSet("mcperrlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "", "output format: "+strings.Join(formats, ", ")+" (default text)")
	legacyJSON := fs.Bool("json", false, "write multichecker's JSON tree, {package: {analyzer: [diagnostic]}}, and exit 0 (for tools written for it; new tools read -format=json)")
	fix := fs.Bool("fix", false, "apply every suggested fix")
	diff := fs.Bool("diff", false, "with -fix: print the fixes as a unified diff instead of applying them")
	fs.IntVar(&opts.contextLines, "c", -1, "with text output: show `N` lines of source around each finding")
	fs.StringVar(&opts.srcRoot, "srcroot", "", "directory that reported paths are relative to (default: the go.work or go.mod directory)")
	fs.BoolVar(&opts.tests, "test", true, "check test files too")
	fs.BoolVar(&opts.allSource, "allsource", false, "load every dependency from source, not only those whose imports reach the mcperr runtime or an MCP SDK (slower; see docs/performance.md, What loses facts)")
	fs.StringVar(&opts.cache, "cache", "", "`DIR` to keep the summaries of dependency packages in, or off to keep none (default $"+depcache.EnvVar+", else mcperrlint/deps in the user cache directory)")
	suite := analyzers.Suite()
	enabled := registerAnalyzerFlags(fs, suite)
	fs.Usage = func() { lintUsage(fs) }

	if len(args) == 0 {
		lintUsage(fs)
		return nil, errReported
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, errReported
	}
	m, err := modeOf(*format, *legacyJSON, *fix, *diff, opts.contextLines)
	if err != nil {
		return nil, err
	}
	opts.mode = m
	opts.patterns = fs.Args()
	for _, p := range opts.patterns {
		if strings.HasPrefix(p, "-") {
			return nil, fmt.Errorf("flag %s comes after the packages: put every flag before them", p)
		}
	}
	if len(opts.patterns) == 0 {
		return nil, fmt.Errorf("no packages to check: try mcperrlint %s./... (every package of the module)", strings.Join(append(modeFlags(m), ""), " "))
	}
	opts.analyzers = selectAnalyzers(suite, enabled)
	return opts, nil
}

// modeOf returns the mode the output flags select, or why they do not
// go together.
func modeOf(format string, legacyJSON, fix, diff bool, contextLines int) (mode, error) {
	if format != "" && !slices.Contains(formats, format) {
		return 0, fmt.Errorf("unknown -format %q: use -format=text, -format=json or -format=sarif", format)
	}
	textFormat := format == "" || format == "text"
	switch {
	case diff && !fix:
		return 0, errors.New("-diff shows what -fix would change: run mcperrlint -fix -diff with the packages")
	case legacyJSON && format != "":
		return 0, errors.New("-json is multichecker's JSON tree and -format=json the JSON document: use one of them")
	case fix && (legacyJSON || !textFormat):
		return 0, errors.New("-fix writes the fixed files, not findings: run it without -json or -format, and mcperrlint -format=... separately")
	case contextLines >= 0 && (fix || legacyJSON || !textFormat):
		return 0, errors.New("-c shows source lines in the text output: use it without -fix, -json or -format=json|sarif")
	case fix && diff:
		return modeDiff, nil
	case fix:
		return modeFix, nil
	case legacyJSON:
		return modeLegacyJSON, nil
	case format == "json":
		return modeJSON, nil
	case format == "sarif":
		return modeSARIF, nil
	}
	return modeText, nil
}

// modeFlags returns the flags that select m, for messages.
func modeFlags(m mode) []string {
	switch m {
	case modeJSON:
		return []string{"-format=json"}
	case modeSARIF:
		return []string{"-format=sarif"}
	case modeLegacyJSON:
		return []string{"-json"}
	case modeFix:
		return []string{"-fix"}
	case modeDiff:
		return []string{"-fix", "-diff"}
	}
	return nil
}

// lintUsage prints the usage: what to run first, then every flag.
func lintUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, usageText)
	fs.PrintDefaults()
}

// usageText is the usage before the flags. docs/linter.md's "Running it"
// repeats it; a test keeps the two equal.
const usageText = `usage: mcperrlint [-C dir] [flags] packages...

mcperrlint checks the error contracts of Go MCP servers. Run it on your
module:

  mcperrlint ./...                       the findings, one per line
  mcperrlint -fix ./...                  apply every suggested fix
  mcperrlint -fix -diff ./...            print the fixes as a diff; change nothing
  mcperrlint -format=json ./...          the findings as a JSON document
  mcperrlint -format=sarif ./... > mcperrlint.sarif
                                         SARIF 2.1.0, for GitHub code scanning
  mcperrlint -json ./...                 multichecker's JSON tree (legacy)
  mcperrlint -c=2 ./...                  the findings with 2 lines of source around each

Exit codes: 0 no findings, every fix applied or printed, -json and sarif
written; 1 the run could not complete (a package did not load, an
analyzer failed, a fix could not be applied); 2 usage error; 3 findings
(text and json).

Other commands:
  mcperrlint help [analyzer | rule]      the analyzers, their rules and flags; one rule's docs
  mcperrlint catalog [-format md|json] [-check FILE] packages...
                                         every tool's error contract (ERROR_CODES.md)
  go vet -vettool=$(which mcperrlint) packages...
  go fix -fixtool=$(which mcperrlint) [-diff] packages...

-C dir, first on the command line, runs mcperrlint in dir.

Flags:
`

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
