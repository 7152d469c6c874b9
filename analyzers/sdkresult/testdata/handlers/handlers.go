// Package handlers declares handlers that package register registers: they
// are found by their signature and checked here, where their bodies are.
package handlers

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func Search(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(req.Params.Arguments) == 0 {
		return nil, errors.New("no query") // want `sdk-protocol-error`
	}
	return nil, nil // want `sdk-nil-result`
}

func Echo(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return nil, errors.New("echo is down") // want `sdk-protocol-error`
}
