package main

import (
	"slices"

	"github.com/mcperrlint/mcperrlint/examples/bookstore/shop"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newServer returns the bookstore's MCP server with its four tools, from
// package shop. opts configure how the tools are bound (logger, request
// ids).
func newServer(t *shop.Tools, opts ...mcpsdk.Option) *mcp.Server {
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1.0.0"}, nil)
	readOnly := append(slices.Clone(opts), mcpsdk.WithTool(markReadOnly))
	mcpsdk.AddTool(server, t.SearchBooks(), readOnly...)
	mcpsdk.AddTool(server, t.GetBook(), readOnly...)
	mcpsdk.AddTool(server, t.ReserveBook(), opts...)
	mcpsdk.AddTool(server, t.FetchReviews(), readOnly...)
	return server
}

// markReadOnly tells clients a tool changes nothing, so they may call it
// without asking the user first.
func markReadOnly(tool *mcp.Tool) {
	tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
}
