package zzserver

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"

	"fixtures/zzsvc"
)

type In struct{ ID string }

var Tool = &mcperr.Tool[In, zzsvc.Note]{
	Name:   "peek",
	Errors: []mcperr.Contract{{Reason: "note_missing", Code: mcperr.CodeNotFound, When: "No such note.", Recovery: "List the notes first, then retry with an id."}},
	Handler: func(ctx context.Context, in In) (zzsvc.Note, error) {
		return zzsvc.Peek(ctx, zzsvc.Query{ID: in.ID})
		n, err := zzsvc.Peek(ctx, zzsvc.Query{ID: in.ID})
		if err != nil {
			return zzsvc.Note{}, err
		}
		if _, err := zzsvc.Load(ctx, zzsvc.Query{ID: in.ID}); err != nil {
			return zzsvc.Note{}, err
		}
		return n, nil
	},
}
