package main

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

// feeErrors is the contract of a fee tool still being written.
var feeErrors = []mcperr.Contract{
	//mcperrlint:ignore error-contract-recovery-min-words the front-end shows its own payment help
	{Reason: "card_declined", When: "The payment card was declined.", Recovery: "Use another card.", Code: mcperr.CodeForbidden},
	// demo+1: mcperrlint-ignore-malformed (no reason given)
	//mcperrlint:ignore error-contract-recovery-min-words
	{Reason: "fee_waived", When: "The fee was already waived.", Recovery: "Nothing to pay.", Code: mcperr.CodeConflict},
	// demo+1: mcperrlint-ignore-unused (nothing to suppress)
	//mcperrlint:ignore error-contract-reason-format the reason was renamed long ago
	{Reason: "fee_unknown", When: "No fee has the given id.", Recovery: "List the member's fees first, then use one of their ids.", Code: mcperr.CodeNotFound},
}

var _ = feeErrors
