// Package undeclared exercises what error-contract-recovery-unforwarded
// does with a reason the tool's contract does not declare: that mistake
// is error-contract-reason-undeclared's finding alone, and no fix builds
// on it.
package undeclared

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct {
	Query string
	Kind  int
}

type Out struct{ Notes []string }

var searchErrors = []mcperr.Contract{
	{Reason: "query_invalid", Code: mcperr.CodeInvalidParams, When: "The query is empty or malformed.", Recovery: "Send a non-empty query of plain words."},
	{Reason: "index_down", Code: mcperr.CodeServiceUnavailable, When: "The search index does not answer.", Recovery: "Wait a minute, then retry the same query.", Retryable: true},
}

var search = mcperr.Tool[In, Out]{
	Name:   "search_notes",
	Errors: searchErrors,
	Handler: func(ctx context.Context, in In) (Out, error) {
		switch in.Kind {
		case 0:
			// The slip: one finding, no recovery advice, no fix.
			return Out{}, mcperr.Fail(ctx, "query_too_long", "The query is too long.") // want `error-contract-reason-undeclared: mcperr.Fail names reason "query_too_long", which tool "search_notes" does not declare \(declared: index_down, query_invalid\)`
		case 1:
			// Forwarding a declared reason's hint does not declare the
			// Fail's reason: no fix turns query_invalid into query_too_long.
			return Out{}, mcperr.Fail(ctx, "query_too_long", "", mcperr.RecoveryFor(ctx, "query_invalid")) // want `error-contract-reason-undeclared: mcperr.Fail names reason "query_too_long"`
		case 2:
			// A declared reason keeps its finding and its fix.
			return Out{}, mcperr.Fail(ctx, "query_invalid", "The query is empty.") // want `error-contract-recovery-unforwarded: this Fail of reason "query_invalid" does not forward the contract's recovery hint`
		case 3:
			// A declared reason forwarding the hint of an undeclared one:
			// one finding, whose fix names the Fail's own reason.
			return Out{}, mcperr.Fail(ctx, "index_down", "", mcperr.RecoveryFor(ctx, "index_slow")) // want `error-contract-recovery-unforwarded: this Fail of reason "index_down" asks for the recovery hint of reason "index_slow", which the contract does not declare, so the agent gets no hint: pass mcperr.RecoveryFor\(ctx, "index_down"\)`
		case 4:
			// Every reason the variable can hold is undeclared.
			reason := "query_too_long" // want `mcperr.Fail names reason "query_too_long", which tool "search_notes" does not declare`
			if in.Query == "" {
				reason = "query_blank" // want `mcperr.Fail names reason "query_blank", which tool "search_notes" does not declare`
			}
			return Out{}, mcperr.Fail(ctx, reason, "")
		case 5:
			// One of them is declared: the hint is missing for it.
			reason := "query_too_long" // want `mcperr.Fail names reason "query_too_long", which tool "search_notes" does not declare`
			if in.Query == "" {
				reason = "query_invalid"
			}
			return Out{}, mcperr.Fail(ctx, reason, "") // want `error-contract-recovery-unforwarded: this Fail of reason reason does not forward`
		}
		return Out{}, check(ctx, in.Query)
	},
}

// check is called by two tools, and judged by both contracts: one of them
// declares its reason, so the hint is missing there.
func check(ctx context.Context, query string) error {
	if len(query) > 100 {
		return mcperr.Fail(ctx, "query_invalid", "") // want `error-contract-recovery-unforwarded: this Fail of reason "query_invalid" does not forward` `error-contract-reason-undeclared: mcperr.Fail names reason "query_invalid", which tool "lookup_note" does not declare`
	}
	return nil
}

var lookup = mcperr.Tool[In, Out]{
	Name: "lookup_note",
	Errors: []mcperr.Contract{
		{Reason: "note_missing", Code: mcperr.CodeNotFound, When: "No note has the id.", Recovery: "Search for the note first, then use its id."},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.Kind == 0 {
			return Out{}, mcperr.Fail(ctx, "note_missing", "", mcperr.RecoveryFor(ctx, "note_missing"))
		}
		return Out{}, check(ctx, in.Query)
	},
}

// A tool that declares no Errors declares no reason.
var ping = mcperr.Tool[In, Out]{
	Name: "ping",
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, mcperr.Fail(ctx, "unreachable", "") // want `error-contract-reason-undeclared: mcperr.Fail names reason "unreachable", but tool "ping" declares no Errors`
	},
}

// A contract that is not statically known may declare the reason: the
// hint may be missing, so the finding stays.
var dynamic = mcperr.Tool[In, Out]{
	Name:   "dynamic",
	Errors: contract(),
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, mcperr.Fail(ctx, "query_invalid", "") // want `error-contract-recovery-unforwarded: this Fail of reason "query_invalid" does not forward`
	},
}

func contract() []mcperr.Contract { return searchErrors }
