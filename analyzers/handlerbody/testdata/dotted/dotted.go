// Package dotted dot-imports the runtime; fixes write its names bare, and
// give up when a local name shadows them.
package dotted

import (
	"context"

	. "github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ Q string }
type Out struct{ N int }

func fetch(ctx context.Context) (int, error) { return 0, nil }

var tool = &Tool[In, Out]{
	Name: "dotted",
	Handler: func(ctx context.Context, in In) (Out, error) {
		n, err := fetch(ctx)
		if err != nil {
			return Out{}, New(CodeConflict, "conflict") // want `prefer-error-factory: New\(CodeConflict, …\) has a factory: write Conflict\(…\)` `preserve-cause-on-rethrow: this mcperr.New error`
		}
		return Out{N: n}, nil
	},
}

var shadowed = &Tool[In, Out]{
	Name: "shadowed",
	Handler: func(ctx context.Context, in In) (Out, error) {
		NotFound := "a local that hides the factory"
		WithCause := 1
		_, _ = NotFound, WithCause
		n, err := fetch(ctx)
		if err != nil {
			return Out{}, New(CodeNotFound, "missing") // want `prefer-error-factory: New\(CodeNotFound, …\) has a factory: write NotFound\(…\)` `preserve-cause-on-rethrow: this mcperr.New error`
		}
		return Out{N: n}, nil
	},
}
