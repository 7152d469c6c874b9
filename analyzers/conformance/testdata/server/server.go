// Package server registers tools whose handlers reach the store two
// packages away, through repo, and handlers declared in handlerlib.
package server

import (
	"context"

	"fixtures/handlerlib"
	"fixtures/repo"
	"fixtures/store"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Name string }

var shelf = mcperr.Tool[In, Out]{
	Name: "shelf",
	Errors: []mcperr.Contract{
		{Reason: "book_lent", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "reserve_failed", Code: mcperr.CodeConflict, When: "w", Recovery: "r"},
		{Reason: "gone", Code: mcperr.CodeConflict, When: "w", Recovery: "r"},
		{Reason: "forwarded", Code: mcperr.CodeConflict, When: "w", Recovery: "r"},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		switch in.ID {
		case "find":
			name, err := repo.Find(ctx, in.ID) // want `error-contract-reason-undeclared: repo.Find can return an error with reason "shelf_missing" \(store/store.go:19\), which tool "shelf" does not declare \(declared: book_lent, forwarded, gone, reserve_failed\): the client would receive a reason the contract does not list; declare it in the tool's Errors, with ThrownByService: true, or translate the error in the handler`
			return Out{Name: name}, err
		case "lend":
			return Out{}, repo.Lend(ctx, in.ID) // want `error-contract-reason-code-mismatch: repo.Lend can return an error with reason "book_lent" \(store/store.go:26\) with code Conflict, but tool "shelf" declares reason "book_lent" with code NotFound`
		case "checked":
			return Out{}, repo.Checked(ctx, in.ID) // tested on the way: may be translated
		case "fetch":
			return Out{}, store.Fetch() // want `error-contract-conformance: store.Fetch can return a Forbidden error without a reason \(store/store.go:40\), but tool "shelf" declares no failure with code Forbidden`
		case "forward":
			return Out{}, repo.Forward(ctx, "forwarded")
		case "forward_bad":
			return Out{}, repo.Forward(ctx, "not_declared") // want `mcperr.Fail, through repo.Forward, names reason "not_declared", which tool "shelf"`
		case "forward_dynamic":
			return Out{}, repo.Forward(ctx, in.ID) // want `error-contract-reason-dynamic: the reason passed to repo.Forward, which passes it to mcperr.Fail, is not a constant`
		case "gone":
			return Out{}, repo.Gone()
		case "deep":
			return Out{}, store.Deep(ctx) // want `store.Deep can fail with reason "deep" through mcperr.Fail \(store/store.go:\d+\), which tool "shelf" does not declare`
		case "ping":
			return Out{}, store.Ping()
		}
		repo.Reserve(ctx)
		return Out{}, nil
	},
}

// mcperr.Retry returns the last attempt's error, or one with its code and
// reason: what the function it runs returns is judged, a literal or a
// named function.
var retried = mcperr.Tool[In, Out]{
	Name:   "retried",
	Errors: []mcperr.Contract{{Reason: "book_lent", Code: mcperr.CodeConflict, When: "w", Recovery: "r"}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			name, err := mcperr.Retry(ctx, mcperr.RetryPolicy{}, repo.Lookup) // want `error-contract-reason-undeclared: repo.Lookup can return an error with reason "shelf_missing" \(store/store.go:19\), which tool "retried" does not declare`
			return Out{Name: name}, err
		}
		// The declared reason is produced through the literal: it is
		// not unthrown.
		name, err := mcperr.Retry(ctx, mcperr.RetryPolicy{}, func(ctx context.Context) (string, error) {
			return "", repo.Lend(ctx, in.ID)
		})
		return Out{Name: name}, err
	},
}

// A handler of another package, a method value of another package's type,
// and one whose package says nothing about it.
var fromLib = mcperr.Tool[handlerlib.In, handlerlib.Out]{
	Name:    "from_lib",
	Errors:  []mcperr.Contract{{Reason: "declared", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}}, // want `tool "from_lib" declares reason "declared", but nothing it runs produces it`
	Handler: handlerlib.Handle,                                                                            // want `handlerlib.Handle can fail with reason "lib_reason" through mcperr.Fail \(handlerlib/handlerlib.go:15\), which tool "from_lib" does not declare`
}

var method = mcperr.Tool[handlerlib.In, handlerlib.Out]{
	Name:    "method",
	Errors:  []mcperr.Contract{{Reason: "declared", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}}, // want `tool "method" declares reason "declared"`
	Handler: handlerlib.Svc{}.Get,                                                                         // want `handlerlib.Svc.Get can return a Conflict error without a reason \(handlerlib/handlerlib.go:22\), but tool "method" declares no failure with code Conflict`
}

var quiet = mcperr.Tool[handlerlib.In, handlerlib.Out]{
	Name:    "quiet",
	Errors:  []mcperr.Contract{{Reason: "declared", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}}, // want `tool "quiet" declares reason "declared", but nothing it runs produces it`
	Handler: handlerlib.Quiet,
}

// A handler shared by two tools is judged against each contract.
func shared(ctx context.Context, in In) (Out, error) {
	if in.ID == "" {
		return Out{}, mcperr.Fail(ctx, "only_first", "", mcperr.RecoveryFor(ctx, "only_first")) // want `mcperr.Fail names reason "only_first", which tool "second" does not declare`
	}
	return Out{}, mcperr.Fail(ctx, "both", "", mcperr.RecoveryFor(ctx, "both"))
}

var first = mcperr.Tool[In, Out]{
	Name: "first",
	Errors: []mcperr.Contract{
		{Reason: "only_first", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "both", Code: mcperr.CodeConflict, When: "w", Recovery: "r"},
	},
	Handler: shared,
}

var second = mcperr.Tool[In, Out]{
	Name:    "second",
	Errors:  []mcperr.Contract{{Reason: "both", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: shared,
}

// An entry of another package, and a sentinel of another package.
var entryTool = mcperr.Tool[In, Out]{
	Name:   "entry",
	Errors: []mcperr.Contract{handlerlib.Declared},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, store.ErrGone // want `store.ErrGone holds an error with reason "gone" \(store/store.go:54\), which tool "entry" does not declare`
		}
		return Out{}, mcperr.Fail(ctx, handlerlib.Declared.Reason, "", mcperr.RecoveryFor(ctx, handlerlib.Declared.Reason))
	},
}
