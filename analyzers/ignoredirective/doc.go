// Package ignoredirective defines an Analyzer that checks mcperrlint's own
// suppression directives.
//
// # Analyzer ignoredirective
//
// ignoredirective: check that //mcperrlint:ignore directives are well formed
//
// A finding is suppressed with a directive naming its rule and saying why:
//
//	//mcperrlint:ignore <rule>[,<rule>] <reason>
//	//mcperrlint:file-ignore <rule>[,<rule>] <reason>
//
// At the end of a line of code, an ignore directive covers that line; on a
// line of its own, it covers the statement, declaration, field or element
// that follows, however many lines that spans. A file-ignore directive
// covers its file. Directives work the same under mcperrlint, go vet and
// golangci-lint, because the analyzers honour them themselves.
//
// # Rule mcperrlint-ignore-malformed
//
// A directive names no rule, names a rule that does not exist, gives no
// reason, or has a space after the slashes (which makes it an ordinary
// comment to other tools). A malformed directive still suppresses the rules
// it names, so that this is the only finding about it.
//
//	//mcperrlint:ignore error-contract-recovery-min-words // flagged: no reason
//	//mcperrlint:ignore recovery-min-words legacy // flagged: no such rule
//
// Name every rule by its full id and say why the finding is acceptable.
//
// # Rule mcperrlint-ignore-unused
//
// A directive names a rule that reports nothing in the code it covers,
// usually because the code was fixed or the directive moved. Stale
// directives hide the next real finding. This rule is reported by the
// analyzer that owns the rule named, so a directive for an analyzer that
// is turned off is never called unused; nor is one for a rule a flag
// leaves off in this run (error-contract-missing without
// -contractstruct.require-contract, sdk-protocol-error with
// -sdkresult.converting-middleware).
//
// Delete the directive, or the rule from its list.
package ignoredirective
