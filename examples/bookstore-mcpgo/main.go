// Command bookstore-mcpgo is examples/bookstore on
// github.com/mark3labs/mcp-go instead of the official go-sdk: the same four
// tools, from package shop, with the same contracts, registered with
// runtime/mcpgo. An agent receives exactly what examples/bookstore sends.
//
// Run it as an MCP server over stdio:
//
//	go run ./examples/bookstore-mcpgo
//
// or see what an agent receives when a call fails:
//
//	go run ./examples/bookstore-mcpgo -demo
//
// The reviews service it calls is a stand-in served in-process by
// net/http/httptest, so the example needs no network. Logs go to stderr;
// stdout carries the MCP messages.
package main

import (
	"flag"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/catalog"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/reviews"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/shop"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
)

func main() {
	demo := flag.Bool("demo", false, "print what an agent receives from failing calls, instead of serving MCP over stdio")
	flag.Parse()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(*demo, logger); err != nil {
		logger.Error("bookstore stopped", "error", err)
		os.Exit(1)
	}
}

// run serves the bookstore over stdio until the client disconnects or the
// process is interrupted, or runs the demo.
func run(demo bool, logger *slog.Logger) error {
	upstream := httptest.NewServer(reviews.NewUpstream())
	defer upstream.Close()
	tools := shop.New(catalog.New(), reviews.NewClient(upstream.URL, upstream.Client()))
	s := newServer(tools, mcpgo.WithLogger(logger))

	if demo {
		return runDemo(s)
	}
	if err := server.ServeStdio(s); err != nil {
		return fmt.Errorf("serving MCP over stdio: %w", err)
	}
	return nil
}

// newServer returns the bookstore's MCP server with its four tools. opts
// configure how the tools are bound (logger, request ids).
//
// Leave server.WithInputSchemaValidation off: the binding validates
// arguments itself and answers with invalid_arguments and the issues; the
// option would answer first, in mcp-go's own words.
func newServer(t *shop.Tools, opts ...mcpgo.Option) *server.MCPServer {
	s := server.NewMCPServer("bookstore", "v1.0.0")
	readOnly := append(append([]mcpgo.Option(nil), opts...), mcpgo.WithTool(markReadOnly))
	mcpgo.AddTool(s, t.SearchBooks(), readOnly...)
	mcpgo.AddTool(s, t.GetBook(), readOnly...)
	mcpgo.AddTool(s, t.ReserveBook(), opts...)
	mcpgo.AddTool(s, t.FetchReviews(), readOnly...)
	return s
}

// markReadOnly tells clients a tool changes nothing, so they may call it
// without asking the user first.
func markReadOnly(tool *mcp.Tool) {
	tool.Annotations.ReadOnlyHint = mcp.ToBoolPtr(true)
}
