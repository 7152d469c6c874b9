package main

import "strings"

// multicheckerFlags are the flags only multichecker (or go vet's protocol)
// understands: a command line with any of them stays on multichecker.
var multicheckerFlags = []string{"json", "fix", "diff", "c", "debug", "cpuprofile", "memprofile", "trace", "V", "flags", "v"}

// plainRun reports whether args are a plain text run, mcperrlint
// [flags] packages... with only the analyzers' flags and -test: those run
// on the checker-based driver, whose loader reads from source only the
// packages that can matter to the rules, and not on multichecker, which
// loads every dependency from source because the analyzers have facts.
// The text is the same, rule id after the position, but on standard
// output. Everything else stays multichecker's: -json, -fix, -diff, -c,
// the debugging and profiling flags, help, and go vet's protocol (a
// single *.cfg argument, -V=full, -flags).
func plainRun(args []string) bool {
	patterns := 0
	for _, arg := range args {
		if arg == "--" {
			return false
		}
		if !strings.HasPrefix(arg, "-") {
			if strings.HasSuffix(arg, ".cfg") || arg == "help" && patterns == 0 {
				return false
			}
			patterns++
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		for _, f := range multicheckerFlags {
			if name == f {
				return false
			}
		}
	}
	return patterns > 0
}
