// Package mcperr gives MCP tool failures a shape an agent can act on: a
// stable code, a message meant for the model, machine-readable data, and
// error contracts that declare every way a tool can fail.
//
// It depends on the standard library only, and is a module of its own:
// importing it adds nothing else to a server's build list. Bindings
// (runtime/mcpsdk for the official go-sdk, runtime/mcpgo for mcp-go)
// register tools with an MCP SDK; the mcperrlint analyzers check at build
// time that handlers fail only in the ways their contracts declare.
//
// # Codes
//
// A [Code] is a JSON-RPC error code: the five the specification defines
// ([CodeParseError] to [CodeInternalError]) and thirteen in the server range
// (-32000 to -32099): [CodeServiceUnavailable], [CodeNotFound],
// [CodeConflict], [CodeRateLimited], [CodeTimeout], [CodeForbidden],
// [CodeUnauthorized], [CodeValidationError], [CodeConfigurationError],
// [CodeInitializationFailed], [CodeDatabaseError], [CodeSerializationError]
// and [CodeUnknownError]. [Code.Transient] reports the three a retry can fix.
//
// # Errors and factories
//
// An [*Error] carries a code, a message, data and, for logs only, a cause.
// Build one with [New] or the factory named after its code, configured by
// options:
//
//	return mcperr.NotFound("No invoice INV-7.",
//		mcperr.WithCause(err),                   // kept for errors.Is and logs, never sent
//		mcperr.WithData("invoiceId", "INV-7"),   // sent as data.invoiceId
//		mcperr.WithRecovery("List invoices first."))
//
// Its Error method returns the message alone, so wrapping or printing it
// never leaks the cause to a client; %+v prints the cause chain for logs.
//
// # Contracts and Fail
//
// A [Tool] declares its [Contract]: each entry names a stable reason, the
// code it surfaces as, when it happens and how to recover. Inside the
// handler, [Fail] builds the declared error for a reason:
//
//	var getInvoice = &mcperr.Tool[GetInvoiceIn, Invoice]{
//		Name: "get_invoice",
//		Errors: []mcperr.Contract{{
//			Reason:   "invoice_not_found",
//			Code:     mcperr.CodeNotFound,
//			When:     "No invoice has the given id.",
//			Recovery: "List invoices to find a valid id, then call again.",
//		}},
//		Handler: func(ctx context.Context, in GetInvoiceIn) (Invoice, error) {
//			inv, err := store.Invoice(ctx, in.ID)
//			if errors.Is(err, store.ErrNotFound) {
//				return Invoice{}, mcperr.Fail(ctx, "invoice_not_found", "",
//					mcperr.RecoveryFor(ctx, "invoice_not_found"), mcperr.WithCause(err))
//			}
//			return inv, err
//		},
//	}
//
// Fail takes the code and data.retryable from the entry, falls back to its
// When for an empty message, and always sets data.reason to the contract
// reason. The entry's Recovery is sent only when the call opts in with
// [RecoveryFor] or [WithRecovery]. An undeclared reason gives a
// [CodeInternalError] error with the caller's message and no reason; the
// violation is its cause, for the server's log. Fail never panics.
//
// A service below the handler marks its errors [WithReason], or passes
// [RecoveryFor](ctx, reason), so that the client receives what a Fail of
// that reason would give: data.reason, and the entry's data.retryable unless
// the service states its own. RecoveryFor resolves the entry when the error
// is built; for WithReason, which cannot see the contract, [Tool.Call] does
// when the handler returns, so the error it returns renders (ToWire, Text)
// exactly as a binding sends it, whether a binding, a test or a CLI called
// it. The error keeps its own code even when the entry declares another.
//
// # Classification
//
// [CodeOf] returns the code of the first *Error in a chain; for any other
// error, [Classify] guesses it: Go's own error types and sentinels first
// (context, io/fs, encoding/json, net, net/url, syscall), then the message
// patterns of the TypeScript original (cyanheads/mcp-ts-core).
//
// # HTTP
//
// [FromHTTPResponse] turns an upstream's failed response into an *Error:
// the code from [HTTPStatusCode], a message such as "Billing returned HTTP
// 503 Service Unavailable.", the status as data, a bounded prefix of the body
// as its cause (logged, never sent unless [WithBodyInData] opts in), and the
// Retry-After header as the error's retry-after:
//
//	if resp.StatusCode >= 400 {
//		return mcperr.FromHTTPResponse(resp, mcperr.WithService("Billing"))
//	}
//
// # Retry
//
// [Retry] runs a function until it succeeds, with exponential backoff and
// jitter. It retries what [Retryable] says can succeed, honours a
// retry-after, stops on [WithRetryable](false) and on context cancellation:
//
//	inv, err := mcperr.Retry(ctx, mcperr.RetryPolicy{MaxRetries: 2},
//		func(ctx context.Context) (Invoice, error) { return billing.Invoice(ctx, id) })
//
// # Wire rendering
//
// [ToWire] renders any error as the JSON-RPC error object a client receives,
// {"code", "message", "data"?}, and [Text] as the text an agent reads:
//
//	Error: No invoice has the given id.
//
//	Recovery: List invoices to find a valid id, then call again.
//
//	(reason invoice_not_found · not retryable · request req-42)
//
// Rendering never fails and never panics. Only an *Error's own data is
// rendered: a cause never is, keys that look like credentials are dropped at
// any depth, and values JSON cannot hold are replaced by a placeholder.
// Data keys the package manages are "reason", "retryable", "retryAfter"
// (whole seconds), "recovery" ({"hint": ...}), and "requestId", which feeds
// the text's trailer.
//
// # Reading a failure back
//
// A Go client, host or test reads a failure back from a tool result with
// [FromResult]: from structuredContent.error or, failing that, from the
// text. [WireError]'s methods give its reason, retryability, recovery hint,
// request id and retry-after, and [WireError.AsError] makes an *Error of it
// for CodeOf, Retryable and Retry:
//
//	if failure, ok := mcperr.FromResult(res.StructuredContent, text); ok && failure.Retryable() {
//		time.Sleep(failure.RetryAfter())
//	}
package mcperr
