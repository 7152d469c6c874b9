// Command mcperrlint checks the error contracts of Go MCP servers.
//
// Usage:
//
//	mcperrlint [-C dir] [flags] packages...
//	mcperrlint [-C dir] -format=text|json|sarif [flags] packages...
//	mcperrlint [-C dir] -fix [-diff] [flags] packages...
//	mcperrlint [-C dir] -json [flags] packages...
//	mcperrlint help [analyzer | rule]
//	mcperrlint [-C dir] catalog [-format md|json] [-check FILE] packages...
//	go vet -vettool=$(which mcperrlint) packages...
//	go fix -fixtool=$(which mcperrlint) [-diff] packages...
//
// Every standalone mode runs on one driver, built on go/analysis/checker
// with a loader that type-checks from source only the packages that can
// matter to the rules (see internal/load), and writes through one output
// path: the findings as text (the default), as a JSON document or as
// SARIF 2.1.0; the suggested fixes applied (-fix) or printed as a diff
// (-fix -diff); the legacy multichecker JSON tree (-json). go vet and go
// fix run mcperrlint through their unitchecker protocol (a *.cfg file,
// -flags, -V=full), as they run their own analyzers.
//
// Exit codes: 0 no findings, or every fix applied, or -json and sarif
// once written; 1 the run could not complete (or a fix could not be
// applied); 2 usage error; 3 findings (text, json, and -c).
//
// The catalog command lists every tool's error contract, as the
// ERROR_CODES.md registry or as JSON, and with -check fails when a
// released reason was removed or its code changed.
package main

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

func main() {
	if err := changeDir(); err != nil {
		fmt.Fprintf(os.Stderr, "mcperrlint: %v\n", err)
		os.Exit(exitUsage)
	}
	args := os.Args[1:]
	switch {
	case len(args) == 1 && args[0] == "-V=full" && printVersion(os.Stdout):
		os.Exit(exitOK) // go vet's query, answered without hashing the binary
	case unitcheckerCall(args):
		unitchecker.Main(analyzers.Suite()...)
	case len(args) > 0 && args[0] == "catalog":
		relaxGC(relaxedHeapLimit)
		os.Exit(catalogMain(args[1:], os.Stdout, os.Stderr))
	case len(args) > 0 && args[0] == "help":
		os.Exit(helpMain(args[1:], os.Stdout, os.Stderr))
	}
	relaxGC(relaxedHeapLimit)
	os.Exit(lintMain(args, os.Stdout, os.Stderr))
}

// unitcheckerCall reports whether args are go vet's or go fix's: a
// version or flags query (-V, -V=full without a build ID, -flags), or
// flags followed by one *.cfg file describing the package to analyze.
func unitcheckerCall(args []string) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	switch {
	case len(args) == 1 && (last == "-flags" || strings.HasPrefix(last, "-V")):
		return true
	case strings.HasSuffix(last, ".cfg") && !strings.HasPrefix(last, "-"):
		for _, a := range args[:len(args)-1] {
			if !strings.HasPrefix(a, "-") {
				return false // packages, not a vet configuration
			}
		}
		return true
	}
	return false
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
