// Package recovery exercises error-contract-recovery-unforwarded and its
// fixes.
package recovery

import (
	"context"
	"errors"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

var errCause = errors.New("cause")

func cases(ctx context.Context, reason string, opts []mcperr.Option, kind int) error {
	switch kind {
	case 0:
		return mcperr.Fail(ctx, "a", "") // want `error-contract-recovery-unforwarded: this Fail of reason "a" does not forward the contract's recovery hint`
	case 1:
		return mcperr.Fail(ctx, "a", "message", // want `this Fail of reason "a" does not forward`
			mcperr.WithCause(errCause),
		)
	case 2:
		return mcperr.Fail(ctx, "a", "", mcperr.RecoveryFor(ctx, "b")) // want `this Fail of reason "a" forwards the recovery hint of reason "b"`
	case 3:
		return mcperr.Fail(ctx, reasonA, "", mcperr.WithData("k", 1)) // want `this Fail of reason reasonA does not forward`
	case 4:
		return mcperr.Fail(ctx, reason, "") // want `this Fail of reason reason does not forward the contract's recovery hint, so the agent is not told what to do next: pass mcperr.RecoveryFor\(ctx, reason\)`
	}
	// Not reported.
	rec := mcperr.RecoveryFor(ctx, "a")
	switch kind {
	case 10:
		return mcperr.Fail(ctx, "a", "", rec)
	case 11:
		return mcperr.Fail(ctx, "a", "", mcperr.WithRecovery("Try again tomorrow."))
	case 12:
		return mcperr.Fail(ctx, "a", "", opts...)
	case 13:
		return mcperr.Fail(ctx, reason, "", mcperr.RecoveryFor(ctx, reason))
	case 14:
		return mcperr.Fail(ctx, "a", "", mcperr.WithData("recovery", "Try again."))
	case 15:
		return mcperr.Fail(ctx, "a", "", helperOption())
	case 16:
		return mcperr.Fail(ctx, reasonA, "", mcperr.RecoveryFor(ctx, "a"))
	case 17:
		return mcperr.Fail(context.Background(), "a", "") // outside any contract
	}
	return nil
}

const reasonA = "a"

func helperOption() mcperr.Option { return mcperr.WithRetryable(false) }
