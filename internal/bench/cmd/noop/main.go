// Command noop runs an analyzer that does nothing, through the same
// go/packages loader as mcperrlint's multichecker path: the root packages
// from source, their dependencies from export data. Its run time is the
// floor the benchmark measures mcperrlint against: loading and
// type-checking, which no analyzer can avoid.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/mcperrlint/mcperrlint/internal/bench/noop"
)

func main() { singlechecker.Main(noop.Analyzer) }
