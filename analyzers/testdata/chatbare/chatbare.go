// Package chatbare builds a server without such a middleware.
package chatbare

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/chat"
)

func New(h *chat.Handler) *server.MCPServer {
	s := server.NewMCPServer("chat-history", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 1 handler on as JSON-RPC internal errors`
	s.AddTool(mcp.NewTool("history"), h.History)
	return s
}
