// Package store is a service two packages below the handlers: it builds
// the runtime's errors, naming the contract reasons it produces.
package store

import (
	"context"
	"strings"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

const ReasonShelfMissing = "shelf_missing"

type Store struct{}

// Locate fails with a reason of its own.
func (s *Store) Locate(ctx context.Context, id string) (string, error) {
	if id == "" {
		return "", mcperr.NotFound("No shelf has the book.", mcperr.WithReason(ReasonShelfMissing), mcperr.RecoveryFor(ctx, ReasonShelfMissing))
	}
	return id, nil
}

// Lend builds its error ahead of returning it.
func Lend(ctx context.Context, id string) error {
	err := mcperr.Conflict("The book is lent.", mcperr.WithReason("book_lent"))
	if id != "" {
		return err
	}
	return nil
}

// Reserve fails through the contract in ctx.
func Reserve(ctx context.Context) error {
	return mcperr.Fail(ctx, "reserve_failed", "", mcperr.RecoveryFor(ctx, "reserve_failed"))
}

// Fetch returns an error without a reason.
func Fetch() error {
	return mcperr.Forbidden("Members only.")
}

// FailWith fails with the reason its caller passes.
func FailWith(ctx context.Context, reason string) error {
	return mcperr.Fail(ctx, reason, "", mcperr.RecoveryFor(ctx, reason))
}

// Sloppy chooses its reason at run time.
func Sloppy(ctx context.Context, kind string) error {
	return mcperr.Fail(ctx, strings.ToLower(kind), "") // want `error-contract-reason-dynamic` `error-contract-recovery-unforwarded`
}

// ErrGone is a sentinel.
var ErrGone = mcperr.Conflict("Gone.", mcperr.WithReason("gone"))

// Ping never fails with a runtime error: it has no fact.
func Ping() error { return nil }

// recurse and again call each other; the fixed point ends.
func recurse(ctx context.Context, n int) error {
	if n == 0 {
		return mcperr.Fail(ctx, "deep", "", mcperr.RecoveryFor(ctx, "deep"))
	}
	return again(ctx, n-1)
}

func again(ctx context.Context, n int) error { return recurse(ctx, n) }

// Deep passes on what recurse produces.
func Deep(ctx context.Context) error { return again(ctx, 3) }
