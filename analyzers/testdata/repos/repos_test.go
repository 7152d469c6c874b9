package repos

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stub has a handler's shape, for a test of the registry: a test file's
// functions are not a server's handlers, and nothing here is reported.
func stub(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in RepoIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, errors.New("stub")
}

func TestTools(t *testing.T) {
	tools := append(Tools(Deps{}), NewTool(&mcp.Tool{Name: "stub"}, Deps{}, stub))
	if len(tools) != 4 {
		t.Fatalf("got %d tools", len(tools))
	}
}
