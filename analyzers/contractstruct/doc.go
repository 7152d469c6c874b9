// Package contractstruct defines an Analyzer that checks that every error
// contract of an mcperr tool is well formed.
//
// # Analyzer contractstruct
//
// contractstruct: check that mcperr error contracts are well formed
//
// A tool's Errors field is its contract with the agents that call it: each
// entry names a stable reason, the code it surfaces as, when it happens and
// what to do about it. contractstruct checks every mcperr.Contract written
// in the package, wherever it is written (a tool's Errors literal, a
// package variable, a shared list), and every tool's Errors field.
//
// Contracts are checked where they are written, once, however many tools
// share them. The threshold of the recovery rule is set with
// -contractstruct.min-words (default 5). A tool without a contract is
// reported only on request: -contractstruct.require-contract turns on
// error-contract-missing.
//
// # Rule error-contract-missing
//
// A tool declares no error contract: it has no Errors field, or Errors:
// nil. Its clients learn nothing of how it fails, and conformance has
// nothing to hold its handler to. Off by default; a team adopting contracts
// turns it on to list the tools still without one, with
// -contractstruct.require-contract (mcperrlint and go vet -vettool) or the
// golangci-lint setting contractstruct: {require-contract: true}.
//
//	var lookup = mcperr.Tool[LookupArgs, Book]{Name: "lookup", Handler: h} // flagged
//
// Declare the failures the tool can return, one mcperr.Contract per reason,
// in its Errors field. A tool that really cannot fail keeps a directive
// saying so: //mcperrlint:ignore error-contract-missing <why>.
//
// The finding is at the tool literal, where it is written: once for a
// helper that builds tools without Errors, not at each call to it (a helper
// that takes the contract as a parameter is error-contract-not-static
// instead). An explicitly empty contract is error-contract-empty, one that
// cannot be known is error-contract-not-static; neither is reported again
// here. Tools in _test.go files are not reported: they are scaffolding no
// client calls. Only mcperr.Tool literals are tools: a Tool declared
// without one (var t mcperr.Tool[In, Out]) is not seen, and a literal whose
// Errors is assigned afterwards (t.Errors = errs) is reported: write the
// contract in the literal, the only place conformance reads it from.
//
// # Rule error-contract-empty
//
// A tool declares an explicitly empty contract. An empty Errors list says
// nothing to a client and is almost always a placeholder that was never
// filled in.
//
//	Errors: []mcperr.Contract{}, // flagged
//
// Drop the field, or declare the ways the tool really fails (only the
// latter with -contractstruct.require-contract).
//
// # Rule error-contract-not-static
//
// The contract, one of its entries, or a field of an entry is not known at
// build time: it is computed by a function, appended to, or read from a
// variable that is reassigned. mcperrlint checks contracts, and conformance
// checks handlers against them, only when they are written out. Write the
// contract as a []mcperr.Contract literal, or a variable initialised by one
// and never reassigned (in this package or another), with constant fields.
//
//	Errors: defaultErrors(), // flagged
//	Errors: []mcperr.Contract{{Reason: prefix + name, ...}}, // flagged when name is a variable
//
// One problem is one finding: a contract a function builds at run time
// (Errors: contractFor("publish")) is reported where the tool uses it, not
// again at each entry or field inside the function, which can never be
// known at build time. Entries of a tool's contract, and of contracts and
// entries declared outside any function, are checked field by field.
//
// # Rule error-contract-code-type
//
// An entry has no Code. Its failures would surface with code 0, which is
// not a JSON-RPC error code, and conformance could not check it.
//
//	{Reason: "not_found", When: "...", Recovery: "..."}, // flagged
//
// Add the code the failure surfaces as, e.g. Code: mcperr.CodeNotFound.
//
// # Rule error-contract-code-unknown
//
// An entry's Code is a constant that is not one of the mcperr.Code
// constants, such as a mistyped number. Clients and mcperr's own retry and
// classification logic cannot interpret it.
//
//	Code: -32050, // flagged
//
// Use one of the mcperr.Code constants.
//
// # Rule error-contract-code-unknown-error
//
// An entry declares CodeUnknownError, the classifier's give-up code. It
// tells a client nothing it can act on.
//
//	Code: mcperr.CodeUnknownError, // flagged
//
// Pick the specific code the failure really is: InternalError for this
// server's own faults, ServiceUnavailable for an upstream's.
//
// # Rule error-contract-reason-required
//
// An entry has no Reason, or an empty one. The reason is what a client
// switches on and what Fail selects the entry by.
//
//	{Code: mcperr.CodeNotFound, When: "...", Recovery: "..."}, // flagged
//
// Add a stable snake_case reason such as "book_not_found".
//
// # Rule error-contract-reason-format
//
// A reason is not snake_case (a lower-case letter, then lower-case letters,
// digits and underscores). Reasons are API constants: one spelling
// convention across servers lets clients match them reliably.
//
//	Reason: "BookNotFound", // flagged
//
// Write it as "book_not_found".
//
// # Rule error-contract-reason-unique
//
// A contract declares the same reason twice. At run time the last entry
// wins, so the earlier one is dead and its code or recovery is silently
// ignored. Each repeat is reported.
//
//	{Reason: "not_found", Code: mcperr.CodeNotFound, ...},
//	{Reason: "not_found", Code: mcperr.CodeConflict, ...}, // flagged
//
// Give each failure mode its own reason, or delete the duplicate.
//
// # Rule error-contract-when-required
//
// An entry has no When, or one that is empty or only white space (the
// TypeScript original's linter let white space through). When describes the
// situation for people reading the catalog, and is the message Fail falls
// back to when given none.
//
//	{Reason: "not_found", When: " ", ...}, // flagged
//
// Describe when the failure happens: When: "No book has the given ISBN."
//
// # Rule error-contract-recovery-required
//
// An entry has no Recovery field. Declaring a failure without saying what
// the agent should do next leaves the agent without a next move.
//
//	{Reason: "not_found", When: "...", Code: mcperr.CodeNotFound}, // flagged
//
// Add a Recovery telling the agent what to do.
//
// # Rule error-contract-recovery-empty
//
// An entry's Recovery is empty or only white space.
//
//	Recovery: "", // flagged
//
// Write actionable guidance for the agent.
//
// # Rule error-contract-recovery-min-words
//
// An entry's Recovery has fewer words than -contractstruct.min-words
// (default 5), counted by splitting on Unicode white space. Placeholders
// such as "Try again." or "Check input." do not help an agent; specific
// guidance does.
//
//	Recovery: "Try again.", // flagged
//
// Say what to try and with what: "Search by title with search_books, then
// retry with one of the returned ISBNs."
//
// # Rule error-contract-retryable-mismatch
//
// An entry says Retryable: true for a code that retrying unchanged cannot
// fix: InvalidParams, InvalidRequest, MethodNotFound, ParseError,
// ValidationError, Unauthorized or Forbidden. Agents that trust the flag
// will loop on a request that can never succeed.
//
//	{Reason: "bad_isbn", Code: mcperr.CodeInvalidParams, Retryable: true, ...}, // flagged
//
// Drop Retryable, or use the code the failure really is (RateLimited,
// Timeout, ServiceUnavailable are the transient ones).
//
// # Rule error-contract-severity-unknown
//
// An entry's Severity is not one of the mcperr.Severity constants. The
// binding logs failures at their entry's severity, and an unknown value has
// no level.
//
//	Severity: mcperr.Severity(9), // flagged
//
// Use SeverityWarning, SeverityNotice, SeverityInfo or SeverityDebug, or
// omit the field for the default, SeverityError.
package contractstruct
