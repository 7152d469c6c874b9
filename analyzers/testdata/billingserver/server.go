// Package billingserver registers mcp-go tools whose handlers pass on the
// errors of package billing, whose error text the client reads.
package billingserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/billing"
)

// New returns the server, with a middleware that makes every handler's
// error a tool result showing its text.
func New() *server.MCPServer {
	s := server.NewMCPServer("billing", "1.0.0", server.WithToolHandlerMiddleware(errorsAsResults))
	s.AddTool(mcp.NewTool("invoice"), Invoice)
	s.AddTool(mcp.NewTool("refund"), Refund)
	s.AddTool(mcp.NewTool("balance"), Balance)
	return s
}

func errorsAsResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func Invoice(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	url, err := billing.Invoice(ctx, req.GetString("id", ""))
	if err != nil {
		return nil, err // want `no-stringify-upstream-error: the error mcp-go handler Invoice returns, through billing.Invoice → billing.do \(billing/billing.go:28\), includes an HTTP response body read with io.ReadAll, which api.StatusError.Error prints`
	}
	return mcp.NewToolResultText(url), nil
}

func Refund(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := billing.Refund(ctx, req.GetString("id", "")); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("refunded"), nil
}

func Balance(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := billing.Balance(ctx, req.GetString("id", ""), req.GetBool("opaque", false))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(b), nil
}
