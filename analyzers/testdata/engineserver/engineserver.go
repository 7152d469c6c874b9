// Package engineserver registers a tool that plans jobs with package
// engineplan: the causes package engines loses reach its client through
// engineplan, which it calls, and engines' interface, which it never
// names.
package engineserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/engineplan"
)

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("engines", "1.0.0")
	s.AddTool(mcp.NewTool("plan"), plan)
	return s
}

func plan(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	job, err := engineplan.Plan(req.GetString("engine", "local"), req.GetString("model", ""))
	if err != nil {
		return mcp.NewToolResultErrorf("planning failed: %v", err), nil
	}
	return mcp.NewToolResultText("planned on " + job.Engine), nil
}
