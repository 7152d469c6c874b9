package binding

import (
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// cyclic is an error that wraps itself, as a buggy Unwrap might.
type cyclic struct{}

func (c *cyclic) Error() string { return "cyclic" }
func (c *cyclic) Unwrap() error { return c }

// counting is an endless chain of errors with different texts.
type counting struct{ n int }

func (c *counting) Error() string { return fmt.Sprintf("level %d", c.n) }
func (c *counting) Unwrap() error { return &counting{c.n + 1} }

// opaque is an error whose text does not repeat its cause's.
type opaque struct {
	text string
	err  error
}

func (o opaque) Error() string { return o.text }
func (o opaque) Unwrap() error { return o.err }

// TestCauseChain checks the logged cause chain: depth first, through
// mcperr causes, %w wrapping and errors.Join branches, bounded on cycles.
func TestCauseChain(t *testing.T) {
	refused := errors.New("connection refused")
	timeout := errors.New("i/o timeout")
	err := mcperr.ServiceUnavailable("The catalog is down.",
		mcperr.WithCause(fmt.Errorf("fetch: %w", errors.Join(fmt.Errorf("primary: %w", refused), timeout))))
	// Every text below the first is inside it.
	want := []string{"fetch: primary: connection refused\ni/o timeout"}
	if diff := cmp.Diff(want, causeChain(err)); diff != "" {
		t.Errorf("cause chain mismatch (-want +got):\n%s", diff)
	}
	// Texts that add something are kept, in depth-first order.
	err = mcperr.ServiceUnavailable("The catalog is down.", mcperr.WithCause(opaque{
		"catalog lookup failed", &url.Error{Op: "Get", URL: "http://catalog/books", Err: fmt.Errorf("dial: %w", refused)},
	}))
	want = []string{
		"catalog lookup failed",
		`Get "http://catalog/books": dial: connection refused`,
	}
	if diff := cmp.Diff(want, causeChain(err)); diff != "" {
		t.Errorf("cause chain mismatch (-want +got):\n%s", diff)
	}
	// What the error's own text says is not repeated.
	if got := causeChain(fmt.Errorf("reading the shelf: %w", refused)); got != nil {
		t.Errorf("chain of a wrapped error = %q, want none", got)
	}
	if got := causeChain(errors.New("alone")); got != nil {
		t.Errorf("chain of an unwrapped error = %q, want none", got)
	}
	if got := causeChain(&cyclic{}); got != nil {
		t.Errorf("chain of a cyclic error = %q, want none (and an end)", got)
	}
	if got := len(causeChain(&counting{})); got != maxCauses {
		t.Errorf("chain of an endless error has %d entries, want the bound %d", got, maxCauses)
	}
}

// TestTrimValidationError checks that schema locations are dropped from
// jsonschema-go's messages.
func TestTrimValidationError(t *testing.T) {
	got := trimValidationError(`validating root: validating /properties/id: type: 42 has type "integer", want "string"`)
	if want := `type: 42 has type "integer", want "string"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
