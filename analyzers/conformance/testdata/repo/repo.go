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
func Find(ctx context.Context, id string) (string, error) { // want Find:`^errors: return NotFound "shelf_missing" at store/store.go:19$`
	s := &store.Store{}
	v, err := s.Locate(ctx, id)
	if err != nil {
		return "", fmt.Errorf("find %s: %w", id, err)
	}
	return v, nil
}

// Lend returns the store's error as it is.
func Lend(ctx context.Context, id string) error { // want Lend:`^errors: return Conflict "book_lent" at store/store.go:26$`
	return store.Lend(ctx, id)
}

// Checked tests the error before returning it: what it passes on is
// marked as possibly translated.
func Checked(ctx context.Context, id string) error { // want Checked:`^errors: return Conflict "book_lent" inspected at store/store.go:26$`
	err := store.Lend(ctx, id)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// Reserve calls the store without returning its error: Fail still runs
// under the caller's contract.
func Reserve(ctx context.Context) { // want Reserve:`^errors: fail "reserve_failed" at store/store.go:35$`
	_ = store.Reserve(ctx)
}

// Gone returns a sentinel of another package.
func Gone() error { return store.ErrGone } // want Gone:`^errors: return Conflict "gone" at store/store.go:54$`

// Forward passes its reason on to the store.
func Forward(ctx context.Context, reason string) error { // want Forward:`^errors: fail \$2 at repo/repo.go:49; recovery \$2 at repo/repo.go:49$`
	return store.FailWith(ctx, reason)
}
