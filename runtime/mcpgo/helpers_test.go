package mcpgo_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/internal/bindingtest"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
)

// stdioServerEnv makes the test binary, run as a child process, serve
// get_book over stdio instead of running tests: "plain" without
// server.WithRecovery, "recovery" with it; "raw" serves a raw mcp-go tool,
// "boom", that panics, for TestMCPGoStdioRecoversPanics.
const stdioServerEnv = "MCPGO_TEST_STDIO_SERVER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(stdioServerEnv); mode != "" {
		os.Exit(serveStdio(mode))
	}
	os.Exit(m.Run())
}

// serveStdio serves get_book over stdio until stdin closes.
func serveStdio(mode string) int {
	var opts []server.ServerOption
	if mode == "recovery" {
		opts = append(opts, server.WithRecovery())
	}
	s := server.NewMCPServer("test-server", "v0.0.1", opts...)
	if mode == "raw" {
		s.AddTool(mcp.NewTool("boom"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			panic("the shelf index at 10.0.3.7 is corrupt")
		})
	} else {
		mcpgo.AddTool(s, bindingtest.GetBook(),
			mcpgo.WithLogger(slog.New(slog.NewTextHandler(os.Stderr, nil))), mcpgo.WithRequestIDs(bindingtest.SequentialIDs()))
	}
	if err := server.ServeStdio(s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// connect starts a server with the given options and the tools register
// adds, and returns mcp-go's in-process client of it, initialized; it is
// closed when t ends.
func connect(t *testing.T, register func(*server.MCPServer), opts ...server.ServerOption) *client.Client {
	t.Helper()
	s := server.NewMCPServer("test-server", "v0.0.1", opts...)
	register(s)
	return connectTo(t, s)
}

// connectTo returns mcp-go's in-process client of s, initialized; it is
// closed when t ends.
func connectTo(t *testing.T, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatalf("NewInProcessClient: %v", err)
	}
	return initialize(t, c)
}

// connectStdio starts this test binary as a stdio server in the given
// mode (see stdioServerEnv) and returns mcp-go's stdio client of it.
func connectStdio(t *testing.T, mode string) *client.Client {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a child process")
	}
	c, err := client.NewStdioMCPClient(os.Args[0], []string{stdioServerEnv + "=" + mode}, "-test.run=^$")
	if err != nil {
		t.Fatalf("NewStdioMCPClient: %v", err)
	}
	return initialize(t, c)
}

// initialize starts and initializes a client, and closes it when t ends.
func initialize(t *testing.T, c *client.Client) *client.Client {
	t.Helper()
	t.Cleanup(func() { _ = c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatalf("Start: %v", err)
	}
	var req mcp.InitializeRequest
	req.Params.ClientInfo = mcp.Implementation{Name: "test-client", Version: "v0.0.1"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatalf("Initialize: %v", err)
	}
	return c
}

// callTool calls a tool and returns the result or the protocol error.
func callTool(c *client.Client, name string, args any) (*mcp.CallToolResult, error) {
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	return c.CallTool(context.Background(), req)
}

// call calls a tool and fails the test on a protocol error: every outcome of
// a bound tool, failures included, must be a result.
func call(t *testing.T, c *client.Client, name string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := callTool(c, name, args)
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
	text, ok := mcp.AsTextContent(res.Content[0])
	if !ok {
		t.Fatalf("content[0] is %T, want text", res.Content[0])
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

// advertisedTool returns the named tool as tools/list sends it, decoded from
// JSON as a client without mcp-go's types reads it. (mcp-go's own client
// decodes schemas into its ToolOutputSchema type, which keeps neither anyOf
// nor descriptions, so the tests read the tool where the server encodes it.)
func advertisedTool(t *testing.T, s *server.MCPServer, name string) map[string]any {
	t.Helper()
	tool := s.GetTool(name)
	if tool == nil {
		t.Fatalf("the server has no tool %q", name)
	}
	raw, err := json.Marshal(tool.Tool)
	if err != nil {
		t.Fatalf("encoding the tool as tools/list does: %v", err)
	}
	return decodeJSON(t, string(raw)).(map[string]any)
}

// getBookServer returns a server with get_book registered, numbering
// failures req-1, req-2, …
func getBookServer(log *bindingtest.Recorder, opts ...server.ServerOption) *server.MCPServer {
	s := server.NewMCPServer("test-server", "v0.0.1", opts...)
	mcpgo.AddTool(s, bindingtest.GetBook(), mcpgo.WithLogger(slog.New(log)), mcpgo.WithRequestIDs(bindingtest.SequentialIDs()))
	return s
}

// serveGetBook connects an in-process client to a server with get_book
// registered, numbering failures req-1, req-2, …
func serveGetBook(t *testing.T, log *bindingtest.Recorder, opts ...server.ServerOption) *client.Client {
	t.Helper()
	return connectTo(t, getBookServer(log, opts...))
}

// serveGetBookWith connects an in-process client to a server with the given
// options and get_book, logging nowhere.
func serveGetBookWith(t *testing.T, opts ...server.ServerOption) *client.Client {
	t.Helper()
	return serveGetBook(t, &bindingtest.Recorder{}, opts...)
}
