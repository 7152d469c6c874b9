// Package monitorserver registers go-sdk tools over package monitor. Its
// handlers fail through errorResult, a printf wrapper: the text of the
// error result is the handler's format applied to the handler's operands,
// one of them the library's error, whose text may be the API's whole
// body. The two texts that show it are one finding, at the first, naming
// the library's place.
package monitorserver

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/upstream/monitor"
)

type hostInput struct {
	Name string `json:"name"`
}

// Register adds the tools to s.
func Register(s *mcp.Server, c *monitor.Client) {
	mcp.AddTool(s, &mcp.Tool{Name: "host"}, hostHandler(c))
	mcp.AddTool(s, &mcp.Tool{Name: "host_state"}, hostStateHandler(c))
	mcp.AddTool(s, &mcp.Tool{Name: "host_name"}, hostNameHandler(c))
}

// errorResult builds an error result: its text is format applied to
// args.
func errorResult(format string, args ...any) (*mcp.CallToolResult, any) {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}},
		IsError: true,
	}, nil
}

func hostHandler(c *monitor.Client) func(context.Context, *mcp.CallToolRequest, hostInput) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in hostInput) (*mcp.CallToolResult, any, error) {
		h, err := c.Host(ctx, in.Name)
		if err != nil {
			res, out := errorResult("reading host %s: %v", in.Name, err) // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll, which monitor.\(\*APIError\).Error prints enters the text of an error at monitor/monitor.go:67 \(in monitor.parseError\), and 2 texts of 2 functions show it`
			return res, out, nil
		}
		return nil, h, nil
	}
}

func hostStateHandler(c *monitor.Client) func(context.Context, *mcp.CallToolRequest, hostInput) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in hostInput) (*mcp.CallToolResult, any, error) {
		h, err := c.Host(ctx, in.Name)
		if err != nil {
			res, out := errorResult("host %s: %s", in.Name, errText(err)) // folded under the library's place, above
			return res, out, nil
		}
		return nil, map[string]string{"state": h.State}, nil
	}
}

// hostNameHandler says what failed in words of its own.
func hostNameHandler(c *monitor.Client) func(context.Context, *mcp.CallToolRequest, hostInput) (*mcp.CallToolResult, any, error) {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in hostInput) (*mcp.CallToolResult, any, error) {
		h, err := c.Host(ctx, in.Name)
		if err != nil {
			res, out := errorResult("the host %s cannot be read now (%d)", in.Name, statusOf(err))
			return res, out, nil
		}
		return nil, map[string]string{"name": h.Name}, nil
	}
}

func errText(err error) string { return err.Error() }

func statusOf(err error) int {
	if e, ok := err.(*monitor.APIError); ok {
		return e.Status
	}
	return 0
}
