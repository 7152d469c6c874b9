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
		return res, err // want `sdk-protocol-error: this return hands the errors of 3 returns of 2 handlers on to the SDK, and mcp-go sends each`
	}
}

// StatusError is the error of a failed upstream response, with its body:
// every caller that shows it shows the body.
func StatusError(resp *http.Response) error {
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("upstream returned %d: %s", resp.StatusCode, body) // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll enters the text of an error at rootkit/rootkit.go:\d+ \(in rootkit.StatusError\), and 2 texts of 2 functions show it`
}

// StatusResult is the error result of a failed upstream response, built
// with the body its caller read: it turns the bytes it is given into the
// result's text, so every call that hands it a body shows that body, and
// one edit here keeps it out of all of them.
func StatusResult(message string, resp *http.Response, body []byte) *mcp.CallToolResult {
	return mcp.NewToolResultError(fmt.Sprintf("%s: unexpected status %d: %s", message, resp.StatusCode, string(body)))
}

// Failure is the error result of a message its caller wrote: what the
// text says is the caller's, and so is each raw value a caller puts in it.
func Failure(message string) *mcp.CallToolResult {
	return mcp.NewToolResultError("failed: " + message)
}
