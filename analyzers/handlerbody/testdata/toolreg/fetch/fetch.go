// Package fetch is a tool of the registry whose error keeps its cause.
package fetch

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/toolreg"
)

type Fetch struct{}

func init() { toolreg.Register(Fetch{}) }

func (Fetch) Name() string { return "fetch" }

func (Fetch) Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	url, _ := args["url"].(string)
	resp, err := http.Get(url)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}
