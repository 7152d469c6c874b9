// Package serve runs the registry's tools behind one mcp-go handler,
// which turns their errors into error results: what the tools lose on the
// way is lost for the client too.
package serve

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/toolreg"
	_ "fixtures/toolreg/calc"
	_ "fixtures/toolreg/fetch"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, ok := toolreg.Get(req.Params.Name)
	if !ok {
		return mcp.NewToolResultError("no such tool"), nil
	}
	res, err := t.Execute(ctx, req.GetArguments())
	if err != nil {
		return mcp.NewToolResultErrorFromErr("the tool failed", err), nil
	}
	return res, nil
}

func Serve() {
	s := server.NewMCPServer("registry", "1.0.0")
	s.AddTool(mcp.NewTool("calc"), handle)
	s.AddTool(mcp.NewTool("fetch"), handle)
}
