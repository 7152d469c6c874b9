// Package propagate does not import the runtime, but a package it imports
// does: its functions may pass on runtime errors.
package propagate // want `reaches the runtime through its imports`

import (
	"context"

	"fixtures/handlers"
)

func Get(ctx context.Context, id string) (handlers.Out, error) {
	return handlers.GetBook(ctx, handlers.In{ID: id})
}
