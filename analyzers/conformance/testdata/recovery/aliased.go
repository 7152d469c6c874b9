package recovery

import (
	"context"

	me "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

func aliased(ctx context.Context) error {
	return me.Fail(ctx, "a", "") // want `pass me.RecoveryFor\(ctx, "a"\)`
}
