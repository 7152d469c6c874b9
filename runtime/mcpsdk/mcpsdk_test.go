package mcpsdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type getBookArgs struct {
	ID string `json:"id" jsonschema:"the book's id, as search_books returns it"`
}

type book struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Year  int    `json:"year,omitempty"`
}

// bookContract is the contract of the test tool get_book.
var bookContract = []mcperr.Contract{
	{
		Reason:   "book_not_found",
		Code:     mcperr.CodeNotFound,
		When:     "No book has the requested id.",
		Recovery: "Search with search_books to find the id, then call get_book again.",
		Severity: mcperr.SeverityInfo,
	},
	{
		Reason:    "catalog_offline",
		Code:      mcperr.CodeServiceUnavailable,
		When:      "The catalog service cannot be reached.",
		Recovery:  "Wait a minute and call get_book again.",
		Retryable: true,
	},
}

// getBook is a tool whose handler fails in every way a handler can, chosen
// by the id it is asked for.
func getBook() *mcperr.Tool[getBookArgs, book] {
	return &mcperr.Tool[getBookArgs, book]{
		Name:        "get_book",
		Title:       "Get a book",
		Description: "Returns one book by id.",
		Errors:      bookContract,
		Handler: func(ctx context.Context, in getBookArgs) (book, error) {
			switch in.ID {
			case "b-1":
				return book{ID: "b-1", Title: "Dune", Year: 1965}, nil
			case "missing":
				return book{}, mcperr.Fail(ctx, "book_not_found", fmt.Sprintf("No book has id %q.", in.ID),
					mcperr.RecoveryFor(ctx, "book_not_found"))
			case "offline":
				//mcperrlint:ignore error-contract-recovery-unforwarded the test asserts the text without a recovery block
				return book{}, mcperr.Fail(ctx, "catalog_offline", "",
					mcperr.WithCause(fmt.Errorf("GET /books/offline: %w", errors.New("connection refused"))))
			case "service":
				// A service's error names the reason but not its
				// retryability: the contract supplies it.
				//mcperrlint:ignore error-contract-prefer-fail the test asserts how a service's error is sent
				return book{}, mcperr.ServiceUnavailable("The catalog timed out.", mcperr.WithReason("catalog_offline"))
			case "mismatch":
				// The same reason with another code than the contract's:
				// the code is kept, the mismatch logged.
				//mcperrlint:ignore error-contract-reason-code-mismatch the test asserts what a mismatch sends and logs
				return book{}, mcperr.Timeout("The catalog timed out.", mcperr.WithReason("catalog_offline"))
			case "undeclared":
				//mcperrlint:ignore error-contract-reason-undeclared,error-contract-recovery-unforwarded the test asserts what an undeclared reason sends
				return book{}, mcperr.Fail(ctx, "book_burned", "The book burned.")
			case "shelf":
				//mcperrlint:ignore error-contract-prefer-fail the test asserts how a bare factory error is sent
				return book{}, mcperr.NotFound(`Shelf "s-9" does not exist.`)
			case "plain":
				//mcperrlint:ignore prefer-mcp-error-in-handler the test asserts how a plain Go error is sent
				return book{}, errors.New("the warehouse robot jammed")
			case "panic":
				var shelves []string
				_ = shelves[3] // index out of range
			}
			return book{}, nil
		},
	}
}

// serveGetBook connects a client to a server with get_book registered.
func serveGetBook(t *testing.T, log *recorder) *mcp.ClientSession {
	t.Helper()
	return connect(t, func(s *mcp.Server) {
		mcpsdk.AddTool(s, getBook(), mcpsdk.WithLogger(slog.New(log)), mcpsdk.WithRequestIDs(sequentialIDs()))
	})
}

// TestFailures asserts, through the real go-sdk client, exactly what an agent
// receives for each kind of failure: isError, content[0].text and
// structuredContent.
func TestFailures(t *testing.T) {
	tests := []struct {
		name     string
		args     any
		wantText string
		wantJSON string // structuredContent
	}{{
		name: "contract failure with recovery",
		args: map[string]any{"id": "missing"},
		wantText: "Error: No book has id \"missing\".\n\n" +
			"Recovery: Search with search_books to find the id, then call get_book again.\n\n" +
			"(reason book_not_found · not retryable · request req-1)",
		wantJSON: `{"error": {"code": -32001, "message": "No book has id \"missing\".", "data": {
			"reason": "book_not_found", "retryable": false, "requestId": "req-1",
			"recovery": {"hint": "Search with search_books to find the id, then call get_book again."}}}}`,
	}, {
		name:     "contract failure without recovery",
		args:     map[string]any{"id": "offline"},
		wantText: "Error: The catalog service cannot be reached.\n\n(reason catalog_offline · retryable · request req-1)",
		wantJSON: `{"error": {"code": -32000, "message": "The catalog service cannot be reached.", "data": {
			"reason": "catalog_offline", "retryable": true, "requestId": "req-1"}}}`,
	}, {
		name:     "service error with a reason: retryable from the contract",
		args:     map[string]any{"id": "service"},
		wantText: "Error: The catalog timed out.\n\n(reason catalog_offline · retryable · request req-1)",
		wantJSON: `{"error": {"code": -32000, "message": "The catalog timed out.", "data": {
			"reason": "catalog_offline", "retryable": true, "requestId": "req-1"}}}`,
	}, {
		name:     "service error with a reason and another code: the code is kept",
		args:     map[string]any{"id": "mismatch"},
		wantText: "Error: The catalog timed out.\n\n(reason catalog_offline · retryable · request req-1)",
		wantJSON: `{"error": {"code": -32004, "message": "The catalog timed out.", "data": {
			"reason": "catalog_offline", "retryable": true, "requestId": "req-1"}}}`,
	}, {
		name:     "undeclared reason: the caller's message, no reason",
		args:     map[string]any{"id": "undeclared"},
		wantText: "Error: The book burned.\n\n(request req-1)",
		wantJSON: `{"error": {"code": -32603, "message": "The book burned.", "data": {"requestId": "req-1"}}}`,
	}, {
		name:     "factory error",
		args:     map[string]any{"id": "shelf"},
		wantText: "Error: Shelf \"s-9\" does not exist.\n\n(request req-1)",
		wantJSON: `{"error": {"code": -32001, "message": "Shelf \"s-9\" does not exist.", "data": {"requestId": "req-1"}}}`,
	}, {
		name:     "plain Go error",
		args:     map[string]any{"id": "plain"},
		wantText: "Error: the warehouse robot jammed\n\n(request req-1)",
		wantJSON: `{"error": {"code": -32603, "message": "the warehouse robot jammed", "data": {"requestId": "req-1"}}}`,
	}, {
		name: "argument of the wrong type",
		args: map[string]any{"id": 42},
		wantText: "Error: Invalid arguments: id: expected string, got integer.\n\n" +
			"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
			"(reason invalid_arguments · not retryable · request req-1)",
		wantJSON: `{"error": {"code": -32602, "message": "Invalid arguments: id: expected string, got integer.", "data": {
			"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
			"issues": [{"path": "id", "message": "expected string, got integer"}],
			"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`,
	}, {
		name: "missing required argument",
		args: map[string]any{},
		wantText: "Error: Invalid arguments: id: required property is missing.\n\n" +
			"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
			"(reason invalid_arguments · not retryable · request req-1)",
		wantJSON: `{"error": {"code": -32602, "message": "Invalid arguments: id: required property is missing.", "data": {
			"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
			"issues": [{"path": "id", "message": "required property is missing"}],
			"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`,
	}, {
		name: "unknown argument",
		args: map[string]any{"id": "b-1", "isbn": "978-0441013593"},
		wantText: "Error: Invalid arguments: isbn: unknown property; expected one of id.\n\n" +
			"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
			"(reason invalid_arguments · not retryable · request req-1)",
		wantJSON: `{"error": {"code": -32602, "message": "Invalid arguments: isbn: unknown property; expected one of id.", "data": {
			"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
			"issues": [{"path": "isbn", "message": "unknown property; expected one of id"}],
			"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`,
	}, {
		name:     "panic",
		args:     map[string]any{"id": "panic"},
		wantText: "Error: Tool \"get_book\" failed unexpectedly.\n\n(request req-1)",
		wantJSON: `{"error": {"code": -32603, "message": "Tool \"get_book\" failed unexpectedly.", "data": {"requestId": "req-1"}}}`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			session := serveGetBook(t, &recorder{})
			res := call(t, session, "get_book", tt.args)
			if !res.IsError {
				t.Errorf("isError = false, want true")
			}
			if diff := cmp.Diff(tt.wantText, textOf(t, res)); diff != "" {
				t.Errorf("content[0].text mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(decodeJSON(t, tt.wantJSON), res.StructuredContent); diff != "" {
				t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSuccess asserts what an agent receives from a successful call with
// structured output: the JSON as text, and as structuredContent.
func TestSuccess(t *testing.T) {
	session := serveGetBook(t, &recorder{})
	res := call(t, session, "get_book", map[string]any{"id": "b-1"})
	if res.IsError {
		t.Fatalf("isError = true, want false; text %q", textOf(t, res))
	}
	want := `{"id":"b-1","title":"Dune","year":1965}`
	if diff := cmp.Diff(want, textOf(t, res)); diff != "" {
		t.Errorf("content[0].text mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(decodeJSON(t, want), res.StructuredContent); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
	}
}

// TestPanicThenServe checks that a panicking handler does not take the
// session down: the next call on the same session succeeds.
func TestPanicThenServe(t *testing.T) {
	log := &recorder{}
	session := serveGetBook(t, log)
	if res := call(t, session, "get_book", map[string]any{"id": "panic"}); !res.IsError {
		t.Fatalf("panicking call: isError = false, want true")
	}
	res := call(t, session, "get_book", map[string]any{"id": "b-1"})
	if res.IsError {
		t.Fatalf("call after the panic: isError = true, text %q", textOf(t, res))
	}
	records := log.all()
	if len(records) != 1 {
		t.Fatalf("got %d log records, want 1", len(records))
	}
	rec := records[0]
	got := attrs(rec)
	if rec.Message != "tool call panicked" || rec.Level != slog.LevelError {
		t.Errorf("record = %s %q, want ERROR \"tool call panicked\"", rec.Level, rec.Message)
	}
	stack, _ := got["stack"].(string)
	if stack == "" {
		t.Errorf("record has no stack")
	}
	wantCauses := []string{"panic: runtime error: index out of range [3] with length 0"}
	if diff := cmp.Diff(wantCauses, got["causes"]); diff != "" {
		t.Errorf("causes mismatch (-want +got):\n%s", diff)
	}
}

// TestLogRecords checks the level and attributes of the record each failure
// is logged with.
func TestLogRecords(t *testing.T) {
	tests := []struct {
		name      string
		id        any
		wantLevel slog.Level
		want      map[string]any
	}{{
		name:      "declared severity",
		id:        "missing",
		wantLevel: slog.LevelInfo, // book_not_found is SeverityInfo
		want: map[string]any{
			"tool": "get_book", "code": int64(-32001), "codeName": "NotFound", "reason": "book_not_found",
			"requestId": "req-1", "retryable": false, "error": `No book has id "missing".`,
		},
	}, {
		name:      "default severity with a cause chain",
		id:        "offline",
		wantLevel: slog.LevelError,
		want: map[string]any{
			"tool": "get_book", "code": int64(-32000), "codeName": "ServiceUnavailable", "reason": "catalog_offline",
			"requestId": "req-1", "retryable": true, "error": "The catalog service cannot be reached.",
			"causes": []string{"GET /books/offline: connection refused"}, // not "connection refused" again
		},
	}, {
		name:      "undeclared reason: the violation is logged",
		id:        "undeclared",
		wantLevel: slog.LevelError,
		want: map[string]any{
			"tool": "get_book", "code": int64(-32603), "codeName": "InternalError", "reason": "",
			"requestId": "req-1", "retryable": false, "error": "The book burned.",
			"causes": []string{`mcperr.Fail: tool "get_book" does not declare reason "book_burned" (declared: book_not_found, catalog_offline)`},
		},
	}, {
		name:      "no reason",
		id:        "plain",
		wantLevel: slog.LevelError,
		want: map[string]any{
			"tool": "get_book", "code": int64(-32603), "codeName": "InternalError", "reason": "",
			"requestId": "req-1", "retryable": false, "error": "the warehouse robot jammed",
		},
	}, {
		name:      "invalid arguments",
		id:        42,
		wantLevel: slog.LevelWarn,
		want: map[string]any{
			"tool": "get_book", "code": int64(-32602), "codeName": "InvalidParams", "reason": "invalid_arguments",
			"requestId": "req-1", "retryable": false, "error": "Invalid arguments: id: expected string, got integer.",
			"causes": []string{ // jsonschema-go's error, whose wrappers repeat it
				`validating root: validating /properties/id: type: 42 has type "integer", want "string"`,
			},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := &recorder{}
			session := serveGetBook(t, log)
			call(t, session, "get_book", map[string]any{"id": tt.id})
			records := log.all()
			if len(records) != 1 {
				t.Fatalf("got %d log records, want 1", len(records))
			}
			rec := records[0]
			if rec.Level != tt.wantLevel || rec.Message != "tool call failed" {
				t.Errorf("record = %s %q, want %s \"tool call failed\"", rec.Level, rec.Message, tt.wantLevel)
			}
			if diff := cmp.Diff(tt.want, attrs(rec)); diff != "" {
				t.Errorf("attributes mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCodeMismatchIsLogged checks that a failure whose code differs from its
// reason's contract entry is logged at Warn, beside its own record.
func TestCodeMismatchIsLogged(t *testing.T) {
	log := &recorder{}
	session := serveGetBook(t, log)
	call(t, session, "get_book", map[string]any{"id": "mismatch"})
	records := log.all()
	if len(records) != 2 {
		t.Fatalf("got %d log records, want the failure and the mismatch", len(records))
	}
	rec := records[1]
	if rec.Level != slog.LevelWarn || rec.Message != "tool failure code differs from its contract" {
		t.Errorf("record = %s %q", rec.Level, rec.Message)
	}
	want := map[string]any{
		"tool": "get_book", "reason": "catalog_offline", "requestId": "req-1",
		"code": int64(-32004), "codeName": "Timeout", "contractCode": int64(-32000), "contractCodeName": "ServiceUnavailable",
	}
	if diff := cmp.Diff(want, attrs(rec)); diff != "" {
		t.Errorf("attributes mismatch (-want +got):\n%s", diff)
	}
	if records[0].Level != slog.LevelError { // catalog_offline's severity
		t.Errorf("failure logged at %s, want the contract's ERROR", records[0].Level)
	}
	// A matching code logs the failure alone.
	log = &recorder{}
	call(t, serveGetBook(t, log), "get_book", map[string]any{"id": "service"})
	if n := len(log.all()); n != 1 {
		t.Errorf("a matching code: %d records, want 1", n)
	}
}

// TestContractMeta checks that tools/list advertises the contract in _meta,
// with invalid_arguments, which the binding produces, after it.
func TestContractMeta(t *testing.T) {
	session := serveGetBook(t, &recorder{})
	tool := listTool(t, session, "get_book")
	want := `[
		{"reason": "book_not_found", "code": -32001, "codeName": "NotFound", "when": "No book has the requested id.",
		 "recovery": "Search with search_books to find the id, then call get_book again.", "retryable": false},
		{"reason": "catalog_offline", "code": -32000, "codeName": "ServiceUnavailable", "when": "The catalog service cannot be reached.",
		 "recovery": "Wait a minute and call get_book again.", "retryable": true},
		{"reason": "invalid_arguments", "code": -32602, "codeName": "InvalidParams", "when": "The arguments do not match the tool's input schema.",
		 "recovery": "Correct the listed arguments to match the tool's input schema, then call the tool again.", "retryable": false}]`
	if diff := cmp.Diff(decodeJSON(t, want), tool.Meta[mcpsdk.MetaKeyErrors]); diff != "" {
		t.Errorf("_meta[%q] mismatch (-want +got):\n%s", mcpsdk.MetaKeyErrors, diff)
	}
	if tool.Title != "Get a book" || tool.Description != "Returns one book by id." {
		t.Errorf("title, description = %q, %q", tool.Title, tool.Description)
	}
}

// listTool returns the named tool as tools/list shows it to the client.
func listTool(t *testing.T, session *mcp.ClientSession, name string) *mcp.Tool {
	t.Helper()
	list, err := session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	for _, tool := range list.Tools {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("tools/list has no tool %q", name)
	return nil
}

// TestOutputSchemaAdmitsBoth validates a success and a failure of a typed
// tool against the output schema the client sees in tools/list. The go-sdk
// client does not validate structuredContent itself (see
// TestSDKClientDoesNotValidateOutput), so the test does, with jsonschema-go.
func TestOutputSchemaAdmitsBoth(t *testing.T) {
	session := serveGetBook(t, &recorder{})
	resolved := clientSchema(t, listTool(t, session, "get_book").OutputSchema)
	for _, id := range []string{"b-1", "missing", "offline", "plain", "panic"} {
		res := call(t, session, "get_book", map[string]any{"id": id})
		if err := resolved.Validate(res.StructuredContent); err != nil {
			t.Errorf("id %q (isError %v): structuredContent does not match the advertised output schema: %v", id, res.IsError, err)
		}
	}
	// An envelope that is neither must not pass, or the schema says nothing.
	for _, bad := range []string{`{}`, `{"id": "b-1"}`, `{"error": {"message": "no code"}}`} {
		if err := resolved.Validate(decodeJSON(t, bad)); err == nil {
			t.Errorf("%s validates against the output schema; want an error", bad)
		}
	}
}

// clientSchema resolves a schema as a client received it (a map).
func clientSchema(t *testing.T, wire any) *jsonschema.Resolved {
	t.Helper()
	var schema jsonschema.Schema
	b, err := json.Marshal(wire)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.UnmarshalJSON(b); err != nil {
		t.Fatalf("advertised schema does not decode: %v", err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatalf("advertised schema does not resolve: %v", err)
	}
	return resolved
}

// TestRequestFrom checks that a handler can reach the tools/call request,
// and that RequestFrom is nil outside a call.
func TestRequestFrom(t *testing.T) {
	if req := mcpsdk.RequestFrom(context.Background()); req != nil {
		t.Errorf("RequestFrom outside a call = %v, want nil", req)
	}
	type echo struct {
		Tool    string `json:"tool"`
		Session bool   `json:"session"`
	}
	session := connect(t, func(s *mcp.Server) {
		mcpsdk.AddTool(s, &mcperr.Tool[struct{}, echo]{
			Name: "whoami",
			Handler: func(ctx context.Context, _ struct{}) (echo, error) {
				req := mcpsdk.RequestFrom(ctx)
				if req == nil {
					//mcperrlint:ignore prefer-mcp-error-in-handler a test failure, never sent to a real client
					return echo{}, errors.New("no request in the handler's context")
				}
				return echo{Tool: req.Params.Name, Session: req.Session != nil}, nil
			},
		})
	})
	res := call(t, session, "whoami", nil)
	if diff := cmp.Diff(decodeJSON(t, `{"tool": "whoami", "session": true}`), res.StructuredContent); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s (text %q)", diff, textOf(t, res))
	}
}
