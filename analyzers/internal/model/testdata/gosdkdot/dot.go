package gosdkdot

import (
	"context"

	. "github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *Server) {
	s.AddTool(&Tool{Name: "dot"}, func(ctx context.Context, req *CallToolRequest) (*CallToolResult, error) {
		return &CallToolResult{}, nil
	})
}
