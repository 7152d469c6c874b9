// Package noop defines the analyzers the benchmark uses as floors: one
// that does nothing, and one that does nothing but declare a fact type.
package noop

import "golang.org/x/tools/go/analysis"

// Analyzer does nothing: a driver running it only loads and type-checks.
var Analyzer = &analysis.Analyzer{
	Name:             "noop",
	Doc:              "do nothing (the benchmark's floor)",
	Run:              func(*analysis.Pass) (any, error) { return nil, nil },
	RunDespiteErrors: true,
}

// FactsAnalyzer does nothing but declare a fact type, which makes a
// driver run it on every dependency.
var FactsAnalyzer = &analysis.Analyzer{
	Name:             "noopfacts",
	Doc:              "do nothing, but declare a fact type (the floor of a facts suite)",
	Run:              func(*analysis.Pass) (any, error) { return nil, nil },
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(Fact)},
}

// Fact is the fact type FactsAnalyzer declares and never exports.
type Fact struct{}

// AFact marks Fact as a fact.
func (*Fact) AFact() {}
