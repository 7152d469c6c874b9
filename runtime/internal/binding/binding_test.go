package binding

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type echoArgs struct {
	ID string `json:"id"`
}

// echo binds a tool that returns its id, with deterministic request ids.
func echo(t *testing.T) *Binding[echoArgs, echoArgs] {
	t.Helper()
	b, err := New(&mcperr.Tool[echoArgs, echoArgs]{
		Name:    "echo",
		Handler: func(_ context.Context, in echoArgs) (echoArgs, error) { return in, nil },
	}, Config{Logger: slog.New(slog.DiscardHandler), NewRequestID: func() string { return "req-1" }})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCallArguments checks every form a binding hands arguments in: raw
// JSON, none, and Go values an in-process caller built.
func TestCallArguments(t *testing.T) {
	b := echo(t)
	for name, args := range map[string]any{
		"json.RawMessage": json.RawMessage(`{"id": "b-1"}`),
		"[]byte":          []byte(`{"id": "b-1"}`),
		"map":             map[string]any{"id": "b-1"},
		"struct":          echoArgs{ID: "b-1"},
	} {
		res := b.Call(context.Background(), args)
		if res.IsError || res.Text != `{"id":"b-1"}` {
			t.Errorf("%s: got %+v; want the echo", name, res)
		}
	}
	res := b.Call(context.Background(), nil)
	want := "Error: Invalid arguments: id: required property is missing.\n\n" +
		"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
		"(reason invalid_arguments · not retryable · request req-1)"
	if diff := cmp.Diff(want, res.Text); diff != "" || !res.IsError {
		t.Errorf("no arguments (isError %v) (-want +got):\n%s", res.IsError, diff)
	}
	res = b.Call(context.Background(), map[string]any{"id": make(chan int)})
	want = "Error: Invalid arguments: arguments could not be encoded as JSON.\n\n" +
		"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
		"(reason invalid_arguments · not retryable · request req-1)"
	if diff := cmp.Diff(want, res.Text); diff != "" || !res.IsError {
		t.Errorf("arguments that do not encode (isError %v) (-want +got):\n%s", res.IsError, diff)
	}
}

// TestNewRejects checks the tools a binding cannot serve.
func TestNewRejects(t *testing.T) {
	if _, err := New[echoArgs, echoArgs](nil, Config{}); err == nil {
		t.Error("nil tool: no error")
	}
	if _, err := New(&mcperr.Tool[echoArgs, echoArgs]{Name: "x"}, Config{}); err == nil {
		t.Error("tool without a handler: no error")
	}
	if _, err := New(&mcperr.Tool[int, int]{Name: "x", Handler: func(context.Context, int) (int, error) { return 0, nil }}, Config{}); err == nil {
		t.Error("In = int: no error")
	}
}

// TestSnapshot checks that a bound tool does not change when the caller
// edits the tool or its contract afterwards.
func TestSnapshot(t *testing.T) {
	tool := &mcperr.Tool[echoArgs, echoArgs]{
		Name: "echo",
		Errors: []mcperr.Contract{{
			Reason: "gone", Code: mcperr.CodeNotFound, When: "The id is gone.", Recovery: "Ask the user for another id, then call again.",
			ThrownByService: true, // never: the test only edits it
		}},
		Handler: func(_ context.Context, in echoArgs) (echoArgs, error) { return in, nil },
	}
	b, err := New(tool, Config{})
	if err != nil {
		t.Fatal(err)
	}
	tool.Name = "renamed"
	tool.Errors[0].Reason = "edited"
	if got := b.Name(); got != "echo" {
		t.Errorf("name = %q after an edit, want echo", got)
	}
	if got := b.Meta()[0].Reason; got != "gone" {
		t.Errorf("first advertised reason = %q after an edit, want gone", got)
	}
}
