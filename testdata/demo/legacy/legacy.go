// Package legacy holds the library's older tools, written straight against
// the go-sdk before the server moved to the mcperr runtime. They show what
// sdkresult finds in such handlers: each mistake is one the SDK turns into
// something other than what the author meant (a protocol error the model
// never sees, a crash, a lost result).
package legacy

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Loan is a book lent to a member, as the legacy loan ledger keeps it.
type Loan struct {
	ISBN   string    `json:"isbn"`
	Member string    `json:"member"`
	Due    time.Time `json:"due"`
}

// A Ledger is the legacy loan store.
type Ledger interface {
	Overdue(ctx context.Context, now time.Time) ([]Loan, error)
	Notify(ctx context.Context, loan Loan) error
	Hold(ctx context.Context, member string) (position int, err error)
}

// Register adds the legacy tools to s.
func Register(s *mcp.Server, ledger Ledger) {
	t := &tools{ledger: ledger}
	s.AddTool(&mcp.Tool{
		Name:        "list_overdue",
		Description: "List the loans that are past their due date.",
		InputSchema: map[string]any{"type": "object"},
	}, t.listOverdue)
	mcp.AddTool(s, &mcp.Tool{Name: "notify_overdue", Description: "Remind members of overdue loans."}, t.notifyOverdue)
	mcp.AddTool(s, &mcp.Tool{Name: "renew_loan", Description: "Extend a loan by two weeks."}, t.renewLoan)
	s.AddTool(&mcp.Tool{
		Name:        "hold_status",
		Description: "Say where the calling member stands in the queue for the book they reserved.",
		InputSchema: map[string]any{"type": "object"},
	}, t.holdStatus)
}

type tools struct{ ledger Ledger }

// listOverdue is a raw handler: the go-sdk sends its errors as JSON-RPC
// errors with code 0, and crashes on a nil result.
func (t *tools) listOverdue(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	loans, err := t.ledger.Overdue(ctx, time.Now())
	if err != nil {
		return nil, fmt.Errorf("list overdue loans: %w", err) // demo: sdk-protocol-error
	}
	if len(loans) == 0 {
		return nil, nil // demo: sdk-nil-result
	}
	sort.Slice(loans, func(i, j int) bool { return loans[i].Due.Before(loans[j].Due) })
	text := ""
	for _, l := range loans {
		text += fmt.Sprintf("%s lent to %s, due %s\n", l.ISBN, l.Member, l.Due.Format(time.DateOnly))
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// NotifyIn selects the loans to remind members of.
type NotifyIn struct {
	OlderThanDays int `json:"olderThanDays,omitempty"`
}

// NotifyOut says how many reminders went out.
type NotifyOut struct {
	Sent int `json:"sent"`
}

// notifyOverdue is a typed handler: what it returns with an error is
// thrown away, so the count of reminders already sent never reaches the
// client.
func (t *tools) notifyOverdue(ctx context.Context, req *mcp.CallToolRequest, in NotifyIn) (*mcp.CallToolResult, NotifyOut, error) {
	loans, err := t.ledger.Overdue(ctx, time.Now().AddDate(0, 0, -in.OlderThanDays))
	if err != nil {
		return nil, NotifyOut{}, fmt.Errorf("list overdue loans: %w", err)
	}
	sent := 0
	for _, l := range loans {
		if err := t.ledger.Notify(ctx, l); err != nil {
			return nil, NotifyOut{Sent: sent}, fmt.Errorf("notify %s: %w", l.Member, err) // demo: sdk-result-dropped
		}
		sent++
	}
	return nil, NotifyOut{Sent: sent}, nil
}

// RenewIn names the loan to renew.
type RenewIn struct {
	ISBN string `json:"isbn"`
}

// RenewOut is the loan's new due date.
type RenewOut struct {
	Due time.Time `json:"due"`
}

var errNoISBN = errors.New("isbn is required")

// renewLoan means to answer a missing ISBN with a JSON-RPC invalid-params
// error, but wraps it: the typed AddTool does not see through the wrapping
// and sends a tool error instead.
func (t *tools) renewLoan(ctx context.Context, req *mcp.CallToolRequest, in RenewIn) (*mcp.CallToolResult, RenewOut, error) {
	if in.ISBN == "" {
		invalid := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: errNoISBN.Error()}
		return nil, RenewOut{}, fmt.Errorf("renew loan: %w", invalid) // demo: sdk-wrapped-protocol-error
	}
	return nil, RenewOut{Due: time.Now().AddDate(0, 0, 14)}, nil
}

// holdStatus answers "not in the queue" with an error result, but says
// nothing about what failed.
func (t *tools) holdStatus(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	member := req.Session.ID() // each member connects with their own session
	position, err := t.ledger.Hold(ctx, member)
	if err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(fmt.Errorf("look up the hold of %s: %w", member, err))
		return res, nil
	}
	if position == 0 {
		return &mcp.CallToolResult{IsError: true}, nil // demo: sdk-error-result-without-content
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf("Position %d in the queue.", position)}}}, nil
}
