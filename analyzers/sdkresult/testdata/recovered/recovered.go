// Package recovered has tool wrappers that recover from a handler's
// panic, and set the error a wrapped handler returns in a deferred
// function.
package recovered

import (
	"context"
	"fmt"
	"log"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// withRecovery turns a panic into an error: every tool it wraps fails so
// when it panics.
func withRecovery(name string, next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Printf("%s panicked: %v", name, r)
				res = nil
				err = fmt.Errorf("internal error in %s: %v", name, r) // want `sdk-protocol-error: this deferred function sets err, the handler's error, and mcp-go sends it as a JSON-RPC internal error`
			}
		}()
		return next(ctx, req)
	}
}

// withResultRecovery answers a panic with an error result: the model
// reads it.
func withResultRecovery(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = mcp.NewToolResultError(fmt.Sprintf("the tool failed: %v", r)), nil
			}
		}()
		return next(ctx, req)
	}
}

// withContext wraps the error the handler returned: what it was is for
// that handler to say.
func withContext(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if err != nil {
				err = fmt.Errorf("tool %s: %w", req.Params.Name, err)
			}
		}()
		return next(ctx, req)
	}
}

func greet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("hello"), nil
}

func Serve() *server.MCPServer {
	s := server.NewMCPServer("recovered", "1.0.0")
	s.AddTool(mcp.NewTool("greet"), withRecovery("greet", greet))
	s.AddTool(mcp.NewTool("greet_result"), withResultRecovery(greet))
	s.AddTool(mcp.NewTool("greet_context"), withContext(greet))
	return s
}

// rawRecovered is a go-sdk raw handler that recovers from its own panic.
func rawRecovered(ctx context.Context, req *gosdk.CallToolRequest) (res *gosdk.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r) // want `sdk-protocol-error: this deferred function sets err, the handler's error, and the go-sdk sends it as a JSON-RPC error with code 0`
		}
	}()
	return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: "ok"}}}, nil
}

func ServeSDK() *gosdk.Server {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "recovered"}, nil)
	s.AddTool(&gosdk.Tool{Name: "raw", InputSchema: map[string]any{"type": "object"}}, rawRecovered)
	return s
}
