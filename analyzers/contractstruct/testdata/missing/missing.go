// Package missing is run with -contractstruct.require-contract: every tool
// must declare its contract.
package missing

import (
	"context"

	"fixtures/shared"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ISBN string }
type Out struct{ Title string }

func handle(ctx context.Context, in In) (Out, error) { return Out{}, nil }

const recovery = "Search by title with search_books, then retry with one of the returned ISBNs."

var NoErrors = mcperr.Tool[In, Out]{Name: "no_errors", Handler: handle} // want `error-contract-missing: tool "no_errors" declares no error contract: declare the failures it can return in its Errors field, one mcperr.Contract per reason`

// Errors: nil declares no contract, like leaving the field out.
var NilErrors = mcperr.Tool[In, Out]{Name: "nil_errors", Errors: nil, Handler: handle} // want `error-contract-missing: tool "nil_errors"`

// The finding is at the tool's type, on the line the literal starts.
var MultiLine = &mcperr.Tool[In, Out]{ // want `error-contract-missing: tool "multi_line"`
	Name:        "multi_line",
	Description: "Look a book up.",
	Handler:     handle,
}

// An explicitly empty contract is error-contract-empty alone, and dropping
// the field is not suggested: that would be error-contract-missing.
var Empty = mcperr.Tool[In, Out]{Name: "empty", Errors: []mcperr.Contract{}} // want `error-contract-empty: tool "empty" declares an empty contract, which tells clients nothing: declare the tool's failure modes$`

func defaults() []mcperr.Contract { return shared.Common }

// A contract that cannot be known is error-contract-not-static alone.
var Computed = mcperr.Tool[In, Out]{Name: "computed", Errors: defaults()} // want `error-contract-not-static: the contract of tool "computed"`

var Declared = mcperr.Tool[In, Out]{
	Name: "declared",
	Errors: []mcperr.Contract{
		{Reason: "book_not_found", When: "No book has the given ISBN.", Recovery: recovery, Code: mcperr.CodeNotFound},
	},
	Handler: handle,
}

var bookErrors = []mcperr.Contract{
	{Reason: "book_gone", When: "The book was withdrawn.", Recovery: recovery, Code: mcperr.CodeNotFound},
}

// Contracts held by variables, here or in another package, are contracts.
var FromVar = mcperr.Tool[In, Out]{Name: "from_var", Errors: bookErrors, Handler: handle}
var FromOtherPackage = mcperr.Tool[In, Out]{Name: "from_other_package", Errors: shared.Common, Handler: handle}

// A tool built by a helper is reported once, at the helper's literal; its
// name is a parameter, so the message cannot say it.
func NewTool[I, O any](name string, h func(context.Context, I) (O, error)) *mcperr.Tool[I, O] {
	return &mcperr.Tool[I, O]{Name: name, Handler: h} // want `error-contract-missing: tool \(unnamed\) declares no error contract`
}

// A helper that takes the contract passes on the question to its callers,
// which it cannot see: its Errors is not static.
func NewToolWith[I, O any](name string, errs []mcperr.Contract, h func(context.Context, I) (O, error)) *mcperr.Tool[I, O] {
	return &mcperr.Tool[I, O]{Name: name, Errors: errs, Handler: h} // want `error-contract-not-static`
}

// Tools in a slice literal, with elided types: the finding is at the
// element.
var List = []*mcperr.Tool[In, Out]{
	{Name: "listed", Handler: handle}, // want `error-contract-missing: tool "listed"`
	{Name: "listed_declared", Errors: bookErrors, Handler: handle},
}

// A type alias of a tool is a tool.
type BookTool = mcperr.Tool[In, Out]

var ThroughAlias = BookTool{Name: "through_alias"} // want `error-contract-missing: tool "through_alias"`

// Suppressed, on the line above and at the end of the line.

//mcperrlint:ignore error-contract-missing this tool only echoes its input and cannot fail
var Echo = mcperr.Tool[In, Out]{Name: "echo", Handler: handle}

var Ping = mcperr.Tool[In, Out]{Name: "ping", Handler: handle} //mcperrlint:ignore error-contract-missing a health check that cannot fail

// A directive on a tool with a contract suppresses nothing: with the rule
// on, that is reported.

//mcperrlint:ignore error-contract-missing nothing to suppress // want `mcperrlint-ignore-unused: the directive suppresses error-contract-missing`
var Stale = mcperr.Tool[In, Out]{Name: "stale", Errors: bookErrors, Handler: handle}
