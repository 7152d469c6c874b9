package tools

import (
	"context"

	"fixtures/handlers"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In = handlers.In
type Out = handlers.Out

var errs = []mcperr.Contract{
	{Reason: "a", When: "w", Recovery: "r", Code: mcperr.CodeNotFound},
	{Reason: "b", When: "w", Recovery: "r", Code: mcperr.CodeConflict},
}

var Literal = mcperr.Tool[In, Out]{ // want `tool "literal" contract=\[a b\]`
	Name:   "literal",
	Errors: errs,
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, nil
	},
}

func getBook(ctx context.Context, in In) (Out, error) { return Out{}, nil }

var Named = mcperr.Tool[In, Out]{Name: "named", Handler: getBook}             // want `tool "named" contract=none`
var NamedAgain = &mcperr.Tool[In, Out]{Name: "named_again", Handler: getBook} // want `tool "named_again" contract=none`

var Foreign = mcperr.Tool[In, Out]{Name: "foreign", Errors: handlers.Shared, Handler: handlers.GetBook} // want `tool "foreign" contract=\[book_not_found\]`

var svc handlers.Service

var MethodValue = mcperr.Tool[In, Out]{Name: "method_value", Handler: svc.Find} // want `tool "method_value" contract=none`

var MethodExpr = mcperr.Tool[In, Out]{Name: "method_expr", Handler: handlers.Service{}.Find} // want `tool "method_expr" contract=none`

func generic[T any](ctx context.Context, in T) (Out, error) { return Out{}, nil }

var Generic = mcperr.Tool[In, Out]{Name: "generic", Handler: generic[In]} // want `tool "generic" contract=none`

type store struct{}

func newHandler(s *store) func(context.Context, In) (Out, error) {
	if s == nil {
		return func(ctx context.Context, in In) (Out, error) { return Out{}, nil }
	}
	return func(ctx context.Context, in In) (Out, error) {
		inner := func() error { return nil } // a literal inside is not returned
		return Out{}, inner()
	}
}

var Factory = mcperr.Tool[In, Out]{Name: "factory", Handler: newHandler(nil)} // want `tool "factory" contract=none`

var held = func(ctx context.Context, in In) (Out, error) { return Out{}, nil }

var Held = mcperr.Tool[In, Out]{Name: "held", Handler: held} // want `tool "held" contract=none`

func build() *mcperr.Tool[In, Out] {
	local := []mcperr.Contract{{Reason: "c", When: "w", Recovery: "r", Code: mcperr.CodeTimeout}}
	return &mcperr.Tool[In, Out]{Name: "built", Errors: local} // want `tool "built" contract=\[c\]`
}

var _ = build

// Title and Description are read when constant, keyed or not.

const summary = "Finds books " + "by title."

var Described = mcperr.Tool[In, Out]{Name: "described", Title: "Search books", Description: summary} // want `tool "described" title="Search books" description="Finds books by title." contract=none`

var Unkeyed = mcperr.Tool[In, Out]{"unkeyed", "Unkeyed", "Written without keys.", nil, nil} // want `tool "unkeyed" title="Unkeyed" description="Written without keys." contract=none`

var title = "not a constant"

var Dynamic = mcperr.Tool[In, Out]{Name: "dynamic", Title: title} // want `tool "dynamic" contract=none`
