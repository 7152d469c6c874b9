// Package mcpsdktest tests a go-sdk server's tools through a real in-memory
// client, the way an agent sees them: one line per declared reason asserts
// that a call fails with that reason, in the shape the runtime promises.
//
//	func TestGetBookFailures(t *testing.T) {
//		c := mcpsdktest.Connect(t, newServer())
//		c.ExpectReason(t, "get_book", map[string]any{"id": "b-99"}, "book_not_found")
//		c.ExpectReason(t, "get_book", map[string]any{"id": 7}, "invalid_arguments")
//	}
package mcpsdktest

import (
	"context"
	"testing"

	"github.com/mcperrlint/mcperrlint/runtime/internal/wireshape"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Client is a go-sdk client connected to a server over in-memory
// transports.
type Client struct {
	// Session is the client's session, for calls the helpers do not cover.
	Session *mcp.ClientSession
}

// Connect connects a client to s over in-memory transports; both ends are
// closed when t ends. It fails t if the connection fails.
func Connect(t testing.TB, s *mcp.Server) *Client {
	t.Helper()
	ctx := context.Background()
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	serverSession, err := s.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatalf("mcpsdktest: connecting the server: %v", err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "mcpsdktest", Version: "v1.0.0"}, nil).Connect(ctx, clientTransport, nil)
	if err != nil {
		t.Fatalf("mcpsdktest: connecting the client: %v", err)
	}
	t.Cleanup(func() {
		_ = session.Close()
		_ = serverSession.Wait()
	})
	return &Client{Session: session}
}

// Call calls a tool and returns its result. A protocol error fails t: a
// tool bound by mcpsdk answers every call with a result.
func (c *Client) Call(t testing.TB, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := c.Session.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("mcpsdktest: calling %s %s: protocol error %v", tool, wireshape.JSONText(args), err)
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
	w, problems := wireshape.Check(c.advertised(t, tool), wireshape.Result{
		IsError:    res.IsError,
		Text:       firstText(res),
		Structured: res.StructuredContent,
	}, reason)
	for _, p := range problems {
		t.Errorf("%s %s: %s", tool, wireshape.JSONText(args), p)
	}
	return w
}

// advertised returns what tools/list says of tool.
func (c *Client) advertised(t testing.TB, name string) wireshape.Tool {
	t.Helper()
	for tool, err := range c.Session.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatalf("mcpsdktest: listing the tools: %v", err)
		}
		if tool.Name == name {
			return wireshape.Tool{Name: name, Contract: tool.Meta[mcpsdk.MetaKeyErrors], OutputSchema: tool.OutputSchema}
		}
	}
	t.Fatalf("mcpsdktest: the server has no tool %q", name)
	return wireshape.Tool{}
}

// firstText returns content[0].text, or "".
func firstText(res *mcp.CallToolResult) string {
	if len(res.Content) > 0 {
		if text, ok := res.Content[0].(*mcp.TextContent); ok {
			return text.Text
		}
	}
	return ""
}
