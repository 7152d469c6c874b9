// Package fixmcpgo has mcp-go handlers whose errors sdk-protocol-error's
// fix turns into tool errors, and handlers it leaves alone. Its files
// spell the mcp package three ways: as gomcp (this one), with a dot import
// (dotted.go), and not at all (noimport.go).
package fixmcpgo

import (
	"context"
	"errors"
	"fmt"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type library struct{ titles map[string]string }

type missingBook struct{ id string }

func (e *missingBook) Error() string { return "no book " + e.id }

// title is registered as a method value; its file names the package gomcp.
func (l *library) title(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return nil, err // want `sdk-protocol-error`
	}
	t, ok := l.titles[id]
	if !ok {
		return nil, &missingBook{id} // want `sdk-protocol-error`
	}
	return gomcp.NewToolResultText(t), nil
}

// shadowed hides the package's name behind a local: the fix could not
// write gomcp.NewToolResultError there.
func shadowed(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	gomcp := req.GetString("id", "")
	if gomcp == "" {
		return nil, errors.New("no id") // want `sdk-protocol-error`
	}
	return nil, fmt.Errorf("no book %s", gomcp) // want `sdk-protocol-error`
}

// notNil returns a result with the error: not the literal nil, so the
// rewrite would drop something (or leave res unused).
func notNil(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	var res *gomcp.CallToolResult
	if req.GetString("id", "") == "" {
		return res, errors.New("no id") // want `sdk-protocol-error`
	}
	return gomcp.NewToolResultText("partial"), errors.New("partial") // want `sdk-protocol-error`
}

type CountArgs struct {
	Shelf string `json:"shelf"`
}

// count is a generic typed handler, registered as an instantiation.
func count[T any](ctx context.Context, req gomcp.CallToolRequest, args T) (*gomcp.CallToolResult, error) {
	if req.GetString("shelf", "") == "" {
		return nil, fmt.Errorf("count %v: no shelf", args) // want `sdk-protocol-error`
	}
	return gomcp.NewToolResultText("3"), nil
}

// listOf is a generic factory: the literal it returns is the handler.
func listOf[T any](load func(context.Context) ([]T, error)) server.ToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		items, err := load(ctx)
		if err != nil {
			return nil, err // want `sdk-protocol-error`
		}
		return gomcp.NewToolResultText(fmt.Sprint(items)), nil
	}
}

// Register builds the server: no middleware converts the handlers' errors.
func Register() *server.MCPServer {
	s := server.NewMCPServer("library", "1.0.0")
	l := &library{}
	s.AddTool(gomcp.NewTool("title"), l.title)
	s.AddTool(gomcp.NewTool("shadowed"), shadowed)
	s.AddTool(gomcp.NewTool("not_nil"), notNil)
	s.AddTool(gomcp.NewTool("count"), gomcp.NewTypedToolHandler(count[CountArgs]))
	s.AddTool(gomcp.NewTool("list"), listOf(func(context.Context) ([]string, error) { return nil, nil }))
	s.AddTool(gomcp.NewTool("dotted"), dotted)
	s.AddTool(gomcp.NewTool("no_import"), noImport)
	s.AddTool(gomcp.NewTool("literal"), func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		if req.GetString("id", "") == "" {
			return nil, errors.New("no id") // want `sdk-protocol-error`
		}
		return gomcp.NewToolResultText("ok"), nil
	})
	return s
}
