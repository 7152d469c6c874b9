// Package fix has findings with suggested fixes, which golangci-lint run
// --fix must apply: fix.go.golden is this file after it.
package fix

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Text string }

var Lookup = mcperr.Tool[In, Out]{ // golangci: error-contract-missing
	Name: "lookup",
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.New(mcperr.CodeInvalidParams, "the id is empty") // golangci: prefer-error-factory
		}
		return Out{Text: in.ID}, nil
	},
}
