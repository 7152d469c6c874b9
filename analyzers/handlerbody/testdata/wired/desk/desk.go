package desk // want package:"impl sinks: desk.NewDesk#0.Balance@41 desk.NewDesk#0.Quote@31"

// Package desk serves the trading tools as methods of a desk that keeps
// the exchange it is built with in a field: the field holds only what
// NewDesk is handed, so its methods' errors are the ones of whatever
// exchange the package that builds the desk hands it.

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/wired/port"
)

// A Desk answers the tools from its exchange.
type Desk struct {
	ex port.Exchange
}

// NewDesk returns a desk over ex.
func NewDesk(ex port.Exchange) *Desk {
	return &Desk{ex: ex}
}

// Quote is the quote tool.
func (d *Desk) Quote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := d.ex.Quote(ctx, req.GetString("symbol", ""))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("quote failed: %v", err)), nil // one of the two texts venue.go:41's finding names
	}
	return mcp.NewToolResultText(q.Price), nil
}

// Balance is the balance tool: the venue's balance errors are in words
// of its own.
func (d *Desk) Balance(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := d.ex.Balance(ctx)
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("balance failed: %v", err)), nil
	}
	return mcp.NewToolResultText(b), nil
}

// A Backup desk may also be given the package's own paper exchange: its
// field is not only what a caller hands it, so what its errors hold is
// not for the callers to decide.
type Backup struct {
	ex port.Exchange
}

// NewBackup returns a backup desk over ex, or over paper when ex is nil.
func NewBackup(ex port.Exchange) *Backup {
	if ex == nil {
		return &Backup{ex: paper{}}
	}
	return &Backup{ex: ex}
}

// Quote is the backup's quote tool.
func (b *Backup) Quote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := b.ex.Quote(ctx, req.GetString("symbol", ""))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("quote failed: %v", err)), nil
	}
	return mcp.NewToolResultText(q.Price), nil
}

type paper struct{}

func (paper) Quote(context.Context, string) (*port.Quote, error) { return &port.Quote{Price: "1"}, nil }
func (paper) Balance(context.Context) (string, error)            { return "0", nil }
func (paper) Cancel(context.Context, string) error               { return nil }

// A Spare desk is also built, unkeyed, over the paper exchange: its
// field is not only what NewSpare is handed.
type Spare struct {
	ex port.Exchange
}

// NewSpare returns a spare desk over ex.
func NewSpare(ex port.Exchange) *Spare { return &Spare{ex: ex} }

// Paper returns a spare desk over the paper exchange.
func Paper() *Spare { return &Spare{paper{}} }

// Quote is the spare's quote tool.
func (s *Spare) Quote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := s.ex.Quote(ctx, req.GetString("symbol", ""))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("quote failed: %v", err)), nil
	}
	return mcp.NewToolResultText(q.Price), nil
}
