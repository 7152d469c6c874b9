package a

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// A method value as handler, helpers that call each other, and generic
// helpers, by function and by method.
type library struct{ depth int }

func (l *library) get(ctx context.Context, in In) (Out, error) {
	if in.ID == "" {
		return Out{}, ping(ctx, l.depth)
	}
	var r repository[Out]
	if in.Kind == "" {
		return r.load(ctx)
	}
	return failAs[Out](ctx, "generic_reason") // want `mcperr.Fail, through a.failAs, names reason "generic_reason", which tool "method_value" does not declare`
}

var methodValue = mcperr.Tool[In, Out]{
	Name: "method_value",
	Errors: []mcperr.Contract{
		{Reason: "pong", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "loaded", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
	},
	Handler: (&library{}).get,
}

func ping(ctx context.Context, n int) error {
	if n > 0 {
		return pong(ctx, n-1)
	}
	return mcperr.Fail(ctx, "pong", "", mcperr.RecoveryFor(ctx, "pong"))
}

func pong(ctx context.Context, n int) error {
	if n > 5 {
		return mcperr.Fail(ctx, "ping_too_deep", "", mcperr.RecoveryFor(ctx, "ping_too_deep")) // want `mcperr.Fail names reason "ping_too_deep", which tool "method_value" does not declare`
	}
	return ping(ctx, n)
}

type repository[T any] struct{}

func (repository[T]) load(ctx context.Context) (T, error) {
	var zero T
	return zero, mcperr.NotFound("none", mcperr.WithReason("loaded"))
}

func failAs[T any](ctx context.Context, reason string) (T, error) {
	var zero T
	return zero, mcperr.Fail(ctx, reason, "", mcperr.RecoveryFor(ctx, reason))
}

// A generic handler, instantiated.
func generic[T any](ctx context.Context, in T) (Out, error) {
	return Out{}, mcperr.Fail(ctx, "generic_handler", "", mcperr.RecoveryFor(ctx, "generic_handler")) // want `mcperr.Fail names reason "generic_handler", which tool "generic" does not declare`
}

var genericTool = mcperr.Tool[In, Out]{
	Name:    "generic",
	Errors:  []mcperr.Contract{{Reason: "other", Code: mcperr.CodeNotFound, When: "w", Recovery: "r", ThrownByService: true}},
	Handler: generic[In],
}

// Suppressed findings are not reported, and a directive that suppresses
// nothing of this analyzer's is.
var suppressed = mcperr.Tool[In, Out]{
	Name:   "suppressed",
	Errors: []mcperr.Contract{{Reason: "declared", Code: mcperr.CodeNotFound, When: "w", Recovery: "r", ThrownByService: true}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		//mcperrlint:ignore error-contract-reason-undeclared the reason is added to the contract at run time in tests
		return Out{}, mcperr.Fail(ctx, "test_only", "", mcperr.RecoveryFor(ctx, "test_only"))
	},
}

//mcperrlint:ignore error-contract-unthrown nothing here to suppress // want `mcperrlint-ignore-unused: the directive suppresses error-contract-unthrown`
var unused = 1

// A reason read from a contract entry variable is as constant as the
// literal it was initialised with, unless the variable is written to.
var bookGone = mcperr.Contract{Reason: "book_gone", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}

var movable = mcperr.Contract{Reason: "movable", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}

func init() { movable.Reason = "moved" }

// Written through a pointer, or to a field with ++: not constant either.
var (
	lent   = mcperr.Contract{Reason: "lent", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}
	bumped = mcperr.Contract{Reason: "bumped", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}
)

func init() {
	adjust(&lent)
	bumped.Code++
}

func adjust(*mcperr.Contract) {}

var entries = mcperr.Tool[In, Out]{
	Name:   "entries",
	Errors: []mcperr.Contract{bookGone},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.Fail(ctx, movable.Reason, "", mcperr.RecoveryFor(ctx, movable.Reason)) // want `error-contract-reason-dynamic`
		}
		switch in.ID {
		case "lent":
			return Out{}, mcperr.Fail(ctx, lent.Reason, "", mcperr.RecoveryFor(ctx, lent.Reason)) // want `error-contract-reason-dynamic`
		case "bumped":
			return Out{}, mcperr.Fail(ctx, bumped.Reason, "", mcperr.RecoveryFor(ctx, bumped.Reason)) // want `error-contract-reason-dynamic`
		}
		return Out{}, mcperr.Fail(ctx, bookGone.Reason, "", mcperr.RecoveryFor(ctx, bookGone.Reason))
	},
}

// Callbacks: a literal or a method value handed to a function that the
// analyzer does not follow may return its errors some other way. What
// they produce counts for error-contract-unthrown, and is not held
// against the contract.
type fetcher struct{}

func (fetcher) fetch() error { return mcperr.Conflict("busy", mcperr.WithReason("fetched")) }

func run(fs ...func() error) error {
	for _, f := range fs {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

var callbacks = mcperr.Tool[In, Out]{
	Name: "callbacks",
	Errors: []mcperr.Contract{
		{Reason: "from_literal", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "fetched", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		err := run(func() error {
			return mcperr.Forbidden("no", mcperr.WithReason("from_literal"))
		}, fetcher{}.fetch)
		return Out{}, err
	},
}

// Middleware: the handler is the literal withLogging returns; what the
// function it wraps names and returns counts.
type handlerFunc func(context.Context, In) (Out, error)

func withLogging(next handlerFunc) handlerFunc {
	return func(ctx context.Context, in In) (Out, error) {
		out, err := next(ctx, in)
		if err != nil {
			println("failed:", err.Error())
		}
		return out, err
	}
}

func getItem(ctx context.Context, in In) (Out, error) {
	if in.ID == "" {
		return Out{}, mcperr.Fail(ctx, "item_missing", "", mcperr.RecoveryFor(ctx, "item_missing"))
	}
	if in.ID == "?" {
		return Out{}, mcperr.Fail(ctx, "item_unknown", "", mcperr.RecoveryFor(ctx, "item_unknown")) // want `mcperr.Fail names reason "item_unknown", which tool "wrapped" does not declare`
	}
	return Out{}, mcperr.NotFound("gone", mcperr.WithReason("item_gone"))
}

var wrappedTool = mcperr.Tool[In, Out]{
	Name: "wrapped",
	Errors: []mcperr.Contract{
		{Reason: "item_missing", Code: mcperr.CodeInvalidParams, When: "w", Recovery: "r"},
		{Reason: "item_gone", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "item_never", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}, // want `tool "wrapped" declares reason "item_never", but nothing it runs produces it`
	},
	Handler: withLogging(withLogging(getItem)),
}
