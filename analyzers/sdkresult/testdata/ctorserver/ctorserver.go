// Package ctorserver builds the project's mcp-go server with options of
// its own and those its callers, in other packages, hand it: whether the
// server turns handlers' errors into results is the callers' to decide.
package ctorserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// NewServer builds the server.
func NewServer(version string, opts ...server.ServerOption) *server.MCPServer {
	defaults := []server.ServerOption{server.WithToolCapabilities(true)}
	opts = append(defaults, opts...)
	return server.NewMCPServer("inventory", version, opts...)
}

// NewConvertingServer builds a server whose own options convert
// handlers' errors: its callers' options cannot undo that.
func NewConvertingServer(version string, opts ...server.ServerOption) *server.MCPServer {
	defaults := []server.ServerOption{server.WithToolHandlerMiddleware(Converting())}
	opts = append(defaults, opts...)
	return server.NewMCPServer("inventory", version, opts...)
}

// Converting is a middleware that answers every handler's error as an
// error result.
func Converting() server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := next(ctx, req)
			if err != nil {
				return mcp.NewToolResultError(err.Error()), nil
			}
			return res, nil
		}
	}
}
