package model

import (
	"go/types"
	"runtime"
	"sync"
	"weak"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
)

// Flows returns the package's errflow index: errflow's answers about each
// function body (its returns, error branches and local assignments),
// computed on the first request of any analyzer and then shared by all,
// as every analyzer of the package reads the same Model. info is the
// package's type information. Flows and the index are safe for concurrent
// use.
func (m *Model) Flows(info *types.Info) *errflow.Index {
	if m == nil {
		return errflow.NewIndex(info)
	}
	key := weak.Make(m)
	if x, ok := flowIndexes.Load(key); ok {
		return x.(*errflow.Index)
	}
	x, loaded := flowIndexes.LoadOrStore(key, errflow.NewIndex(info))
	if !loaded {
		runtime.AddCleanup(m, dropFlows, key)
	}
	return x.(*errflow.Index)
}

// flowIndexes holds the errflow index of each Model for as long as the
// Model lives, keyed by a weak pointer so that it does not keep the Model
// alive; a cleanup drops the entry once the Model is collected. (The index
// lives beside the Model rather than in a field of it so that the code
// building Models need not know about it.)
var flowIndexes sync.Map // weak.Pointer[Model] → *errflow.Index

// dropFlows forgets the index of a Model that has been collected.
func dropFlows(key weak.Pointer[Model]) { flowIndexes.Delete(key) }
