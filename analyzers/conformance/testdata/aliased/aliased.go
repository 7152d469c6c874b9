// Package aliased imports the runtime under another name: symbols are
// known by their package path.
package aliased

import (
	"context"

	me "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{}

var tool = me.Tool[In, Out]{
	Name: "aliased",
	Errors: []me.Contract{
		{Reason: "declared", Code: me.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "unused", Code: me.CodeConflict, When: "w", Recovery: "r"}, // want `error-contract-unthrown: tool "aliased" declares reason "unused"`
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, me.Fail(ctx, "declared", "", me.RecoveryFor(ctx, "declared"))
		}
		if in.ID == "x" {
			return Out{}, me.Forbidden("no") // want `error-contract-conformance: this Forbidden error reaches the client`
		}
		return Out{}, me.Fail(ctx, "undeclared", "", me.RecoveryFor(ctx, "undeclared")) // want `error-contract-reason-undeclared: mcperr.Fail names reason "undeclared"`
	},
}
