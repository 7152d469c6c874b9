// Package atlasserver serves a tool over a client library that keeps
// every response's body in a field of its response type, filled behind an
// interface: the field carries the body wherever the value comes from.
package atlasserver

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/atlas"
)

var client = atlas.New()

func getIssue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	issue, resp, err := client.Issues.Get(ctx, req.GetString("key", ""))
	if err != nil {
		if resp != nil {
			return mcp.NewToolResultError(fmt.Sprintf("get failed: %s (endpoint %s)", resp.Bytes.String(), resp.Endpoint)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through atlas.\(\*Client\).processResponse \(atlas/atlas.go:\d+\), includes an HTTP response body read with io.ReadAll` `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
		}
		return mcp.NewToolResultErrorFromErr("get failed", err), nil
	}
	return mcp.NewToolResultText(issue), nil
}

func issueStatus(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, resp, err := client.Issues.Get(ctx, req.GetString("key", ""))
	if err != nil {
		if resp != nil {
			// The code and the endpoint are the library's words, not the body.
			return mcp.NewToolResultError(fmt.Sprintf("status unknown: %d at %s", resp.Code, resp.Endpoint)), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
		}
		return mcp.NewToolResultErrorFromErr("status unknown", err), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func Serve() {
	s := server.NewMCPServer("atlas", "1.0.0")
	s.AddTool(mcp.NewTool("get_issue"), getIssue)
	s.AddTool(mcp.NewTool("issue_status"), issueStatus)
}
