// Package handlerbody defines an Analyzer that checks how MCP tool
// handlers fail: with what error, keeping which cause, and telling the
// client what.
//
// # Analyzer handlerbody
//
// handlerbody: check how tool handlers fail — the error, its cause, and what the client is told
//
// handlerbody checks the body of every tool handler in the package, of
// every kind: the Handler of an mcperr.Tool, go-sdk typed (ToolHandlerFor)
// and raw (ToolHandler) handlers, mcp-go handlers (ToolHandlerFunc,
// typed, structured, in a ServerTool), and adapted handlers: functions
// shaped func(context.Context, T) (R, error) that the server's own adapter
// turns into an SDK handler (a function taking such a function and
// returning an SDK handler or a value holding one, as mcp-grafana's
// MustTool does). A handler is found where it is registered and by its
// signature, so one declared in another package than its registration is
// checked where it is declared; an adapted handler is found where it is
// passed to its adapter.
//
// A return belongs to the innermost branch that runs only when an error
// variable is non-nil: if err != nil, the else of if err == nil, a switch
// case on err. A return chosen by testing which error it is translates a
// known condition and is not in a failure branch: errors.Is, errors.As,
// err == io.EOF, os.IsNotExist, a type switch case, and the code's own
// tests of err (err != nil && apierrors.IsNotFound(err), or an if or case
// inside the branch whose condition uses err). A negated test, an else and
// a default clause keep the unknown failures. Values are followed
// through local variables, closures included, and through the channels a
// handler makes and keeps to itself: a value received (err := <-status,
// case err := <-status, for err := range errs) may be any value its
// goroutines send on it, unless the channel is handed to a function,
// which may send on it too. Where a rule cannot be sure
// (a value built by a helper, read from a field or a parameter), it says
// nothing; no-stringify-upstream-error alone follows errors into the
// package's own helpers.
//
// What reaches the client, by handler kind:
//
//   - mcperr tool handler (bound by runtime/mcpsdk): a returned error
//     becomes an error result; an *mcperr.Error anywhere in its chain gives
//     the code, message and data, any other error its text and a code
//     guessed by mcperr.Classify.
//   - go-sdk typed handler: a returned error becomes an error result whose
//     text is the error's text (SetError keeps the error for middleware); a
//     result returned with it is dropped.
//   - go-sdk raw handler, mcp-go handler and typed handler: a returned
//     error becomes a JSON-RPC error whose message is its text; an error
//     result (IsError: true, mcp.NewToolResultError*, SetError) is what the
//     model reads.
//   - mcp-go structured handler: a returned error becomes the error result
//     "tool execution failed: <text>".
//   - adapted handler: what the adapter makes of it; adapters send a
//     returned error's text to the client, as an error result or a
//     JSON-RPC error, so the rules about causes, upstream text and empty
//     successes apply.
//
// # Rule prefer-mcp-error-in-handler
//
// The handler of an mcperr tool returns a plain error it builds with
// errors.New or fmt.Errorf, directly or through a local variable. The
// client receives the error's text with a code mcperr.Classify guesses
// from it, no reason, and no recovery hint: none of what the tool's
// contract promises.
//
//	Handler: func(ctx context.Context, in GetArgs) (Book, error) {
//		if in.ID == "" {
//			return Book{}, errors.New("id is required") // flagged
//		}
//		...
//	}
//
// Return an mcperr error: mcperr.Fail(ctx, "<reason>", msg) for a failure
// the contract declares, a factory such as mcperr.InvalidParams(msg)
// otherwise. Returning a callee's error unchanged is fine (a service
// builds its own mcperr errors), and so is fmt.Errorf wrapping, with %w, a
// value that is, or may be, an *mcperr.Error: statically one, or the error
// of a function whose summary says it builds them (a service returning
// mcperr.NotFound, through facts in another package). The client then
// gets the wrapped error's code, reason and message; the text fmt.Errorf
// adds ("lookup 42: ") is for the logs and does not reach the client.
// fmt.Errorf wrapping any other error is reported: its text, not a
// message written for the agent, is what the client reads.
//
// # Rule prefer-error-factory
//
// mcperr.New is called with a constant code that has a factory of the
// same name: InvalidParams, InvalidRequest, NotFound, Forbidden,
// Unauthorized, ValidationError, Conflict, RateLimited, Timeout,
// ServiceUnavailable, ConfigurationError, InternalError,
// SerializationError or DatabaseError. The code may be written as the
// mcperr constant, an untyped number or a named constant of that value.
// Reported anywhere in a package that imports the runtime, not only in
// handlers.
//
//	return Book{}, mcperr.New(mcperr.CodeNotFound, "no such book") // flagged
//
// The suggested fix rewrites every such call to its factory —
// mcperr.NotFound("no such book") — keeping the package name the file uses
// (an alias, or none for a dot import). New remains the way to build
// ParseError, MethodNotFound, InitializationFailed and UnknownError, and a
// code that is not a constant. A call that error-contract-prefer-fail
// offers to rewrite to mcperr.Fail (a handler's error whose code its
// contract declares for one reason) gets that fix only: two fixes of one
// expression conflict, and Fail also gives the client the reason.
//
// # Rule preserve-cause-on-rethrow
//
// Inside the branch that handles a non-nil error err, the handler returns
// an error, or an SDK error result, that does not carry err. The server's
// logs lose the real failure, and errors.Is and errors.As stop working for
// anyone upstream (middleware, tests).
//
//	book, err := store.Get(ctx, in.ID)
//	if err != nil {
//		return Book{}, mcperr.InternalError("could not load the book") // flagged
//	}
//
// The cause must be the error of the innermost branch the return is in,
// or of a branch enclosing it: re-throwing the first failure while
// handling a second (a rollback that failed too) keeps the cause that
// matters. Not when the return is chosen by testing which error the
// enclosing one is: a conflict taken for "already there" is no longer the
// failure once the lookup of what is there fails, and returning it loses
// the one that is.
// A branch that can never run is not judged: an if err != nil nested
// after an if err != nil that returned, with nothing assigning err in
// between, is left from an edit (if !valid(id) { if err != nil { … } }).
//
// The helpers the handler's error comes from are held to the same, however
// it reaches the handler: returned, wrapped, or kept in a field of a type
// of the package and returned from there (a setup check a sync.Once runs,
// whose error every call returns: what the check loses, every tool does).
// So are the goroutines and callbacks that send the handler an error on a
// channel it answers from: a send in a branch handling err is their
// return to the handler, and so is an error field of a value sent.
//
//	go func() {
//		b, err := json.Marshal(params)
//		if err != nil {
//			status <- fmt.Errorf("marshal: %v", err) // flagged: use %w
//			return
//		}
//		…
//	}()
//	if err := <-status; err != nil {
//		return errorResult(fmt.Sprintf("Error: %v", err)), nil, nil
//	}
//
// An error value carries it when it is err itself, mcperr.WithCause(err),
// a %w operand of fmt.Errorf, errors.Join(err, …), or err passed to any
// other call (a helper that wraps it) or stored in a field of the value.
// err.Error(), %v and %s copy the text and drop the error, and do not
// count — nor does a text field of the package's own error type given
// them (&ValidationError{Message: fmt.Sprintf("bad cell: %v", err)}),
// which is reported at that field: the type needs a field for the error
// itself, with an Unwrap method. Nor does a constructor of the package
// that keeps only the text of what it is given (newError(code, "GET %s:
// %v", path, err), whose type stores fmt.Sprintf(format, args...) in a
// string field): each return through it loses its cause, and they are
// one finding at the constructor, where the type gets its cause field,
// with each return as a Related position (fold=false reports each).
// An error result cannot hold a Go error except through the
// go-sdk's SetError, so it carries err when err reaches it at all — its
// text (mcp.NewToolResultErrorFromErr(msg, err), err.Error(), %v), or
// SetError(err). Logging err first (or recording it on a trace span)
// tells the operator why, but the model reads only the message, and a
// fixed "Failed to place order" cannot tell a rejected price from an
// expired token: it is reported. It keeps the cause where it can only
// when err's text holds a raw upstream value (a body, a command's
// output), which no-stringify-upstream-error keeps out of the result —
// there a log and words of the server's own are the remedy — or err
// comes from a port whose adapter the program's main wires in, and what
// its text holds is known only there. A helper of the project's that is
// handed err, logs it and answers in words of its own (quiet(msg, err))
// is held to the same; one that looks at what the error is (an errors.As
// of the client's error type) translates it.
//
//	if err := kite.PlaceOrder(ctx, order); err != nil {
//		log.Printf("place order: %v", err)
//		return mcp.NewToolResultError("Failed to place order"), nil // flagged
//	}
//
// Nor does an error result with a message of its
// own lose anything when the failure is no work failing (a value the
// tool was given found malformed, time.Parse of its from_date; an
// encoder's error): that is a validation message, which says what to fix
// better than the parser's words. A Go error has no such excuse: logging err and
// then returning errors.New("scan failed") keeps the cause in the logs
// but not in the error the middleware and tests see, and is reported.
// A handler of a project handler type (a server's
// own API between its tools and the SDK) also fails through the errors
// its results carry in their fields, api.NewToolCallResult("", err): each
// must carry err the same way. ctx.Err() and context.Cause(ctx) are the
// cause when the context is done. A return chosen by testing which error err is
// (errors.Is, errors.As, a comparison with a particular error,
// os.IsNotExist, the code's own test of err, a comparison of ctx.Err()
// with a particular error) translates a known condition and is not
// reported — unless it formats err with %v all the same
// (if strings.Contains(err.Error(), "429") { return fmt.Errorf("quota
// exhausted: %v", err) }): that copies err's text and loses the cause it
// describes, and %w is offered. Nor is a return after the branch passed err on where a
// fallback failed (if !ok { return nil, err }, under a condition that
// does not test err): what follows reports the fallback's own failure.
// The failure a retry loop keeps (lastErr, given the handled error of
// each branch that writes it, or an error of the function's own) is held
// to the same once the loop gives up: the return after it that formats
// lastErr with %v is reported, and %w offered, and so is an error type's
// literal that keeps only its text (&ToolError{Message:
// fmt.Sprintf("failed after %d retries: %v", n, lastErr)}).
// Nor are the returns of a function whose doc comment says its errors
// leave something out on purpose ("Error messages never include the raw
// input: proxy URLs may embed credentials"): a %w would put it back.
//
// The functions of the handler's package its errors come from are held to
// the same: the helpers whose error it returns or shows (itself, or by
// handing it to a helper that makes the tool's result of it: return
// result(v, err)), and the helpers
// whose error it tests, whether or not it passes that error on (once the
// handler keeps the error, what the helper dropped is dropped for the
// client too), called directly or through a function-valued field the
// package fills only with its own functions (deps.probe(ctx, q)). So are
// the exported functions of other packages it calls that way, the
// helpers of their package their errors come from, and, in turn, the
// functions of other packages those errors come from (an interface's
// implementations in a third package included; and an implementation of
// an exported interface of the handlers' package, in a package that does
// not import it, judged by the package that holds a value of its type and
// so wires it in): each package records the
// causes its functions lose as a fact, with those of the functions of
// other packages their errors come from, and the handler's package
// reports them at their returns, pointing at the exported function and
// at its call.
// Named results are followed as locals that start at their zero value.
//
// So are the functions whose answer — a value, not an error — a handler
// gives, in its package or another (the functions the no-fake-empty-result
// rule follows for an answer): a return that, while handling err, builds
// an error into what it answers with (return c.stepResponse(state,
// fmt.Errorf("step failed: %v", err)), a constructor that shows the
// error's text in a field of the answer) sends that error to the client
// with the answer, and a %v or %s of err in it loses the cause on the way;
// the helpers whose errors it carries are on the error's path as a
// returned error's are.
//
// A cause that is there but formats err as text is reported as such: the
// fmt.Errorf given to mcperr.WithCause, wrapped with %w or joined with
// errors.Join into the returned error, directly or through a local
// variable, that formats err (or err.Error()) with %v or %s. The remedy is
// %w in that fmt.Errorf, not a second cause.
//
//	if err != nil {
//		return Note{}, mcperr.NotFound("no such note",
//			mcperr.WithCause(fmt.Errorf("get note %s: %v", id, err))) // flagged: use %w there
//	}
//
// Fixes are offered where one edit is unambiguous: mcperr.WithCause(err) is
// appended to the options of an mcperr factory, New or Fail call (spelled
// with the file's name for the package) that has no WithCause option yet,
// and the one %v or %s of err in a fmt.Errorf, returned or given as the
// cause, becomes %w (err.Error() becoming err). A cause is never sent to
// the client.
//
// A helper of the package that a branch hands the error it handles to
// (versionError(version, catalog, err)) is where the cause may be lost:
// one that returns the error it is handed on one path and, on another, a
// new error without it, with no test before it that looks at that error
// or at a value made from it, is reported at that return, with the
// branch's call as a Related position. A return chosen by what the error
// is (errors.Is, a test of its text) translates a known condition, and
// one after an if err != nil { return err } runs when there is none.
//
//	func versionError(version string, c *Catalog, original error) error {
//		if version == "" {
//			return original
//		}
//		return fmt.Errorf("version %s is not available", version) // flagged
//	}
//
// # Rule no-stringify-upstream-error
//
// A message the client reads as the story of a failure includes a raw
// upstream value: JSON from json.Marshal, an HTTP response body read with
// io.ReadAll, a dump from httputil.DumpResponse or DumpRequest, a
// subprocess's output from (*exec.Cmd).Output or CombinedOutput, or a
// struct printed with %+v or %#v. Such text was not written for the
// agent: it can be huge, leaks internal hosts, queries and stack traces,
// and invites the model to act on details it should not see.
//
//	body, _ := io.ReadAll(resp.Body)
//	...
//	return Out{}, mcperr.ServiceUnavailable("upstream failed: " + string(body)) // flagged
//
// The messages checked are an mcperr error's message (New, factories,
// Fail), the text of mcp-go's NewToolResultError, NewToolResultErrorf and
// NewToolResultErrorFromErr (its error too), the text content of a result
// literal with IsError: true (or made an error result later, with SetError
// or by setting IsError), the error passed to the go-sdk's SetError,
// and the errors a handler returns that it builds with fmt.Errorf or
// errors.New (the output a handler answers with: below). The value is
// followed through local variables, conversions,
// concatenation, slicing, fmt.Sprintf, trimming and the other standard
// functions that keep a text (strings.Map, a regexp's ReplaceAllString),
// and through the functions of the module that do (a sanitizer that
// strips control characters). A printf wrapper — a function that hands
// its format and arguments on to fmt.Sprintf, fmt.Errorf or
// NewToolResultErrorf, errorResult(format string, args ...any) — is read
// at its calls as fmt.Sprintf is.
//
// An error type's Error method prints the fields its returns read, and
// those the receiver's methods it calls print: a client library's error
// whose Error calls e.detail(), which prints the raw body kept in a field
// its constructor filled from the body it was handed, shows the body in
// every text that shows the error. A handler that first answers that type
// in its own words (errors.As) and shows any other error as it is, is not
// reported.
//
// A value printed or encoded whole carries what its parts hold: a list
// the raw value is appended to and then joined (strings.Join) or printed
// — a list of maps or lists of texts too, the failures a loop gathers
// ([]map[string]string{{"error": err.Error()}}) —, a struct
// whose text field holds it — set by the handler, or by the helper that
// returned the struct — printed with %v or encoded by json.Marshal, a map
// literal holding it. An error kept in a field of a local struct
// (r := result{err: fmt.Errorf("status %d: %s", code, body)}, then
// return r.err) holds what that error holds, and is reported where the
// error was built. A field tagged json:"-" is not encoded. A helper
// that encodes whatever value it is given into the error result it builds
// (failure(v any)) is judged at each call by what the caller put in the
// value, and the JSON of a value built of constants only is the server's
// own words:
//
//	resp := Response{OK: false}
//	resp.Error = run.Stderr // flagged: failure encodes resp into its text
//	return failure(resp), nil
//
// A helper of the package that makes text itself of raw bytes it is
// handed — a status check that formats a snippet of the body into the
// error it returns, checkStatus(op, resp, body) — is where the value
// enters the text: the texts that show its error are one finding there,
// at the expression that uses the bytes, with each text, and each other
// branch that uses them (parseAPIError formatting the body for a 403 and
// for any other status), as a Related position. A lone text that shows
// it names that place too, and a package that shows the error of a
// helper of another package names the helper's branches, not the calls
// that hand it the body.
//
// A returned or shown error is also followed into the functions and
// methods of the same package it comes from, helper to helper, and
// through the errors those wrap (%w, %v): a client method that reads the
// body of a failed response into fmt.Errorf("status %d: %s", code, body)
// leaks it to every handler that returns its error, unchanged or wrapped.
// Such a blob is reported once, in the helper, where the fix and any
// //mcperrlint:ignore belong, naming the helpers it goes through and
// pointing at the handler's call:
//
//	func (c *Client) get(ctx context.Context, path string) ([]byte, error) {
//		...
//		body, _ := io.ReadAll(resp.Body)
//		return nil, fmt.Errorf("status %d: %s", resp.StatusCode, body) // flagged
//	}
//
//	func query(ctx context.Context, args Args) ([]byte, error) { // a handler
//		data, err := client.get(ctx, "/query?q="+args.Q)
//		if err != nil {
//			return nil, fmt.Errorf("querying: %w", err)
//		}
//		...
//	}
//
// An error's text copied into a message carries the raw values the
// error holds: err.Error(), and err printed with %v or %s into
// fmt.Sprintf, mcp.NewToolResultErrorf or a runtime message.
//
// A handler that succeeds can still tell a failure in its output: a bulk
// check that writes each failed lookup's error into its line
// (l.Error = err.Error()), a create tool that reports its follow-up
// check failed. The output is what the handler's path turns into the
// tool result (a typed handler's Out) and what it marshals into its
// result (json.Marshal, an Encoder, mcp-go's NewToolResultStructured and
// NewToolResultJSON), with the structs, maps and slices those hold; text
// an error puts in a field or map key of it is checked as an error
// message is, and so is a struct of it that a function made, in this
// package or another, with an error's text in one of its fields
// (receipt.Error = fmt.Sprintf("git status failed: %v", err), the error
// carrying what git wrote). Text that does not come from an error is not: a raw body
// in the output is the tool's answer — unless the output answers a
// failure: a go-sdk typed handler's output returned in a branch for a
// failed call's error, or with a result that is or may be an error
// result (IsError: !ok), is the story of that failure, which the SDK
// sends as the result's structured content (and as its text when it has
// none), and every raw value in its fields is checked ({"success":
// false, "message": msg}, msg a helper's message built from the body).
//
// A struct a helper returns carries the raw values its literal puts in
// its text fields, or that it assigns to them afterwards: a command
// runner's &Result{Stderr: stderr.String()}, or r.Stderr =
// stderr.String() on the local it returns, whose caller formats
// r.Stderr into its message. When the called function has no summary —
// an interface method no known type implements, a function of a
// dependency the layer does not analyse — and the struct is another
// package's type, that package's literals of the type, and the fields
// of locals built as such literals, are read from source, untyped: a
// field filled from a buffer an exec.Cmd writes to, from Output or
// CombinedOutput in a file that imports os/exec, or from io.ReadAll of
// a response's Body, through locals, conversions, concatenation,
// fmt.Sprint* and strings.Trim*, carries that raw value in every value
// of the type.
//
// An error type's literal that puts a raw value in a field its Error
// method prints puts it in the error's text: &APIError{Body: string(body)}
// with Error returning fmt.Sprintf("api: %s", e.Body). For a type of
// another package or module, whose export data holds no method bodies,
// the Error method is read from its source file where the export data's
// position puts it (the module cache, a vendor directory); when that file
// cannot be read, nothing is reported.
//
// A helper of another package is known by its summary, a fact: which raw
// values its error, or its text result, may carry. Such a blob is
// reported where it enters this package — at the handler's return, or
// where the handler shows the text — naming the helpers and the place it
// comes from. A summary also says which method of an interface parameter
// its error may come from (sql.ListDatabases calling qr.ResourceRequest
// on its QueryRunner): the caller that hands it its own implementation
// resolves the method there, and what that method's error carries is
// reported where it is built.
//
// Tools registered by a function handed the service they call as an
// interface (tools.RegisterAll(s, ex port.Exchange), each handler
// printing ex.Quote's error into its error result) cannot know what the
// service's errors hold: its implementation is in a package the tools'
// package does not import, and a third wires the two (main:
// tools.RegisterAll(s, venue.New(url))). The tools' package records each
// text that shows such an error, lifted to the exported function other
// packages call; the package that hands it a value of a concrete type
// reports, at the tools' text, the raw values that type's method puts in
// its error, with the wiring call as a related position. A package that
// hands on an interface parameter of its own records the texts again,
// for its callers. A service kept in a field counts as the parameter it
// is filled from: handlers that are methods of a struct whose interface
// field holds only what its constructor is handed (NewHandler(svc
// Service) returning &Handler{svc: svc}, and h.svc.Launch's error in a
// text) are judged where the constructor is called with a concrete
// service. A field the package also fills otherwise (its own fallback)
// is the package's to fill, and is not lifted.
//
// The same holds for the empty answers of ports and adapters: a handler
// (or the service it answers with, in a third package) answers with what
// an interface method answers (h.charts.Repos(ctx)), whose
// implementation is in an adapter package that imports neither; the
// handlers' package records the method, and the package that holds a
// value of the adapter's type (main, which wires it in) reports the
// empty answers the adapter gives on failure, at the adapter. So does a
// provider that hands itself in: a server builder of one package
// registering tools over a Provider interface of its own, and a package
// that imports it building its value (builder.Build(&pages{})) and
// implementing the methods the tools answer with. An implementation no
// program holds a value of stays quiet.
//
// An adapter that shows a text result with the error (out, err :=
// op.Run(…); NewToolResultError(err.Error() + "\n" + out)) makes that
// result part of the message: a raw value the handler returns with a
// non-nil error (return stderr.String(), err), or that a function of
// another package it returns unchanged returns with its error, is
// reported at that return.
//
// An errors.As test narrows what follows it. A helper that translates a
// client's error type in words in every branch of errors.As(err,
// &apiErr), and returns err as it is only after that test, never returns
// an *APIError as it is: the body *APIError's Error prints is not in what
// that return carries, in this package or, through the helper's summary,
// in another. The same holds for a handler's own test before it returns
// err. The test must be errors.As of the variable itself, its branch
// must always return, and the variable must not be assigned again.
//
// Not followed: a helper whose error the handler replaces (its own
// message, an mcperr error carrying it only as a cause), a helper's error
// returned in a branch chosen by errors.Is, a helper's error held by a
// variable that another call assigns again before the return, and a call
// through a function value the layer cannot resolve. Data options are
// the right place for the raw value and are not reported:
//
//	return Out{}, mcperr.ServiceUnavailable("The catalog service is failing.",
//		mcperr.WithData("upstreamStatus", resp.StatusCode),
//		mcperr.WithCause(mcperr.FromHTTPResponse(resp)))
//
// Say what failed in words; keep the raw value in mcperr.WithData, the
// error's cause, or the server's logs.
//
// One finding per edit. A raw value that enters its text in a helper of
// another package (a client that formats the body of a failed response
// into its error) and that several texts here show is one finding, at the
// first of them, naming the helper's line and pointing at it and at every
// text that shows it; so is a response handed to a helper that reads its
// body into the text it returns, and a raw value handed to a helper that
// makes the text of its error result from a parameter that is not itself
// a text (errors.NewGitHubAPIStatusErrorResponse(ctx, msg, resp, body),
// whose body []byte it formats): the conversion to text is the helper's,
// and so is the edit. A helper that takes a string is handed text its
// caller made, and each caller that made it of a raw value is its own
// finding. A helper that shows the text of an error it is handed
// (handleAPIError(err)) in the error result it builds folds every raw
// value of another module that error brings (a client library's error
// type that prints the body): the helper is where the module puts the
// library's text into its own. A helper that builds the error result
// itself is reported there, once. -handlerbody.fold=false reports each text again.
//
// Where the helper is in this package and formats the raw value with
// fmt.Sprintf, fmt.Errorf or mcp.NewToolResultErrorf of a constant format
// whose verbs take their operands in order, the suggested fix there
// takes the operand out, with its verb, the brackets around it and the
// words that lead up to it ("status %d, body: %s" becomes "status %d"),
// and declares no longer a variable only the operand used (body, _ :=
// io.ReadAll(r) becomes _, _ = io.ReadAll(r)). A format that would say
// nothing once the value is cut, or that indexes its operands, gets no
// fix. The value then belongs in the server's logs: the fix cannot know
// which logger the server uses.
//
// # Rule no-fake-empty-result
//
// Inside the branch that handles a non-nil error, the handler returns an
// empty success: a nil error together with nothing but empty values — nil,
// a zero or empty composite literal (Out{}, []Book{}, Result{Items:
// []Item{}}), a variable holding only such values, an SDK result with no
// content or with a text that claims there is nothing ("", "[]", "No
// results found"). The client cannot tell the failure from a real, empty
// answer, and an agent will confidently report that nothing exists.
// Logging the error does not tell the client.
//
//	items, err := client.Search(ctx, in.Query)
//	if err != nil {
//		log.Printf("search: %v", err)
//		return mcp.NewToolResultText("No results found"), nil // flagged
//	}
//
// A branch that also runs without a failure (if err != nil || len(hits)
// == 0) runs on every failure too, and is held to the same. So is one
// that tests an error kept in a field of a local (r := run(args); if
// r.Err != nil), here and in the other rules about a handled error. A text
// formatted from a claim of emptiness is as empty as the claim:
// fmt.Sprintf("No context found for file: %s", file) says there is
// nothing; what it formats is the question.
//
// Return the error (or an error result: mcp.NewToolResultErrorFromErr,
// IsError: true, SetError), or, for a partial success, carry the failure
// in the result. Not reported: a return chosen by errors.Is and its kind,
// or by the code's own test of err (not found may really mean empty), a
// result carrying the error in a
// field (Result{Warning: err.Error()}), a value stating a fact (OK: false,
// Count: 0), a fallback value that is not empty, and a nil
// *CallToolResult, which is not a success (sdkresult reports it).
//
// A fixed success is held to the same: a branch that, after a log line
// at most, returns an SDK result of constants alone — no err, no value of
// the handler's — answers a success whatever its text says:
//
//	release, err := acquireLock(ctx)
//	if err != nil {
//		return textResult("Request cancelled while waiting"), nil, nil // flagged
//	}
//
// The agent reads "cancelled" where the lock directory could not be made,
// and has no error result to tell it the call failed. Not reported: a
// probe's failure (os.Stat: "false" may be the answer), a parse of the
// handler's own input, the caller giving up (ctx.Err()), and a typed
// output of constants (OK: false states a fact).
//
// The same holds when the branch falls through rather than returns: it
// only logs the failure (each statement a call whose results are dropped,
// err given to nothing that keeps it), and the next statement that ends
// the handler on that path returns a success that does not mention err.
//
//	if err := s.Disconnect(ctx); err != nil { // flagged
//		log.Printf("disconnect: %v", err)
//	}
//	return mcp.NewToolResultText("Detached"), nil
//
// The finding is at the branch's condition, with the success as a Related
// position. Not reported: a branch chosen by errors.Is, one that assigns a
// fallback or status a later statement can show, one whose error is tested
// again before the return, a failure to parse the handler's own input or
// of json.Marshal, a branch in a function literal, a success whose path
// to the branch runs through another condition, and a call whose values
// the success does not use when the success is data of its own (an
// optional part of the answer lost, a meeting without its transcripts)
// rather than empty or a constant claim ("Detached").
//
// A loop that skips a failed call is held to the same when the loop makes
// the answer: the branch only continues (after a log line, or after an if
// that returns the failure in some cases) or breaks out of the loop (an
// err declared in the loop, which nothing after it can read), and after
// the branch the loop
// writes into a variable declared before it that the success after the
// loop answers with, or returns a success of its own (a search, whose
// "found nothing" is the return after the loop). What a callback the
// loop body hands to a call writes (ast.Inspect(f, func(n ast.Node) bool
// { defs = append(defs, …) })) the call writes. When every call fails,
// the client reads an empty success; when some fail, a part passed off
// as the whole.
//
//	for _, board := range boards {
//		sprints, err := client.Sprints(ctx, board)
//		if err != nil { // flagged
//			continue
//		}
//		all = append(all, sprints...)
//	}
//	return mcp.NewToolResultText(format(all)), nil
//
// The finding is at the condition, with the continue and the success as
// Related positions. The walk from the loop to its success passes over
// plain statements, loops that do not return, ifs whose returns do not
// test the answer, and ifs that test it and return only successes ("No
// notes found" when the list is empty, a page of it past an offset):
// each is an answer made of what the loop found. What the answer is made
// of is followed through what the loop's results are written into (a
// builder: sb.WriteString(line)). A return through a helper of the
// package whose one failure is encoding the answer (jsonResult(v), with
// json.Marshal's error) is a success. Not reported: a branch that keeps
// err (errs = append(errs, err)) or writes it into the answer, an if
// after the loop that tests the answer and returns a failure (len(all)
// == 0 → an error result), a loop that
// writes its entry before the call (the skip loses a detail, not the
// entry), a count of what worked (n++), an answer that says how many it
// was asked for (len of the ranged value: "requested 5, retrieved 3"), a
// retry loop whose end is an error, a break that a switch or select takes,
// a probe that fails (os.Stat, exec.LookPath, a directory entry's Info:
// the thing is not there, and the loop goes on looking),
// a loop nested in one that returns, and a loop in a function literal.
// A branch that only logs, with nothing after it in the iteration (out of
// the ifs around it, or only a continue), skips as a continue does. What
// the failed call itself was to fill in counts as written: a local handed
// by address (appendPage(data, &all)), or a pointer handed to a function
// of the package that fills it, directly or through the functions it
// hands it to. A function whose answer is what it fills in through a
// parameter answers with any success it returns:
//
//	func searchDir(dir, q string, found *[]Match) error {
//		for _, e := range entries {
//			if err := searchFile(e, q, found); err != nil { // flagged
//				log.Printf("searching %s: %v", e, err)
//			}
//		}
//		return nil
//	}
//
// Not reported: a log-only branch followed by more of the iteration (it
// goes on with what the failed call gave), and a call handed a pointer
// it only reads.
//
// The same holds in the functions whose answer a handler gives (a helper
// that builds a message part by part), in this package or another; in
// another, for a loop in an exported function or in one it answers with
// directly: a loop deeper down gathers one part of many, often on a best
// effort the caller knows of.
//
// Work run once per item is held to the same, where the literal's return
// is the loop's continue: a goroutine started in a loop (go func(){…}()),
// a function handed to a call made as a statement in a loop (errgroup's
// g.Go, WaitGroup.Go, a pool's Submit), and the callback of a walk
// (filepath.Walk and WalkDir, fs.WalkDir). A branch that only returns
// from the literal without the error (return, return nil) after a log
// line at most, when the literal then stores into a variable of the
// handler (append, an index, a channel send) that the success after the
// loop or the walk answers with, drops the item. For a walk's callback
// that holds for the error the walk hands it as well — a directory it
// could not list, a file it could not stat — not only for the errors of
// the calls the callback makes (if err != nil { return nil } on its own
// err parameter leaves that directory's files out of the list):
//
//	for _, id := range ids {
//		g.Go(func() error {
//			doc, err := client.Get(ctx, id)
//			if err != nil { // flagged
//				log.Printf("get %s: %v", id, err)
//				return nil
//			}
//			mu.Lock()
//			docs = append(docs, doc)
//			mu.Unlock()
//			return nil
//		})
//	}
//
// The same holds for work split into parts that run side by side, each
// started once (go func(){…}(), g.Go, wg.Go outside any loop): a part
// that returns on failure without its error, where the answer is made of
// what the parts store — name lookups fetched in parallel, each map left
// empty when its fetch fails — leaves its share out as an if that adds
// it only on success would.
//
// Not reported: a literal that keeps the error (errs[i] = err), returns it
// (g.Wait gives it back), counts the failures, or stores what the answer
// does not use (a cache warmed in the background).
//
// So does a handler whose branch only empties what the failed call gives
// (queued = nil, after a log line perhaps: "degrade gracefully") and that
// answers with it after the if: the client reads an empty part as if
// there were nothing. A branch that also writes a note or a default of
// its own, and a value the answer does not use, are not reported.
//
//	queued, err := client.Queue(ctx)
//	if err != nil { // flagged
//		queued = nil
//	}
//	return structuredResult(Response{Builds: builds, Queued: queued})
//
// So does a handler that tests a call only for success and falls out of
// the if on failure, on to an empty success:
//
//	data, err := json.Marshal(resp.Data)
//	if err == nil { // flagged
//		return mcp.NewToolResultText(string(data)), nil
//	}
//	return mcp.NewToolResultText("{}"), nil
//
// And so does one — handler or helper whose answer a handler gives —
// that adds a part of its answer only when a call succeeds (if err ==
// nil, or err == nil && rows != "": a test that what the call gave is not
// empty only skips a part that would add nothing), with no else (or an
// else that only logs err: if err != nil { log… } else { add }), and
// answers all the same when it fails — after the if, or after the switch
// case it is in:
//
//	list, err := client.List(ctx, opts)
//	if err == nil { // flagged
//		for _, item := range list.Items {
//			policies = append(policies, summary(item))
//		}
//	}
//	...
//	return mcp.NewToolResultText(render(policies)), nil
//
// A success may be a helper's two results handed on (return
// answer(text), where answer returns a result and a nil error): the
// helper's summary says which.
//
// A loop inside such a literal that skips a failed call is read at each
// call of the literal: the answer the function gives after the call is
// what the loop gathered.
//
// The part may be added by a local function literal the branch calls
// (add := func(rs []Report) { all = append(all, rs...) }): a call of a
// variable given one literal and nothing else writes what the literal
// writes into the variables it captures. Here, as for the loops above,
// an if between the part and the answer that tests the answer and only
// answers a success (if len(all) == 0 { return []byte("[]"), nil }) is
// the empty answer the failure reaches, not the case told apart; one that
// answers an error result is.
//
// Not reported: a test beside err == nil of anything but emptiness (err
// == nil && p != nil: a lookup's "is it there" may be where finding
// nothing is told apart), err looked at after the if (before it is given
// another value), a variable declared with a value of its own (limit :=
// 10: the failure leaves the default), an optional extra beside an
// answer that holds data the function gathered before the if whatever
// the call did (a deeplink beside a rendered image), an if whose body
// returns its own answer (one that returns only on a further condition, a
// page with more to come, falls through otherwise and is reported), or a
// call that only reads the input (the SDK's request.RequireInt) or
// parses a value, even one an upstream sent (a timestamp shown beside the
// data only when it parses: what was left out is what the upstream sent
// wrongly, not a request that failed).
//
// So does a call whose error is dropped — given to the blank identifier
// (v, _ := f(), or _ = json.Unmarshal(body, &v)), not taken at all by a
// call made as a statement, or left unread in the
// error field of the struct it returns (r := run(args), with r.Err read
// nowhere and r never handed on whole) — when what it gives
// goes into a success the function answers with: its other results, or
// what it fills in through a pointer it is handed (rows.Scan(&n),
// json.Unmarshal(body, &v), fmt.Sscanf(s, "%f", &lat)), or the writers
// its receiver's output fields point at (cmd.Stdout = &out; _ =
// cmd.Run(): the buffer holds what the run gave, as cmd.Output() would
// answer it; the fields are a table in errflow's models). When the call
// fails the client reads its zero value — an empty body, a count of 0,
// a report decoded from a command that never ran — as data:
//
//	data, _ := io.ReadAll(part.Body) // flagged
//	email.TextBody = string(data)
//	...
//	return email, nil
//
// What the answer is made from is followed through assignments, ranges,
// what a call made from it fills in (dec.Decode(&entry)), and callbacks
// handed such a call: a visitor's parameter (ast.Inspect(f, func(n
// ast.Node) bool { … })) is what the call walks, and what the visitor
// gathers into the function's variables is gathered from it.
//
// Not reported: a call that only reads the tool's input (its arguments
// come from the request or the arguments map, and perhaps constants:
// strconv.Atoi of a parameter, a project's generic OptionalParam reading
// "body" from the arguments map; a call given constants alone, as
// listFiles("."), reads no input), a parse of a value the program holds (a parser of the
// standard library's, or one named by Go's convention, Parse… or parse…:
// only a parse of what an upstream sent is a failure to report — a body,
// what a call that can fail answered, and what is stored from them: an
// entry of a list gathered from responses, a value decoded from one), an
// encoder (json.Marshal), a probe (os.Stat), a writer
// handed to a call (fmt.Fprintf(&buf, …) writes, it does not fill in), a
// variable declared with a value of its own (limit := 10), a value
// tested before the answer (if len(data) == 0 { return … }), and a
// discard with a comment on the line before it: a drop the code explains
// ("best effort: a truncated state is still worth showing") is a
// decision, not a slip. An answer that says it failed is no success
// either: a function with no error result that answers a flag of its
// own success (func send(…) (bool, string), answering ok, msg where it
// worked) answers its failure with false — return false, fmt.Sprintf(…,
// body), the body's read error dropped, tells the failure it was asked to.
//
// And so does a loop over an iterator that tells its failure only after
// the loop — for rows.Next() { … }, for sc.Scan() { … }: any value whose
// loop method answers a bool and that has an Err() error method, so
// database/sql's Rows, bufio's Scanner and every driver's cursor built
// the same way — when the function never asks it for Err (after the
// loop, before it is given another value) and answers with what the loop
// gathered: a connection lost midway ends the loop as the last row does.
// An iterator handed on (to a helper, a return) or given as a parameter
// is its caller's to check.
//
// The functions of the package a handler calls — directly, from its
// goroutines and callbacks, or through other such functions — are held to
// the same: a helper that, in a branch handling the failure of a call,
// returns nothing but an empty value and no error (false, "", nil, a
// text claiming there is nothing such as "[]", a nil error with a zero
// value, or a bare return before it fills in the map or struct it was
// given) hands the handler a failure it cannot tell from a real, empty
// answer. Logging the error first does not change that: the log tells
// the operator, not the handler.
//
//	func probe(ctx context.Context, q string) bool {
//		resp, err := query(ctx, q)
//		if err != nil {
//			return false // flagged: "not available", when nobody knows
//		}
//		...
//	}
//
// An error variable is nil where it is returned after an if that
// returned when it was not, with nothing assigned in between: the
// removal's err that shadows the branch's (if err != nil { err :=
// os.Remove(tmp); if err != nil { return "", err }; return "", err })
// makes the second return "" and a nil error.
//
// A parse that fails is the work failing when what it parses came from
// an upstream: json.Unmarshal of the body a request read, or of the data
// a caller in the package got from a call that can fail and handed on.
//
// Not reported in a helper: a predicate whose calls are conditions (a
// feature flag read as off when it cannot be read chooses what the
// handler does; its false is not the answer), a v, ok function (false
// says it failed), a
// nil *CallToolResult, a branch that keeps the error before returning
// (stores it, hands it to a method of what holds it or to a call whose
// result it uses), an error saying that a value it was given is malformed
// (strconv, url.Parse, time.Parse, json.Unmarshal, regexp.Compile of the
// tool's input or of constants, rather than of what an upstream answered)
// or json.Marshal's, a helper whose doc comment says what it does on
// failure ("best-effort: returns nil on any error"), and a helper whose
// answer the handler only puts in the text of an error or of an error
// result.
//
// Functions of the module's other packages are held to the same: a
// client package's exported List, whose helper answers nil when the
// deals it was handed cannot be decoded, records that empty answer (with
// those of the functions of its package, and of other packages, whose
// value it answers with), and the package whose handler answers with
// List reports it, where it is written, with the handler's call as a
// Related position. A call of an interface's method reaches the methods
// of the module's types that implement it (store.Count(), a remote
// store's Count that answers 0 when its RPC fails). A predicate of another package is not judged so:
// whether its false, when it cannot tell, is the safe answer is for its
// callers to say. Nor is, in any package, a function whose value is a
// service rather than data (an interface, a function, a client or store
// whose methods can fail): a handler answers with what it gets from
// calling it, judged on its own. The error a branch handles is the one
// assigned by the statement it tests, or by the one just before it: a
// parse of the tool's input tested first is not the upstream's failure
// because err is assigned again by a request further on.
//
// A loop that keeps its failures — stores an error in a variable declared
// before it (firstErr = fmt.Errorf("broker %d: %w", id, err), lastErr =
// err; not v, err = get(x), which reuses the variable) and moves on — is held to the same when the first return after
// the loop that can run while that variable holds a failure is a success
// answering with what the loop gathered, and does not carry it: the
// failure was kept, and then dropped. A test of the kept error before the
// return (if firstErr != nil) decides about it; a test of it with the
// answer (if len(all) == 0 && firstErr != nil) fails only when nothing
// was gathered, and the success after it is reported.
//
//	for _, b := range brokers {
//		groups, err := b.Groups(ctx)
//		if err != nil {
//			firstErr = fmt.Errorf("broker %d: %w", b.ID, err)
//			continue
//		}
//		all = append(all, groups...)
//	}
//	if len(all) > 0 {
//		return all, nil // flagged: the failed brokers' groups are missing, and nothing says so
//	}
//	return nil, firstErr
//
// The handlers of reads of resources and prompts are held to the same,
// as a helper whose answer a tool handler gives is: mcp-go's
// AddResource, AddResourceTemplate, AddPrompt (and their plural forms
// with server.ServerResource and server.ServerPrompt values), the
// go-sdk's (*mcp.Server).AddResource, AddResourceTemplate and AddPrompt,
// through the project's wrappers as tool handlers are found (a function
// that turns a func(ctx, uri) ([]byte, error) into a
// server.ResourceHandlerFunc). A read has no error result: it fails by
// returning its error, so a resource handler that skips a topic it cannot
// describe, answers nil on failure, or returns json.Marshal of what it
// gathered after dropping a failure, gives the client a partial or empty
// read as the whole. The other rules, which are about a tool's error
// result, do not judge them: a read that returns its error does what it
// should.
//
//	s.AddResource(topicsResource, func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
//		for _, t := range topics {
//			n, err := admin.Describe(ctx, t)
//			if err != nil { // flagged
//				log.Printf("describe %s: %v", t, err)
//				continue
//			}
//			...
package handlerbody
