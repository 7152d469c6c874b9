// Package mcpgo registers mcperr tools on a server of
// github.com/mark3labs/mcp-go (v1.2.1), so that every failure reaches the
// model as a tool error it can act on, exactly as runtime/mcpsdk does on the
// official go-sdk.
//
//	s := server.NewMCPServer("books", "v1.0.0")
//	mcpgo.AddTool(s, &mcperr.Tool[GetBookArgs, Book]{
//		Name:   "get_book",
//		Errors: []mcperr.Contract{{Reason: "book_not_found", Code: mcperr.CodeNotFound, …}},
//		Handler: func(ctx context.Context, in GetBookArgs) (Book, error) {
//			…
//			return Book{}, mcperr.Fail(ctx, "book_not_found", "", mcperr.RecoveryFor(ctx, "book_not_found"))
//		},
//	})
//	server.ServeStdio(s)
//
// # What a client sees
//
// The same as from runtime/mcpsdk, byte for byte: one implementation
// (runtime/internal/binding) validates, runs, renders and logs for both. A
// successful call returns the output as structuredContent and as its JSON
// text in content[0]. A failed call, whatever failed, returns a result with
// isError true, content[0] the text of mcperr.WireError.Text, and
// structuredContent {"error": WireError}, with a data.requestId that also
// ends the text and is logged with the failure.
//
// The failures are: what the handler returns (mcperr.Fail, a factory, or any
// Go error, reduced to a code and its message); arguments that do not match
// the input schema or do not decode into In (CodeInvalidParams, data.reason
// "invalid_arguments", data.issues; the handler does not run); a panic
// (CodeInternalError, a message without internals; the panic and its stack
// are logged, never sent); and an output that cannot be encoded or does not
// match the output schema.
//
// # What a client is told
//
// tools/list shows the input schema inferred from In with jsonschema-go (or
// WithInputSchema) as the tool's inputSchema, the output schema inferred from
// Out widened to admit the error envelope as its outputSchema, and the
// contract, with invalid_arguments, in _meta under MetaKeyErrors.
//
// # Why the binding does it all
//
// mcp-go v1.2.1 sends an error a handler returns as a JSON-RPC internal
// error (-32603) that the model never reads, and a nil result as another;
// it recovers a panicking handler only with server.WithRecovery (or over
// stdio), and then as -32603 quoting the panic value to the client; its
// server.WithInputSchemaValidation answers bad arguments with text of its
// own. So the binding never returns an error or a nil result, recovers
// panics itself before mcp-go's recovery sees them (a server with or without
// server.WithRecovery behaves the same), and validates arguments itself:
// leave server.WithInputSchemaValidation off for bound tools, or its answer
// replaces invalid_arguments. Each of these behaviours is pinned by a test
// in sdkfacts_test.go.
//
// Inside a handler, the tool's contract is installed in the context (Fail
// and RecoveryFor work), RequestFrom returns the tools/call request and
// server.ClientSessionFromContext the session.
//
// # Reading a failure back, and testing
//
// A Go client reads a failure back from a result with FromResult (see
// mcperr.FromResult): its code, message, reason, retryability, recovery
// hint and request id. Package mcpgotest asserts, in one line per reason,
// that a server's tool fails with a declared reason in the shape above,
// through a real in-memory client.
package mcpgo
