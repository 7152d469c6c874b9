// Package propagate does not import the runtime, but a package it imports
// does: its functions may pass on runtime errors.
package propagate

import (
	"context"

	"fixtures/handlers"
)

func Get(ctx context.Context, id string) (handlers.Out, error) { // want `handler "Get": mcperr tool handler \[output error\] converting candidate`
	return handlers.GetBook(ctx, handlers.In{ID: id})
}
