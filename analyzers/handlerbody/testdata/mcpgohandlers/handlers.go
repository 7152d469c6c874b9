// Package mcpgohandlers declares an mcp-go handler another package
// registers.
package mcpgohandlers

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

func lookup(ctx context.Context) (string, error) { return "", nil }

func Echo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := lookup(ctx)
	if err != nil {
		return mcp.NewToolResultError("lookup failed"), nil // want `preserve-cause-on-rethrow: the error result returned while handling err`
	}
	return mcp.NewToolResultText(v), nil
}
