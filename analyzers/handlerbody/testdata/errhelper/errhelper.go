// Package errhelper builds its error results with a helper of its own
// that takes the error and shows its text: a body a client put into that
// error reaches the client through the helper.
package errhelper

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// failure is the error result of a failed call, with the error's text.
func failure(msg string, err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("%s: %s", msg, err.Error())}},
		IsError: true,
	}
}

// quiet is the error result of a failed call, in words only: the error
// goes to the log.
func quiet(msg string, err error) *mcp.CallToolResult {
	log.Printf("%s: %v", msg, err)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}, IsError: true}
}

func fetch(ctx context.Context, url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: .* drops the error of ReadAll`
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("API request failed with status %d: %s", resp.StatusCode, string(body)) // want `no-stringify-upstream-error: the text of the error result errhelper.failure builds, through errhelper.fetch, includes an HTTP response body read with io.ReadAll`
	}
	return body, nil
}

func tasks(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, err := fetch(ctx, "https://tasks.example/tasks")
	if err != nil {
		return failure("listing the tasks failed", err), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}}, nil
}

func projects(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, err := fetch(ctx, "https://tasks.example/projects")
	if err != nil {
		return quiet("listing the projects failed", err), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(body)}}}, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "tasks"}, tasks)
	s.AddTool(&mcp.Tool{Name: "projects"}, projects)
}
