// Package handlers declares tool handlers another package registers.
package handlers

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Name string }

// GetBook is registered by another package; calling Fail marks it as a
// handler even without a local tool.
func GetBook(ctx context.Context, in In) (Out, error) { // want `handler "GetBook": mcperr tool handler \[output error\] converting candidate`
	return Out{}, mcperr.Fail(ctx, "book_not_found", "")
}

// Lookup has the shape but never fails through a contract: a helper.
func Lookup(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// get calls Fail but is unexported, so no other package can register it.
func get(ctx context.Context, in In) (Out, error) { return Out{}, mcperr.Fail(ctx, "x", "") }

type Service struct{}

// Find is an exported method: it can be a method value handler elsewhere.
func (Service) Find(ctx context.Context, in In) (Out, error) { // want `handler "Find": mcperr tool handler \[output error\] converting candidate`
	return Out{}, mcperr.Fail(ctx, "book_not_found", "", mcperr.RecoveryFor(ctx, "book_not_found"))
}

var _ = get

// Shared is a contract other packages use.
var Shared = []mcperr.Contract{
	{Reason: "book_not_found", When: "No such book.", Recovery: "Search first, then retry with an id.", Code: mcperr.CodeNotFound},
}
