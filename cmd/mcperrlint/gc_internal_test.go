package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent returns the current GC percent.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestRelaxGCLeavesTheUsersSetting(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "50")
			before := gcPercent()
			if relaxGC(1 << 40) {
				t.Fatalf("relaxGC with %s set relaxed the collector", env)
			}
			if got := gcPercent(); got != before {
				t.Errorf("GC percent = %d, want %d (untouched)", got, before)
			}
		})
	}
}

func TestRelaxGCRestoresPastTheLimit(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)

	if !relaxGC(0) { // any live heap is past a limit of 0
		t.Fatal("relaxGC did not relax the collector")
	}
	if got := gcPercent(); got != relaxedGCPercent {
		t.Fatalf("GC percent after relaxGC = %d, want %d", got, relaxedGCPercent)
	}
	// The finalizer that restores the setting runs after a collection,
	// on the finalizer goroutine.
	deadline := time.Now().Add(10 * time.Second)
	for gcPercent() != 100 {
		if time.Now().After(deadline) {
			t.Fatalf("GC percent = %d after collections past the limit, want 100 (restored)", gcPercent())
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}
