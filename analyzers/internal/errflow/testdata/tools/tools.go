package tools // want `foreign handler "GetBook": mcperr tool handler \[output error\] converting tools=1` `foreign handler "Find": mcperr tool handler \[output error\] converting tools=2`

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

var Literal = mcperr.Tool[In, Out]{
	Name:   "literal",
	Errors: errs,
	Handler: func(ctx context.Context, in In) (Out, error) { // want `handler "function literal": mcperr tool handler \[output error\] converting tools=1`
		return Out{}, nil
	},
}

func getBook(ctx context.Context, in In) (Out, error) { return Out{}, nil } // want `handler "getBook": mcperr tool handler \[output error\] converting tools=2`

var Named = mcperr.Tool[In, Out]{Name: "named", Handler: getBook}
var NamedAgain = &mcperr.Tool[In, Out]{Name: "named_again", Handler: getBook}
var Foreign = mcperr.Tool[In, Out]{Name: "foreign", Errors: handlers.Shared, Handler: handlers.GetBook}
var svc handlers.Service

var MethodValue = mcperr.Tool[In, Out]{Name: "method_value", Handler: svc.Find}
var MethodExpr = mcperr.Tool[In, Out]{Name: "method_expr", Handler: handlers.Service{}.Find}

func generic[T any](ctx context.Context, in T) (Out, error) { return Out{}, nil } // want `handler "generic": mcperr tool handler \[output error\] converting tools=1`

var Generic = mcperr.Tool[In, Out]{Name: "generic", Handler: generic[In]}

type store struct{}

func newHandler(s *store) func(context.Context, In) (Out, error) {
	if s == nil {
		return func(ctx context.Context, in In) (Out, error) { return Out{}, nil } // want `handler "function literal": mcperr tool handler \[output error\] converting tools=1`
	}
	return func(ctx context.Context, in In) (Out, error) { // want `handler "function literal": mcperr tool handler \[output error\] converting tools=1`
		inner := func() error { return nil } // a literal inside is not returned
		return Out{}, inner()
	}
}

var Factory = mcperr.Tool[In, Out]{Name: "factory", Handler: newHandler(nil)}
var held = func(ctx context.Context, in In) (Out, error) { return Out{}, nil } // want `handler "function literal": mcperr tool handler \[output error\] converting tools=1`

var Held = mcperr.Tool[In, Out]{Name: "held", Handler: held}

func build() *mcperr.Tool[In, Out] {
	local := []mcperr.Contract{{Reason: "c", When: "w", Recovery: "r", Code: mcperr.CodeTimeout}}
	return &mcperr.Tool[In, Out]{Name: "built", Errors: local}
}

var _ = build

// Title and Description are read when constant, keyed or not.

const summary = "Finds books " + "by title."

var Described = mcperr.Tool[In, Out]{Name: "described", Title: "Search books", Description: summary}
var Unkeyed = mcperr.Tool[In, Out]{"unkeyed", "Unkeyed", "Written without keys.", nil, nil}
var title = "not a constant"

var Dynamic = mcperr.Tool[In, Out]{Name: "dynamic", Title: title}
