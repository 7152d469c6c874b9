// Package swallowdep is a helper package of swallow: its functions are
// not followed from another package's handlers.
package swallowdep

import (
	"context"
	"errors"
)

// Names lists the names.
func Names(ctx context.Context) []string {
	if err := fetch(ctx); err != nil {
		return nil
	}
	return []string{"a"}
}

func fetch(ctx context.Context) error { return errors.New("unavailable") }
