package bindingtest

import (
	"fmt"
	"testing"
)

// A RecordingTB is a testing.TB that records what Errorf reports instead of
// failing the test, so that a test helper's own test can assert what it
// reports. Everything else is the wrapped TB's.
type RecordingTB struct {
	testing.TB
	Errors []string
}

func (r *RecordingTB) Helper() {}

func (r *RecordingTB) Errorf(format string, args ...any) {
	r.Errors = append(r.Errors, fmt.Sprintf(format, args...))
}
