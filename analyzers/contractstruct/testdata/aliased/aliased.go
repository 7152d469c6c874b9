package aliased

import (
	"context"

	e "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

var T = e.Tool[struct{}, string]{
	Name: "aliased",
	Errors: []e.Contract{
		{Reason: "Nope", When: "w", Recovery: "Use the other tool with a valid id.", Code: e.CodeNotFound}, // want `error-contract-reason-format`
	},
	Handler: func(ctx context.Context, _ struct{}) (string, error) { return "", nil },
}
