package mcpgo // want `foreign handler "mcp-go handler Echo": mcp-go handler \[result error\] deferred`

import (
	"context"

	"fixtures/mcpgohandlers"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct{ Name string }
type Result struct{ Greeting string }

func plain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler "mcp-go handler plain": mcp-go handler \[result error\] deferred`
	return mcp.NewToolResultText("hi"), nil
}

func typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) { // want `handler "mcp-go typed handler typed": mcp-go typed handler \[result error\] deferred`
	return mcp.NewToolResultText(args.Name), nil
}

func structured(ctx context.Context, req mcp.CallToolRequest, args Args) (Result, error) { // want `handler "mcp-go structured handler structured": mcp-go structured handler \[output error\] converting`
	return Result{}, nil
}

func inServerTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) { // want `handler "mcp-go handler inServerTool": mcp-go handler \[result error\] deferred`
	return mcp.NewToolResultText("hi"), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("plain"), plain)
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("structured"), mcp.NewStructuredToolHandler(structured))
	s.AddTool(mcp.NewTool("echo"), mcpgohandlers.Echo)
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("st"), Handler: inServerTool})
}
