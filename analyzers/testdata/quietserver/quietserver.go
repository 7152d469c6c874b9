// Package quietserver registers its tools through quietkit, whose roots
// its authors suppressed where they are: nothing they decide is
// reported here.
package quietserver

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/quietkit"
)

func fetch(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	if args["url"] == nil {
		return nil, errors.New("url is required")
	}
	page, err := quietkit.Get(ctx, "https://pages.example/a")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(page), nil
}

func mirror(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	page, err := quietkit.Get(ctx, "https://pages.example/b")
	if err != nil {
		return mcp.NewToolResultError("mirroring failed: " + err.Error()), nil
	}
	return mcp.NewToolResultText(page), nil
}

func show(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	page, err := quietkit.Get(ctx, "https://pages.example/c")
	if err != nil {
		return mcp.NewToolResultError("showing failed: " + err.Error()), nil
	}
	return mcp.NewToolResultText(page), nil
}

func Serve() {
	s := server.NewMCPServer("quiet", "1.0.0")
	s.AddTool(mcp.NewTool("fetch"), quietkit.Tool(fetch))
	s.AddTool(mcp.NewTool("mirror"), quietkit.Tool(mirror))
	s.AddTool(mcp.NewTool("show"), quietkit.Tool(show))
}
