// Package chat holds handlers that return plain Go errors, as methods of
// the value that holds their client: whether those errors reach the model
// depends on the server they are registered on, in another package.
package chat

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

type Handler struct{ Client *http.Client }

// Channels is registered on a server whose middleware converts errors.
func (h *Handler) Channels(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := h.Client.Get("https://chat.invalid/channels")
	if err != nil {
		return nil, fmt.Errorf("list channels: %w", err)
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

// History is registered on a server without one.
func (h *Handler) History(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	channel, err := req.RequireString("channel")
	if err != nil {
		return nil, err // folded under the server that hands it on raw (TestServerRoots)
	}
	resp, err := h.Client.Get("https://chat.invalid/history?channel=" + channel)
	if err != nil {
		return nil, fmt.Errorf("history of %s: %w", channel, err) // folded under the server that hands it on raw (TestServerRoots)
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
