// Package books declares functions shaped like mcperr tool handlers that
// another package's tools use. Nothing here makes them handlers: their
// findings are recorded here and reported by the package whose tool uses
// them (bookstools), at their returns.
package books

import (
	"context"
	"errors"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Book struct{ Title string }

func load(ctx context.Context, id string) (Book, error) { return Book{}, nil }

func GetBook(ctx context.Context, in In) (Book, error) { // want GetBook:"pending: prefer-mcp-error-in-handler@21 preserve-cause-on-rethrow@25" GetBook:"source pending: preserve-cause-on-rethrow@25"
	if in.ID == "" {
		return Book{}, errors.New("id is required") // want `prefer-mcp-error-in-handler: mcperr tool handler GetBook returns a plain error`
	}
	b, err := load(ctx, in.ID)
	if err != nil {
		return Book{}, mcperr.Fail(ctx, "book_not_found", "") // want `preserve-cause-on-rethrow: this mcperr.Fail error`
	}
	return b, nil
}

type Service struct{}

// Find is a method, used as a method value by the tool.
func (Service) Find(ctx context.Context, in In) (Book, error) { // want Find:"pending: no-fake-empty-result@36"
	b, err := load(ctx, in.ID)
	if err != nil {
		return Book{}, nil // want `no-fake-empty-result: mcperr tool handler Find`
	}
	if b.Title == "" {
		return Book{}, mcperr.Fail(ctx, "book_not_found", "untitled")
	}
	return b, nil
}

// Helper has a handler's shape and names a reason, but no tool uses it:
// what would be wrong in a handler is recorded, and reported by no one.
func Helper(ctx context.Context, in In) (Book, error) { // want Helper:"pending: prefer-mcp-error-in-handler@50"
	if in.ID == "" {
		return Book{}, mcperr.Fail(ctx, "book_not_found", "")
	}
	return Book{}, errors.New("plain")
}

// Count has a handler's shape but takes no object, as no tool's input is:
// a service, not a handler, and nothing is recorded.
func Count(ctx context.Context, shelf string) (int, error) {
	if shelf == "" {
		return 0, mcperr.Fail(ctx, "book_not_found", "")
	}
	return 0, errors.New("plain")
}
