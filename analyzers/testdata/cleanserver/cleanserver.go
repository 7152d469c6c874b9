// Package cleanserver builds its error results through a helper that
// cleans their text with package cleantext first: the cleaning keeps the
// text, so a response body handed to the helper still reaches the model.
package cleanserver

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/cleantext"
)

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("clean", "1.0.0")
	s.AddTool(mcp.NewTool("fetch"), fetch)
	s.AddTool(mcp.NewTool("status"), status)
	s.AddTool(mcp.NewTool("page"), page)
	return s
}

// failure is the server's error result: its text, cleaned.
func failure(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content: []mcp.Content{mcp.TextContent{Type: "text", Text: cleantext.Clean(msg)}},
		IsError: true,
	}
}

func fetch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://api.example/items/" + req.GetString("id", ""))
	if err != nil {
		return failure(fmt.Sprintf("fetching the item: %v", err)), nil
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return failure(fmt.Sprintf("reading the item: %v", err)), nil
	}
	if resp.StatusCode != http.StatusOK {
		return failure(fmt.Sprintf("the API refused: %s", body)), nil // want `no-stringify-upstream-error: the text of the error result cleanserver.failure builds includes an HTTP response body read with io.ReadAll`
	}
	return mcp.NewToolResultText(string(body)), nil // the item itself: the tool's answer
}

func status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://api.example/status")
	if err != nil {
		return failure(fmt.Sprintf("asking the status: %v", err)), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return failure("the status page answered " + cleantext.BodyText(resp)), nil // want `no-stringify-upstream-error: the text of the error result cleanserver.failure builds, through cleantext.BodyText, includes an HTTP response body read with io.ReadAll`
	}
	return mcp.NewToolResultText("up"), nil
}

func page(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("https://api.example/pages/" + req.GetString("id", ""))
	if err != nil {
		return failure(fmt.Sprintf("fetching the page: %v", err)), nil
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		// A label of the module's own, whatever the body says.
		return failure("no page of kind " + cleantext.Label(cleantext.BodyText(resp))), nil
	}
	return mcp.NewToolResultText("found"), nil
}
