// Package suppress checks that //mcperrlint:ignore directives silence this
// analyzer's rules, and that an unused one is reported.
package suppress

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req == nil {
		//mcperrlint:ignore sdk-nil-result the transport never passes a nil request
		return nil, nil
	}
	//mcperrlint:ignore sdk-protocol-error a gateway in front of this server converts errors
	return nil, errors.New("converted upstream")
}

func fine(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	//mcperrlint:ignore sdk-nil-result nothing to suppress here // want `mcperrlint-ignore-unused: the directive suppresses sdk-nil-result`
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "raw", InputSchema: map[string]any{"type": "object"}}, raw)
	s.AddTool(&mcp.Tool{Name: "fine", InputSchema: map[string]any{"type": "object"}}, fine)
}
