// Command mcperrlint checks the error contracts of Go MCP servers.
//
// Usage:
//
//	mcperrlint [-C dir] [flags] packages...
//	go vet -vettool=$(which mcperrlint) packages...
//
// Run "mcperrlint help" for the analyzers and their flags.
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
			return fmt.Errorf("-C needs a directory: mcperrlint -C dir packages...")
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
