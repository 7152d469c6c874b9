// Package auth has gates that satisfy tools.Gate without importing it.
package auth

import (
	"context"
	"errors"
	"fmt"
)

// Reverify checks the caller's identity again before each call.
type Reverify struct{}

func (r *Reverify) Check(ctx context.Context) error { // want Check:"source pending: preserve-cause-on-rethrow@15"
	if err := whoAmI(ctx); err != nil {
		return fmt.Errorf("identity re-verify failed: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return nil
}

// Legacy is a gate no program here wires in.
type Legacy struct{}

func (l *Legacy) Check(ctx context.Context) error { // want Check:"source pending: preserve-cause-on-rethrow@25"
	if err := whoAmI(ctx); err != nil {
		return fmt.Errorf("legacy check failed: %v", err)
	}
	return nil
}

func whoAmI(ctx context.Context) error { return errors.New("401") }
