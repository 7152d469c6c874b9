// Package shared declares contracts other packages' tools use.
package shared

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

const recovery = "Wait a minute, then call the tool again with the same arguments."

// Common is static: tools in other packages may use it.
var Common = []mcperr.Contract{
	{Reason: "catalog_unavailable", When: "The catalog service did not answer.", Recovery: recovery, Code: mcperr.CodeServiceUnavailable, Retryable: true},
}

// Grown is appended to at start-up, so what it holds is not static.
var Grown = []mcperr.Contract{
	{Reason: "catalog_busy", When: "The catalog is rate limiting us.", Recovery: recovery, Code: mcperr.CodeRateLimited, Retryable: true},
}

func init() {
	Grown = append(Grown, Common...)
}
