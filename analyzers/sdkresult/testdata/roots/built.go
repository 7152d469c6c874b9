package roots

// Servers built with no middleware that converts errors: every handler
// served on one hands its errors to mcp-go raw, and one middleware given
// where the server is built turns all of them into tool errors. The
// construction is the one finding, pointing at each return; a return
// with its own directive leaves it, a directive at the construction
// suppresses all it decides, and a server whose middleware converts
// errors decides nothing. This is the file of the package's first
// server: the fixes declare the middleware here, once (other.go's server
// gets none).

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dir, err := req.RequireString("dir")
	if err != nil {
		return nil, err
	}
	if dir == "/" {
		//mcperrlint:ignore sdk-protocol-error the root is refused as a protocol error on purpose
		return nil, errors.New("listing the root is not allowed")
	}
	return mcp.NewToolResultText(dir), nil
}

func stat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("stat is not supported")
}

func touch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("touched"), nil
}

// ServeFiles builds its server here, and registers the tools itself and
// through a helper given the server.
func ServeFiles() *server.MCPServer {
	s := server.NewMCPServer("files", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 3 returns of 3 handlers on as JSON-RPC internal errors \(-32603\), which the model never sees: build it with a tool handler middleware`
	s.AddTool(mcp.NewTool("list"), list)
	registerMore(s)
	return s
}

func registerMore(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("stat"), stat)
	s.AddTool(mcp.NewTool("touch"), touch)
}

// A server kept in a field, its construction suppressed: the team's
// proxy turns JSON-RPC errors into tool errors.
type app struct{ srv *server.MCPServer }

func (a *app) setup() {
	//mcperrlint:ignore sdk-protocol-error a proxy in front of this server turns JSON-RPC errors into tool errors
	a.srv = server.NewMCPServer("proxied", "1.0.0")
	a.srv.AddTool(mcp.NewTool("stat"), proxiedStat)
	a.srv.AddTool(mcp.NewTool("touch"), proxiedTouch)
}

func proxiedStat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("stat is not supported")
}

func proxiedTouch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("touch is not supported")
}

// A server whose middleware turns next's error into an error result
// converts them all: nothing to report.
func ServeConverted() *server.MCPServer {
	s := server.NewMCPServer("converted", "1.0.0", server.WithToolHandlerMiddleware(toResults))
	s.AddTool(mcp.NewTool("stat"), convertedStat)
	s.AddTool(mcp.NewTool("touch"), convertedTouch)
	return s
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

func convertedStat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("stat is not supported")
}

func convertedTouch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("touch is not supported")
}

// newServer builds the server ServeMade serves: the construction, in the
// function that returns it, is the root.
func newServer() *server.MCPServer {
	return server.NewMCPServer("made", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
}

func ServeMade() {
	s := newServer()
	s.AddTool(mcp.NewTool("owner"), madeOwner)
	s.AddTool(mcp.NewTool("group"), madeGroup)
}

func madeOwner(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("owner is not supported")
}

func madeGroup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("group is not supported")
}

// serveOpts builds its server with the options its callers give: the
// construction is the root, with no fix (an option cannot follow
// opts...).
func serveOpts(opts ...server.ServerOption) {
	s := server.NewMCPServer("opts", "1.0.0", opts...) // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
	s.AddTool(mcp.NewTool("owner"), optsOwner)
	s.AddTool(mcp.NewTool("group"), optsGroup)
}

func ServeLogged() { serveOpts(server.WithLogging()) }

func optsOwner(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("owner is not supported")
}

func optsGroup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("group is not supported")
}

// ServeDelegating registers literals that each return one function's
// results: a literal is the root of that function's returns alone, and
// the server, of both.
func ServeDelegating() {
	s := server.NewMCPServer("delegating", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
	s.AddTool(mcp.NewTool("owner"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return delegatedOwner(ctx, req)
	})
	s.AddTool(mcp.NewTool("group"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return delegatedGroup(ctx, req)
	})
}

func delegatedOwner(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("owner is not supported")
}

func delegatedGroup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("group is not supported")
}
