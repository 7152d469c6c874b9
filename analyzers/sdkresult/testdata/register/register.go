// Package register registers handlers declared in package handlers; their
// bodies are not here, and nothing is reported here.
package register

import (
	"fixtures/handlers"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Register(s *mcp.Server, ms *server.MCPServer) {
	s.AddTool(&mcp.Tool{Name: "search", InputSchema: map[string]any{"type": "object"}}, handlers.Search)
	s.AddTool(&mcp.Tool{Name: "generated", InputSchema: map[string]any{"type": "object"}}, handlers.Generated)
	ms.AddTool(mcpgo.NewTool("echo"), handlers.Echo)
}
