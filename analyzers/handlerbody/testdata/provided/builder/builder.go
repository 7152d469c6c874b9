package builder // want package:"impl sinks: builder.Build#0.Fetch@34" package:"abstract sources: fixtures/provided/builder.Provider.Fetch" package:"abstract answers: fixtures/provided/builder.Provider.Fetch"

// The package builds a server of tools over any Provider: the providers
// live in the packages that import this one, and hand themselves in.

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Document is what a provider fetches.
type Document struct {
	ID, Text string
}

// A Provider fetches documents from one source.
type Provider interface {
	Fetch(ctx context.Context, id string) (*Document, error)
	Search(ctx context.Context, q string) ([]Document, error)
}

type fetchArgs struct {
	ID string `json:"id"`
}

// Build registers the tools; what they answer is what p gives.
func Build(p Provider) *mcp.Server { // want Build:"answer pending: wired: fixtures/provided/builder.Provider.Fetch"
	s := mcp.NewServer(&mcp.Implementation{Name: "docs"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "fetch"}, func(ctx context.Context, _ *mcp.CallToolRequest, args fetchArgs) (*mcp.CallToolResult, *Document, error) {
		doc, err := p.Fetch(ctx, args.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("fetch: %w", err)
		}
		return nil, doc, nil
	})
	return s
}
