// Command noopfacts runs an analyzer that does nothing but declare a fact
// type. That alone makes the stock driver load every dependency from
// source, the standard library included: its run time is the floor for a
// facts-based suite loaded the standard way.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/mcperrlint/mcperrlint/internal/bench/noop"
)

func main() { singlechecker.Main(noop.FactsAnalyzer) }
