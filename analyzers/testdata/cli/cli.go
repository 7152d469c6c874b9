// Package cli adapts command-line tools into mcp-go handlers.
package cli

import (
	"context"
	"errors"
	"fmt"
	"net/url"
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
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}

// ExecTool runs name through command.Exec, which reports the exit code
// in its result: what the command wrote to standard error is raw text,
// its exit code and the command's own name are not.
func ExecTool(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := command.Exec(ctx, name, strings.Fields(req.GetString("args", ""))...)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("the command could not run", err), nil
		}
		if res.ExitCode != 0 {
			if req.GetBool("verbose", false) {
				return mcp.NewToolResultError(fmt.Sprintf("%s exited with %d: %s", res.Command, res.ExitCode, res.Stderr)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through command.Exec \(command/command.go:\d+\), includes a subprocess's output written to stderr`
			}
			return mcp.NewToolResultError(fmt.Sprintf("%s exited with %d", res.Command, res.ExitCode)), nil
		}
		return mcp.NewToolResultText(res.Stdout), nil
	}
}

// ClientTool runs name through a command.Client, whose runner is an
// interface: what its implementation puts in Stderr reaches the text.
func ClientTool(c *command.Client, name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := c.Run(ctx, name, strings.Fields(req.GetString("args", ""))...)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("the command could not run", err), nil
		}
		if res.ExitCode != 0 {
			return mcp.NewToolResultError(res.Command + " failed: " + res.Stderr), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through command.\(\*Client\).Run → command.localRunner.run \(command/command.go:\d+\), includes a subprocess's output written to stderr`
		}
		return mcp.NewToolResultText(res.Stdout), nil
	}
}

// CacheTool answers through a command.Cache, whose error carries what
// the command warming it wrote to standard error.
func CacheTool(c *command.Cache, name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.Output(ctx, name)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through command.\(\*Cache\).Output → command.\(\*Cache\).load \(command/command.go:\d+\), includes a subprocess's output`
		}
		return mcp.NewToolResultText(out), nil
	}
}

// FormatTool prints command.Run's error into its error result with %v:
// the error's text, and the stderr in it, reach the client.
func FormatTool(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := command.Run(ctx, name)
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("%s failed: %v", name, err)), nil // folded under the root reported at line 24
		}
		return mcp.NewToolResultText(out), nil
	}
}

// RetryTool re-wraps its error on every attempt, and prints the last one:
// command.Quiet's error has no output in it.
func RetryTool(name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var err error
		for range 3 {
			var out string
			if out, err = command.Quiet(ctx, name); err == nil {
				return mcp.NewToolResultText(out), nil
			}
			err = fmt.Errorf("retrying: %v", err)
		}
		return mcp.NewToolResultError(fmt.Sprintf("%s failed: %v", name, err)), nil
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

// Fetch validates its URL with a helper and shows the helper's error
// through a message held in a local variable.
func Fetch() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := checkURL(req.GetString("url", "")); err != nil {
			msg := fmt.Sprintf("invalid request: %v", err)
			return mcp.NewToolResultError(msg), nil
		}
		if err := checkScheme(req.GetString("url", "")); err != nil {
			msg := fmt.Sprintf("invalid request: %v", err)
			return mcp.NewToolResultError(msg), nil
		}
		return mcp.NewToolResultText("fetched"), nil
	}
}

// checkURL loses why the URL did not parse, when it did not: the branch
// also runs for a URL without a host, with err nil.
func checkURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return errors.New("the url must name a host") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}

// checkScheme keeps it.
func checkScheme(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("parse url: %w", err)
	}
	if u.Scheme != "https" {
		return errors.New("the url must use https")
	}
	return nil
}
