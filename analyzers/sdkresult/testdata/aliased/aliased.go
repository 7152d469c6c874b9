// Package aliased imports the SDKs under other names: symbols are known by
// their package path, not by how a file names them.
package aliased

import (
	"context"
	"errors"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	rpc "github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}

func raw(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	if req == nil {
		return nil, &rpc.Error{Code: rpc.CodeInvalidRequest, Message: "no request"}
	}
	if req.Params == nil {
		return &sdk.CallToolResult{IsError: true}, nil // want `sdk-error-result-without-content`
	}
	return nil, errors.New("raw") // want `sdk-protocol-error`
}

func typed(ctx context.Context, req *sdk.CallToolRequest, in In) (*sdk.CallToolResult, struct{}, error) {
	return nil, struct{}{}, fmt.Errorf("typed: %w", &rpc.Error{Code: rpc.CodeInvalidParams}) // want `sdk-wrapped-protocol-error`
}

func plain(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return nil, nil // want `sdk-nil-result`
}

func Register(s *sdk.Server) {
	s.AddTool(&sdk.Tool{Name: "raw", InputSchema: map[string]any{"type": "object"}}, raw)
	sdk.AddTool(s, &sdk.Tool{Name: "typed"}, typed)
}
