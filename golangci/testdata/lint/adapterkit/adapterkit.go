// Package adapterkit turns the project's tool functions into go-sdk raw
// handlers and hands their errors on to the SDK as they are: every
// handler's error becomes a JSON-RPC error the model never sees. Its one
// forwarding return is the root of all of them, and gets the fix, though
// the findings are reported by the package whose handlers it adapts.
package adapterkit

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Func is a tool as the project writes it.
type Func func(ctx context.Context, name string) (*mcp.CallToolResult, error)

// Handler adapts f to the go-sdk.
func Handler(f Func) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := f(ctx, req.Params.Name)
		return res, err // golangci: sdk-protocol-error
	}
}
