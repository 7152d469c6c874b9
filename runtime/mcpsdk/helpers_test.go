package mcpsdk_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcperrlint/mcperrlint/runtime/internal/bindingtest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect starts a server with the tools register adds and returns a client
// session to it over in-memory transports; both are closed when t ends.
func connect(t *testing.T, register func(*mcp.Server)) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "test-server", Version: "v0.0.1"}, nil)
	register(server)
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	serverSession, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatalf("server.Connect: %v", err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0.0.1"}, nil)
	session, err := client.Connect(ctx, clientTransport, nil)
	if err != nil {
		t.Fatalf("client.Connect: %v", err)
	}
	t.Cleanup(func() {
		_ = session.Close()
		_ = serverSession.Wait()
	})
	return session
}

// call calls a tool and fails the test on a protocol error: every outcome of
// a bound tool, failures included, must be a result.
func call(t *testing.T, session *mcp.ClientSession, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): protocol error %v; want a result", name, err)
	}
	return res
}

// textOf returns content[0].text of a result.
func textOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatalf("result has no content")
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content[0] is %T, want *mcp.TextContent", res.Content[0])
	}
	return text.Text
}

// decodeJSON decodes JSON text the way the client decodes results, for
// comparisons with cmp.
func decodeJSON(t *testing.T, text string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("bad test JSON %s: %v", text, err)
	}
	return v
}

// sequentialIDs returns a request-id generator yielding req-1, req-2, …
var sequentialIDs = bindingtest.SequentialIDs

// recorder is a slog.Handler that keeps every record, for assertions.
type recorder = bindingtest.Recorder

// attrs returns a record's attributes as a map, with values resolved.
var attrs = bindingtest.Attrs
