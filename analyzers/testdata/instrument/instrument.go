// Package instrument wraps mcp.AddTool to time and log every call: the
// handlers it is given keep the typed path, their errors error results.
package instrument

import (
	"context"
	"log"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func AddTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, t, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		start := time.Now()
		res, out, err := h(ctx, req, in)
		log.Printf("%s took %v (err=%v)", t.Name, time.Since(start), err)
		return res, out, err
	})
}
