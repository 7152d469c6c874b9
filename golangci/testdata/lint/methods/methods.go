// Package methods declares mcp-go handlers as methods, which another
// package (methodserver) registers as method values on a server that
// passes their errors on: the common layout of an mcp-go server. The
// findings are reported by methodserver, here, and so are their fixes.
package methods

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

type Handlers struct{ store map[string]string }

func New() *Handlers { return &Handlers{store: map[string]string{}} }

func (h *Handlers) HandleGet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key, err := req.RequireString("key")
	if err != nil {
		return nil, err // under the finding at methodserver's server
	}
	v, ok := h.store[key]
	if !ok {
		return nil, fmt.Errorf("no value for %q", key) // under the finding at methodserver's server
	}
	return mcp.NewToolResultText(v), nil
}

func (h *Handlers) HandleDelete(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if len(h.store) == 0 {
		return nil, errors.New("nothing to delete") // under the finding at methodserver's server
	}
	return mcp.NewToolResultText("deleted"), nil
}

// HandleList is registered through a wrapper: its error reaches the SDK
// through the wrapper's return, so the edit there is not mechanical here,
// and no fix is offered.
func (h *Handlers) HandleList(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if h.store == nil {
		return nil, errors.New("no store") // golangci: sdk-protocol-error
	}
	return mcp.NewToolResultText(fmt.Sprint(len(h.store))), nil
}
