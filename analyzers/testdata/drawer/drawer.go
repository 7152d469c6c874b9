// Package drawer declares its tools as a list of mcp-go ServerTools, whose
// handlers are methods: it does not know the server they will be added
// to. drawerreg adds them to a server it is given, and drawermain builds
// that server: only there is it known that the errors reach the client as
// JSON-RPC errors, and the findings are reported there, here.
package drawer

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Drawer struct{ items map[string]string }

func New() *Drawer { return &Drawer{items: map[string]string{}} }

func (d *Drawer) Open(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // folded under the server that hands it on raw (TestServerRoots)
	}
	item, ok := d.items[name]
	if !ok {
		return nil, errors.New("no such drawer") // folded under the server that hands it on raw (TestServerRoots)
	}
	return mcp.NewToolResultText(item), nil
}

func (d *Drawer) Tools() []server.ServerTool {
	return []server.ServerTool{
		{Tool: mcp.NewTool("open"), Handler: d.Open},
	}
}
