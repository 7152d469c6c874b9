// Package preferfail defines an Analyzer that suggests mcperr.Fail where a
// handler builds by hand a failure its tool's contract declares.
//
// # Analyzer preferfail
//
// preferfail: suggest mcperr.Fail where a handler builds a declared failure by hand
//
// A handler that returns mcperr.NotFound(...) (or mcperr.New with a
// constant code) when its tool's contract declares a reason with that code
// sends the right code but none of what the contract adds. preferfail
// reports the factory calls a handler returns, directly or through a
// variable, whose code its tool's contract declares, and offers to rewrite
// them to mcperr.Fail.
//
// # Rule error-contract-prefer-fail
//
// A handler returns an error built with a factory or mcperr.New whose code
// its tool's contract declares. The client receives the code but not the
// contract's reason (data.reason, which agents switch on), its
// retryability or its recovery hint; and the contract entry looks unused.
//
//	Errors: []mcperr.Contract{{Reason: "book_not_found", Code: mcperr.CodeNotFound, ...}},
//	Handler: func(ctx context.Context, in Args) (Book, error) {
//		...
//		return Book{}, mcperr.NotFound("No book has this id.", mcperr.WithCause(err)) // flagged
//	},
//
// Return mcperr.Fail(ctx, "book_not_found", "No book has this id.",
// mcperr.WithCause(err), mcperr.RecoveryFor(ctx, "book_not_found"))
// instead: the suggested fix rewrites the call, keeping the message and the
// options, and forwards the entry's recovery hint with RecoveryFor unless
// an option may already set one (so that the result is not
// error-contract-recovery-unforwarded's next finding). It is offered when
// exactly one reason of the contract has the code, the handler's context
// parameter is named and in scope, and the handler serves one tool. When several reasons share the
// code the message lists them and the choice is yours. An error that
// already names a declared reason with WithReason is rewritten to Fail
// with that reason.
package preferfail
