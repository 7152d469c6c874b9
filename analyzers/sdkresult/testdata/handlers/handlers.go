// Package handlers declares handlers that package register registers: they // want package:"handlers.Echo pending: sdk-protocol-error@27; handlers.Ping pending: sdk-protocol-error@31" package:"root fixes: handlers/handlers.go:43"
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

// Echo and Ping are mcp-go handlers: whether their errors reach the client
// as JSON-RPC errors depends on the server they are registered on, which
// is not known here. The packages that build the servers decide: serve
// registers Echo on a server that passes errors on, and reports it here;
// converted registers Ping on one whose middleware turns them into
// results.
func Echo(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return nil, errors.New("echo is down") // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler as a JSON-RPC internal error \(-32603\)`
}

func Ping(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return nil, errors.New("ping failed")
}

// Recovered recovers from the panics of the handler it wraps, with an
// error the server registering it sends as a JSON-RPC error.
func Recovered(next func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error)) func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return func(ctx context.Context, req mcpgo.CallToolRequest) (res *mcpgo.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = errors.New("the tool panicked") // want `sdk-protocol-error: this deferred function sets err`
			}
		}()
		return next(ctx, req)
	}
}

// Greet greets.
func Greet(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return mcpgo.NewToolResultText("hello"), nil
}
