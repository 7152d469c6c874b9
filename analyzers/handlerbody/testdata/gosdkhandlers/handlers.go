// Package gosdkhandlers declares go-sdk handlers another package
// registers: they are found by their signature and checked here.
package gosdkhandlers

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct{ URL string }
type Page struct{ Text string }

func get(ctx context.Context, url string) (string, error) { return "", nil }

func Fetch(ctx context.Context, req *mcp.CallToolRequest, args Args) (*mcp.CallToolResult, Page, error) {
	text, err := get(ctx, args.URL)
	if err != nil {
		return nil, Page{}, errors.New("fetch failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil, Page{Text: text}, nil
}

// Unregistered has a handler's signature and is checked though no
// registration is in sight.
func Unregistered(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := get(ctx, ""); err != nil {
		return &mcp.CallToolResult{}, nil // want `no-fake-empty-result`
	}
	return &mcp.CallToolResult{}, nil
}
