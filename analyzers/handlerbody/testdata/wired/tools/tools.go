package tools // want package:"impl sinks: tools.RegisterAll#1.Balance@45 tools.RegisterAll#1.Cancel@58 tools.RegisterAll#1.Quote@34" package:"abstract answers: fixtures/wired/port.Exchange.Balance fixtures/wired/port.Exchange.Quote"

// Package tools registers the trading tools on a server, calling the
// exchange it is handed: which one, it cannot know.

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/wired/port"
)

// RegisterAll registers every tool on s, each calling ex.
func RegisterAll(s *server.MCPServer, ex port.Exchange) {
	registerQuote(s, ex)
	registerBalance(s, ex)
	registerCancel(s, ex)
	registerQuiet(s, ex)
}

func failed(format string, args ...any) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultError(fmt.Sprintf(format, args...)), nil
}

func registerQuote(s *server.MCPServer, ex port.Exchange) {
	s.AddTool(mcp.NewTool("quote"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		q, err := ex.Quote(ctx, req.GetString("symbol", ""))
		if err != nil {
			return failed("quote failed: %v", err) // one of the two texts venue.go:41's finding names
		}
		return mcp.NewToolResultText(q.Price), nil
	})
}

// The balance's errors are in words of the venue's own.
func registerBalance(s *server.MCPServer, ex port.Exchange) {
	s.AddTool(mcp.NewTool("balance"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		b, err := ex.Balance(ctx)
		if err != nil {
			return failed("balance failed: %v", err)
		}
		return mcp.NewToolResultText(b), nil
	})
}

func registerCancel(s *server.MCPServer, ex port.Exchange) {
	s.AddTool(mcp.NewTool("cancel"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		err := ex.Cancel(ctx, req.GetString("id", ""))
		switch {
		case errors.Is(err, port.ErrUnknownOrder):
			return mcp.NewToolResultError("no such order"), nil
		case err != nil:
			return mcp.NewToolResultError("cancel failed: " + err.Error()), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through venue.\(\*Venue\).Cancel \(venue/venue.go:72\), includes an HTTP response body`
		}
		return mcp.NewToolResultText("cancelled"), nil
	})
}

// The quiet tool keeps the venue's answer out of its text.
func registerQuiet(s *server.MCPServer, ex port.Exchange) {
	s.AddTool(mcp.NewTool("quiet_quote"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := ex.Quote(ctx, req.GetString("symbol", "")); err != nil {
			log.Printf("quote: %v", err)
			return mcp.NewToolResultError("the venue has no quote for that symbol"), nil
		}
		return mcp.NewToolResultText("ok"), nil
	})
}
