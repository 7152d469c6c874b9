// Package toolreg is a project's own tool registry: tools implement its
// Tool interface in packages of their own, and the server's one handler
// runs whichever is asked for through it (see toolreg/serve).
package toolreg

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

// A Tool is one tool of the server.
type Tool interface {
	Name() string
	Execute(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error)
}

var tools = map[string]Tool{}

// Register adds t to the registry.
func Register(t Tool) { tools[t.Name()] = t }

// Get returns the tool named name.
func Get(name string) (Tool, bool) {
	t, ok := tools[name]
	return t, ok
}
