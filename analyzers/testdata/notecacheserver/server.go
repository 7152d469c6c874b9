// Package notecacheserver registers a tool whose handler calls the
// services of notecache.
package notecacheserver

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"

	"fixtures/notecache"
)

type In struct{ ID string }

var Tool = &mcperr.Tool[In, notecache.Note]{
	Name: "note",
	Errors: []mcperr.Contract{
		{Reason: "note_missing", Code: mcperr.CodeNotFound, When: "No such note.", Recovery: "List the notes first, then retry with one of their ids."},
	},
	Handler: func(ctx context.Context, in In) (notecache.Note, error) {
		n, err := notecache.Peek(ctx, notecache.Query{ID: in.ID})
		if err != nil || n.Text != "" {
			return n, err
		}
		if _, err := notecache.Keeps(ctx, in.ID); err != nil {
			return notecache.Note{}, err
		}
		if _, err := notecache.Sync(ctx, in.ID); err != nil {
			return notecache.Note{}, err
		}
		if _, err := notecache.Stage(ctx, in.ID); err != nil {
			return notecache.Note{}, err
		}
		if _, err := notecache.Mirror(ctx, in.ID); err != nil {
			return notecache.Note{}, err
		}
		if _, err := notecache.Fetch(ctx, in.ID); err != nil {
			return notecache.Note{}, mcperr.ServiceUnavailable("The notes are unavailable.", mcperr.WithCause(err))
		}
		return notecache.Load(ctx, notecache.Query{ID: in.ID})
	},
}
