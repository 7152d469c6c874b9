// Package chatbare builds a server without such a middleware.
package chatbare

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/chat"
)

func New(h *chat.Handler) *server.MCPServer {
	s := server.NewMCPServer("chat-history", "1.0.0")
	s.AddTool(mcp.NewTool("history"), h.History)
	return s
}
