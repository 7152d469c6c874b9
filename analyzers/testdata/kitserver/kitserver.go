// Package kitserver adapts toolkit's tools to the go-sdk.
package kitserver

import (
	"context"
	"errors"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/kittools"
	"fixtures/toolkit"
)

// New registers every tool of kittools.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "kit"}, nil)
	tools := append(kittools.Tools(), toolkit.Tool{Name: "version", Handler: version})
	for _, t := range tools {
		s.AddTool(&mcp.Tool{Name: t.Name}, adapt(t))
	}
	for _, t := range kittools.Quiet() {
		s.AddTool(&mcp.Tool{Name: t.Name}, adaptQuiet(t))
	}
	return s
}

// adapt shows the client the failure a handler's result carries.
func adapt(t toolkit.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := t.Handler(toolkit.Params{})
		if err != nil {
			return nil, err // want `sdk-protocol-error`
		}
		out := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}
		if res.Err != nil {
			out.SetError(res.Err)
		}
		return out, nil
	}
}

// adaptQuiet passes a QuietFunc's error on too, but none returns one.
func adaptQuiet(t toolkit.QuietTool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := t.Handler(toolkit.Params{})
		if err != nil {
			return nil, err
		}
		out := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}
		if res.Err != nil {
			out.SetError(res.Err)
		}
		return out, nil
	}
}

// version is a tool of this package: its handler is checked here.
func version(p toolkit.Params) (*toolkit.Result, error) {
	data, err := os.ReadFile("/VERSION")
	if err != nil {
		return toolkit.NewResult("", errors.New("no version")), nil // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return toolkit.NewResult(string(data), nil), nil
}
