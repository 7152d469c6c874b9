package mcpgotest_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/internal/bindingtest"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo/mcpgotest"
)

// newServer returns a server with get_book, and a raw mcp-go tool "raw"
// that fails with text alone.
func newServer() *server.MCPServer {
	s := server.NewMCPServer("books", "v1.0.0")
	mcpgo.AddTool(s, bindingtest.GetBook(), mcpgo.WithLogger(slog.New(slog.DiscardHandler)))
	s.AddTool(mcp.NewTool("raw"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("no book"), nil
	})
	return s
}

// TestExpectReason asserts each declared reason in one line, as a server's
// own test would.
func TestExpectReason(t *testing.T) {
	c := mcpgotest.Connect(t, newServer())
	c.ExpectReason(t, "get_book", map[string]any{"id": "missing"}, "book_not_found")
	c.ExpectReason(t, "get_book", map[string]any{"id": "offline"}, "catalog_offline")
	c.ExpectReason(t, "get_book", map[string]any{"id": "service"}, "catalog_offline")
	w := c.ExpectReason(t, "get_book", map[string]any{"id": 42}, "invalid_arguments")
	if w.Recovery() == "" {
		t.Errorf("ExpectReason returned %+v; want the failure, hint included", w)
	}
}

// TestExpectReasonReports checks that ExpectReason fails a test for each
// way a result can miss the declared failure.
func TestExpectReasonReports(t *testing.T) {
	c := mcpgotest.Connect(t, newServer())
	tests := []struct {
		name   string
		tool   string
		args   map[string]any
		reason string
		want   []string // a part of each report, in order
	}{
		{"a success", "get_book", map[string]any{"id": "b-1"}, "book_not_found", []string{"isError is false"}},
		{"another reason", "get_book", map[string]any{"id": "missing"}, "catalog_offline",
			[]string{`data.reason is "book_not_found", want "catalog_offline"`, "code is -32001 (NotFound), but the contract declares -32000", "data.retryable is false, but the contract declares true"}},
		{"another code", "get_book", map[string]any{"id": "mismatch"}, "catalog_offline",
			[]string{"code is -32004 (Timeout), but the contract declares -32000 (ServiceUnavailable)"}},
		{"an undeclared reason", "get_book", map[string]any{"id": "undeclared"}, "book_burned",
			[]string{`data.reason is "", want "book_burned"`, `does not advertise reason "book_burned"`}},
		{"text alone", "raw", nil, "book_not_found", []string{"structuredContent has no error object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &bindingtest.RecordingTB{TB: t}
			c.ExpectReason(rec, tt.tool, tt.args, tt.reason)
			if len(rec.Errors) != len(tt.want) {
				t.Fatalf("reported %d problems, want %d:\n%s", len(rec.Errors), len(tt.want), strings.Join(rec.Errors, "\n"))
			}
			for i, want := range tt.want {
				if !strings.Contains(rec.Errors[i], want) {
					t.Errorf("report %d = %q, want it to say %q", i, rec.Errors[i], want)
				}
			}
		})
	}
}
