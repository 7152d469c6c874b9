package aliased

import (
	"context"

	me "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{}
type Out struct{}

var tool = me.Tool[In, Out]{
	Name:   "aliased",
	Errors: []me.Contract{{Reason: "gone", Code: me.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, me.NotFound("Gone.", me.WithRetryable(false)) // want `return me.Fail\(ctx, "gone", ...\)`
	},
}
