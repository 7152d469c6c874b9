// Package serve builds an mcp-go server without a middleware that converts
// errors, and registers a handler of package handlers on it: the
// handler's errors are JSON-RPC errors, reported at its return in
// handlers.go.
package serve

import (
	"fixtures/handlers"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func New() *server.MCPServer {
	s := server.NewMCPServer("echo", "1.0.0", server.WithRecovery())
	s.AddTool(mcp.NewTool("echo"), handlers.Echo)
	s.AddTool(mcp.NewTool("greet"), handlers.Recovered(handlers.Greet))
	return s
}
