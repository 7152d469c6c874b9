// Package shelf declares mcp-go handlers. shelfreg registers them on a
// server it is given, and shelfmain builds that server: only there is it
// known that their errors reach the client as JSON-RPC errors, and the
// findings are reported there, here.
package shelf

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
)

func Put(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("book", "") == "" {
		return nil, errors.New("which book?") // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler`
	}
	return mcp.NewToolResultText("shelved"), nil
}
