// Package repo builds the runtime's errors, naming the contract reasons.
package repo

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Find finds a book, or fails with reason book_missing or shelf_locked.
func Find(ctx context.Context, id string) (string, error) {
	switch id {
	case "":
		return "", mcperr.NotFound("No book has that id.", mcperr.WithReason("book_missing"))
	case "locked":
		return "", mcperr.Conflict("The shelf is locked.", mcperr.WithReason("shelf_locked"))
	}
	return id, nil
}
