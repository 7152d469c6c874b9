// Package soundserver calls its API through an HTTP client library whose
// response hands out the body it read: a refusal's body put into an
// error's text is raw upstream text, as if read with io.ReadAll.
package soundserver

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"resty.dev/v3"
)

var client = resty.New()

func createSession(name string) (string, error) {
	res, err := client.Post("https://sound.example/sessions", name)
	if err != nil {
		return "", fmt.Errorf("creating the session: %w", err)
	}
	if res.IsError() {
		return "", fmt.Errorf("creating the session: %v", res.String()) // want `no-stringify-upstream-error: .*an HTTP response body from resty's Response.String`
	}
	return res.String(), nil // the session's id: the call's answer
}

func deleteSession(id string) error {
	res, err := client.Post("https://sound.example/sessions/"+id+"/delete", nil)
	if err != nil {
		return fmt.Errorf("deleting the session: %w", err)
	}
	if res.IsError() {
		return fmt.Errorf("deleting the session: status %d", res.StatusCode) // the status, in words
	}
	return nil
}

func analyze(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id, err := createSession(req.GetString("name", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if err := deleteSession(id); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(id), nil
}

func Serve() {
	s := server.NewMCPServer("sound", "1.0.0")
	s.AddTool(mcp.NewTool("analyze"), analyze)
}
