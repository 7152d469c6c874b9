package recovery

import (
	"context"

	. "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

func dotted(c context.Context) error {
	if c == nil {
		return Fail(c, "a", "", RecoveryFor(c, "b")) // want `forwards the recovery hint of reason "b": .* pass RecoveryFor\(c, "a"\)`
	}
	return Fail(c, "a", "") // want `pass RecoveryFor\(c, "a"\)`
}

// RecoveryFor is shadowed here: the fix cannot name the runtime's.
func shadowed(ctx context.Context) error {
	RecoveryFor := 1
	_ = RecoveryFor
	return Fail(ctx, "a", "") // want `does not forward`
}
