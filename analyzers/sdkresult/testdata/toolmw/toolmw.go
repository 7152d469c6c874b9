// Package toolmw has tool-call middlewares whose own returns are on every
// tool's path: an mcp-go rate limit that refuses before calling next, a
// go-sdk receiving middleware whose interceptor fails on tools/call. And
// the returns that are not their own: next's, passed on.
package toolmw

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var calls atomic.Int64

func rateLimit(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if calls.Add(1) > 100 {
			return nil, errors.New("rate limit exceeded: too many requests") // want `sdk-protocol-error: mcp-go sends an error returned by a tool-call middleware itself \(not passed on from next: on every tool's path\) as a JSON-RPC internal error`
		}
		return next(ctx, req) // next's error: passed on, judged where it is made
	}
}

// withQuota is built by a function: the handler it returns is the
// middleware's.
func withQuota(limit int64) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if calls.Load() > limit {
				return nil, fmt.Errorf("quota of %d calls used", limit) // want `sdk-protocol-error: mcp-go sends an error returned by a tool-call middleware itself`
			}
			res, err := next(ctx, req)
			if err != nil {
				return nil, fmt.Errorf("tool failed: %w", err)
			}
			return res, nil
		}
	}
}

func hello(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("hello"), nil
}

func NewServer() *server.MCPServer {
	s := server.NewMCPServer("toolmw", "1.0.0",
		server.WithToolHandlerMiddleware(rateLimit),
		server.WithToolHandlerMiddleware(withQuota(1000)))
	s.AddTool(mcp.NewTool("hello"), hello)
	return s
}

// On a server whose other middleware turns errors into results, a
// middleware's own errors become results too.

func refuseEmpty(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if req.Params.Name == "" {
			return nil, errors.New("no tool named")
		}
		return next(ctx, req)
	}
}

func toResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return res, nil
	}
}

func NewConvertingServer() *server.MCPServer {
	s := server.NewMCPServer("converting", "1.0.0",
		server.WithToolHandlerMiddleware(toResults),
		server.WithToolHandlerMiddleware(refuseEmpty))
	s.AddTool(mcp.NewTool("hello"), hello)
	return s
}

// A go-sdk interceptor chain: its method handler runs the interceptor on
// tools/call, before next.

type Interceptor struct{ Command string }

// run hands on the error of the runner its command names: the
// middleware wraps it with %w and is where it is reported, not here nor
// in the runners.
func (i *Interceptor) run(ctx context.Context) error {
	if i.Command == "" {
		return errors.New("no command")
	}
	if i.Command == "docker" {
		return i.runDocker(ctx)
	}
	return nil
}

func (i *Interceptor) runDocker(ctx context.Context) error {
	return fmt.Errorf("docker is not available")
}

// logged logs what next returns, and hands its error on: next's, not its
// own.
func logged(next gosdk.MethodHandler) gosdk.MethodHandler {
	return func(ctx context.Context, method string, req gosdk.Request) (gosdk.Result, error) {
		if method != "tools/call" {
			return next(ctx, method, req)
		}
		res, err := next(ctx, method, req)
		if err != nil {
			fmt.Println("tool failed:", err)
			return res, err
		}
		return res, nil
	}
}

// unusedHandler is a factory nothing calls, kept for later: the handler
// it would make is never registered.
func unusedHandler() gosdk.ToolHandler {
	return func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
		return nil, errors.New("not wired yet")
	}
}

func (i *Interceptor) ToMiddleware() gosdk.Middleware {
	return func(next gosdk.MethodHandler) gosdk.MethodHandler {
		return func(ctx context.Context, method string, req gosdk.Request) (gosdk.Result, error) {
			if method != "tools/call" {
				return next(ctx, method, req)
			}
			if err := i.run(ctx); err != nil {
				return nil, fmt.Errorf("executing interceptor: %w", err) // want `sdk-protocol-error: the go-sdk sends an error returned by a tool-call middleware itself`
			}
			return next(ctx, method, req)
		}
	}
}

// A method handler that never looks at the method may fail an
// initialize or a resource read on purpose: not judged.
func requireSession(next gosdk.MethodHandler) gosdk.MethodHandler {
	return func(ctx context.Context, method string, req gosdk.Request) (gosdk.Result, error) {
		if req.GetSession() == nil {
			return nil, errors.New("no session")
		}
		return next(ctx, method, req)
	}
}

func NewGoSDKServer(i *Interceptor) *gosdk.Server {
	s := gosdk.NewServer(&gosdk.Implementation{Name: "toolmw"}, nil)
	s.AddReceivingMiddleware(i.ToMiddleware(), requireSession, logged)
	return s
}
