package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// The standalone driver's heap only grows: every package it loads stays
// live until the findings are printed. At the default GOGC=100 a
// collection runs each time the heap doubles, and each one scans the
// syntax and types loaded so far, to free almost nothing. While the live
// heap is small the driver lets it triple instead (GOGC=200), as
// cmd/compile raises its starting heap (cmd/compile/internal/base,
// AdjustStartingHeap), and returns to the collector's default once the
// live heap passes relaxedHeapLimit, so that the largest runs keep the
// default footprint. The limit is 1 GiB: a 10 000-tool module's live heap
// ends near it, and at 512 MiB such a run went back to the default while
// its analysis ran, when each collection scans the most — the driver's
// cost above the floor then grew faster than the number of tools (1.36×
// the floor against 1.22× at 1 GiB, for 23 % more peak memory; see
// docs/performance.md). An explicit GOGC (or GOMEMLIMIT) is the user's
// choice and is left alone. scripts/bench.sh measures the effect (the
// `mcperrlint ./...` row against `GOGC=100 mcperrlint ./...`).
const (
	relaxedGCPercent = 200
	relaxedHeapLimit = 1 << 30
)

// relaxGC raises the GC percent until the live heap passes limit, and
// reports whether it did: not when the environment sets GOGC or
// GOMEMLIMIT.
func relaxGC(limit uint64) bool {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return false
	}
	previous := debug.SetGCPercent(relaxedGCPercent)
	if previous < 0 {
		debug.SetGCPercent(previous) // the collector is off: nothing to relax
		return false
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	forEachGC(func() bool {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() < limit {
			return true
		}
		debug.SetGCPercent(previous)
		return false
	})
	return true
}

// forEachGC calls fn after each garbage collection until it returns
// false: a finalizer that re-arms itself runs once per cycle (the
// technique of cmd/compile's forEachGC).
func forEachGC(fn func() bool) {
	type sentinel [32]byte // big enough to stay out of the tiny allocator
	var finalizer func(*sentinel)
	finalizer = func(p *sentinel) {
		if fn() {
			runtime.SetFinalizer(p, finalizer)
		}
	}
	runtime.SetFinalizer(new(sentinel), finalizer)
}
