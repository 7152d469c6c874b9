// Package deployserver registers mcp-go tools that run a deployment tool
// through package shell of another module, which hands back the tool's
// stderr in a field of its result: formatted into a failure, it is the
// tool's raw output in front of the client.
package deployserver

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/shell"
)

var tool = shell.New("deployctl")

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("deploy", "1.0.0")
	s.AddTool(mcp.NewTool("deploy"), Deploy)
	s.AddTool(mcp.NewTool("rollback"), Rollback)
	s.AddTool(mcp.NewTool("version"), Version)
	s.AddTool(mcp.NewTool("status"), Status)
	s.AddTool(mcp.NewTool("tail"), Tail)
	return s
}

func Deploy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := tool.Run(ctx, "deploy", req.GetString("app", ""))
	if err != nil {
		log.Printf("deployctl: %v", err)
		return mcp.NewToolResultError("deployctl could not be started"), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	if res.ExitCode != 0 {
		msg := fmt.Sprintf("deploy failed with exit code %d", res.ExitCode)
		if res.Stderr != "" {
			msg = fmt.Sprintf("%s: %s", msg, res.Stderr)
		}
		return mcp.NewToolResultError(msg), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError(, through shell.\(\*runner\).Run,)? includes a subprocess's output written to stderr by \(\*exec.Cmd\).Stderr:`
	}
	return mcp.NewToolResultText(res.Output), nil
}

// Rollback says how the tool ended in words of its own, and keeps the
// tool's stderr for the logs.
func Rollback(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := tool.Run(ctx, "rollback", req.GetString("app", ""))
	if err != nil {
		log.Printf("deployctl: %v", err)
		return mcp.NewToolResultErrorFromErr("deployctl could not be started", err), nil
	}
	if res.ExitCode != 0 {
		log.Printf("rollback: %s", res.Stderr)
		return mcp.NewToolResultError(fmt.Sprintf("rollback failed (%s, %s); %s", res.Status, res.Note, res.Hint)), nil
	}
	return mcp.NewToolResultText("rolled back"), nil
}

func Version(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info, err := shell.Describe(ctx, "deployctl")
	if err != nil {
		log.Printf("deployctl: %v", err)
		return mcp.NewToolResultErrorFromErr("deployctl is not installed", err), nil
	}
	if !strings.HasPrefix(info.Version, "v2") {
		return mcp.NewToolResultError("unsupported deployctl " + info.Version + " at " + info.Path), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through shell.Describe \(shell/shell.go:79\), includes a subprocess's output from \(\*exec.Cmd\).CombinedOutput:`
	}
	return mcp.NewToolResultText(info.Version), nil
}

// Status shows a field the runner fills after building its result.
func Status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := tool.Run(ctx, "status")
	if err != nil {
		log.Printf("deployctl: %v", err)
		return mcp.NewToolResultErrorFromErr("deployctl could not be started", err), nil
	}
	if res.ExitCode != 0 {
		return mcp.NewToolResultError("status unknown: " + res.Later), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through shell.\(\*runner\).Run \(shell/shell.go:63\), includes a subprocess's output written to stderr by \(\*exec.Cmd\).Stderr:`
	}
	return mcp.NewToolResultText(res.Output), nil
}

// Tail shows a field shell fills on a value another function built,
// which the source reader does not follow but shell's summary, computed
// from its bodies, says.
func Tail(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	l, err := shell.Tail(ctx, "deployctl")
	if err != nil {
		log.Printf("deployctl: %v", err)
		return mcp.NewToolResultErrorFromErr("deployctl could not be started", err), nil
	}
	if strings.Contains(l.Line, "ERROR") {
		return mcp.NewToolResultError("deployctl logged: " + l.Line), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through shell.Tail \(shell/shell.go:100\), includes a subprocess's output written to stderr`
	}
	return mcp.NewToolResultText(l.Line), nil
}
