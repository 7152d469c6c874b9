// Package statushelper has tools that hand the raw body they read to a
// status check of the package, which formats a snippet of it into the
// error it returns: the body enters that error's text in the check, one
// edit for every tool, and is reported there once.
package statushelper

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func snippet(b []byte) string {
	if len(b) > 512 {
		b = b[:512]
	}
	return string(b)
}

// checkStatus is the status check every tool calls.
func checkStatus(op string, resp *http.Response, body []byte) error {
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s: status %d: %s", op, resp.StatusCode, snippet(body)) // want `no-stringify-upstream-error: statushelper.checkStatus puts an HTTP response body read with io.ReadAll into the text it builds, and 2 calls of 2 functions show that text`
	}
	return nil
}

// checkNamed is given the server's own words about the body instead.
func checkNamed(op string, resp *http.Response, detail string) error {
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s: status %d: %s", op, resp.StatusCode, detail)
	}
	return nil
}

func fetch(ctx context.Context, url string) (*http.Response, []byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp, body, err
}

func orders(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, body, err := fetch(ctx, "https://api.example.com/orders")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing orders", err), nil
	}
	if err := checkStatus("orders", resp, body); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

func reports(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, body, err := fetch(ctx, "https://api.example.com/reports")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing reports", err), nil
	}
	if err := checkStatus("reports", resp, body); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

// sales makes the text itself (string(body)) and hands it on: the edit
// is here, at the call.
func sales(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, body, err := fetch(ctx, "https://api.example.com/sales")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing sales", err), nil
	}
	if err := checkNamed("sales", resp, string(body)); err != nil { // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through statushelper.fetch, includes an HTTP response body`
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

// checkAccess formats the body in each of its two status branches: one
// finding, at the first, with the second as a related position.
func checkAccess(status int, body []byte) error {
	if status == http.StatusForbidden {
		return fmt.Errorf("forbidden: %s", body) // want `no-stringify-upstream-error: statushelper.checkAccess puts an HTTP response body read with io.ReadAll into the text it builds, and 2 calls of 2 functions show that text`
	}
	if status >= 300 {
		return fmt.Errorf("status %d: %s", status, body)
	}
	return nil
}

func users(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, body, err := fetch(ctx, "https://api.example.com/users")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing users", err), nil
	}
	if err := checkAccess(resp.StatusCode, body); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

func groups(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, body, err := fetch(ctx, "https://api.example.com/groups")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing groups", err), nil
	}
	if err := checkAccess(resp.StatusCode, body); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("users"), users)
	s.AddTool(mcp.NewTool("groups"), groups)
	s.AddTool(mcp.NewTool("orders"), orders)
	s.AddTool(mcp.NewTool("reports"), reports)
	s.AddTool(mcp.NewTool("sales"), sales)
}
