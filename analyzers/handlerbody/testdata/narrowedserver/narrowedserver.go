// Package narrowedserver calls narrowedkit's client and returns what its
// helpers make of the error.
package narrowedserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/narrowedkit"
)

type In struct{ ID string }
type Out struct{ OK bool }

func translated(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := narrowedkit.Get("http://api.internal/" + in.ID); err != nil {
		return nil, Out{}, narrowedkit.Translate(err)
	}
	return nil, Out{OK: true}, nil
}

func wrapped(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := narrowedkit.Get("http://api.internal/" + in.ID); err != nil {
		return nil, Out{}, narrowedkit.Wrap(err) // want `no-stringify-upstream-error: the error go-sdk typed handler wrapped returns, through narrowedkit.Get`
	}
	return nil, Out{OK: true}, nil
}

func Serve() {
	s := mcp.NewServer(&mcp.Implementation{Name: "narrowed"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "translated"}, translated)
	mcp.AddTool(s, &mcp.Tool{Name: "wrapped"}, wrapped)
}
