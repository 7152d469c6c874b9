// Package handlers writes a go-sdk handler: it imports an SDK directly, so
// it is loaded from source even when it is not a root.
package handlers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Ping is a raw go-sdk handler.
func Ping(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}
