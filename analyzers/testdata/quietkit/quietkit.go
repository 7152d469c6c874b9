// Package quietkit is an adapter package whose authors decided, at its
// one forwarding return, that protocol errors are what they mean: the
// directive there suppresses the root, and everything it decides, in
// every package whose handlers it takes. And a client whose error text
// holds the body, suppressed where the body enters it.
package quietkit

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A Func is a tool as the project writes it.
type Func func(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error)

// Tool adapts f to mcp-go.
func Tool(f Func) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := f(ctx, req.GetArguments())
		//mcperrlint:ignore sdk-protocol-error the gateway in front of these tools turns JSON-RPC errors into results
		return res, err
	}
}

// Get fetches url; a refusal's error holds the body, which the team
// decided its agents may read.
func Get(ctx context.Context, url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", fmt.Errorf("fetching: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: helper Get drops the error of ReadAll`
	if resp.StatusCode != http.StatusOK {
		//mcperrlint:ignore no-stringify-upstream-error the API's refusals are written for the agent to read
		return "", fmt.Errorf("refused (%d): %s", resp.StatusCode, body)
	}
	return string(body), nil
}
