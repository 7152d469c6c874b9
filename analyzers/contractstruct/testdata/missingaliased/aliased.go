package missingaliased

import (
	"context"

	e "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

var T = e.Tool[struct{}, string]{ // want `error-contract-missing: tool "aliased"`
	Name:    "aliased",
	Handler: func(ctx context.Context, _ struct{}) (string, error) { return "", nil },
}
