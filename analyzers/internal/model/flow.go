package model

import (
	"go/ast"
	"go/types"
	"runtime"
	"sync"
	"weak"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
)

// Flow returns errflow's answers about a function body of the package
// (its returns, error branches and local assignments), computed on the
// first request of any analyzer and then shared by all: every analyzer of
// the package reads the same Model. info is the package's type
// information. Flow is safe for concurrent use.
func (m *Model) Flow(info *types.Info, body *ast.BlockStmt) *errflow.Func {
	if m == nil {
		return errflow.NewIndex(info).Func(body)
	}
	return m.flows(info).Func(body)
}

// flowIndexes holds the errflow index of each Model for as long as the
// Model lives, keyed by a weak pointer so that it does not keep the Model
// alive; a cleanup drops the entry once the Model is collected. (The index
// lives beside the Model rather than in a field of it so that the code
// building Models need not know about it.)
var flowIndexes sync.Map // weak.Pointer[Model] → *errflow.Index

func (m *Model) flows(info *types.Info) *errflow.Index {
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

// dropFlows forgets the index of a Model that has been collected.
func dropFlows(key weak.Pointer[Model]) { flowIndexes.Delete(key) }
