// Package sdkresult defines an Analyzer that checks how the values a
// go-sdk or mcp-go tool handler returns reach the client through its SDK.
//
// # Analyzer sdkresult
//
// sdkresult: check that what go-sdk and mcp-go handlers return reaches the client as meant
//
// A handler written straight against an MCP SDK reports failure through its
// return values, and each SDK turns the pair (result, error) into something
// different: a tool result the model reads, a JSON-RPC error it never sees,
// or a crash. sdkresult checks each return statement of each go-sdk and
// mcp-go handler — registered in the package or found by its signature; a
// function, a method or a function literal — against what its SDK does with
// it. mcperr tool handlers are not checked: the runtime binding turns their
// errors into tool results itself.
//
// A return is flagged only when the values that make it wrong are proven.
// An error is non-nil when every value it may hold is built so
// (errors.New, fmt.Errorf, an mcperr factory, a composite literal, a
// same-package function that always returns one, a sentinel variable), or
// when it is the error of the enclosing "if err != nil" branch, or a
// field of a local tested so (if r.Err != nil { return nil, r.Err }, with
// nothing assigned to r, or called on it, in between); an error passed on
// from elsewhere outside such a branch is unknown and never judged. An
// error kept in a field is taken for a deliberate protocol error when the
// package names one anywhere (a *jsonrpc.Error it builds may be what it
// stored). An error a function the layer cannot see may have made (a
// function value, a MarshalJSON behind json.Marshal) may be one too, but
// not once its text is all that is kept: &PanelError{Details:
// err.Error()} is the helper's own error. Likewise a result is nil only
// when it is the literal nil or a local that holds nothing else.
//
// What a return means is decided by the path its values take to the SDK,
// and the path is followed wherever it goes, through facts: a function
// handed to an adapter of the project (one that turns a function into an
// SDK handler, in any package, chains and generic ones included) is judged
// on the path the adapter gives its results — raw when the adapter passes
// its error on, harmless when it turns it into a result; a function whose
// body returns another's results makes that one's returns its own; an
// mcp-go server built with a tool handler middleware that turns errors
// into results converts every handler registered on it. A handler whose
// server is built in another package is judged there, by the package that
// registers it, and reported at its own return, with the path in the
// message. A project's own server constructor that adds the options its
// callers give it (NewServer(version string, opts ...server.ServerOption))
// leaves the question to each call: the package that calls it with
// options that pass errors on (server.WithRecovery(), hooks) builds a
// server that passes them, and one that hands it a converting middleware
// does not. A server a function of the package builds and returns
// (func newServer() *server.MCPServer), also one handed on to the
// function that registers the tools (addTools(s)), is what the function's
// returns build; a nil returned on failure builds none. A result helper
// of another package of the module, an exported function answering as a
// plain handler does ((*mcp.CallToolResult, error)) that its own package
// never calls, is judged where a handler returns its results as they are
// (return client.Request(v)): its package records what its returns do on
// a handler's path, and the handler's package reports it there. See
// docs/how-a-return-reaches-the-client.md for what is
// followed. Where the path cannot be followed, nothing is reported;
// servers that convert errors where mcperrlint cannot see it (a go-sdk
// receiving middleware, a proxy) set -sdkresult.converting-middleware:
// sdk-protocol-error is then not reported, nor a result returned with an
// error by a raw or plain handler (the middleware sees both).
//
// Every behaviour below was verified by calling handlers through each SDK's
// own client over in-memory transports, on go-sdk v1.8.0 and mcp-go v1.2.1,
// and is pinned by this package's tests (TestGoSDKBehaviours,
// TestGoSDKRawNilResultKillsServer, TestMCPGoBehaviours). Other versions
// were not verified.
//
// # Rule sdk-protocol-error
//
// A go-sdk raw handler (func(ctx, *mcp.CallToolRequest) (*mcp.CallToolResult,
// error), registered with (*mcp.Server).AddTool), or an mcp-go plain or typed
// handler, returns a non-nil error. The SDK does not turn it into a tool
// result: it answers the call with a JSON-RPC error, which clients show as
// a failed request, not as something the model can read and act on.
//
//	if err != nil {
//		return nil, fmt.Errorf("fetch forecast: %w", err) // flagged
//	}
//
// Report the failure as a tool result with a nil error: in the go-sdk,
// res := &mcp.CallToolResult{}; res.SetError(err); return res, nil; in
// mcp-go, return mcp.NewToolResultError(msg), nil (or
// NewToolResultErrorFromErr). Deliberate protocol errors are not flagged: a
// go-sdk *jsonrpc.Error, returned or wrapped (the raw path keeps a wrapped
// one's code), and an mcp-go URLElicitationRequiredError, returned or
// wrapped. Neither are errors that may be one: from a go-sdk call (a proxy
// passing on an upstream's error), or from an inner handler a wrapper
// calls; nor the context's error (ctx.Err(), context.Cause, or the error
// of a helper that only ever fails with it): nobody reads the answer to a
// cancelled call.
//
// The same holds of an error a handler's deferred function sets as its
// named error result — a recovery wrapper that turns a panic into err =
// fmt.Errorf("internal error: %v", r), which every tool it wraps then
// fails with. A deferred function that wraps the error the handler
// returned (err = fmt.Errorf("tool %s: %w", name, err)) is judged at the
// returns that gave it. Set the result to an error result and the error
// to nil instead.
//
//	defer func() {
//		if r := recover(); r != nil {
//			err = fmt.Errorf("internal error: %v", r) // flagged
//		}
//	}()
//
// The suggested fix rewrites return nil, err into the tool error the SDK
// itself makes of an error where it makes one, with the error's text
// unchanged: in the go-sdk, what the typed AddTool does with a typed
// handler's error, which also keeps the error for the server's middleware
// (GetError); in mcp-go, a tool error with the very text the -32603 error
// carried.
//
//	res := &mcp.CallToolResult{} // go-sdk raw handler (errRes if res is taken)
//	res.SetError(err)
//	return res, nil
//
//	return mcp.NewToolResultError(err.Error()), nil // mcp-go handler
//
// Not NewToolResultErrorFromErr(msg, err): its text is "msg: err", and the
// fix would have to make the message up. The package is spelled as the
// handler's file spells it (an alias, a dot import); a file that does not
// import it gets no fix. The fix is offered only where the return's values
// are exactly what the SDK receives, so that what the client reads is all
// it changes: the handler is registered with its SDK directly on every
// path it has — not through an adapter or a wrapper, which sees the error
// first; not on a server whose middleware converts errors; not found by
// its signature alone, since another package may call it and test its
// error — and the result is the literal nil, which nothing misses. A
// handler of one package registered by another (methods registered as
// method values, s.AddTool(tool, h.HandleGet)) gets its fix from the
// package that registers it, when that package registers it directly: the
// handler's package keeps the fix with the finding it cannot yet report,
// and the layout of its file, so that every host applies the edit where
// it belongs. The same holds for ServerTools whose Handler is the method
// itself, added by a package given the server and judged where the server
// is built. The
// go-sdk's three statements also need the return to start its line and end
// its block. TestGoSDKRawFixKeepsError and TestMCPGoFixKeepsText pin what
// the client and the middleware then get.
//
// One finding per edit. Where one return decides the errors of many — an
// adapter's return res, err that hands every handler's error to the SDK,
// a tool handler middleware's return next(ctx, req) — that return is the
// one finding: how many returns of how many handlers it decides, with each
// of them as a related position (every one in JSON and SARIF). The
// returns it decides are not reported on their own. When the adapter is
// in another package, that package makes the fix at its return and
// exports it with the layout of its file: the finding is at the root, in
// the adapter's file, with the fix, under every host (golangci-lint
// applies only the edits in a finding's own file). Where the adapter's
// package made no fix, the finding is at the first return it decides and
// names the root. A directive at the root suppresses
// everything it decides; a directive at one return takes that return
// out. Its fix turns the error into the tool error there, once, for all
// of them:
//
//	if err != nil {
//		return mcp.NewToolResultError(err.Error()), nil // mcp-go; in the go-sdk, errRes.SetError(err) on a new result
//	}
//	return res, nil
//
// (return h(ctx, req) first names its results). No fix is offered when an
// error that may be a deliberate protocol error passes through the same
// return: it would become a tool error too.
//
// A server is a root too. The mcp-go handlers served on a server the
// package builds with server.NewMCPServer and no middleware that converts
// errors (and no adapter between them and it: a function literal that
// only returns one function's results is none) hand their errors to the
// SDK raw, and one tool handler middleware given where the server is
// built turns every one into a tool error: the construction is the one
// finding, for the handlers registered there, through the package's
// helpers given the server, and of other packages that register on it.
// Its fix adds the middleware, one function for the package at the end
// of the file of its first server, with the imports it needs, to the
// servers built in that file (golangci-lint applies only the edits in a
// finding's own file):
//
//	s := server.NewMCPServer("files", "1.0.0", server.WithToolHandlerMiddleware(toolErrorResults))
//
//	func toolErrorResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
//		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//			res, err := next(ctx, req)
//			if err != nil {
//				return mcp.NewToolResultError(err.Error()), nil
//			}
//			return res, nil
//		}
//	}
//
// — the tool error each return's own fix would make — only where the
// mcp-go version has the option, the call takes no spread options
// (opts...) and the name is free. A handler that may be served on
// several such servers folds under the first; the handlers of other
// packages, which the package serves on every server it builds, fold
// under its first, with the others as related positions. A go-sdk server is not a
// root: its raw handlers are few, and each return keeps its own finding.
//
// -sdkresult.fold=false reports every return again, each with its own fix.
//
// What the client receives:
//   - go-sdk v1.8.0, raw handler: a JSON-RPC error with code 0 and the
//     error's text, {"code":0,"message":"boom"}. A *jsonrpc.Error keeps its
//     code; so does one wrapped with %w, with the outer message.
//   - mcp-go v1.2.1, plain and typed handlers: a JSON-RPC error with code
//     -32603, {"code":-32603,"message":"boom"}, also with
//     server.WithRecovery. A URLElicitationRequiredError, even wrapped,
//     becomes -32042 with the elicitations.
//   - Not flagged, because the SDK already makes a tool result of the error:
//     go-sdk typed handlers (content [{"type":"text","text":"boom"}],
//     isError) and mcp-go structured handlers (text "tool execution failed:
//     boom", isError).
//
// # Rule sdk-nil-result
//
// A go-sdk raw handler, or an mcp-go plain or typed handler, returns a nil
// result together with a nil error.
//
//	if len(rows) == 0 {
//		return nil, nil // flagged
//	}
//
// Return a result — an empty one, or one that says nothing was found.
//
// No fix is offered: what the handler meant by returning nothing is not
// in the code. It may be an empty answer ("no rows"), or a failure it did
// not return, typically after logging an error. An empty result
// (&mcp.CallToolResult{}, mcp.NewToolResultText("")) would turn the crash
// or the -32603 into a success that says nothing — in an error branch,
// exactly what no-fake-empty-result reports — and an error result would
// invent a failure. (The go-sdk's typed AddTool does replace a nil result
// with an empty one, but to put the output in it; a raw handler has no
// output.)
//
// What happens:
//   - go-sdk v1.8.0, raw handler: the server process dies with a nil
//     pointer dereference (the server calls GetMeta on the nil result);
//     nothing recovers it.
//   - mcp-go v1.2.1: a JSON-RPC error -32603, "tool '<name>' handler
//     returned no result".
//   - Not flagged: go-sdk typed handlers may return a nil result, the SDK
//     makes one; an mcp-go structured handler's nil value is sent as
//     structuredContent null.
//
// # Rule sdk-result-dropped
//
// A handler returns a result (or output) together with a non-nil error, and
// the SDK throws the result away. Where that error is itself an
// sdk-protocol-error (mcp-go, a raw go-sdk handler), one finding says both
// ("…, and the result returned with it is discarded"): one edit mends them.
//
//	return nil, Summary{Sent: sent}, fmt.Errorf("notify %s: %w", member, err) // flagged
//
// Report the failure in the result and return a nil error (go-sdk:
// res.SetError(err)), or put what the client needs into the error. A
// result written as an empty literal, or with nothing but IsError set,
// loses nothing and is not flagged; nor does an output whose literal holds
// only empty values or copies of the input (Out{Items: []Item{}, Total:
// 0}, Out{Symbol: in.Name}: the client knows its own request) when no write to one
// of its fields can run before the return (one earlier in the function,
// not in a block that returns first, or one in a loop around it); neither is a value the analyzer cannot
// prove holds something, nor one returned with the context's error (the
// call was cancelled: nobody reads it).
//
// A typed go-sdk handler that returns the output and the error of one call
// — out, err := pipelines.Wait(…); return res, out, err, or through a
// helper that hands them back, toolutil.WithHints(res, out, err) — is
// flagged when the called function may return that output filled together
// with a non-nil error (return out, fmt.Errorf("finished with status %q",
// s)), by its summary: when it fails that way, what it saw is lost. A
// function of the same package whose results the handler returns as they
// are is checked itself, at that return.
//
// A typed handler that returns one call handing its arguments back — a
// project's fail(out, err) whose body is return nil, out, err — is judged
// by those arguments, as if it returned them itself:
//
//	out := FileOut{File: in.File}
//	...
//	return fail(out, fmt.Errorf("%q is locked", in.File)) // flagged
//
// What the client receives:
//   - go-sdk v1.8.0, typed handler: a tool result with only the error's
//     text; the returned result and output are both discarded.
//   - mcp-go v1.2.1, structured handler: "tool execution failed: <error>";
//     the returned value is discarded.
//   - go-sdk raw and mcp-go plain and typed handlers: only the JSON-RPC
//     error. Reported by this rule only when the error is (or may be) a
//     deliberate protocol error — otherwise sdk-protocol-error reports the
//     return — and not with -sdkresult.converting-middleware.
//
// # Rule sdk-wrapped-protocol-error
//
// A go-sdk typed handler returns an error that wraps a *jsonrpc.Error, such
// as fmt.Errorf("lookup: %w", rpcErr). The typed AddTool recognises a
// protocol error with a type assertion, err.(*jsonrpc.Error), not
// errors.As, so the wrapped error is downgraded to a tool error.
//
//	rpcErr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}
//	return nil, Out{}, fmt.Errorf("lookup: %w", rpcErr) // flagged
//
// Return the *jsonrpc.Error itself, with the context in its Message.
//
// What the client receives (go-sdk v1.8.0): a tool result, isError, with
// the text "lookup: bad id", instead of the JSON-RPC error -32602 meant. A
// raw handler's wrapped *jsonrpc.Error keeps its code, and is not flagged.
//
// # Rule sdk-error-result-without-content
//
// A handler returns a CallToolResult literal (go-sdk or mcp-go) with
// IsError: true and no Content. The client is told the call failed; the
// model is told nothing about why. StructuredContent alone does not help
// clients that show the model only content, and the MCP specification asks
// for a text copy of it.
//
//	return &mcp.CallToolResult{IsError: true}, nil // flagged
//
// Give the result a text: in the go-sdk, res.SetError(err); in mcp-go,
// mcp.NewToolResultError(msg).
//
// What the client receives:
//   - go-sdk v1.8.0 raw handler and mcp-go v1.2.1: {"content":[],"isError":true}.
//   - go-sdk v1.8.0 typed handler: the output's JSON as the only text, such
//     as {"total":0} (an empty content list when the output type is an
//     interface and the output nil). Flagged when that JSON cannot say what
//     failed: the output is a zero value, or a struct with no field named
//     like an explanation (Error, Err, Message, Msg, Reason, Detail,
//     Warning, Failure, Problem), or a struct literal that leaves all such
//     fields unset. An output that sets one explains the failure; one built
//     elsewhere (a variable of a struct type that has one), a map or any
//     other type might, and is not judged.
//
// A literal is flagged only where nothing can add content to it: written in
// the return, or held by a local variable used for nothing but being
// returned.
package sdkresult
