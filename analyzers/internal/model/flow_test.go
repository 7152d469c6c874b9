package model

import (
	"go/ast"
	"go/types"
	"runtime"
	"testing"
	"time"
)

func TestFlowShared(t *testing.T) {
	info := &types.Info{}
	body := &ast.BlockStmt{}
	m1, m2 := &Model{}, &Model{}
	x, y := m1.Flows(info), m1.Flows(info)
	if x != y || x.Func(body) != y.Func(body) {
		t.Error("one model gave two indexes, or two Funcs for one body")
	}
	if m1.Flows(info) == m2.Flows(info) {
		t.Error("two models share an index")
	}
	runtime.KeepAlive(m1)
	runtime.KeepAlive(m2)
}

func TestFlowDropped(t *testing.T) {
	count := func() int {
		n := 0
		flowIndexes.Range(func(any, any) bool { n++; return true })
		return n
	}
	before := count()
	func() {
		m := &Model{}
		m.Flows(&types.Info{})
	}()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		runtime.GC()
		if count() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("the index of a collected model is still held (%d indexes, %d before)", count(), before)
}
