// Package answerserver serves a session's operations: each handler
// answers with what the session's method answers.
package answerserver

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/answerkit"
)

var session = &answerkit.Session{}

func result(a answerkit.Answer) (*mcp.CallToolResult, error) {
	data, err := json.Marshal(a)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("encoding the answer", err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func handleContinue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return result(session.Continue())
}

func handleHalt(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return result(session.Halt())
}

// Serve serves the session's tools.
func Serve() error {
	s := server.NewMCPServer("session", "1.0.0")
	s.AddTool(mcp.NewTool("continue"), handleContinue)
	s.AddTool(mcp.NewTool("halt"), handleHalt)
	return server.ServeStdio(s)
}
