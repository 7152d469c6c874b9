// Package books declares mcperr tool handlers that another package's
// tools use: calling Fail marks them as handlers, and they are checked
// here, where their bodies are.
package books

import (
	"context"
	"errors"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Book struct{ Title string }

func load(ctx context.Context, id string) (Book, error) { return Book{}, nil }

func GetBook(ctx context.Context, in In) (Book, error) {
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
func (Service) Find(ctx context.Context, in In) (Book, error) {
	b, err := load(ctx, in.ID)
	if err != nil {
		return Book{}, nil // want `no-fake-empty-result: mcperr tool handler Find`
	}
	if b.Title == "" {
		return Book{}, mcperr.Fail(ctx, "book_not_found", "untitled")
	}
	return b, nil
}

// Helper has a handler's shape but calls no Fail: a helper may return
// plain errors.
func Helper(ctx context.Context, in In) (Book, error) {
	return Book{}, errors.New("plain")
}
