// Package contracts declares failure modes several tools share, so the
// catalog must follow them across packages.
package contracts

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

// NotFound is shared by every tool that takes an id.
var NotFound = mcperr.Contract{
	Reason:          "not_found",
	Code:            mcperr.CodeNotFound,
	When:            "Nothing has the given id.",
	Recovery:        "Call search to find the id, then call this tool again with it.",
	Severity:        mcperr.SeverityInfo,
	ThrownByService: true,
}
