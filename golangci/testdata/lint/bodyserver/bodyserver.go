// Package bodyserver shows bodykit's errors in its error results: they are
// decided where bodykit puts the body into the text, one finding there,
// with the fix bodykit made, and each text here a related position.
package bodyserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/gcl/bodykit"
)

func page(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := bodykit.Fetch(ctx, "https://pages.example/page")
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fetching the page: " + err.Error()}}, IsError: true}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

func index(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := bodykit.Fetch(ctx, "https://pages.example/")
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "fetching the index: " + err.Error()}}, IsError: true}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

func Serve() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "pages"}, nil)
	s.AddTool(&mcp.Tool{Name: "page"}, page)
	s.AddTool(&mcp.Tool{Name: "index"}, index)
	return s
}
