package a

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

var Errors = []mcperr.Contract{
	// want +1 `mcperrlint-ignore-malformed: the directive gives no reason`
	//mcperrlint:ignore error-contract-recovery-min-words
	{Reason: "a", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
	//mcperrlint:ignore recovery-min-words legacy // want `mcperrlint-ignore-malformed: unknown rule "recovery-min-words"`
	{Reason: "b", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
	// want +1 `mcperrlint-ignore-malformed: the directive names no rule`
	//mcperrlint:ignore
	{Reason: "c", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
	// mcperrlint:ignore error-contract-recovery-min-words spaced // want `mcperrlint-ignore-malformed: a directive has no space after //`
	{Reason: "d", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
	//mcperrlint:ignore error-contract-recovery-min-words a well-formed directive is not reported here
	{Reason: "e", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
	//mcperrlint:ignored is another word and not a directive
	{Reason: "f", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound},
}
