// Package mcpgotest tests an mcp-go server's tools through mcp-go's own
// in-process client, the way an agent sees them: one line per declared
// reason asserts that a call fails with that reason, in the shape the
// runtime promises.
//
//	func TestGetBookFailures(t *testing.T) {
//		c := mcpgotest.Connect(t, newServer())
//		c.ExpectReason(t, "get_book", map[string]any{"id": "b-99"}, "book_not_found")
//		c.ExpectReason(t, "get_book", map[string]any{"id": 7}, "invalid_arguments")
//	}
package mcpgotest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/internal/wireshape"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
)

// A Client is mcp-go's in-process client of a server.
type Client struct {
	// Client is mcp-go's client, started and initialized, for calls the
	// helpers do not cover.
	Client *client.Client
	server *server.MCPServer
}

// Connect starts and initializes an in-process client of s; it is closed
// when t ends. It fails t if that fails.
func Connect(t testing.TB, s *server.MCPServer) *Client {
	t.Helper()
	ctx := context.Background()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatalf("mcpgotest: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatalf("mcpgotest: starting the client: %v", err)
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "mcpgotest", Version: "v1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatalf("mcpgotest: initializing the client: %v", err)
	}
	return &Client{Client: c, server: s}
}

// Call calls a tool and returns its result. A protocol error fails t: a
// tool bound by mcpgo answers every call with a result.
func (c *Client) Call(t testing.TB, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	var req mcp.CallToolRequest
	req.Params.Name, req.Params.Arguments = tool, args
	res, err := c.Client.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("mcpgotest: calling %s %s: protocol error %v", tool, wireshape.JSONText(args), err)
	}
	return res
}

// ExpectReason calls tool with args and fails t unless the result is the
// failure the tool's contract declares for reason, in the shape the runtime
// sends: isError true; structuredContent {"error": {code, message, data}}
// that the advertised output schema admits; content[0] exactly its text;
// data.reason the reason, which the tool advertises in _meta with the same
// code and retryability; and a request id. It returns the failure for
// further checks (its message, its hint).
func (c *Client) ExpectReason(t testing.TB, tool string, args any, reason string) mcperr.WireError {
	t.Helper()
	res := c.Call(t, tool, args)
	text := ""
	if len(res.Content) > 0 {
		if tc, ok := mcp.AsTextContent(res.Content[0]); ok {
			text = tc.Text
		}
	}
	w, problems := wireshape.Check(c.advertised(t, tool), wireshape.Result{
		IsError:    res.IsError,
		Text:       text,
		Structured: res.StructuredContent,
	}, reason)
	for _, p := range problems {
		t.Errorf("%s %s: %s", tool, wireshape.JSONText(args), p)
	}
	return w
}

// advertised returns what tools/list says of tool, as the server encodes
// it: mcp-go's client decodes output schemas into a type that keeps no
// anyOf, so the schema is read where it is sent.
func (c *Client) advertised(t testing.TB, name string) wireshape.Tool {
	t.Helper()
	st := c.server.GetTool(name)
	if st == nil {
		t.Fatalf("mcpgotest: the server has no tool %q", name)
	}
	raw, err := json.Marshal(st.Tool)
	if err != nil {
		t.Fatalf("mcpgotest: encoding tool %q as tools/list does: %v", name, err)
	}
	var tool struct {
		Meta         map[string]any `json:"_meta"`
		OutputSchema any            `json:"outputSchema"`
	}
	if err := json.Unmarshal(raw, &tool); err != nil {
		t.Fatalf("mcpgotest: decoding tool %q: %v", name, err)
	}
	return wireshape.Tool{Name: name, Contract: tool.Meta[mcpgo.MetaKeyErrors], OutputSchema: tool.OutputSchema}
}
