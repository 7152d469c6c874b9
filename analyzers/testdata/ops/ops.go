// Package ops turns operations into mcp-go handlers the way net/http turns
// a HandlerFunc into a Handler: a one-method interface, a function type
// that implements it by calling itself, and adapters that take the
// interface. The operations live in packages that import this one.
package ops

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// An Operation does what a tool asks and returns its text.
type Operation interface {
	Run(ctx context.Context, args map[string]any) (string, error)
}

// OperationFunc lets a function be an Operation.
type OperationFunc func(ctx context.Context, args map[string]any) (string, error)

// Run calls f.
func (f OperationFunc) Run(ctx context.Context, args map[string]any) (string, error) {
	return f(ctx, args)
}

// Handler shows the client the text of an operation's error, as an error
// result.
func Handler(op Operation) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := op.Run(ctx, req.GetArguments())
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}

// A Query reads what a tool asks for.
type Query interface {
	Read(ctx context.Context, id string) (string, error)
}

// QueryFunc lets a function be a Query.
type QueryFunc func(ctx context.Context, id string) (string, error)

// Read calls f.
func (f QueryFunc) Read(ctx context.Context, id string) (string, error) {
	return f(ctx, id)
}

// Raw hands a query's error to mcp-go, which sends it as a JSON-RPC error
// the model never sees.
func Raw(q Query) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := q.Read(ctx, req.GetString("id", ""))
		if err != nil {
			return nil, err // folded under the server that hands it on raw (TestServerRoots)
		}
		return mcp.NewToolResultText(out), nil
	}
}

// A Check is taken by two adapters that disagree: one turns its error
// into a result, the other passes it on. Which one a Check reaches
// decides what its errors become, so its implementations are not judged
// by the type alone.
type Check interface {
	Check(ctx context.Context) (string, error)
}

// CheckFunc lets a function be a Check.
type CheckFunc func(ctx context.Context) (string, error)

// Check calls f.
func (f CheckFunc) Check(ctx context.Context) (string, error) { return f(ctx) }

// Shown shows a check's error.
func Shown(c Check) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.Check(ctx)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}

// Passed passes a check's error on.
func Passed(c Check) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.Check(ctx)
		if err != nil {
			return nil, err // folded under the server that hands it on raw (TestServerRoots)
		}
		return mcp.NewToolResultText(out), nil
	}
}

// A Command runs a command line.
type Command interface {
	Exec(ctx context.Context, line string) (string, error)
}

// CommandFunc lets a function be a Command.
type CommandFunc func(ctx context.Context, line string) (string, error)

// Exec calls f.
func (f CommandFunc) Exec(ctx context.Context, line string) (string, error) { return f(ctx, line) }

// Console shows the client a command's error and, when there is any, the
// output it returned with it.
func Console(c Command) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := c.Exec(ctx, req.GetString("line", ""))
		if err != nil {
			if out != "" {
				return mcp.NewToolResultError(fmt.Sprintf("%s\n%s", err.Error(), out)), nil
			}
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(out), nil
	}
}

// A Formatter is shaped like an OperationFunc but no adapter takes it.
type Formatter func(ctx context.Context, args map[string]any) (string, error)
