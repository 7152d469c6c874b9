// Package converting is checked with -sdkresult.converting-middleware: a
// middleware turns errors into tool results, so returning an error from a
// raw or plain handler is how this server reports failure.
package converting

import (
	"context"
	"errors"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req == nil {
		return nil, nil // want `sdk-nil-result`
	}
	if req.Params == nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "partial"}}}, errors.New("partial")
	}
	return nil, errors.New("converted by the middleware")
}

func plain(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	// A directive kept for the runs without the flag: in this one the
	// rule is off, so the directive is not reported as unused.
	//mcperrlint:ignore sdk-protocol-error converted by the middleware
	return nil, errors.New("converted by the middleware")
}

// The typed wrapper decides before any middleware sees the error.
func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, struct{ N int }, error) {
	if req == nil {
		return nil, struct{ N int }{N: 1}, errors.New("x") // want `sdk-result-dropped`
	}
	return nil, struct{ N int }{}, fmt.Errorf("x: %w", &jsonrpc.Error{}) // want `sdk-wrapped-protocol-error`
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "raw", InputSchema: map[string]any{"type": "object"}}, raw)
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
}
