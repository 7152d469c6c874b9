// Package tools declares a tool whose handler fails through a service two
// packages away.
package tools

import (
	"context"

	"fixture/handlers"
	"fixture/plain"
	"fixture/svc"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Title string }

var _ = handlers.Ping

var Lookup = mcperr.Tool[In, Out]{
	Name: "lookup",
	Errors: []mcperr.Contract{
		{Reason: "book_missing", Code: mcperr.CodeNotFound, When: "No book has the id.", Recovery: "List the books to find a valid id first."},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		title, err := svc.Title(ctx, plain.Normalize(in.ID))
		return Out{Title: title}, err
	},
}
