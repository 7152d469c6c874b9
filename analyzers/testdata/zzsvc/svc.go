package zzsvc

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type Query struct{ ID string }
type Note struct{ Text string }

var errMiss = errors.New("miss")

func cacheGet(id string) (Note, error) { return Note{}, errMiss }
func load(id string) (Note, error)     { return Note{}, nil }

// Peek reads the cache.
func Peek(ctx context.Context, q Query) (Note, error) {
	n, err := cacheGet(q.ID)
	if err != nil {
		return Note{}, nil // a miss
	}
	if n.Text == "" {
		return Note{}, mcperr.NotFound("no note", mcperr.RecoveryFor(ctx, "note_missing"))
	}
	return n, nil
}

// Load drops its cause.
func Load(ctx context.Context, q Query) (Note, error) {
	n, err := load(q.ID)
	if err != nil {
		return Note{}, fmt.Errorf("load failed")
	}
	if n.Text == "" {
		return Note{}, mcperr.NotFound("empty", mcperr.RecoveryFor(ctx, "note_missing"))
	}
	return n, nil
}

