// Package server is a notes server with a few contract mistakes.
package server

import (
	"context"

	"example.com/hosts/contracts"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Text string }

func handle(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// GetNote has a title, a description and a shared entry.
var GetNote = mcperr.Tool[In, Out]{
	Name:        "get_note",
	Title:       "Get a note",
	Description: "Returns the note with the given id.\nUse search to find ids.",
	Errors: []mcperr.Contract{
		contracts.NotFound,
		{Reason: "note_locked", Code: mcperr.CodeForbidden, When: "The note is locked by its owner.", Recovery: "Ask the owner to unlock the note, then call get_note again.", Severity: mcperr.SeverityWarning},
	},
	Handler: handle,
}

// Search repeats a mistake on identical lines and writes non-ASCII text
// before one, so fingerprints and UTF-16 columns are exercised.
var Search = mcperr.Tool[In, Out]{
	Name: "search",
	Errors: []mcperr.Contract{
		{Reason: "query_empty", Code: mcperr.CodeInvalidParams, When: "The query is empty.", Recovery: "Retry."},
		{Reason: "query_long", Code: mcperr.CodeInvalidParams, When: "The query is too long.", Recovery: "Retry."},
		{Reason: "quota", Code: mcperr.CodeRateLimited, When: "Quota «exceeded» ✓", Recovery: "Retry.", Retryable: true},
	},
	Handler: handle,
}

// Archive has an empty contract and a suppressed finding.
var Archive = mcperr.Tool[In, Out]{
	Name:   "archive",
	Errors: []mcperr.Contract{}, //mcperrlint:ignore error-contract-empty archiving cannot fail
}

// Untitled declares a reason twice.
var Untitled = mcperr.Tool[In, Out]{
	Name: "append",
	Errors: []mcperr.Contract{
		{Reason: "conflict", Code: mcperr.CodeConflict, When: "Someone else edited the note.", Recovery: "Fetch the note again with get_note and reapply the change."},
		{Reason: "conflict", Code: mcperr.CodeConflict, When: "The note was deleted.", Recovery: "Create a new note with the text instead of appending to it."},
	},
}

// Rename and Move write the same mistake on identical lines: their
// fingerprints differ only by occurrence.
var Rename = mcperr.Tool[In, Out]{
	Name: "rename",
	Errors: []mcperr.Contract{
		{Reason: "busy", Code: mcperr.CodeConflict, When: "The note is being edited.", Recovery: "Retry later."},
	},
}

var Move = mcperr.Tool[In, Out]{
	Name: "move",
	Errors: []mcperr.Contract{
		{Reason: "busy", Code: mcperr.CodeConflict, When: "The note is being edited.", Recovery: "Retry later."},
	},
}
