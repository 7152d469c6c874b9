// Package conformance defines an Analyzer that checks that tool handlers
// fail only in the ways their tool's error contract declares, across
// packages.
//
// # Analyzer conformance
//
// conformance: check that handlers fail only in the ways their tool's contract declares
//
// A tool's Errors field promises its clients a set of failures, each a
// reason with a code. conformance checks what really reaches a client: the
// reasons named with mcperr.Fail and mcperr.RecoveryFor, and the errors
// built with mcperr.New or a factory (mcperr.NotFound, ...) that are
// returned — by the handler, by the closures in it, by the functions it
// calls in the same package, and by the functions it calls in other
// packages, however deep.
//
// Errors assigned to a variable and returned later count. Mentions do not:
// comparing a code, testing with errors.Is or errors.As, or a case label
// never produces anything. An error wrapped with fmt.Errorf("...%w", err)
// or errors.Join is passed on; an error given as another's cause with
// mcperr.WithCause is not, since the client sees the outer error. An
// error returned by mcperr.Retry is what the function it runs returns (the
// last attempt's error, or one with its code and reason): a literal's
// returns, or a named function's or method value's.
//
// Across packages this works through facts: every function that can
// produce or pass on an *mcperr.Error records the reasons and codes it can
// produce, with where they are written, so a finding about a service's
// error is reported at the handler's call and points at the service.
// Calls through an interface or a function value cannot be followed; a
// reason produced only there should be declared with ThrownByService:
// true. A function handed on as a value — a callback, a goroutine, the
// function a handler factory of the package wraps (Handler:
// withLogging(getBook)) — is followed where it is written: what it names
// counts, and what it returns counts as produced but is never held
// against the contract, since the code calling it may translate it.
//
// A handler shared by two tools is judged against each tool's contract.
// A tool whose Errors is not statically known is not judged (contractstruct
// reports it); a tool without Errors has declared nothing and is judged
// only for Fail, which cannot succeed without a contract.
//
// # Rule error-contract-reason-undeclared
//
// A reason that the tool's contract does not declare is named with
// mcperr.Fail or mcperr.RecoveryFor, or carried (WithReason) by an error
// that reaches the client. Fail with an undeclared reason returns a
// CodeInternalError error naming the mistake instead of the intended
// failure, RecoveryFor adds nothing, and a service's reason reaches the
// client without the contract listing it. TypeScript catches this at
// compile time; Go needs the analyzer.
//
//	Errors: []mcperr.Contract{{Reason: "book_not_found", ...}},
//	Handler: func(ctx context.Context, in Args) (Book, error) {
//		return Book{}, mcperr.Fail(ctx, "no_such_book", "") // flagged
//	},
//
// The finding is reported where the reason is written when that is in the
// package, and otherwise at the handler's call of the function that
// produces it, with related information at that function's declaration and
// the producing site in the message.
//
// Declare the reason in the tool's Errors (with ThrownByService: true when
// a service produces it), correct the spelling, or translate the service's
// error in the handler.
//
// # Rule error-contract-reason-dynamic
//
// The reason passed to mcperr.Fail is not a constant, so it cannot be
// checked against the contract, and any value the contract does not declare
// fails with CodeInternalError at run time. A reason passed through a
// parameter of a helper is followed to the helper's callers, and reported
// there when it is not constant.
//
//	return Out{}, mcperr.Fail(ctx, in.Kind+"_missing", "") // flagged
//
// Pass one of the declared reasons as a constant, choosing it with a
// switch if needed.
//
// # Rule error-contract-conformance
//
// A handler returns an *mcperr.Error without a reason whose code the
// tool's contract does not declare. The client receives a failure the
// contract never promised. The codes every tool may fail with are exempt:
// InternalError, ServiceUnavailable, Timeout, ValidationError and
// SerializationError. An error the handler tests before returning it (with
// errors.Is, errors.As or CodeOf) is not judged: the handler may be
// translating it. An entry without a Code declares no code (and is
// error-contract-code-type's finding); the other entries still declare
// theirs. An entry whose Code is not a constant may declare any code, and
// silences the rule for its tool.
//
//	Errors: []mcperr.Contract{{Reason: "book_not_found", Code: mcperr.CodeNotFound, ...}},
//	...
//	return Out{}, mcperr.Conflict("The book is lent.") // flagged
//
// Declare the failure in the tool's Errors and return it with mcperr.Fail,
// or fail with one of the declared reasons.
//
// # Rule error-contract-unthrown
//
// The contract declares a reason that nothing the tool runs produces: no
// Fail, RecoveryFor or WithReason in the handler, the functions it calls or
// the services they reach names it. Clients are promised a failure they will
// never see, which usually means the handler returns a generic error where
// it meant the declared one. The rule is silent for entries marked
// ThrownByService, when a reason cannot be known statically (a dynamic
// reason anywhere the tool reaches), and when the handler cannot be seen.
// An entry whose code the handler returns with a bare factory is left to
// error-contract-prefer-fail.
//
//	Errors: []mcperr.Contract{
//		{Reason: "book_not_found", ...},
//		{Reason: "book_withdrawn", ...}, // flagged: never produced
//	},
//
// Fail with the reason where it happens, remove the entry, or mark it
// ThrownByService: true when it comes from a service the analyzer cannot
// follow (an interface method, a function value).
//
// # Rule error-contract-recovery-unforwarded
//
// A Fail call passes neither mcperr.RecoveryFor(ctx, reason) for its own
// reason nor mcperr.WithRecovery, so the contract's recovery hint never
// reaches the agent (Fail does not add it by itself); or it forwards the
// recovery of another reason, telling the agent how to recover from a
// failure that did not happen. A RecoveryFor option held in a variable
// counts. Options the analyzer cannot see into (a variadic argument, an
// option built by a helper) silence the rule.
//
//	return Out{}, mcperr.Fail(ctx, "book_not_found", "") // flagged
//	return Out{}, mcperr.Fail(ctx, "book_not_found", "",
//		mcperr.RecoveryFor(ctx, "isbn_invalid")) // flagged
//
// Pass mcperr.RecoveryFor(ctx, reason) with the same reason; the suggested
// fix does.
//
// A reason the contract does not declare has no hint to forward: that
// mistake is error-contract-reason-undeclared's finding alone, and no fix
// here builds on it. So the rule is silent for a Fail whose reason no tool
// reaching it declares, when those tools' contracts are known (a Fail no
// tool of its package reaches, in a service, is judged as above). A Fail
// of a declared reason that forwards the hint of an undeclared one is
// reported once, here, with the fix that names the Fail's own reason.
//
//	Errors: []mcperr.Contract{{Reason: "query_invalid", ...}},
//	...
//	return Out{}, mcperr.Fail(ctx, "query_too_long", "") // error-contract-reason-undeclared only
//	return Out{}, mcperr.Fail(ctx, "query_invalid", "",
//		mcperr.RecoveryFor(ctx, "query_blank")) // flagged here only; the fix names "query_invalid"
//
// # Rule error-contract-reason-code-mismatch
//
// An error carries a declared reason (WithReason) but was built with
// another code than the contract declares for that reason. The client
// receives the reason with a code the contract does not promise for it,
// typically because a service and the contract drifted apart.
//
//	// the contract: {Reason: "book_not_found", Code: mcperr.CodeNotFound, ...}
//	return mcperr.Conflict("No such book.", mcperr.WithReason("book_not_found")) // flagged
//
// Build the error with the declared code, or let the handler fail with
// mcperr.Fail, which takes the code from the contract.
//
// An error built by mcperr.FromHTTPResponse has the code the response's
// status maps to (a 429 is RateLimited, a 404 NotFound), so a reason it
// carries may reach the client with any of them: it is reported unless
// mcperr.WithCodeOverride fixes the code, or the call is chosen by
// comparing the response's StatusCode with a value (an if resp.StatusCode
// == …, a case of a switch on it).
//
//	// the contract: {Reason: "catalog_offline", Code: mcperr.CodeServiceUnavailable, ...}
//	return mcperr.FromHTTPResponse(resp, mcperr.WithReason("catalog_offline")) // flagged
package conformance
