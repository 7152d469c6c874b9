//mcperrlint:file-ignore error-contract-code-unknown this table mirrors a legacy server's codes

package suppress

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

var Legacy = []mcperr.Contract{
	{Reason: "legacy_one", When: "w", Recovery: "Wait a minute, then retry the call.", Code: -32050},
	{Reason: "legacy_two", When: "w", Recovery: "Wait a minute, then retry the call.", Code: -32051},
}
