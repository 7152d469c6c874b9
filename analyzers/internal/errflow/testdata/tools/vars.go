package tools

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Resolution follows variables to their initialisers, through chains, and
// stops at a variable written after its declaration or addressed; writes
// to other variables do not matter.

var viaErrs = errs

var ViaVars = mcperr.Tool[In, Out]{Name: "via_vars", Errors: viaErrs}
var rewritten = []mcperr.Contract{{Reason: "w", When: "w", Recovery: "r", Code: mcperr.CodeNotFound}}

func rewrite() { rewritten = nil }

var Rewritten = mcperr.Tool[In, Out]{Name: "rewritten", Errors: rewritten}
var addressed = mcperr.Contract{Reason: "x", When: "w", Recovery: "r", Code: mcperr.CodeNotFound}

var _ = &addressed

var Addressed = mcperr.Tool[In, Out]{Name: "addressed", Errors: []mcperr.Contract{addressed}}
var fieldWritten = mcperr.Contract{Reason: "y", When: "w", Recovery: "r", Code: mcperr.CodeNotFound}

func retitle() { fieldWritten.Reason = "z" }

var FieldWritten = mcperr.Tool[In, Out]{Name: "field_written", Errors: []mcperr.Contract{fieldWritten}}

func locals() []*mcperr.Tool[In, Out] {
	n, err := 0, error(nil)
	n, err = 1, nil // writes to variables that cannot hold a contract or handler
	_, _ = n, err
	h := func(ctx context.Context, in In) (Out, error) { return Out{}, nil }     // want `handler "function literal": mcperr tool handler \[output error\] converting tools=1`
	moved := func(ctx context.Context, in In) (Out, error) { return Out{}, nil } // want `handler "function literal": mcperr tool handler \[output error\] converting tools=1`
	moved = nil
	return []*mcperr.Tool[In, Out]{
		{Name: "local_handler", Handler: h},
		{Name: "moved_handler", Handler: moved},
	}
}

var _, _, _ = rewrite, retitle, locals
