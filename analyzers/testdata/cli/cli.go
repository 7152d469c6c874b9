// Package cli adapts command-line tools into mcp-go handlers.
package cli

import (
	"context"
	"fmt"
	"os/exec"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/command"
)

// Tool runs name through command.Run with the request's args, and shows
// the client the text of its error.
func Tool(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := command.Run(ctx, name, strings.Fields(req.GetString("args", ""))...)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through command.Run \(command/command.go:\d+\), includes a subprocess's output`
		}
		return mcp.NewToolResultText(out), nil
	}
}

// QuietTool does the same through command.Quiet.
func QuietTool(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := command.Quiet(ctx, name, strings.Fields(req.GetString("args", ""))...)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}

// Shell runs the command itself, and puts its output in the error text.
func Shell(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := exec.CommandContext(ctx, name, req.GetString("args", "")).CombinedOutput()
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("%s failed: %s", name, out)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError includes a subprocess's output` `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
		}
		return mcp.NewToolResultText(string(out)), nil
	}
}
