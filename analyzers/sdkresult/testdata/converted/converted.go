// Package converted builds an mcp-go server whose tool handler middleware
// turns every handler's error into an error result: nothing registered on
// it is a protocol error.
package converted

import (
	"context"

	"fixtures/handlers"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func toResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("the tool failed", err), nil
		}
		return res, nil
	}
}

func New() *server.MCPServer {
	s := server.NewMCPServer("ping", "1.0.0", server.WithToolHandlerMiddleware(toResults))
	s.AddTool(mcp.NewTool("ping"), handlers.Ping)
	return s
}
