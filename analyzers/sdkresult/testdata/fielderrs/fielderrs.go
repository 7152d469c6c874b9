// Package fielderrs has go-sdk raw handlers whose failures travel in a
// field of a struct a helper returns (r.Err): tested against nil, the
// field is surely not nil inside the if.
package fielderrs

import (
	"context"
	"errors"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type outcome struct {
	Data []byte
	Err  error
}

type job struct {
	Result outcome
}

func fetch(name string) outcome {
	data, err := os.ReadFile(name)
	return outcome{Data: data, Err: err}
}

func text(b []byte) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
}

func read(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := fetch("a")
	if r.Err != nil {
		return nil, r.Err // want `sdk-protocol-error: the go-sdk sends an error returned by a raw handler as a JSON-RPC error with code 0`
	}
	return text(r.Data), nil
}

func nested(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	j := job{Result: fetch("b")}
	if len(j.Result.Data) == 0 && j.Result.Err != nil {
		return nil, j.Result.Err // want `sdk-protocol-error`
	}
	return text(j.Result.Data), nil
}

// Must not: the local is given another value before the return; the
// field is not what was tested.

func retried(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := fetch("c")
	if r.Err != nil {
		r = fetch("c.bak")
		return nil, r.Err
	}
	return text(r.Data), nil
}

func cleared(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := fetch("c")
	if r.Err != nil {
		if errors.Is(r.Err, os.ErrNotExist) {
			r.Err = nil
		}
		return nil, r.Err
	}
	return text(r.Data), nil
}

func other(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, b := fetch("a"), fetch("b")
	if a.Err != nil {
		return nil, b.Err
	}
	return text(a.Data), nil
}

func Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "read"}, read)
	s.AddTool(&mcp.Tool{Name: "nested"}, nested)
	s.AddTool(&mcp.Tool{Name: "retried"}, retried)
	s.AddTool(&mcp.Tool{Name: "cleared"}, cleared)
	s.AddTool(&mcp.Tool{Name: "other"}, other)
}
