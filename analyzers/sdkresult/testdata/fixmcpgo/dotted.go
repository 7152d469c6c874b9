package fixmcpgo

import (
	"context"
	"errors"

	. "github.com/mark3labs/mcp-go/mcp"
)

// dotted's file dot-imports the mcp package: the fix names
// NewToolResultError bare.
func dotted(ctx context.Context, req CallToolRequest) (*CallToolResult, error) {
	if req.GetString("id", "") == "" {
		return nil, errors.New("no id") // want `sdk-protocol-error`
	}
	return NewToolResultText("ok"), nil
}
