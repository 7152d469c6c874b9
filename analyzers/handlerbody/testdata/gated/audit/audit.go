// Package audit has a gate written for the tools: it imports them, so it
// sees which of their interfaces' errors reach a client, and holds its
// own implementation to that.
package audit

import (
	"context"
	"errors"
	"fmt"

	"fixtures/gated/tools"
)

var _ tools.Gate = (*Audit)(nil)

// Audit lets a call through when the audit log accepts it.
type Audit struct{}

func (a *Audit) Check(ctx context.Context) error {
	return a.record(ctx)
}

func (a *Audit) record(ctx context.Context) error {
	if err := write(ctx); err != nil {
		return fmt.Errorf("audit log unavailable: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return nil
}

func write(ctx context.Context) error { return errors.New("disk full") }
