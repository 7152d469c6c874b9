package mcpsdk

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

// MetaKeyErrors is the key, in the advertised tool's _meta, of its error
// contract: a list of objects
//
//	{"reason", "code", "codeName", "when", "recovery", "retryable"}
//
// one per contract entry, in declaration order. It lets a client or an agent
// know, before calling, every way the tool can fail on purpose and what to do
// about each. The key is namespaced as MCP asks of _meta keys. Severity and
// ThrownByService are server-side concerns and are not advertised.
const MetaKeyErrors = "dev.mcperrlint/errors"

// metaEntry is one advertised contract entry.
type metaEntry struct {
	Reason    string `json:"reason"`
	Code      int64  `json:"code"`
	CodeName  string `json:"codeName"`
	When      string `json:"when"`
	Recovery  string `json:"recovery"`
	Retryable bool   `json:"retryable"`
}

// contractMeta returns the contract as advertised, or nil for none.
func contractMeta(contract []mcperr.Contract) []metaEntry {
	if len(contract) == 0 {
		return nil
	}
	entries := make([]metaEntry, len(contract))
	for i, c := range contract {
		entries[i] = metaEntry{
			Reason:    c.Reason,
			Code:      int64(c.Code),
			CodeName:  c.Code.String(),
			When:      c.When,
			Recovery:  c.Recovery,
			Retryable: c.Retryable,
		}
	}
	return entries
}
