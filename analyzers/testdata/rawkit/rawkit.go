// Package rawkit turns handlers that look typed into the go-sdk's raw
// handlers, the way a server's shared toolkit package does. What a
// handler's return means is decided here, not where the handler is.
package rawkit

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Typed is a handler with a typed input and the results of a typed one.
type Typed[In any] func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error)

// Raw hands the SDK h's result and error as they are: an error h returns
// is a JSON-RPC error with code 0, although h looks like a typed handler.
func Raw[In any](h Typed[In]) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			res := &mcp.CallToolResult{}
			res.SetError(fmt.Errorf("invalid arguments: %w", err))
			return res, nil
		}
		res, _, err := h(ctx, req, in)
		return res, err
	}
}

// Converting turns h's errors into error results, the way the SDK treats
// a typed handler's: nothing h returns is a protocol error.
func Converting[In any](h Typed[In]) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			res := &mcp.CallToolResult{}
			res.SetError(fmt.Errorf("invalid arguments: %w", err))
			return res, nil
		}
		res, _, err := h(ctx, req, in)
		if err != nil {
			res = &mcp.CallToolResult{}
			res.SetError(err)
		}
		return res, nil
	}
}
