// Package rootkit is a project's adapter package: Tool turns a function
// of the project's own shape into an mcp-go handler and hands its error
// on to the SDK as it is. Every handler given to it, in any package, is
// decided by that one return.
package rootkit

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
		return res, err
	}
}

// StatusError is the error of a failed upstream response, with its body:
// every caller that shows it shows the body.
func StatusError(resp *http.Response) error {
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("upstream returned %d: %s", resp.StatusCode, body)
}
