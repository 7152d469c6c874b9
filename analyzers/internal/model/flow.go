package model

import "github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"

// Flows returns the package's errflow index: errflow's answers about each
// function body (its returns, error branches and local assignments),
// computed on the first request of any analyzer and then shared by all,
// as every analyzer of the package reads the same Model. The index is safe
// for concurrent use: the checker may run a package's analyzers in
// parallel.
func (m *Model) Flows() *errflow.Index { return m.flows }
