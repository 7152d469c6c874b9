// Package causeserver hands the errors of causekit's client to a helper
// that makes the tool's result of them: the errors reach the client.
package causeserver

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/causekit"
)

func result(v any, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		var apiErr *causekit.APIError
		if errors.As(err, &apiErr) {
			return mcp.NewToolResultError(apiErr.Message), nil
		}
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(v)), nil
}

func Register(s *server.MCPServer, c *causekit.Client) {
	s.AddTool(mcp.NewTool("page"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := c.Page(ctx, req.GetString("url", ""))
		return result(v, err)
	})
	s.AddTool(mcp.NewTool("legacy"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := c.Legacy(ctx, req.GetString("url", ""))
		return result(v, err)
	})
	s.AddTool(mcp.NewTool("kept"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := c.Kept(ctx, req.GetString("url", ""))
		return result(v, err)
	})
}
