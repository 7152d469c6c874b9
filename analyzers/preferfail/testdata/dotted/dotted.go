package dotted

import (
	"context"

	. "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{}
type Out struct{}

var tool = Tool[In, Out]{
	Name:   "dotted",
	Errors: []Contract{{Reason: "gone", Code: CodeNotFound, When: "w", Recovery: "r"}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, NotFound("Gone.") // want `return Fail\(ctx, "gone", ...\)`
	},
}

// Fail is shadowed here: no fix.
var shadowed = Tool[In, Out]{
	Name:   "shadowed",
	Errors: []Contract{{Reason: "gone", Code: CodeNotFound, When: "w", Recovery: "r"}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		Fail := 0
		_ = Fail
		return Out{}, New(CodeNotFound, "Gone.") // want `declares code NotFound for reason "gone"`
	},
}
