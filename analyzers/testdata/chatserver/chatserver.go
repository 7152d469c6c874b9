// Package chatserver builds a server whose tool handler middleware turns
// every handler's error into an error result.
package chatserver

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/chat"
)

type Server struct {
	mcp    *server.MCPServer
	logger *log.Logger
}

func New(h *chat.Handler, logger *log.Logger) *Server {
	s := &Server{logger: logger}
	s.mcp = server.NewMCPServer("chat", "1.0.0", server.WithToolHandlerMiddleware(s.errorsAsResults))
	s.mcp.AddTool(mcp.NewTool("channels_list"), h.Channels)
	return s
}

func (s *Server) errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			s.logger.Printf("tool %s: %v", req.Params.Name, err)
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}
