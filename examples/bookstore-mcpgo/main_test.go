package main

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/shop/shoptest"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo/mcpgotest"
)

// newTestServer returns a fresh bookstore whose failures are numbered
// req-1, req-2, … in order.
func newTestServer() *server.MCPServer {
	return newServer(shoptest.Tools(),
		mcpgo.WithLogger(slog.New(slog.DiscardHandler)), mcpgo.WithRequestIDs(shoptest.SequentialIDs()))
}

// TestTools runs examples/bookstore's scenarios through mcp-go's client:
// the same tools on mcp-go answer with the same text.
func TestTools(t *testing.T) {
	for _, tt := range shoptest.Scenarios {
		t.Run(tt.Name, func(t *testing.T) {
			c := mcpgotest.Connect(t, newTestServer())
			for _, call := range tt.Before {
				if res := c.Call(t, call.Tool, call.Args); res.IsError {
					t.Fatalf("setting the scene with %s %v: %s", call.Tool, call.Args, textOf(t, res))
				}
			}
			res := c.Call(t, tt.Tool, tt.Args)
			if res.IsError != tt.IsError {
				t.Errorf("isError = %v, want %v", res.IsError, tt.IsError)
			}
			if diff := cmp.Diff(tt.Text, textOf(t, res)); diff != "" {
				t.Errorf("content[0].text mismatch (-want +got):\n%s", diff)
			}
			if _, ok := mcpgo.FromResult(res); ok != tt.IsError {
				t.Errorf("FromResult reads a failure: %v, want %v", ok, tt.IsError)
			}
		})
	}
}

// TestReasons asserts the wire shape of every reason the tools declare, one
// line each, with mcpgotest.
func TestReasons(t *testing.T) {
	c := mcpgotest.Connect(t, newTestServer())
	c.ExpectReason(t, "search_books", map[string]any{"query": "x"}, "query_too_short")
	c.ExpectReason(t, "get_book", map[string]any{"id": "b-99"}, "book_not_found")
	c.ExpectReason(t, "reserve_book", map[string]any{"id": "b-3", "patron": "P-1"}, "book_unavailable")
	c.Call(t, "reserve_book", map[string]any{"id": "b-1", "patron": "P-2"})
	c.Call(t, "reserve_book", map[string]any{"id": "b-2", "patron": "P-2"})
	c.ExpectReason(t, "reserve_book", map[string]any{"id": "b-4", "patron": "P-2"}, "reservation_limit_reached")
	c.ExpectReason(t, "fetch_reviews", map[string]any{"id": "b-4"}, "reviews_unavailable")
	c.ExpectReason(t, "fetch_reviews", map[string]any{"id": "b-99"}, "book_not_found")
	c.ExpectReason(t, "reserve_book", map[string]any{"id": 7}, "invalid_arguments")
}

// TestUpstreamBodyStaysOnServer checks that what the reviews service says
// in its error body reaches no part of the result.
func TestUpstreamBodyStaysOnServer(t *testing.T) {
	res := mcpgotest.Connect(t, newTestServer()).Call(t, "fetch_reviews", map[string]any{"id": "b-4"})
	wire, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range shoptest.UpstreamSecrets {
		if strings.Contains(string(wire), secret) {
			t.Errorf("the upstream's error body leaked into the result: %s", wire)
		}
	}
}

// TestContracts checks that every tool advertises its contract, and which
// tools are marked read-only.
func TestContracts(t *testing.T) {
	s := newTestServer()
	got := make(map[string][]string)
	var readOnly []string
	for name, tool := range s.ListTools() {
		var entries []any
		raw, err := json.Marshal(tool.Tool.Meta.AdditionalFields[mcpgo.MetaKeyErrors])
		if err != nil || json.Unmarshal(raw, &entries) != nil {
			t.Fatalf("%s: the contract does not round-trip: %v", name, err)
		}
		for _, e := range entries {
			got[name] = append(got[name], e.(map[string]any)["reason"].(string))
		}
		if hint := tool.Tool.Annotations.ReadOnlyHint; hint != nil && *hint {
			readOnly = append(readOnly, name)
		}
	}
	if diff := cmp.Diff(shoptest.Contracts, got); diff != "" {
		t.Errorf("advertised reasons mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"fetch_reviews", "get_book", "search_books"}, readOnly, cmpopts.SortSlices(func(a, b string) bool { return a < b })); diff != "" {
		t.Errorf("read-only tools mismatch (-want +got):\n%s", diff)
	}
}

// textOf returns content[0].text of a result.
func textOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatal("result has no content")
	}
	text, ok := mcp.AsTextContent(res.Content[0])
	if !ok {
		t.Fatalf("content[0] is %T, want text", res.Content[0])
	}
	return text.Text
}
