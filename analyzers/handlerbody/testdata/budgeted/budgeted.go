// Package budgeted registers its go-sdk tools through a generic wrapper
// that checks each tool's output against a budget: the output reaches the
// wrapper's error only through that check, and is the output, not the
// error.
package budgeted

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{ Q string }

type Result struct {
	Items []string `json:"items"`
}

func addTool[In, Out any](s *mcp.Server, t *mcp.Tool, h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	mcp.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			return res, nil, err
		}
		if berr := overBudget(out); berr != nil {
			return nil, nil, berr
		}
		return res, out, nil
	})
}

// overBudget says when a tool's output is too large to send.
func overBudget(v any) error {
	if s := fmt.Sprint(v); len(s) > 1<<20 {
		return fmt.Errorf("output of %d bytes is over budget", len(s))
	}
	return nil
}

func fetch(ctx context.Context, q string) ([]string, error) { return nil, errors.New("unavailable") }

// search wraps its failure: the empty Result beside the error is the
// output, and the error carries the cause.
func search(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Result, error) {
	items, err := fetch(ctx, in.Q)
	if err != nil {
		return nil, Result{}, fmt.Errorf("searching %q: %w", in.Q, err)
	}
	return nil, Result{Items: items}, nil
}

// lookup re-makes its failure without the cause.
func lookup(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Result, error) {
	items, err := fetch(ctx, in.Q)
	if err != nil {
		return nil, Result{}, errors.New("lookup failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil, Result{Items: items}, nil
}

func Register(s *mcp.Server) {
	addTool(s, &mcp.Tool{Name: "search"}, search)
	addTool(s, &mcp.Tool{Name: "lookup"}, lookup)
}
