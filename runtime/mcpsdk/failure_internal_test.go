package mcpsdk

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// cyclic is an error that wraps itself, as a buggy Unwrap might.
type cyclic struct{}

func (c *cyclic) Error() string { return "cyclic" }
func (c *cyclic) Unwrap() error { return c }

// TestCauseChain checks the logged cause chain: depth first, through
// mcperr causes, %w wrapping and errors.Join branches, bounded on cycles.
func TestCauseChain(t *testing.T) {
	refused := errors.New("connection refused")
	timeout := errors.New("i/o timeout")
	err := mcperr.ServiceUnavailable("The catalog is down.",
		mcperr.WithCause(fmt.Errorf("fetch: %w", errors.Join(fmt.Errorf("primary: %w", refused), timeout))))
	want := []string{
		"fetch: primary: connection refused\ni/o timeout",
		"primary: connection refused\ni/o timeout",
		"primary: connection refused",
		"connection refused",
		"i/o timeout",
	}
	if diff := cmp.Diff(want, causeChain(err)); diff != "" {
		t.Errorf("cause chain mismatch (-want +got):\n%s", diff)
	}
	if got := causeChain(errors.New("alone")); got != nil {
		t.Errorf("chain of an unwrapped error = %q, want none", got)
	}
	if got := len(causeChain(&cyclic{})); got != maxCauses {
		t.Errorf("chain of a cyclic error has %d entries, want the bound %d", got, maxCauses)
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
