// Package bodyroots has helpers that turn a raw upstream value into the
// text of what they build, each called by several handlers: one finding
// at the helper, and a fix there that keeps saying what failed without
// the value. A helper the fix cannot rewrite, and a helper one handler
// calls, are reported without one.
package bodyroots

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// statusResult formats the body its caller read into its error result.
func statusResult(message string, resp *http.Response, body []byte) *mcp.CallToolResult {
	return mcp.NewToolResultError(fmt.Sprintf("%s: unexpected status %d: %s", message, resp.StatusCode, string(body))) // want `no-stringify-upstream-error: bodyroots.statusResult puts its parameter body into the text of the error result it builds, and 2 calls of 2 functions hand it an HTTP response body read with io.ReadAll`
}

// describe reads the body itself and names it in its error: the error's
// text is reported where it is built, here, once for every handler that
// shows it.
func describe(resp *http.Response) error {
	body, _ := io.ReadAll(resp.Body)
	return fmt.Errorf("upstream returned %d, body: %s", resp.StatusCode, body) // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through bodyroots.describe, includes an HTTP response body`
}

// quoted puts the body in brackets, the only operand of a Sprintf.
func quoted(resp *http.Response) string { // want `no-stringify-upstream-error: bodyroots.quoted puts an HTTP response body read with io.ReadAll into the text it builds, and 2 calls of 2 functions show that text`
	body, _ := io.ReadAll(resp.Body)
	return fmt.Sprintf("upstream said (%s)", body)
}

// indexed names its operands by index: no fix guesses which to cut.
// blank would say nothing once the body is cut: no fix either.
func indexed(resp *http.Response) string { // want `no-stringify-upstream-error: bodyroots.indexed puts an HTTP response body read with io.ReadAll into the text it builds, and 2 calls of 2 functions show that text`
	body, _ := io.ReadAll(resp.Body)
	return fmt.Sprintf("%[2]s (status %[1]d)", resp.StatusCode, body)
}

func blank(resp *http.Response) string { // want `no-stringify-upstream-error: bodyroots.blank puts an HTTP response body read with io.ReadAll into the text it builds, and 2 calls of 2 functions show that text`
	body, _ := io.ReadAll(resp.Body)
	return fmt.Sprintf("%s", body)
}

func get(url string) (*http.Response, error) { return http.Get(url) }

func first(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := get("http://first.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("first unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return statusResult("first failed", resp, body), nil
	}
	if resp.StatusCode == http.StatusAccepted {
		return mcp.NewToolResultError(describe(resp).Error()), nil
	}
	if resp.StatusCode == http.StatusCreated {
		return mcp.NewToolResultError("first: " + quoted(resp)), nil
	}
	if resp.StatusCode == http.StatusNoContent {
		return mcp.NewToolResultError("first: " + indexed(resp)), nil
	}
	if resp.StatusCode == http.StatusResetContent {
		return mcp.NewToolResultError("first: " + blank(resp)), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func second(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := get("http://second.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("second unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return statusResult("second failed", resp, body), nil
	}
	if resp.StatusCode == http.StatusAccepted {
		return mcp.NewToolResultErrorFromErr("second", describe(resp)), nil
	}
	if resp.StatusCode == http.StatusCreated {
		return mcp.NewToolResultError("second: " + quoted(resp)), nil
	}
	if resp.StatusCode == http.StatusNoContent {
		return mcp.NewToolResultError("second: " + indexed(resp)), nil
	}
	if resp.StatusCode == http.StatusResetContent {
		return mcp.NewToolResultError("second: " + blank(resp)), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// once is called by one handler: it is no root, and its finding is at
// that handler's call, naming it.
func once(resp *http.Response) string {
	body, _ := io.ReadAll(resp.Body)
	return fmt.Sprintf("failed: %s", body)
}

func third(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := get("http://third.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("third unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError(once(resp)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through bodyroots.once, includes an HTTP response body`
	}
	return mcp.NewToolResultText("ok"), nil
}

func Serve() {
	s := server.NewMCPServer("bodyroots", "1.0.0")
	s.AddTool(mcp.NewTool("first"), first)
	s.AddTool(mcp.NewTool("second"), second)
	s.AddTool(mcp.NewTool("third"), third)
}
