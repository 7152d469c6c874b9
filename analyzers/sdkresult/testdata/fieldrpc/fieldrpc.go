// Package fieldrpc keeps a deliberate protocol error in a field: a
// package that names *jsonrpc.Error may store one anywhere, so its error
// fields are not taken for plain errors.
package fieldrpc

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type gate struct {
	refusal error
}

func (g *gate) check(name string) {
	if name == "" {
		g.refusal = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "name is required"}
	}
}

func (g *gate) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	g.check(req.Params.Name)
	if g.refusal != nil {
		return nil, g.refusal
	}
	return &mcp.CallToolResult{}, nil
}

func Register(s *mcp.Server) {
	g := &gate{}
	s.AddTool(&mcp.Tool{Name: "gated"}, g.handle)
}
