// Command mcperrlint checks the error contracts of Go MCP servers.
//
// Usage:
//
//	mcperrlint [-C dir] [flags] packages...
//	mcperrlint [-C dir] -format=text|json|sarif [flags] packages...
//	mcperrlint [-C dir] -json|-fix [-diff]|-c=N [flags] packages...
//	mcperrlint [-C dir] catalog [-format md|json] [-check FILE] packages...
//	go vet -vettool=$(which mcperrlint) packages...
//	go fix -fixtool=$(which mcperrlint) [-diff] packages...
//
// A plain run, mcperrlint [analyzer flags] packages..., is -format=text,
// on the checker-based driver, whose loader type-checks from source only
// the packages that can matter to the rules. With -json, -fix (-fix -diff
// prints the fixes as a diff instead of applying them), -c=N or help,
// mcperrlint is the standard go/analysis multichecker ("mcperrlint help"
// lists the analyzers and their flags); go vet and go fix run it through
// the same protocol as their own analyzers.
//
// With -format, a driver built on go/analysis/checker writes the findings
// to standard output as text, as a JSON document or as SARIF 2.1.0 for
// code scanning, with paths relative to the module or workspace root.
// Exit codes: 0 no findings, 1 the run could not complete, 2 usage error,
// 3 findings; with -format=sarif, findings exit 0 so that an upload step
// runs.
//
// The catalog command lists every tool's error contract, as the
// ERROR_CODES.md registry or as JSON, and with -check fails when a
// released reason was removed or its code changed.
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

func main() {
	if err := changeDir(); err != nil {
		fmt.Fprintf(os.Stderr, "mcperrlint: %v\n", err)
		os.Exit(2)
	}
	switch {
	case len(os.Args) == 2 && os.Args[1] == "-V=full" && printVersion(os.Stdout):
		os.Exit(0) // go vet's query, answered without hashing the binary
	case len(os.Args) > 1 && os.Args[1] == "catalog":
		os.Exit(catalogMain(os.Args[2:], os.Stdout, os.Stderr))
	case hasFormatFlag(os.Args[1:]):
		os.Exit(lintMain(os.Args[1:], os.Stdout, os.Stderr))
	case plainRun(os.Args[1:]):
		os.Exit(lintMain(append([]string{"-format=text"}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
	// Everything else, go vet's protocol included, is multichecker's.
	multichecker.Main(analyzers.Suite()...)
}

// changeDir implements -C dir, as the go command does: when it comes first,
// mcperrlint works in dir, so that it can lint another module, such as the
// bundled demo, without a cd.
func changeDir() error {
	if len(os.Args) < 2 {
		return nil
	}
	var dir string
	switch arg := os.Args[1]; {
	case arg == "-C" || arg == "--C":
		if len(os.Args) < 3 {
			return fmt.Errorf("-C needs a directory (mcperrlint -C dir packages...)")
		}
		dir, os.Args = os.Args[2], append(os.Args[:1:1], os.Args[3:]...)
	case len(arg) > 3 && (arg[:3] == "-C=" || (len(arg) > 4 && arg[:4] == "--C=")):
		dir = arg[len("-C="):]
		if arg[1] == '-' {
			dir = arg[len("--C="):]
		}
		os.Args = append(os.Args[:1:1], os.Args[2:]...)
	default:
		return nil
	}
	if err := os.Chdir(dir); err != nil {
		return fmt.Errorf("-C: %v", err)
	}
	return nil
}
