// Package middleware is another package's per-handler wrapper: what it // want package:"root fixes: middleware/middleware.go:19"
// does with a handler's errors is not known where the handler is written.
package middleware

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Convert turns a handler's errors into error results.
func Convert(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			res = &mcp.CallToolResult{}
			res.SetError(err)
		}
		return res, nil
	}
}
