// Package dotted dot-imports the go-sdk.
package dotted

import (
	"context"
	"errors"

	. "github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct{}
type Out struct{ N int }

func raw(ctx context.Context, req *CallToolRequest) (*CallToolResult, error) {
	if req == nil {
		return nil, nil // want `sdk-nil-result`
	}
	return nil, errors.New("dotted") // want `sdk-protocol-error`
}

func typed(ctx context.Context, req *CallToolRequest, in In) (*CallToolResult, Out, error) {
	return nil, Out{N: 1}, errors.New("dotted") // want `sdk-result-dropped`
}

func Register(s *Server) {
	s.AddTool(&Tool{Name: "raw", InputSchema: map[string]any{"type": "object"}}, raw)
	AddTool(s, &Tool{Name: "typed"}, typed)
}
