// Package missingoff is run without -contractstruct.require-contract: no
// tool is reported for lacking a contract, and a directive for the rule is
// not called unused, since a run with the rule on may need it.
package missingoff

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ISBN string }
type Out struct{ Title string }

func handle(ctx context.Context, in In) (Out, error) { return Out{}, nil }

var NoErrors = mcperr.Tool[In, Out]{Name: "no_errors", Handler: handle}

var NilErrors = mcperr.Tool[In, Out]{Name: "nil_errors", Errors: nil, Handler: handle}

//mcperrlint:ignore error-contract-missing this tool only echoes its input and cannot fail
var Echo = mcperr.Tool[In, Out]{Name: "echo", Handler: handle}

// error-contract-empty still suggests dropping the field.
var Empty = mcperr.Tool[In, Out]{Name: "empty", Errors: []mcperr.Contract{}} // want `error-contract-empty: tool "empty" declares an empty contract, which tells clients nothing: drop the Errors field or declare the tool's failure modes`
