package mcpsdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/internal/bindingtest"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// book is the output of the test tool get_book.
type book = bindingtest.Book

// serveGetBook connects a client to a server with get_book registered.
func serveGetBook(t *testing.T, log *recorder) *mcp.ClientSession {
	t.Helper()
	return connect(t, func(s *mcp.Server) {
		mcpsdk.AddTool(s, bindingtest.GetBook(), mcpsdk.WithLogger(slog.New(log)), mcpsdk.WithRequestIDs(sequentialIDs()))
	})
}

// TestCases asserts, through the real go-sdk client, exactly what an agent
// receives for each kind of outcome: isError, content[0].text and
// structuredContent. The cases are runtime/mcpgo's too.
func TestCases(t *testing.T) {
	for _, tt := range bindingtest.Cases {
		t.Run(tt.Name, func(t *testing.T) {
			session := serveGetBook(t, &recorder{})
			res := call(t, session, "get_book", tt.Args)
			if res.IsError != tt.IsError {
				t.Errorf("isError = %v, want %v", res.IsError, tt.IsError)
			}
			if diff := cmp.Diff(tt.Text, textOf(t, res)); diff != "" {
				t.Errorf("content[0].text mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(decodeJSON(t, tt.Structured), res.StructuredContent); diff != "" {
				t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
			}
		})
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
	records := log.All()
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
			records := log.All()
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
	records := log.All()
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
	if n := len(log.All()); n != 1 {
		t.Errorf("a matching code: %d records, want 1", n)
	}
}

// TestContractMeta checks that tools/list advertises the contract in _meta,
// with invalid_arguments, which the binding produces, after it.
func TestContractMeta(t *testing.T) {
	session := serveGetBook(t, &recorder{})
	tool := listTool(t, session, "get_book")
	if diff := cmp.Diff(decodeJSON(t, bindingtest.Meta), tool.Meta[mcpsdk.MetaKeyErrors]); diff != "" {
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

// TestFromResult reads every case's result back through the go-sdk client,
// and an error result this runtime did not make.
func TestFromResult(t *testing.T) {
	for _, tt := range bindingtest.Cases {
		got, ok := mcpsdk.FromResult(call(t, serveGetBook(t, &recorder{}), "get_book", tt.Args))
		want, wantOK := tt.Failure()
		if ok != wantOK || !cmp.Equal(want, got) {
			t.Errorf("%s: FromResult = %+v, %v; want %+v, %v", tt.Name, got, ok, want, wantOK)
		}
		if ok && (got.RequestID() != "req-1" || got.Code == 0) {
			t.Errorf("%s: request id %q, code %v", tt.Name, got.RequestID(), got.Code)
		}
	}
	session := connect(t, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "typed"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, struct{}, error) {
			return nil, struct{}{}, errors.New("boom")
		})
	})
	got, ok := mcpsdk.FromResult(call(t, session, "typed", nil))
	if !ok || !cmp.Equal(mcperr.WireError{Message: "boom"}, got) {
		t.Errorf("FromResult of a plain error result = %+v, %v; want its text", got, ok)
	}
	if _, ok := mcpsdk.FromResult(nil); ok {
		t.Error("FromResult(nil) reports a failure")
	}
}
