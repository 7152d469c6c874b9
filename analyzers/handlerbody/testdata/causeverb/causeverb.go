// Package causeverb exercises preserve-cause-on-rethrow on a cause that is
// there but formats the error with %v or %s: the advice and the fix are
// %w in that cause, never a second mcperr.WithCause.
package causeverb

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct {
	ID   string
	Kind int
}

type Out struct{ Body string }

type notes struct{}

func (notes) Get(ctx context.Context, id string) (string, error) { return "", nil }

var errBusy = errors.New("busy")

var contract = []mcperr.Contract{{Reason: "note_missing", Code: mcperr.CodeNotFound, When: "No note has the id.", Recovery: "List the notes first, then use one of their ids."}}

func getNote(n notes) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name:   "get_note",
		Errors: contract,
		Handler: func(ctx context.Context, in In) (Out, error) {
			body, err := n.Get(ctx, in.ID)
			if err != nil {
				switch in.Kind {
				case 0:
					// The slip: %v inside the cause.
					return Out{}, mcperr.NotFound("no such note", mcperr.WithCause(fmt.Errorf("get note %s: %v", in.ID, err))) // want `preserve-cause-on-rethrow: the fmt.Errorf given as this error's cause formats err with %v, which copies its text and drops the error: use %w there`
				case 1:
					return Out{}, mcperr.Fail(ctx, "note_missing", "", mcperr.RecoveryFor(ctx, "note_missing"), mcperr.WithCause(fmt.Errorf("get note: %s", err))) // want `the fmt.Errorf given as this error's cause formats err with %s`
				case 2:
					// err.Error() becomes err: %w needs the error.
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(fmt.Errorf("get note: %v", err.Error()))) // want `the fmt.Errorf given as this error's cause formats err.Error\(\) with %v`
				case 3:
					// The cause held in a variable.
					cause := fmt.Errorf("get note %s: %v", in.ID, err)
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(cause)) // want `the fmt.Errorf given as this error's cause formats err with %v`
				case 4:
					// The option held in a variable.
					opt := mcperr.WithCause(fmt.Errorf("get note %s: %v", in.ID, err))
					return Out{}, mcperr.InternalError("the store failed", opt) // want `the fmt.Errorf given as this error's cause formats err with %v`
				case 5:
					// Joined or wrapped (%w) into the cause: the same verb.
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(errors.Join(errBusy, fmt.Errorf("get note: %v", err)))) // want `the fmt.Errorf given as this error's cause formats err with %v`
				case 6:
					return Out{}, fmt.Errorf("lookup: %w", fmt.Errorf("get note %s: %v", in.ID, err)) // want `the fmt.Errorf given as this error's cause formats err with %v` `prefer-mcp-error-in-handler`
				case 7:
					// A %v in the fmt.Errorf returned itself keeps its fix.
					return Out{}, fmt.Errorf("get note %s: %v", in.ID, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v, which copies its text and drops the error: use %w` `prefer-mcp-error-in-handler`
				case 8:
					// No cause at all: add one.
					return Out{}, mcperr.InternalError("the store failed") // want `this mcperr.InternalError error is returned while handling err but does not carry it: add mcperr.WithCause\(err\)`
				}

				// Advice without a fix: the verb to change is not one.
				switch in.Kind {
				case 10:
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(fmt.Errorf("get note: %v (%v)", err, err))) // want `the fmt.Errorf given as this error's cause formats err without %w, which copies its text and drops the error: wrap err with %w there`
				case 11:
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(fmt.Errorf("get note: %+v", err))) // want `the fmt.Errorf given as this error's cause formats err without %w`
				case 12:
					// Another cause is there: a second WithCause would replace it.
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(errBusy)) // want `this mcperr.InternalError error is returned while handling err but does not carry it: its cause is another error; wrap err into that cause`
				}

				// Not reported: the cause wraps err.
				switch in.Kind {
				case 20:
					return Out{}, mcperr.NotFound("no such note", mcperr.WithCause(fmt.Errorf("get note %s: %w", in.ID, err)))
				case 21:
					return Out{}, mcperr.NotFound("no such note", mcperr.WithCause(err))
				case 22:
					return Out{}, mcperr.InternalError("the store failed", mcperr.WithCause(errors.Join(errBusy, fmt.Errorf("get note: %w", err))))
				}
				return Out{}, mcperr.NotFound("no such note", mcperr.WithCause(fmt.Errorf("get note %s: %v: %w", in.ID, err.Error(), err)))
			}
			return Out{Body: body}, nil
		},
	}
}
