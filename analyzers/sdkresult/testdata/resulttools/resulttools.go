// Package resulttools answers with resulthelper's results: list returns
// them as they are, show turns the error into a result.
package resulttools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/resulthelper"
)

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return resulthelper.JSON(req.GetArguments())
}

func show(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := resulthelper.Text(req.GetString("text", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("showing", err), nil
	}
	return res, nil
}

func Serve() error {
	s := server.NewMCPServer("items", "1.0")
	s.AddTool(mcp.NewTool("list"), list)
	s.AddTool(mcp.NewTool("show"), show)
	return server.ServeStdio(s)
}
