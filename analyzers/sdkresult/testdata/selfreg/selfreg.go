// Package selfreg registers its tools itself, on a server its caller // want package:"selfreg.Register pending: sdk-protocol-error@22; selfreg.lookup pending: sdk-protocol-error@16"
// passes in: whether their errors reach the client as JSON-RPC errors is
// decided by the package that builds the server (selfmain), which reports
// them here.
package selfreg

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("lookup failed") // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler`
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lookup"), lookup)
	s.AddTool(mcp.NewTool("status"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("status unknown") // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler`
	})
}
