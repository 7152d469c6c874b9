// Package swallowdep is a helper package of swallow, in the same module:
// the empty answer its Names gives on failure is recorded here, and
// reported by swallow, whose handler answers with it.
package swallowdep

import (
	"context"
	"errors"
)

// Names lists the names.
func Names(ctx context.Context) []string { // want Names:"answer pending: no-fake-empty-result@14"
	if err := fetch(ctx); err != nil {
		return nil // want `no-fake-empty-result: helper Names returns an empty value, with no error to say it failed, while handling err: a handler that answers with what it gives cannot tell`
	}
	return []string{"a"}
}

func fetch(ctx context.Context) error { return errors.New("unavailable") }
