// Package notecache is a service the tools of notecacheserver call. Its
// exported functions are shaped like mcperr tool handlers, and some name
// a reason's recovery as docs/runtime.md advises services to: none of that
// makes them handlers. What a handler returns of their errors is followed
// into them, and a cause they lose is reported by the package whose
// handler uses the error, at their return.
package notecache

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

// Peek reads the cache: a miss is an empty note, not a failure. It is
// not a handler, so that is not an empty success.
func Peek(ctx context.Context, q Query) (Note, error) {
	n, err := cacheGet(q.ID)
	if err != nil {
		return Note{}, nil
	}
	if n.Text == "" {
		return Note{}, mcperr.NotFound("No note has this id.", mcperr.RecoveryFor(ctx, "note_missing"))
	}
	return n, nil
}

// Load loses its cause, and names a recovery.
func Load(ctx context.Context, q Query) (Note, error) {
	n, err := load(q.ID)
	if err != nil {
		return Note{}, fmt.Errorf("loading the note failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	if n.Text == "" {
		return Note{}, mcperr.NotFound("Empty note.", mcperr.RecoveryFor(ctx, "note_missing"))
	}
	return n, nil
}

// Fetch loses its cause too, without naming any reason: judged alike.
func Fetch(ctx context.Context, id string) (Note, error) {
	n, err := load(id)
	if err != nil {
		return Note{}, errors.New("fetching the note failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return n, nil
}

// Unused loses its cause, but no handler uses its error: not reported.
func Unused(ctx context.Context, id string) (Note, error) {
	n, err := load(id)
	if err != nil {
		return Note{}, errors.New("unused failed")
	}
	return n, nil
}

// Keeps keeps its cause.
func Keeps(ctx context.Context, id string) (Note, error) {
	n, err := load(id)
	if err != nil {
		return Note{}, fmt.Errorf("keeping: %w", err)
	}
	return n, nil
}

// Sync hands on the error of a helper chain: the cause readHeader loses
// two calls down is lost for Sync's callers too, and reported there.
func Sync(ctx context.Context, id string) (Note, error) {
	return download(id)
}

func download(id string) (Note, error) {
	if err := readHeader(id); err != nil {
		return Note{}, fmt.Errorf("download %s: %w", id, err)
	}
	return load(id)
}

var errNotNote = errors.New("not a note")

// readHeader replaces the read's error with a sentinel of its own.
func readHeader(id string) error {
	if _, err := load(id); err != nil {
		return fmt.Errorf("%w: cannot read the header", errNotNote) // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}

// Mirror's helper keeps its cause: nothing to report.
func Mirror(ctx context.Context, id string) (Note, error) {
	return copyNote(id)
}

func copyNote(id string) (Note, error) {
	n, err := load(id)
	if err != nil {
		return Note{}, fmt.Errorf("copying %s: %w", id, err)
	}
	return n, nil
}

// Archive's helper loses its cause, but no handler uses Archive's error:
// not reported.
func Archive(ctx context.Context, id string) error {
	return archive(id)
}

func archive(id string) error {
	if _, err := load(id); err != nil {
		return errors.New("archiving failed")
	}
	return nil
}

// Stage's error is its named result, assigned from checkHeader: followed
// as any local is, into checkHeader's lost cause.
func Stage(ctx context.Context, id string) (n Note, err error) {
	if err = checkHeader(id); err != nil {
		return Note{}, err
	}
	n, err = load(id)
	return n, err
}

func checkHeader(id string) error {
	if _, err := load(id); err != nil {
		return errors.New("the header is not a note's") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}
