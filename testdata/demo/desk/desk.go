// Package desk holds the circulation desk's mcp-go handlers. The kiosk's
// server, in another package, registers them without a middleware that
// turns their errors into results: mcperrlint reports what that makes of
// their returns from the kiosk's package, here, where the fix belongs.
package desk

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Holds are the books waiting for members.
type Holds interface {
	Waiting(ctx context.Context, member string) ([]string, error)
}

// A Desk answers members at the circulation desk.
type Desk struct{ Holds Holds }

// Collect tells a member how many books wait at the desk. When the holds
// cannot be read, its error is a JSON-RPC error on the kiosk's server: the
// model never learns why.
func (d *Desk) Collect(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	member, err := req.RequireString("member")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("Say which member is collecting.", err), nil
	}
	titles, err := d.Holds.Waiting(ctx, member)
	if err != nil {
		return nil, fmt.Errorf("holds of %s: %w", member, err) // demo: sdk-protocol-error
	}
	return mcp.NewToolResultText(fmt.Sprintf("%d books wait for you at the desk.", len(titles))), nil
}
