package suppress

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

var T = mcperr.Tool[struct{}, string]{
	Name: "suppress",
	Errors: []mcperr.Contract{
		//mcperrlint:ignore error-contract-recovery-min-words the client shows its own guidance
		{Reason: "own_line", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
		{Reason: "trailing", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound}, //mcperrlint:ignore error-contract-recovery-min-words kept short on purpose
		//mcperrlint:ignore error-contract-recovery-min-words,error-contract-reason-format two rules at once
		{Reason: "Two", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
		//mcperrlint:ignore error-contract-reason-format only the format is suppressed
		{Reason: "Only", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound}, // want `error-contract-recovery-min-words`
		//mcperrlint:ignore error-contract-reason-format nothing to suppress // want `mcperrlint-ignore-unused: the directive suppresses error-contract-reason-format`
		{Reason: "fine", When: "w", Recovery: "Wait a minute, then retry the call.", Code: mcperr.CodeNotFound},
		// The next entry spans lines; the directive covers all of them.
		//mcperrlint:ignore error-contract-code-unknown legacy code kept for old clients
		{
			Reason:   "multi_line",
			When:     "w",
			Recovery: "Wait a minute, then retry the call.",
			Code:     -32050,
		},
		{Reason: "uncovered", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound}, // want `error-contract-recovery-min-words`
	},
}
