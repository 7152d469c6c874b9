package minwords

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

// With -contractstruct.min-words=2, two words are enough and one is not.
var Errors = []mcperr.Contract{
	{Reason: "two", When: "w", Recovery: "Retry later.", Code: mcperr.CodeNotFound},
	{Reason: "one", When: "w", Recovery: "Retry.", Code: mcperr.CodeNotFound}, // want `has 1 word\(s\), fewer than 2`
}
