// Package server has findings, settings that change them, and
// suppressions.
package server

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Text string }

var Notes = mcperr.Tool[In, Out]{
	Name: "notes",
	Errors: []mcperr.Contract{
		// min-words is 3 in .golangci.yml: three words pass, two do not.
		{Reason: "busy", Code: mcperr.CodeConflict, When: "The note is being edited.", Recovery: "Retry in seconds."},
		{Reason: "gone", Code: mcperr.CodeNotFound, When: "The note was deleted.", Recovery: "Try again."},            // golangci: error-contract-recovery-min-words
		{Reason: "Locked", Code: mcperr.CodeForbidden, When: "The note is locked.", Recovery: "Ask its owner first."}, // golangci: error-contract-reason-format
		{Reason: "hidden", Code: mcperr.CodeForbidden, When: "The note is hidden.", Recovery: "No."},                  //nolint:mcperrlint // golangci's own suppression
		{Reason: "secret", Code: mcperr.CodeForbidden, When: "The note is secret.", Recovery: "No."},                  //mcperrlint:ignore error-contract-recovery-min-words honoured under every host
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			// conformance is disabled in .golangci.yml: this Fail without
			// the contract's recovery is not reported.
			return Out{}, mcperr.Fail(ctx, "gone", "")
		}
		return Out{}, mcperr.Fail(ctx, "busy", "", mcperr.RecoveryFor(ctx, "busy"))
	},
}

var Empty = mcperr.Tool[In, Out]{
	Name:   "empty",
	Errors: []mcperr.Contract{}, // golangci: error-contract-empty
}

// require-contract is on in .golangci.yml: a tool without a contract is
// reported, and an empty one is no longer told to drop the field.
var Bare = mcperr.Tool[In, Out]{Name: "bare"} // golangci: error-contract-missing

//mcperrlint:ignore error-contract-missing a health check that cannot fail
var Ping = mcperr.Tool[In, Out]{Name: "ping"}
