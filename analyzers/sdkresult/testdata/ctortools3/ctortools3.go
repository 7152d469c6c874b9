// Package ctortools3 is ctortools registered on a server ctormain3 builds // want package:"ctortools3.Lookup pending: sdk-protocol-error@17"
// with NewConvertingServer: its errors reach the model as results.
package ctortools3

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
		return nil, fmt.Errorf("reading the item: %w", err)
	}
	return mcp.NewToolResultText(string(data)), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lookup"), Lookup)
}
