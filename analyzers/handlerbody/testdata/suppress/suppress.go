// Package suppress: a directive silences a handlerbody rule, and one that
// silences nothing is reported by handlerbody itself.
package suppress

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{}
type Out struct{ Items []string }

func list(ctx context.Context) error { return nil }

var tool = &mcperr.Tool[In, Out]{
	Name: "suppressed",
	Handler: func(ctx context.Context, in In) (Out, error) {
		if err := list(ctx); err != nil {
			//mcperrlint:ignore no-fake-empty-result the catalog is optional; an empty list is the documented answer
			return Out{}, nil
		}
		//mcperrlint:ignore preserve-cause-on-rethrow nothing here to suppress // want `mcperrlint-ignore-unused: the directive suppresses preserve-cause-on-rethrow`
		return Out{}, nil
	},
}
