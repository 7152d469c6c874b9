// Package handlerlib declares handlers that package server registers.
package handlerlib

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct{ Name string }

// Handle fails with a reason the tool in server does not declare.
func Handle(ctx context.Context, in In) (Out, error) {
	return Out{}, mcperr.Fail(ctx, "lib_reason", "", mcperr.RecoveryFor(ctx, "lib_reason"))
}

type Svc struct{}

// Get is a method used as a handler value in server.
func (Svc) Get(ctx context.Context, in In) (Out, error) {
	return Out{}, mcperr.Conflict("Busy.")
}

// Quiet fails with nothing: its summary says so, and the tool using it is
// judged for the reasons it declares.
func Quiet(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// Declared is a contract entry other packages share.
var Declared = mcperr.Contract{Reason: "declared", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}
