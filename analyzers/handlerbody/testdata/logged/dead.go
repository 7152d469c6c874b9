package logged

import (
	"context"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// described checks err again inside another if, after returning on it:
// the inner branch never runs (left from an edit), and is not judged.
func described(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the description", err), nil
	}
	if !strings.HasPrefix(string(data), "#") {
		if err != nil {
			return mcp.NewToolResultError("the description could not be read"), nil
		}
	}
	return mcp.NewToolResultText(string(data)), nil
}

// fallback gives err a new value before checking it again: that branch
// runs, and loses the second read's error.
func fallback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the description", err), nil
	}
	if len(data) == 0 {
		data, err = os.ReadFile("/etc/default-description")
		if err != nil {
			return mcp.NewToolResultError("the description could not be read"), nil // want `preserve-cause-on-rethrow`
		}
	}
	return mcp.NewToolResultText(string(data)), nil
}

func registerDead(m *server.MCPServer) {
	m.AddTool(mcp.NewTool("described"), described)
	m.AddTool(mcp.NewTool("fallback"), fallback)
	m.AddTool(mcp.NewTool("retried"), retried)
}

// retried checks err at the top of a loop that assigns it further down:
// the check runs with the last round's error.
func retried(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the description", err), nil
	}
	for _, alt := range req.GetStringSlice("alternatives", nil) {
		if len(data) > 0 {
			if err != nil {
				return mcp.NewToolResultError("an alternative could not be read"), nil // want `preserve-cause-on-rethrow`
			}
		}
		data, err = os.ReadFile(alt)
	}
	return mcp.NewToolResultText(string(data)), nil
}
