// Package clientfuncs has mcp-go handlers that wrap the errors of an API
// client, and of function values of their own, with %w.
package clientfuncs

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/clientfuncs/cluster"
)

type tools struct {
	client *cluster.Client
	// authorize may ask the client to open a URL first: it returns
	// mcp-go's URLElicitationRequiredError, a deliberate protocol error.
	authorize func(ctx context.Context) error
}

// The client imports no SDK: whatever its function values return, its
// errors are no protocol error of mcp-go's.

func (t *tools) get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := t.client.Get(ctx, req.GetString("name", ""))
	if err != nil {
		return nil, fmt.Errorf("getting: %w", err) // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText(name), nil
}

func (t *tools) delete(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := t.client.Delete(ctx, req.GetString("name", "")); err != nil {
		return nil, fmt.Errorf("deleting: %w", err) // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("deleted"), nil
}

func (t *tools) list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := t.client.List(ctx); err != nil {
		return nil, fmt.Errorf("listing: %w", err) // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("listed"), nil
}

// watch hands the client a check of its own: the client returns what the
// check does, which may be a deliberate protocol error.
func (t *tools) watch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := t.client.Watch(ctx, cluster.Check(t.authorize)); err != nil {
		return nil, fmt.Errorf("watching: %w", err)
	}
	return mcp.NewToolResultText("watching"), nil
}

// retried runs a function value of the handler's own package, which can
// name mcp-go's errors: it may be a deliberate protocol error.
func (t *tools) retried(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := retry(ctx, t.authorize); err != nil {
		return nil, fmt.Errorf("authorizing: %w", err)
	}
	return mcp.NewToolResultText("authorized"), nil
}

func retry(ctx context.Context, op func(ctx context.Context) error) error {
	return op(ctx)
}

// validate runs the checks it is given, a variadic parameter.
func validate(ctx context.Context, checks ...func(ctx context.Context) error) error {
	for _, check := range checks {
		if err := check(ctx); err != nil {
			return err
		}
	}
	return nil
}

func notEmpty(ctx context.Context) error { return errors.New("empty") }

// unchecked runs no check: nothing it returns is a protocol error.
func (t *tools) unchecked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := validate(ctx); err != nil {
		return nil, fmt.Errorf("checking: %w", err) // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("checked"), nil
}

// checked runs checks of its own that make plain errors.
func (t *tools) checked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := validate(ctx, notEmpty, notEmpty); err != nil {
		return nil, fmt.Errorf("checking: %w", err) // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("checked"), nil
}

// authorized runs a check that may be a deliberate protocol error.
func (t *tools) authorized(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := validate(ctx, notEmpty, t.authorize); err != nil {
		return nil, fmt.Errorf("checking: %w", err)
	}
	return mcp.NewToolResultText("checked"), nil
}

// required runs a check the client library made.
func (t *tools) required(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := validate(ctx, cluster.Require(req.GetString("name", ""))); err != nil {
		return nil, fmt.Errorf("checking: %w", err) // want `sdk-protocol-error`
	}
	return mcp.NewToolResultText("checked"), nil
}

func Serve() *server.MCPServer {
	t := &tools{
		client: cluster.New(),
		authorize: func(ctx context.Context) error {
			return mcp.URLElicitationRequiredError{}
		},
	}
	s := server.NewMCPServer("cluster", "1.0.0")
	s.AddTool(mcp.NewTool("get"), t.get)
	s.AddTool(mcp.NewTool("delete"), t.delete)
	s.AddTool(mcp.NewTool("list"), t.list)
	s.AddTool(mcp.NewTool("watch"), t.watch)
	s.AddTool(mcp.NewTool("retried"), t.retried)
	s.AddTool(mcp.NewTool("unchecked"), t.unchecked)
	s.AddTool(mcp.NewTool("checked"), t.checked)
	s.AddTool(mcp.NewTool("authorized"), t.authorized)
	s.AddTool(mcp.NewTool("required"), t.required)
	s.AddResource(mcp.NewResource("cluster://readme", "readme"), readme)
	return s
}

// readme reads a resource: a read has no error result, and fails with its
// error, as it should.
func readme(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	return nil, errors.New("no readme")
}
