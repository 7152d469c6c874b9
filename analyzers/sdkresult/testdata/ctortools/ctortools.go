// Package ctortools registers a tool on the server it is given; ctormain // want package:"ctortools.Lookup pending: sdk-protocol-error@18"
// builds that server with ctorserver.NewServer and options that pass
// errors on.
package ctortools

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return nil, fmt.Errorf("reading the item: %w", err) // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler as a JSON-RPC internal error`
	}
	return mcp.NewToolResultText(string(data)), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lookup"), Lookup)
}
