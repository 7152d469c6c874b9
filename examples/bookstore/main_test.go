package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/shop/shoptest"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk/mcpsdktest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect starts a fresh bookstore and returns an in-memory client of it.
// Failures are numbered req-1, req-2, … in order.
func connect(t *testing.T) *mcpsdktest.Client {
	t.Helper()
	server := newServer(shoptest.Tools(),
		mcpsdk.WithLogger(slog.New(slog.DiscardHandler)), mcpsdk.WithRequestIDs(shoptest.SequentialIDs()))
	return mcpsdktest.Connect(t, server)
}

// TestTools calls each tool once on a success path and on its failure
// paths, and checks the text an agent reads in content[0]: the scenarios
// examples/bookstore-mcpgo's test runs too.
func TestTools(t *testing.T) {
	for _, tt := range shoptest.Scenarios {
		t.Run(tt.Name, func(t *testing.T) {
			c := connect(t)
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
			if _, ok := mcpsdk.FromResult(res); ok != tt.IsError {
				t.Errorf("FromResult reads a failure: %v, want %v", ok, tt.IsError)
			}
		})
	}
}

// TestReasons asserts the wire shape of every reason the tools declare, one
// line each, with mcpsdktest.
func TestReasons(t *testing.T) {
	c := connect(t)
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
// in its error body (an internal host name) reaches no part of the result.
func TestUpstreamBodyStaysOnServer(t *testing.T) {
	res := connect(t).Call(t, "fetch_reviews", map[string]any{"id": "b-4"})
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

// TestContracts checks that every tool advertises its contract, with the
// reasons its handler and services fail with.
func TestContracts(t *testing.T) {
	list, err := connect(t).Session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string][]string)
	for _, tool := range list.Tools {
		entries, _ := tool.Meta[mcpsdk.MetaKeyErrors].([]any)
		for _, e := range entries {
			got[tool.Name] = append(got[tool.Name], e.(map[string]any)["reason"].(string))
		}
	}
	if diff := cmp.Diff(shoptest.Contracts, got); diff != "" {
		t.Errorf("advertised reasons mismatch (-want +got):\n%s", diff)
	}
}

// textOf returns content[0].text of a result.
func textOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatal("result has no content")
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content[0] is %T, want text", res.Content[0])
	}
	return text.Text
}
