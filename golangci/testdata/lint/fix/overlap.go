package fix

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Find's error has two findings on one expression: a factory exists for
// mcperr.New's code, and the contract declares that code for one reason.
// Only error-contract-prefer-fail offers a fix, so every fixer applies it
// in one run: overlap.go.golden is this file after it.
var Find = mcperr.Tool[In, Out]{
	Name: "find",
	Errors: []mcperr.Contract{{
		Reason:   "note_missing",
		Code:     mcperr.CodeNotFound,
		When:     "No note has the id.",
		Recovery: "List the notes first, then retry with one of their ids.",
	}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.New(mcperr.CodeNotFound, "no such note") // golangci: prefer-error-factory,error-contract-prefer-fail
		}
		return Out{Text: in.ID}, nil
	},
}
