// Package fixgosdk has go-sdk raw handlers whose errors sdk-protocol-error's
// fix turns into tool errors (res.SetError(err)), and handlers it leaves
// alone.
package fixgosdk

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func fetch(ctx context.Context) (string, error) { return "", errors.New("the upstream is down") }

// resTaken already has a res: the fix declares errRes.
func resTaken(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := fetch(ctx)
	if err != nil {
		return nil, fmt.Errorf("fetch: %w", err) // want `sdk-protocol-error`
	}
	return text(res), nil
}

// namesTaken has both names the fix would declare: no fix.
func namesTaken(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, errRes := fetch(ctx)
	if errRes != nil {
		return nil, fmt.Errorf("fetch: %w", errRes) // want `sdk-protocol-error`
	}
	return text(res), nil
}

// named has a named result res and no deferred function.
func named(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	if req.Params.Name == "" {
		return nil, errors.New("no name") // want `sdk-protocol-error`
	}
	return text("ok"), nil
}

// notAlone has returns that share their line, or do not end their block:
// statements cannot be put before them as they are.
func notAlone(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.Params.Name {
	case "one-line": return nil, errors.New("one line") // want `sdk-protocol-error`
	case "dead":
		return nil, errors.New("dead code follows") // want `sdk-protocol-error`
		log.Print("unreachable")
	}
	return text("ok"), nil
}

// shadowed hides the package's name behind a local.
func shadowed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	mcp := req.Params.Name
	if mcp == "" {
		return nil, errors.New("no name") // want `sdk-protocol-error`
	}
	return text(mcp), nil
}

// A generic handler, registered as an instantiation, and a method of a
// generic type, registered as a method value.
func loadAll[T any](ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var zero T
	return nil, fmt.Errorf("cannot load %T", zero) // want `sdk-protocol-error`
}

type cache[T any] struct{ items map[string]T }

func (c *cache[T]) get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, ok := c.items[req.Params.Name]
	if !ok {
		return nil, &lookupError{req.Params.Name} // want `sdk-protocol-error`
	}
	return text(fmt.Sprint(v)), nil
}

type lookupError struct{ name string }

func (e *lookupError) Error() string { return "no item " + e.name }

// ByItsSignature is registered by no code here: another package may call
// it and test its error, so its return is reported, not rewritten.
func ByItsSignature(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("not here") // want `sdk-protocol-error`
}

func Register(s *mcp.Server) {
	tool := func(name string) *mcp.Tool {
		return &mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}}
	}
	s.AddTool(tool("res_taken"), resTaken)
	s.AddTool(tool("names_taken"), namesTaken)
	s.AddTool(tool("named"), named)
	s.AddTool(tool("not_alone"), notAlone)
	s.AddTool(tool("shadowed"), shadowed)
	s.AddTool(tool("load_all"), loadAll[int])
	c := &cache[string]{}
	s.AddTool(tool("get"), c.get)
	s.AddTool(tool("literal"), func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.Params.Name == "" {
			return nil, errors.New("no name") // want `sdk-protocol-error`
		}
		return nil, nil // want `sdk-nil-result`
	})
}
