// Package analyzers lists mcperrlint's analyzers, for the drivers that run
// them: the mcperrlint command (standalone, go vet -vettool, go fix
// -fixtool) and the golangci-lint plugin.
package analyzers

import (
	"go/types"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/conformance"
	"github.com/mcperrlint/mcperrlint/analyzers/contractstruct"
	"github.com/mcperrlint/mcperrlint/analyzers/handlerbody"
	"github.com/mcperrlint/mcperrlint/analyzers/ignoredirective"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/preferfail"
	"github.com/mcperrlint/mcperrlint/analyzers/sdkresult"
	"github.com/mcperrlint/mcperrlint/internal/depcache"
)

// Suite returns the analyzers of mcperrlint, in the order of their
// documentation. Each call returns the same analyzers: their flags are
// shared by every driver in the process.
func Suite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		contractstruct.Analyzer,
		conformance.Analyzer,
		preferfail.Analyzer,
		handlerbody.Analyzer,
		sdkresult.Analyzer,
		ignoredirective.Analyzer,
	}
}

// SkipTestVariants is for a driver that analyzes every package as well as
// its test variant (the package compiled with its in-package _test.go
// files), as mcperrlint's does: the error-flow layer, which reads no test
// file, leaves the variants out instead of repeating the packages'
// analysis. go vet, which analyzes a package with tests only as its
// variant, must not call it.
func SkipTestVariants() error { return errflow.SkipTestVariants() }

// UseDependencyCache is for a driver that loads dependency packages from
// export data where c holds their summaries: it tells the error-flow
// layer the cache, and the key of each dependency package, so that the
// layer exports the summaries of those it finds there and keeps those it
// computes (see internal/depcache).
//
// A driver that also cut from the graph the dependencies whose entries the
// cache holds (internal/load's Config.CutCached) gives their types by
// path, and the paths of those in each remaining package's import
// closure; nil, nil when it cut none.
func UseDependencyCache(c *depcache.Cache, keys map[string]depcache.Key, cut map[string]*types.Package, closure func(path string) []string) {
	errflow.UseDependencyCache(c, keys, cut, closure)
}

// RootShape returns a finding's message without the counts a root's
// message has ("23 texts of 23 functions"): a driver that sees every
// package takes the findings of one rule at one place whose messages have
// one shape for one root, found by several packages (each sees only the
// handlers it has), and makes them one, with SumRootCounts.
func RootShape(msg string) string { return report.CountShape(msg) }

// SumRootCounts returns the message of one root found by several
// packages: msgs, of one RootShape, with each count the sum of theirs.
func SumRootCounts(msgs []string) string { return report.SumCounts(msgs) }
