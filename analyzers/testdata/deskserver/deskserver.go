// Package deskserver serves a vendor whose two clients fill one response
// type's Bytes with the body. Where the call is known, the finding names
// the client that filled the value it shows, not the other one that
// fills the same field.
package deskserver

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/desk/alpha"
	"example.com/upstream/desk/beta"
)

var (
	tickets = &alpha.Client{URL: "https://desk.example/tickets"}
	agents  = &beta.Client{URL: "https://desk.example/agents"}
)

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("desk", "1.0.0")
	s.AddTool(mcp.NewTool("ticket"), ticket)
	s.AddTool(mcp.NewTool("agent"), agent)
	return s
}

func ticket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, _, err := tickets.Get(ctx, req.GetString("id", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the ticket", err), nil
	}
	return mcp.NewToolResultText(t), nil
}

func agent(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, resp, err := agents.Get(ctx, req.GetString("id", ""))
	if err != nil {
		if resp != nil {
			return mcp.NewToolResultError(fmt.Sprintf("reading the agent failed: %s", resp.Bytes.String())), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through beta.\(\*Client\).Get → beta.\(\*Client\).process \(beta/beta.go:\d+\), includes an HTTP response body read with io.ReadAll` `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
		}
		return mcp.NewToolResultErrorFromErr("reading the agent", err), nil
	}
	return mcp.NewToolResultText(a), nil
}
