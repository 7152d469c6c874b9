// Package methodserver registers the methods of package methods on a
// server that passes their errors on to the client as JSON-RPC errors.
package methodserver

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/gcl/methods"
)

func Serve() *server.MCPServer {
	s := server.NewMCPServer("methods", "1.0.0") // golangci: sdk-protocol-error
	h := methods.New()
	s.AddTool(mcp.NewTool("get"), h.HandleGet)
	s.AddTool(mcp.NewTool("delete"), h.HandleDelete)
	s.AddTool(mcp.NewTool("list"), logged(h.HandleList))
	return s
}

// logged logs each call and hands the handler's answer on.
func logged(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log.Printf("call %s", req.Params.Name)
		return next(ctx, req)
	}
}
