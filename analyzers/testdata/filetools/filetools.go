// Package filetools registers its tools on a server it is given, each
// through a function literal that returns a method's results as its own:
// the literal is a root of that one method's returns, and the server,
// built in fileserver, is the root of them all.
package filetools

import (
	"context"
	"errors"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Provider struct{ root string }

func Register(s *server.MCPServer, p *Provider) {
	s.AddTool(mcp.NewTool("read"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return p.read(ctx, req)
	})
	s.AddTool(mcp.NewTool("remove"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return p.remove(ctx, req)
	})
}

func (p *Provider) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // folded under the server that hands it on raw (TestServerRoots)
	}
	if p.root == "" {
		return nil, errors.New("no root directory") // folded under the server that hands it on raw (TestServerRoots)
	}
	return mcp.NewToolResultText(name), nil
}

func (p *Provider) remove(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // folded under the server that hands it on raw (TestServerRoots)
	}
	if err := os.Remove(p.root + "/" + name); err != nil {
		return mcp.NewToolResultErrorFromErr("could not remove "+name, err), nil
	}
	return mcp.NewToolResultText("removed"), nil
}
