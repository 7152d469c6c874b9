package binding

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

// A MetaEntry is one entry of the contract advertised under MetaKeyErrors:
// a list of objects
//
//	{"reason", "code", "codeName", "when", "recovery", "retryable"}
//
// one per contract entry, in declaration order, then one for
// ReasonInvalidArguments, which the binding itself produces, unless the
// contract declares it. It lets a client or an agent know, before calling,
// every way the tool can fail on purpose and what to do about each. The key
// is namespaced as MCP asks of _meta keys. Severity and ThrownByService are
// server-side concerns and are not advertised.
type MetaEntry struct {
	Reason    string `json:"reason"`
	Code      int64  `json:"code"`
	CodeName  string `json:"codeName"`
	When      string `json:"when"`
	Recovery  string `json:"recovery"`
	Retryable bool   `json:"retryable"`
}

// invalidArgumentsEntry is the contract entry of the failure the binding
// reports for arguments that do not match the input schema.
var invalidArgumentsEntry = mcperr.Contract{
	Reason:   ReasonInvalidArguments,
	Code:     mcperr.CodeInvalidParams,
	When:     "The arguments do not match the tool's input schema.",
	Recovery: invalidArgumentsRecovery,
}

// contractMeta returns the contract as advertised: its entries, and
// invalid_arguments unless it declares that reason itself.
func contractMeta(contract []mcperr.Contract) []MetaEntry {
	entries := make([]MetaEntry, 0, len(contract)+1)
	declared := false
	for _, c := range contract {
		entries = append(entries, metaEntryOf(c))
		declared = declared || c.Reason == ReasonInvalidArguments
	}
	if !declared {
		entries = append(entries, metaEntryOf(invalidArgumentsEntry))
	}
	return entries
}

// metaEntryOf returns a contract entry as advertised.
func metaEntryOf(c mcperr.Contract) MetaEntry {
	return MetaEntry{
		Reason:    c.Reason,
		Code:      int64(c.Code),
		CodeName:  c.Code.String(),
		When:      c.When,
		Recovery:  c.Recovery,
		Retryable: c.Retryable,
	}
}
