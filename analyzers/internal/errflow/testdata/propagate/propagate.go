// Package propagate does not import the runtime, but a package it imports
// does: its functions may pass on runtime errors.
package propagate

import (
	"context"

	"fixtures/handlers"
)

// Get passes on a handler's results, but takes a string, as no tool's
// input is: a service, not a candidate handler.
func Get(ctx context.Context, id string) (handlers.Out, error) {
	return handlers.GetBook(ctx, handlers.In{ID: id})
}
