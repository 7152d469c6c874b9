package roots

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ServeOther builds a server in a file that is not the package's first
// server's: its one finding has no fix, since the middleware is declared
// in built.go and golangci-lint applies only the edits in a finding's own
// file.
func ServeOther() {
	s := server.NewMCPServer("other", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
	s.AddTool(mcp.NewTool("owner"), otherOwner)
	s.AddTool(mcp.NewTool("group"), otherGroup)
}

func otherOwner(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("owner is not supported")
}

func otherGroup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("group is not supported")
}
