// Package dotted dot-imports the runtime.
package dotted

import (
	"context"

	. "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{}

var tool = Tool[In, Out]{
	Name: "dotted",
	Errors: []Contract{
		{Reason: "declared", Code: CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "unused", Code: CodeConflict, When: "w", Recovery: "r"}, // want `error-contract-unthrown: tool "dotted" declares reason "unused"`
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, Fail(ctx, "declared", "", RecoveryFor(ctx, "declared"))
		}
		if in.ID == "x" {
			return Out{}, NotFound("no", WithReason("declared"))
		}
		return Out{}, Fail(ctx, "undeclared", "", RecoveryFor(ctx, "undeclared")) // want `error-contract-reason-undeclared: mcperr.Fail names reason "undeclared"`
	},
}
