// Command bookstore is an MCP server for a small bookstore on the official
// go-sdk, built on the mcperr runtime: four tools (search_books, get_book,
// reserve_book, fetch_reviews, defined in package shop), each with an error
// contract, that fail only in the ways they declare and in a shape an agent
// can act on. examples/bookstore-mcpgo serves the same tools on mcp-go.
//
// Run it as an MCP server over stdio:
//
//	go run ./examples/bookstore
//
// or see what an agent receives when a call fails:
//
//	go run ./examples/bookstore -demo
//
// The reviews service it calls is a stand-in served in-process by
// net/http/httptest, so the example needs no network. Logs go to stderr;
// stdout carries the MCP messages.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/signal"

	"github.com/mcperrlint/mcperrlint/examples/bookstore/catalog"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/reviews"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/shop"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	upstream := httptest.NewServer(reviews.NewUpstream())
	defer upstream.Close()
	tools := shop.New(catalog.New(), reviews.NewClient(upstream.URL, upstream.Client()))
	server := newServer(tools, mcpsdk.WithLogger(logger))

	if demo {
		return runDemo(ctx, server)
	}
	if err := server.Run(ctx, &mcp.StdioTransport{}); err != nil {
		return fmt.Errorf("serving MCP over stdio: %w", err)
	}
	return nil
}
