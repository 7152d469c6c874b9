package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/internal/bindingtest"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
)

// checkCase asserts that res is exactly what the case says a client
// receives: isError, content[0].text and structuredContent.
func checkCase(t *testing.T, tt bindingtest.Case, res *mcp.CallToolResult) {
	t.Helper()
	if res.IsError != tt.IsError {
		t.Errorf("isError = %v, want %v", res.IsError, tt.IsError)
	}
	if diff := cmp.Diff(tt.Text, textOf(t, res)); diff != "" {
		t.Errorf("content[0].text mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(decodeJSON(t, tt.Structured), res.StructuredContent); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
	}
}

// TestCases asserts, through mcp-go's in-process client, exactly what an
// agent receives for each kind of outcome, with and without mcp-go's own
// panic recovery: the same as runtime/mcpsdk sends, case for case.
func TestCases(t *testing.T) {
	for _, mode := range []struct {
		name string
		opts []server.ServerOption
	}{{"plain server", nil}, {"server.WithRecovery", []server.ServerOption{server.WithRecovery()}}} {
		t.Run(mode.name, func(t *testing.T) {
			for _, tt := range bindingtest.Cases {
				t.Run(tt.Name, func(t *testing.T) {
					c := serveGetBook(t, &bindingtest.Recorder{}, mode.opts...)
					checkCase(t, tt, call(t, c, "get_book", tt.Args))
				})
			}
		})
	}
}

// TestCasesOverStdio asserts the same through mcp-go's stdio client and
// server, in a child process: what crosses a real pipe as JSON-RPC.
func TestCasesOverStdio(t *testing.T) {
	for _, mode := range []string{"plain", "recovery"} {
		t.Run(mode, func(t *testing.T) {
			for _, tt := range bindingtest.Cases {
				t.Run(tt.Name, func(t *testing.T) {
					c := connectStdio(t, mode)
					checkCase(t, tt, call(t, c, "get_book", tt.Args))
				})
			}
		})
	}
}

// TestPanicThenServe checks that a panicking handler does not take the
// session down, and what is logged.
func TestPanicThenServe(t *testing.T) {
	log := &bindingtest.Recorder{}
	c := serveGetBook(t, log)
	if res := call(t, c, "get_book", map[string]any{"id": "panic"}); !res.IsError {
		t.Fatalf("panicking call: isError = false, want true")
	}
	if res := call(t, c, "get_book", map[string]any{"id": "b-1"}); res.IsError {
		t.Fatalf("call after the panic: isError = true, text %q", textOf(t, res))
	}
	records := log.All()
	if len(records) != 1 {
		t.Fatalf("got %d log records, want 1", len(records))
	}
	rec := records[0]
	got := bindingtest.Attrs(rec)
	if rec.Message != "tool call panicked" || rec.Level != slog.LevelError {
		t.Errorf("record = %s %q, want ERROR \"tool call panicked\"", rec.Level, rec.Message)
	}
	if stack, _ := got["stack"].(string); !strings.Contains(stack, "bindingtest/bindingtest.go") {
		t.Errorf("record's stack does not show the handler:\n%s", stack)
	}
	wantCauses := []string{"panic: runtime error: index out of range [3] with length 0"}
	if diff := cmp.Diff(wantCauses, got["causes"]); diff != "" {
		t.Errorf("causes mismatch (-want +got):\n%s", diff)
	}
}

// TestLogRecords checks the level and attributes of the record each failure
// is logged with: runtime/mcpsdk's.
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
			"causes": []string{"GET /books/offline: connection refused"},
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
		name:      "invalid arguments",
		id:        42,
		wantLevel: slog.LevelWarn,
		want: map[string]any{
			"tool": "get_book", "code": int64(-32602), "codeName": "InvalidParams", "reason": "invalid_arguments",
			"requestId": "req-1", "retryable": false, "error": "Invalid arguments: id: expected string, got integer.",
			"causes": []string{`validating root: validating /properties/id: type: 42 has type "integer", want "string"`},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log := &bindingtest.Recorder{}
			call(t, serveGetBook(t, log), "get_book", map[string]any{"id": tt.id})
			records := log.All()
			if len(records) != 1 {
				t.Fatalf("got %d log records, want 1", len(records))
			}
			rec := records[0]
			if rec.Level != tt.wantLevel || rec.Message != "tool call failed" {
				t.Errorf("record = %s %q, want %s \"tool call failed\"", rec.Level, rec.Message, tt.wantLevel)
			}
			if diff := cmp.Diff(tt.want, bindingtest.Attrs(rec)); diff != "" {
				t.Errorf("attributes mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCodeMismatchIsLogged checks that a failure whose code differs from its
// reason's contract entry is logged at Warn, beside its own record.
func TestCodeMismatchIsLogged(t *testing.T) {
	log := &bindingtest.Recorder{}
	call(t, serveGetBook(t, log), "get_book", map[string]any{"id": "mismatch"})
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
	if diff := cmp.Diff(want, bindingtest.Attrs(rec)); diff != "" {
		t.Errorf("attributes mismatch (-want +got):\n%s", diff)
	}
}

// TestAdvertised checks the tool as tools/list shows it: title and
// description, the inferred input schema, the widened output schema and the
// contract in _meta, the same as runtime/mcpsdk advertises.
func TestAdvertised(t *testing.T) {
	s := getBookServer(&bindingtest.Recorder{})
	tool := advertisedTool(t, s, "get_book")
	if tool["title"] != "Get a book" || tool["description"] != "Returns one book by id." {
		t.Errorf("title, description = %q, %q", tool["title"], tool["description"])
	}
	meta, _ := tool["_meta"].(map[string]any)
	if diff := cmp.Diff(decodeJSON(t, bindingtest.Meta), meta[mcpgo.MetaKeyErrors]); diff != "" {
		t.Errorf("_meta[%q] mismatch (-want +got):\n%s", mcpgo.MetaKeyErrors, diff)
	}
	wantInput := `{"type": "object", "additionalProperties": false, "required": ["id"],
		"properties": {"id": {"type": "string", "description": "the book's id, as search_books returns it"}}}`
	if diff := cmp.Diff(decodeJSON(t, wantInput), tool["inputSchema"]); diff != "" {
		t.Errorf("inputSchema mismatch (-want +got):\n%s", diff)
	}
	output, _ := tool["outputSchema"].(map[string]any)
	wantAnyOf := `[{"required": ["id", "title"]}, {"required": ["error"]}]`
	if diff := cmp.Diff(decodeJSON(t, wantAnyOf), output["anyOf"]); diff != "" {
		t.Errorf("outputSchema.anyOf mismatch (-want +got):\n%s", diff)
	}
	// The client receives what the server encodes.
	list, err := connectTo(t, s).ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil || len(list.Tools) != 1 {
		t.Fatalf("ListTools = %v, %v; want get_book", list, err)
	}
	if got := list.Tools[0].Meta.AdditionalFields[mcpgo.MetaKeyErrors]; !cmp.Equal(decodeJSON(t, bindingtest.Meta), got) {
		t.Errorf("the client sees _meta[%q] = %v", mcpgo.MetaKeyErrors, got)
	}
}

// TestOutputSchemaAdmitsBoth validates a success and every failure against
// the output schema the client sees in tools/list.
func TestOutputSchemaAdmitsBoth(t *testing.T) {
	s := getBookServer(&bindingtest.Recorder{})
	c := connectTo(t, s)
	resolved := clientSchema(t, advertisedTool(t, s, "get_book")["outputSchema"])
	for _, tt := range bindingtest.Cases {
		res := call(t, c, "get_book", tt.Args)
		if err := resolved.Validate(res.StructuredContent); err != nil {
			t.Errorf("%s: structuredContent does not match the advertised output schema: %v", tt.Name, err)
		}
	}
	for _, bad := range []string{`{}`, `{"id": "b-1"}`, `{"error": {"message": "no code"}}`} {
		if err := resolved.Validate(decodeJSON(t, bad)); err == nil {
			t.Errorf("%s validates against the output schema; want an error", bad)
		}
	}
}

// clientSchema resolves a schema as a client received it.
func clientSchema(t *testing.T, wire any) *jsonschema.Resolved {
	t.Helper()
	b, err := json.Marshal(wire)
	if err != nil {
		t.Fatal(err)
	}
	var schema jsonschema.Schema
	if err := schema.UnmarshalJSON(b); err != nil {
		t.Fatalf("advertised schema does not decode: %v", err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		t.Fatalf("advertised schema does not resolve: %v", err)
	}
	return resolved
}

// TestRequestFrom checks that a handler can reach the tools/call request and
// the session, and that RequestFrom is nil outside a call.
func TestRequestFrom(t *testing.T) {
	if req := mcpgo.RequestFrom(context.Background()); req != nil {
		t.Errorf("RequestFrom outside a call = %v, want nil", req)
	}
	type echo struct {
		Tool    string `json:"tool"`
		Session bool   `json:"session"`
	}
	c := connect(t, func(s *server.MCPServer) {
		mcpgo.AddTool(s, &mcperr.Tool[struct{}, echo]{
			Name: "whoami",
			Handler: func(ctx context.Context, _ struct{}) (echo, error) {
				req := mcpgo.RequestFrom(ctx)
				if req == nil {
					//mcperrlint:ignore prefer-mcp-error-in-handler a test failure, never sent to a real client
					return echo{}, errors.New("no request in the handler's context")
				}
				return echo{Tool: req.Params.Name, Session: server.ClientSessionFromContext(ctx) != nil}, nil
			},
		})
	})
	res := call(t, c, "whoami", nil)
	if diff := cmp.Diff(decodeJSON(t, `{"tool": "whoami", "session": true}`), res.StructuredContent); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s (text %q)", diff, textOf(t, res))
	}
}

// TestServerTool checks the tools that cannot be registered, and that
// WithTool customises what is advertised.
func TestServerTool(t *testing.T) {
	if _, err := mcpgo.ServerTool[struct{}, struct{}](nil); err == nil {
		t.Error("nil tool: no error")
	}
	if _, err := mcpgo.ServerTool(&mcperr.Tool[int, int]{Name: "n", Handler: func(context.Context, int) (int, error) { return 0, nil }}); err == nil ||
		!strings.Contains(err.Error(), `tool "n"`) {
		t.Errorf("In = int: error %v, want one naming the tool", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("AddTool of a tool without a handler did not panic")
		}
	}()
	mcpgo.AddTool(server.NewMCPServer("s", "v0"), &mcperr.Tool[struct{}, struct{}]{Name: "x"})
}

// TestWithTool checks that WithTool's changes are advertised and the
// contract stays.
func TestWithTool(t *testing.T) {
	s := server.NewMCPServer("test-server", "v0.0.1")
	mcpgo.AddTool(s, bindingtest.GetBook(), mcpgo.WithTool(func(tool *mcp.Tool) {
		tool.Annotations.ReadOnlyHint = mcp.ToBoolPtr(true)
		tool.Meta.AdditionalFields["example.com/owner"] = "books-team"
	}))
	tool := advertisedTool(t, s, "get_book")
	if hint := tool["annotations"].(map[string]any)["readOnlyHint"]; hint != true {
		t.Errorf("readOnlyHint = %v, want true", hint)
	}
	meta := tool["_meta"].(map[string]any)
	if meta["example.com/owner"] != "books-team" || meta[mcpgo.MetaKeyErrors] == nil {
		t.Errorf("_meta = %v, want the extra key and the contract", meta)
	}
}

// TestFromResult reads every case's result back through mcp-go's client,
// and an error result this runtime did not make.
func TestFromResult(t *testing.T) {
	for _, tt := range bindingtest.Cases {
		got, ok := mcpgo.FromResult(call(t, serveGetBookWith(t), "get_book", tt.Args))
		want, wantOK := tt.Failure()
		if ok != wantOK || !cmp.Equal(want, got) {
			t.Errorf("%s: FromResult = %+v, %v; want %+v, %v", tt.Name, got, ok, want, wantOK)
		}
		if ok && (got.RequestID() != "req-1" || got.Code == 0) {
			t.Errorf("%s: request id %q, code %v", tt.Name, got.RequestID(), got.Code)
		}
	}
	c := connect(t, func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("plain"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return mcp.NewToolResultError("boom"), nil
		})
	})
	got, ok := mcpgo.FromResult(call(t, c, "plain", nil))
	if !ok || !cmp.Equal(mcperr.WireError{Message: "boom"}, got) {
		t.Errorf("FromResult of a plain error result = %+v, %v; want its text", got, ok)
	}
	if _, ok := mcpgo.FromResult(nil); ok {
		t.Error("FromResult(nil) reports a failure")
	}
}
