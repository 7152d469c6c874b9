package mcpgo

import (
	"context"

	"fixtures/mcpgohandlers"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct{ Name string }
type Result struct{ Greeting string }

func plain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("hi"), nil
}

func typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(args.Name), nil
}

func structured(ctx context.Context, req mcp.CallToolRequest, args Args) (Result, error) {
	return Result{}, nil
}

func inServerTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("hi"), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("plain"), plain)
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("structured"), mcp.NewStructuredToolHandler(structured))
	s.AddTool(mcp.NewTool("echo"), mcpgohandlers.Echo)
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("st"), Handler: inServerTool})
}
