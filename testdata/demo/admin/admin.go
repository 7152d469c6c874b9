// Package admin is the library staff's own MCP server, built on
// mark3labs/mcp-go. Its handlers show what sdkresult finds in mcp-go code.
package admin

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A Catalog is what the staff tools work on.
type Catalog interface {
	Withdraw(ctx context.Context, isbn string) error
	Count(ctx context.Context) (books, loans int, err error)
	Members(ctx context.Context, prefix string) ([]string, error)
}

// NewServer returns the staff server.
func NewServer(catalog Catalog) *server.MCPServer {
	s := server.NewMCPServer("library-admin", "0.1.0", server.WithToolCapabilities(false))
	a := &admin{catalog: catalog}
	s.AddTool(mcp.NewTool("withdraw_book",
		mcp.WithDescription("Withdraw a book from the catalog."),
		mcp.WithString("isbn", mcp.Required())), a.withdrawBook)
	s.AddTool(mcp.NewTool("catalog_stats", mcp.WithDescription("Count books and loans.")),
		mcp.NewStructuredToolHandler(a.catalogStats))
	s.AddTool(mcp.NewTool("find_members",
		mcp.WithDescription("List members whose name starts with a prefix."),
		mcp.WithString("prefix")), mcp.NewTypedToolHandler(a.findMembers))
	return s
}

type admin struct{ catalog Catalog }

// withdrawBook returns its errors: mcp-go sends them as JSON-RPC internal
// errors (-32603), which the model never sees.
func (a *admin) withdrawBook(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	isbn, err := req.RequireString("isbn")
	if err != nil {
		return nil, err // demo: sdk-protocol-error
	}
	if err := a.catalog.Withdraw(ctx, isbn); err != nil {
		return mcp.NewToolResultErrorFromErr("The book could not be withdrawn.", err), nil
	}
	return mcp.NewToolResultText("Withdrawn."), nil
}

// Stats are the catalog's counts.
type Stats struct {
	Books int `json:"books"`
	Loans int `json:"loans"`
}

// catalogStats is a structured handler: mcp-go turns its error into a tool
// error itself, but throws away the value returned with it.
func (a *admin) catalogStats(ctx context.Context, req mcp.CallToolRequest, _ struct{}) (Stats, error) {
	books, loans, err := a.catalog.Count(ctx)
	if err != nil && books > 0 {
		return Stats{Books: books}, fmt.Errorf("count loans: %w", err) // demo: sdk-result-dropped
	}
	if err != nil {
		return Stats{}, fmt.Errorf("count books: %w", err)
	}
	return Stats{Books: books, Loans: loans}, nil
}

// MembersIn is the prefix to search for.
type MembersIn struct {
	Prefix string `json:"prefix"`
}

// findMembers returns no result at all when nobody matches: mcp-go answers
// with "handler returned no result" (-32603).
func (a *admin) findMembers(ctx context.Context, req mcp.CallToolRequest, in MembersIn) (*mcp.CallToolResult, error) {
	names, err := a.catalog.Members(ctx, in.Prefix)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("The member list is unavailable.", err), nil
	}
	if len(names) == 0 {
		return nil, nil // demo: sdk-nil-result
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}
