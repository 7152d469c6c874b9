// Package vaultserver shows the errors of a client library whose error
// type keeps a body it could not decode and writes it into its text.
package vaultserver

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/vaultapi"
)

func readSecret(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	secret, err := vaultapi.Read(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("reading the secret: %v", err)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through vaultapi.Read → vaultapi.responseError \(vaultapi/vaultapi.go:\d+\), includes an HTTP response body copied into buf, which vaultapi.\(\*ResponseError\).Error prints`
	}
	return mcp.NewToolResultText(fmt.Sprint(len(secret))), nil
}

func Serve() {
	s := server.NewMCPServer("vault", "1.0.0")
	s.AddTool(mcp.NewTool("read_secret"), readSecret)
}
