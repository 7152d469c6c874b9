package rootsbare

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func registerBare(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("size"), bareSize)
	s.AddTool(mcp.NewTool("mode"), bareMode)
}

func bareSize(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("size is not supported")
}

func bareMode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("mode is not supported")
}

func registerSmall(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("size"), smallSize)
	s.AddTool(mcp.NewTool("mode"), smallMode)
}

func smallSize(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("size is not supported")
}

func smallMode(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("mode is not supported")
}
