// Package adapters has a handler adapter of its own, as mcp-grafana does:
// plain functions become mcp-go handlers through MustTool.
package adapters

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// HandlerFunc is what MustTool adapts.
type HandlerFunc[T, R any] = func(ctx context.Context, args T) (R, error)

// Tool holds an mcp-go handler: MustTool is an adapter.
type Tool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

func MustTool[T, R any](name string, h HandlerFunc[T, R]) Tool {
	return Tool{Tool: mcp.NewTool(name), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args T
		r, err := h(ctx, args)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		_ = r
		return mcp.NewToolResultText("ok"), nil
	}}
}

// Convert returns the handler itself.
func Convert[T, R any](name string, h HandlerFunc[T, R]) (mcp.Tool, server.ToolHandlerFunc, error) {
	t := MustTool(name, h)
	return t.Tool, t.Handler, nil
}

type ListArgs struct{ Prefix string }

func listThings(ctx context.Context, args ListArgs) ([]string, error) {
	return nil, nil
}

type svc struct{}

func (svc) count(ctx context.Context, args ListArgs) (int, error) { return 0, nil }

var Tools = []Tool{
	MustTool("list", listThings),
	MustTool("lit", func(ctx context.Context, args ListArgs) (string, error) { return "", nil }),
	MustTool("count", svc{}.count),
}

func convertOne() {
	_, _, _ = Convert("again", listThings)
}

// Not adapters: a callback runner returns no handler; a middleware takes a
// handler that is already an SDK handler of its own kind.
func RunLater(f func(ctx context.Context, n int) (int, error)) {}

func Wrap(h server.ToolHandlerFunc) server.ToolHandlerFunc { return h }

func helper(ctx context.Context, n int) (int, error) { return n, nil }

func plain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("x"), nil
}

func notAdapted() {
	RunLater(helper)
	_ = Wrap(plain)
}
