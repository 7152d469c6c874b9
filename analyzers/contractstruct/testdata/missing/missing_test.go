package missing

import (
	"context"
	"testing"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// A test's tool is scaffolding no client calls: not reported.
func TestCall(t *testing.T) {
	tool := &mcperr.Tool[In, Out]{Name: "under_test", Handler: handle}
	if _, err := tool.Call(context.Background(), In{}); err != nil {
		t.Fatal(err)
	}
}
