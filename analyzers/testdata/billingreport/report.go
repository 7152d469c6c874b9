// Package billingreport registers go-sdk tools that succeed with a
// report of several lookups: a lookup that fails is written into the
// report, and the text of an error of package billing carries the
// billing API's response body.
package billingreport

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/billing"
)

// Register adds the tools to s.
func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "invoices"}, Invoices)
	mcp.AddTool(s, &mcp.Tool{Name: "refunds"}, Refunds)
	mcp.AddTool(s, &mcp.Tool{Name: "balances"}, Balances)
}

type Input struct {
	IDs []string `json:"ids"`
}

type Line struct {
	ID    string `json:"id"`
	URL   string `json:"url,omitempty"`
	Error string `json:"error,omitempty"`
}

type Report struct {
	Lines []Line `json:"lines"`
}

// Invoices looks the invoices up at once and reports each failure in its
// line: the error's text, body and all, is in the output.
func Invoices(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, Report, error) {
	lines := make([]Line, len(in.IDs))
	var wg sync.WaitGroup
	for i, id := range in.IDs {
		wg.Go(func() {
			l := Line{ID: id}
			url, err := billing.Invoice(ctx, id)
			if err != nil {
				l.Error = err.Error() // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll, which api.StatusError.Error prints enters the text of an error at billing/billing.go:28 \(in billing.do\), and 2 texts of 2 functions show it`
			} else {
				l.URL = url
			}
			lines[i] = l
		})
	}
	wg.Wait()
	return nil, Report{Lines: lines}, nil
}

// Refunds reports the refunds' failures, whose text is the status line:
// no raw body.
func Refunds(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, Report, error) {
	var r Report
	for _, id := range in.IDs {
		l := Line{ID: id}
		if err := billing.Refund(ctx, id); err != nil {
			l.Error = err.Error()
		}
		r.Lines = append(r.Lines, l)
	}
	return nil, r, nil
}

// Balances returns the balances the API sends, whose bodies are the
// tool's answer, in a summary it marshals, with the invoice lookups'
// failures, whose text is the API's body, and the balance lookups',
// whose text is a status code.
func Balances(ctx context.Context, req *mcp.CallToolRequest, in Input) (*mcp.CallToolResult, any, error) {
	summary := map[string]any{}
	for _, id := range in.IDs {
		b, err := billing.Balance(ctx, id, false)
		if err != nil {
			summary[id] = map[string]any{"error": fmt.Sprintf("lookup failed: %v", err)}
			continue
		}
		entry := map[string]any{"balance": b}
		if _, err := billing.Invoice(ctx, id); err != nil {
			entry["invoice"] = fmt.Sprintf("no invoice: %v", err) // folded under the root reported at line 49
		}
		summary[id] = entry
	}
	text, err := json.Marshal(summary)
	if err != nil {
		return nil, nil, fmt.Errorf("encoding the summary: %w", err)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}}, nil, nil
}
