// Package mcpsdk registers mcperr tools on a server of the official Go MCP
// SDK (github.com/modelcontextprotocol/go-sdk), so that every failure reaches
// the model as a tool error it can act on.
//
//	mcpsdk.AddTool(server, &mcperr.Tool[GetBookArgs, Book]{
//		Name:   "get_book",
//		Errors: []mcperr.Contract{{Reason: "book_not_found", Code: mcperr.CodeNotFound, …}},
//		Handler: func(ctx context.Context, in GetBookArgs) (Book, error) {
//			…
//			return Book{}, mcperr.Fail(ctx, "book_not_found", "", mcperr.RecoveryFor(ctx, "book_not_found"))
//		},
//	})
//
// # What a client sees
//
// A successful call returns the output as structuredContent and as its JSON
// text in content[0], as mcp.AddTool does. A failed call, whatever failed,
// returns a result with isError true, content[0] the text of
// mcperr.WireError.Text, and structuredContent {"error": WireError}:
//
//	{"error": {"code": -32001, "message": "No book has id \"b-42\".",
//	           "data": {"reason": "book_not_found", "retryable": false, "requestId": "3f9c0a1b2c4d"}}}
//
// Every failure carries data.requestId, which also ends the text ("request
// 3f9c0a1b2c4d") and is logged with the failure, so that an agent's report
// can be matched to the log line. The go-sdk does not give handlers the
// JSON-RPC request id, and that id is only unique within a session anyway,
// so the binding makes one: 12 random hex digits, or WithRequestIDs.
//
// The failures are: what the handler returns (through mcperr.Fail, a factory
// such as mcperr.NotFound, or any Go error, which is reduced to a code and
// its message); arguments that do not match the input schema or do not
// decode into In (CodeInvalidParams, data.reason "invalid_arguments",
// data.issues a list of {path, message}; the handler does not run); a panic
// in the handler (CodeInternalError, a message without internals; the panic
// and its stack are logged, never sent; the server keeps serving); and an
// output that cannot be encoded or does not match the output schema
// (CodeSerializationError or CodeInternalError).
//
// # What a client is told
//
// The advertised input schema is inferred from In with jsonschema-go (or set
// with WithInputSchema). The output schema is inferred from Out (none for
// Out = any) and widened so that error results validate against it too: for
// an object, the success properties become optional, an "error" property
// with the WireError shape is added, and anyOf requires either the success
// properties or "error"; any other schema becomes anyOf [success, error
// envelope]. The tool's contract is listed in _meta under MetaKeyErrors,
// with invalid_arguments, which the binding itself reports.
//
// # Logging
//
// Each failure is logged once, with log/slog (WithLogger; slog.Default
// otherwise), at the level of the contract entry's Severity for the error's
// reason. An error with no declared reason is logged at Error, except
// invalid arguments, a mistake of the caller rather than an incident, which
// are logged at Warn unless the contract declares "invalid_arguments" itself.
// The record ("tool call failed", or "tool call panicked" with a "stack")
// has the attributes tool, code, codeName, reason, requestId, retryable,
// error (the returned error's text) and causes (the text of the errors
// below it, depth first, joins included, leaving out a text an earlier one
// already contains).
//
// An error that names a declared reason (a service's, built WithReason) is
// sent as Fail would send it: without its own retryability it gets the
// entry's, as mcperr.Tool.Call resolves it. When its code is not the entry's, the client gets the error's
// own code, what really happened, and a second record, "tool failure code
// differs from its contract", is logged at Warn.
//
// # Why the raw registration
//
// The typed mcp.AddTool of go-sdk v1.8.0 does not fit a runtime whose errors
// carry data: it drops any result a handler returns together with an error
// and overwrites structuredContent with the output, so a failure can carry
// only its text; a result marked with SetError whose zero output fails the
// output schema turns into a JSON-RPC error with code 0 the model never sees;
// and nothing recovers a panicking handler, so one bad call kills the
// process. This package therefore registers through (*mcp.Server).AddTool
// and does the validation, decoding, rendering and recovery itself.
//
// Inside a handler, the tool's contract is installed in the context (Fail
// and RecoveryFor work) and RequestFrom returns the tools/call request.
//
// # Reading a failure back, and testing
//
// A Go client reads a failure back from a result with FromResult (see
// mcperr.FromResult): its code, message, reason, retryability, recovery
// hint and request id. Package mcpsdktest asserts, in one line per reason,
// that a server's tool fails with a declared reason in the shape above,
// through a real in-memory client.
package mcpsdk
