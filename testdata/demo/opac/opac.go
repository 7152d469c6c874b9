// Package opac is the library's public catalog terminal, an MCP server
// written straight against the go-sdk. Its handlers show what handlerbody
// finds in go-sdk code: a failure that leaves no trace of its cause, the
// raw record sent to the model, and an empty answer standing in for a
// failure.
package opac

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Record is a catalog record.
type Record struct {
	ISBN   string   `json:"isbn"`
	Title  string   `json:"title"`
	Copies []string `json:"copies"`
}

// A Catalog is what the terminal reads.
type Catalog interface {
	Record(ctx context.Context, isbn string) (Record, error)
	OnShelf(ctx context.Context, isbn string) ([]string, error)
	Validate(ctx context.Context, r Record) error
}

// Register adds the terminal's tools to s.
func Register(s *mcp.Server, catalog Catalog) {
	t := &terminal{catalog: catalog}
	mcp.AddTool(s, &mcp.Tool{Name: "copies_on_shelf", Description: "List the copies of a book standing on a shelf now."}, t.copiesOnShelf)
	mcp.AddTool(s, &mcp.Tool{Name: "record", Description: "Show a book's catalog record."}, t.record)
	s.AddTool(&mcp.Tool{
		Name:        "check_record",
		Description: "Check a catalog record for mistakes.",
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{"isbn": map[string]any{"type": "string"}}},
	}, t.checkRecord)
}

type terminal struct{ catalog Catalog }

// ISBNArgs names a book.
type ISBNArgs struct {
	ISBN string `json:"isbn"`
}

// Copies are the copies of a book on a shelf.
type Copies struct {
	Copies []string `json:"copies"`
}

// copiesOnShelf answers "none on the shelf" when the catalog cannot be
// read: the reader walks away from a book that is there.
func (t *terminal) copiesOnShelf(ctx context.Context, req *mcp.CallToolRequest, in ISBNArgs) (*mcp.CallToolResult, Copies, error) {
	copies, err := t.catalog.OnShelf(ctx, in.ISBN)
	if err != nil {
		return nil, Copies{}, nil // demo: no-fake-empty-result
	}
	return nil, Copies{Copies: copies}, nil
}

// record formats the catalog's error with %v: the text survives, the error
// does not.
func (t *terminal) record(ctx context.Context, req *mcp.CallToolRequest, in ISBNArgs) (*mcp.CallToolResult, Record, error) {
	r, err := t.catalog.Record(ctx, in.ISBN)
	if err != nil {
		return nil, Record{}, fmt.Errorf("reading the record of %s: %v", in.ISBN, err) // demo: preserve-cause-on-rethrow
	}
	return nil, r, nil
}

// checkRecord is a raw handler. Its error results say that something
// failed, but not what, and show the model the record as raw JSON.
func (t *terminal) checkRecord(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in ISBNArgs
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(fmt.Errorf("reading the arguments: %w", err))
		return res, nil
	}
	r, err := t.catalog.Record(ctx, in.ISBN)
	if err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "The record could not be checked."}}}, nil // demo: preserve-cause-on-rethrow
	}
	if err := t.catalog.Validate(ctx, r); err != nil {
		raw, _ := json.Marshal(r)
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "The record is invalid: " + string(raw)}}} // demo: no-stringify-upstream-error
		res.SetError(err)
		return res, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "The record is valid."}}}, nil
}
