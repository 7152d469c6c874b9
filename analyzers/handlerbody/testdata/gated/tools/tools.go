package tools // want package:"abstract sources: fixtures/gated/tools.Gate.Check"

// Package tools checks a gate before each tool runs: which gate, it
// cannot know; the program wires one in.

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Gate says whether the tools may run now.
type Gate interface {
	Check(ctx context.Context) error
}

// Register registers the tools on s, each behind g.
func Register(s *server.MCPServer, g Gate) {
	s.AddTool(mcp.NewTool("status"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := g.Check(ctx); err != nil {
			return mcp.NewToolResultErrorFromErr("the gate refused the call", err), nil
		}
		return mcp.NewToolResultText("ok"), nil
	})
}
