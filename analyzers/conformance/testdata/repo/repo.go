// Package repo only passes on what store produces: it does not import the
// runtime, but its imports reach it, so it has facts too.
package repo

import (
	"context"
	"errors"
	"fmt"

	"fixtures/store"
)

// Find wraps the store's error with %w: the reason is passed on.
func Find(ctx context.Context, id string) (string, error) {
	s := &store.Store{}
	v, err := s.Locate(ctx, id)
	if err != nil {
		return "", fmt.Errorf("find %s: %w", id, err)
	}
	return v, nil
}

// Lookup is Find under another name, for a method-value-like use.
func Lookup(ctx context.Context) (string, error) { return Find(ctx, "") }

// Lend returns the store's error as it is.
func Lend(ctx context.Context, id string) error {
	return store.Lend(ctx, id)
}

// Checked tests the error before returning it: what it passes on is
// marked as possibly translated.
func Checked(ctx context.Context, id string) error {
	err := store.Lend(ctx, id)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// Reserve calls the store without returning its error: Fail still runs
// under the caller's contract.
func Reserve(ctx context.Context) {
	_ = store.Reserve(ctx)
}

// Gone returns a sentinel of another package.
func Gone() error { return store.ErrGone }

// Forward passes its reason on to the store.
func Forward(ctx context.Context, reason string) error {
	return store.FailWith(ctx, reason)
}
