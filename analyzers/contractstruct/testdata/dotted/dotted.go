package dotted

import . "github.com/mcperrlint/mcperrlint/runtime/mcperr"

var T = Tool[struct{}, int]{
	Name: "dotted",
	Errors: []Contract{
		{Reason: "dotted_gone", When: "w", Recovery: "Use the other tool with a valid id.", Code: CodeNotFound, Retryable: true},
		{Reason: "dotted_bad", When: "w", Recovery: "Use the other tool with a valid id.", Code: CodeValidationError, Retryable: true}, // want `error-contract-retryable-mismatch`
	},
}
