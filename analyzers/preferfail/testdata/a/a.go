// Package a exercises error-contract-prefer-fail and its fixes.
package a

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct {
	ID, Kind string
	Option   mcperr.Option
}
type Out struct{}

const reasonMissing = "book_missing"

var errStore = errors.New("store")

var books = mcperr.Tool[In, Out]{
	Name: "books",
	Errors: []mcperr.Contract{
		{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "book_lent", Code: mcperr.CodeConflict, When: "w", Recovery: "r"},
		{Reason: "too_many", Code: mcperr.CodeRateLimited, When: "w", Recovery: "r"},
		{Reason: "slow_down", Code: mcperr.CodeRateLimited, When: "w", Recovery: "r"},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		switch in.Kind {
		case "plain":
			return Out{}, mcperr.NotFound("No book has this id.") // want `error-contract-prefer-fail: tool "books" declares code NotFound for reason "book_missing": return mcperr.Fail\(ctx, "book_missing", ...\) instead`
		case "options":
			return Out{}, mcperr.Conflict("The book is lent.", mcperr.WithCause(errStore), mcperr.WithData("id", in.ID)) // want `declares code Conflict for reason "book_lent"`
		case "new":
			return Out{}, mcperr.New(mcperr.CodeConflict, "The book is lent.") // want `declares code Conflict for reason "book_lent"`
		case "hoisted":
			err := mcperr.NotFound(fmt.Sprintf("No book %s.", in.ID)) // want `declares code NotFound for reason "book_missing"`
			return Out{}, err
		case "reason":
			return Out{}, mcperr.NotFound("No book.", mcperr.WithReason("book_missing")) // want `declares code NotFound for reason "book_missing"`
		case "option followed":
			opt := mcperr.WithCause(errStore)
			return Out{}, mcperr.Conflict("The book is lent.", opt) // want `declares code Conflict for reason "book_lent"`
		case "multiline":
			return Out{}, mcperr.Conflict( // want `declares code Conflict for reason "book_lent"`
				"The book is lent.",
				mcperr.WithCause(errStore),
			)
		// The fix forwards no recovery hint where the options may carry one.
		case "with recovery":
			return Out{}, mcperr.Conflict("The book is lent.", mcperr.WithRecovery("Wait.")) // want `declares code Conflict for reason "book_lent"`
		case "recovery for":
			return Out{}, mcperr.Conflict("The book is lent.", mcperr.RecoveryFor(ctx, "book_lent")) // want `declares code Conflict for reason "book_lent"`
		case "recovery data":
			return Out{}, mcperr.Conflict("The book is lent.", mcperr.WithData("recovery", "Wait.")) // want `declares code Conflict for reason "book_lent"`
		case "data key unknown":
			return Out{}, mcperr.Conflict("The book is lent.", mcperr.WithData(in.Kind, "Wait.")) // want `declares code Conflict for reason "book_lent"`
		case "option variable":
			opt := mcperr.WithRecovery("Wait.")
			return Out{}, mcperr.Conflict("The book is lent.", opt) // want `declares code Conflict for reason "book_lent"`
		case "option param":
			return Out{}, mcperr.Conflict("The book is lent.", in.Option) // want `declares code Conflict for reason "book_lent"`
		case "variadic":
			opts := []mcperr.Option{mcperr.WithCause(errStore)}
			return Out{}, mcperr.Conflict("The book is lent.", opts...) // want `declares code Conflict for reason "book_lent"`
		case "ambiguous":
			return Out{}, mcperr.RateLimited("Slow down.") // want `tool "books" declares code RateLimited for reasons "too_many", "slow_down": return mcperr.Fail\(ctx, <reason>, ...\) with the reason this failure is`
		}
		// Not reported: codes the contract does not declare (conformance's
		// finding), other reasons, Fail itself, errors built elsewhere.
		switch in.Kind {
		case "undeclared":
			return Out{}, mcperr.Forbidden("No.")
		case "mismatch":
			return Out{}, mcperr.NotFound("No.", mcperr.WithReason("book_lent"))
		case "fail":
			return Out{}, mcperr.Fail(ctx, "book_lent", "", mcperr.RecoveryFor(ctx, "book_lent"))
		case "helper":
			return Out{}, missing(in.ID)
		case "dynamic":
			return Out{}, mcperr.New(mcperr.Code(len(in.ID)), "odd")
		case "plain error":
			return Out{}, errors.New("no")
		}
		check := func() error {
			return mcperr.NotFound("not the handler's own return")
		}
		return Out{}, check()
	},
}

func missing(id string) error { return mcperr.NotFound("No book " + id + ".") }

// A method handler, by method value.
type library struct{}

func (library) get(c context.Context, in In) (Out, error) {
	return Out{}, mcperr.NotFound("No book.") // want `return mcperr.Fail\(c, "book_missing", ...\)`
}

var methodTool = mcperr.Tool[In, Out]{
	Name:    "method",
	Errors:  []mcperr.Contract{{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: library{}.get,
}

// No fix: the context is unnamed, or shadowed, or the handler serves two
// tools.
var unnamed = mcperr.Tool[In, Out]{
	Name:   "unnamed",
	Errors: []mcperr.Contract{{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: func(_ context.Context, in In) (Out, error) {
		return Out{}, mcperr.NotFound("No book.") // want `declares code NotFound for reason "book_missing"`
	},
}

var shadowed = mcperr.Tool[In, Out]{
	Name:   "shadowed",
	Errors: []mcperr.Contract{{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if ctx := in.ID; ctx != "" {
			return Out{}, mcperr.NotFound("No book " + ctx + ".") // want `declares code NotFound for reason "book_missing"`
		}
		return Out{}, nil
	},
}

func shared(ctx context.Context, in In) (Out, error) {
	return Out{}, mcperr.NotFound("No book.") // want `tool "first" declares code NotFound.* \(and 1 more finding of [a-z-]* here, as related positions\)`
}

var first = mcperr.Tool[In, Out]{
	Name:    "first",
	Errors:  []mcperr.Contract{{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: shared,
}

var second = mcperr.Tool[In, Out]{
	Name:    "second",
	Errors:  []mcperr.Contract{{Reason: "gone", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
	Handler: shared,
}

// A tool without Errors declares nothing.
var noContract = mcperr.Tool[In, Out]{
	Name: "no_contract",
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, mcperr.NotFound("No book.")
	},
}
