// Package askserver shows the errors of client libraries that reach its
// handlers through the module's own code: one text that shows the errors
// of several models is one edit there; one return that hands an error on
// to several texts is one edit at that return.
package askserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/chatapi"
	"fixtures/askers"
)

func ask(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := askers.Pick(req.GetString("model", ""))
	answer, err := a.Ask(ctx, req.GetString("question", ""))
	if err != nil {
		return mcp.NewToolResultError("asking the model: " + err.Error()), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through askers.\(\*(Chat|Backup)\).Ask → chatapi.\(\*Client\).Complete → chatapi.\(\*Client\).send \(chatapi/chatapi.go:\d+\), includes an HTTP response body read with io.ReadAll, which chatapi.\(\*RequestError\).Error prints`
	}
	return mcp.NewToolResultText(answer), nil // the model's answer is the tool's data
}

var client = &chatapi.Client{URL: "https://models.example/summary"}

// summarize hands the library's error on to two handlers' texts: one
// edit here keeps it out of both.
func summarize(ctx context.Context, text string) (string, error) {
	summary, err := client.Complete(ctx, "summarize: "+text)
	if err != nil {
		return "", err // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll, which chatapi.\(\*RequestError\).Error prints, from chatapi.\(\*Client\).send \(chatapi/chatapi.go:\d+\), comes into the module through a return that hands it on, and 2 texts of 2 functions show it`
	}
	return summary, nil
}

func summarizeIssue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	summary, err := summarize(ctx, req.GetString("issue", ""))
	if err != nil {
		return mcp.NewToolResultErrorf("summarizing the issue: %v", err), nil
	}
	return mcp.NewToolResultText(summary), nil
}

func summarizeThread(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	summary, err := summarize(ctx, req.GetString("thread", ""))
	if err != nil {
		return mcp.NewToolResultError("summarizing the thread: " + err.Error()), nil
	}
	return mcp.NewToolResultText(summary), nil
}

func ping(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := client.Ping(ctx); err != nil {
		return mcp.NewToolResultError("pinging the model: " + err.Error()), nil // Ping's named error says it in words
	}
	return mcp.NewToolResultText("ok"), nil
}

func Serve() {
	s := server.NewMCPServer("ask", "1.0.0")
	s.AddTool(mcp.NewTool("ask"), ask)
	s.AddTool(mcp.NewTool("summarize_issue"), summarizeIssue)
	s.AddTool(mcp.NewTool("summarize_thread"), summarizeThread)
	s.AddTool(mcp.NewTool("ping"), ping)
}
