// Package adapterserver registers its tools through adapterkit.Handler:
// their errors are decided at the adapter's return, one finding there,
// with the fix adapterkit made, and each return here a related position.
package adapterserver

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gcl/adapterkit"
)

func archive(ctx context.Context, name string) (*mcp.CallToolResult, error) {
	if name == "" {
		return nil, errors.New("name is required")
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "archived"}}}, nil
}

func restore(ctx context.Context, name string) (*mcp.CallToolResult, error) {
	return nil, errors.New("restoring is off")
}

func Serve() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "adapted"}, nil)
	s.AddTool(&mcp.Tool{Name: "archive"}, adapterkit.Handler(archive))
	s.AddTool(&mcp.Tool{Name: "restore"}, adapterkit.Handler(restore))
	return s
}
