// Package wrappers has handlers whose errors pass through a wrapper before
// they reach the SDK, and handler-shaped helpers.
package wrappers

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"fixtures/middleware"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// converting turns the handler's errors into error results.
func converting(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			out := &mcp.CallToolResult{}
			out.SetError(err)
			return out, nil
		}
		return res, nil
	}
}

// timed passes the handler's errors on, wrapped.
func timed(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		res, err := h(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("after %v: %w", time.Since(start), err)
		}
		return res, nil
	}
}

// recovering is an mcp-go wrapper that passes errors on untouched.
func recovering(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		defer func() {
			if r := recover(); r != nil {
				log.Print(r)
			}
		}()
		return h(ctx, req)
	}
}

func convertedHere(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("converted by the wrapper")
}

func convertedElsewhere(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("converted by another package's wrapper")
}

func passedOn(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("passed on by the wrapper") // want `sdk-protocol-error`
}

func mcpgoPassedOn(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	return nil, errors.New("passed on") // want `sdk-protocol-error`
}

func Register(s *mcp.Server) {
	ms := server.NewMCPServer("wrappers", "1.0.0")
	tool := func(name string) *mcp.Tool {
		return &mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}}
	}
	s.AddTool(tool("converted_here"), converting(convertedHere))
	s.AddTool(tool("converted_elsewhere"), middleware.Convert(convertedElsewhere))
	s.AddTool(tool("passed_on"), timed(passedOn))
	s.AddTool(tool("literal"), converting(func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("converted by the wrapper")
	}))
	s.AddTool(tool("literal_passed_on"), timed(func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("passed on by the wrapper") // want `sdk-protocol-error`
	}))
	ms.AddTool(mcpgo.NewTool("mcpgo"), recovering(mcpgoPassedOn))

	// A handler-shaped literal called as a helper: its caller decides.
	s.AddTool(tool("with_helper"), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		lookup := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, errors.New("helper failure")
		}
		res, err := lookup(ctx, req)
		if err != nil {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}, IsError: true}, nil
		}
		return res, nil
	})
}
