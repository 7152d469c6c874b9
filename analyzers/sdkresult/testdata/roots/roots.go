// Package roots has adapters that hand every handler's error on to the
// SDK unchanged: one return decides what all of them become, and is the
// one finding. A handler return with its own directive leaves its root;
// a directive at a root suppresses everything it decides; a root that
// decides one return is no root.
package roots

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct{ ID string }

// tool adapts a typed-looking function into an mcp-go handler and hands
// its error on raw.
func tool(h func(ctx context.Context, args Args) (*mcp.CallToolResult, error)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args Args
		if err := req.BindArguments(&args); err != nil {
			return mcp.NewToolResultErrorFromErr("bad arguments", err), nil
		}
		res, err := h(ctx, args)
		return res, err // want `sdk-protocol-error: this return hands the errors of 3 returns of 2 handlers on to the SDK, and mcp-go sends each as a JSON-RPC internal error \(-32603\), which the model never sees`
	}
}

func lookup(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	if args.ID == "" {
		return nil, errors.New("id is required")
	}
	if args.ID == "legacy" {
		//mcperrlint:ignore sdk-protocol-error the legacy client expects a protocol error here
		return nil, errors.New("legacy ids are gone")
	}
	return mcp.NewToolResultText(args.ID), nil
}

func remove(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	if args.ID == "" {
		return nil, errors.New("id is required")
	}
	if err := drop(args.ID); err != nil {
		return nil, fmt.Errorf("removing %s: %w", args.ID, err)
	}
	return mcp.NewToolResultText("removed"), nil
}

func drop(id string) error { return nil }

// quiet is an adapter whose root the server's authors have decided on:
// everything it decides is suppressed with it.
func quiet(h func(ctx context.Context, args Args) (*mcp.CallToolResult, error)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args Args
		_ = req.BindArguments(&args)
		//mcperrlint:ignore sdk-protocol-error a proxy in front of this server turns JSON-RPC errors into tool errors
		return h(ctx, args)
	}
}

func ping(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	if args.ID == "" {
		return nil, errors.New("nothing to ping")
	}
	return mcp.NewToolResultText("pong"), nil
}

func stats(ctx context.Context, args Args) (*mcp.CallToolResult, error) {
	return nil, errors.New("no stats yet")
}

// raw adapts go-sdk raw handlers; it decides one return only, which is
// reported where it is.
func raw(h gosdk.ToolHandler) gosdk.ToolHandler {
	return func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
		return h(ctx, req)
	}
}

func version(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, errors.New("unknown version") // want `sdk-protocol-error: the go-sdk sends an error returned by a raw handler as a JSON-RPC error with code 0`
}

// logged logs every call of go-sdk raw handlers and hands their errors on
// as they are: one root for both handlers' returns.
func logged(h gosdk.ToolHandler) gosdk.ToolHandler {
	return func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
		fmt.Println("calling", req.Params.Name)
		return h(ctx, req) // want `sdk-protocol-error: this return hands the errors of 2 returns of 2 handlers on to the SDK, and the go-sdk sends each as a JSON-RPC error with code 0`
	}
}

func uptime(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, errors.New("no uptime")
}

func load(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, errors.New("no load")
}

// proxied hands on the errors of a handler that means a protocol error:
// turning them all into tool errors would change that one too, so the
// root has no fix.
func proxied(h gosdk.ToolHandler) gosdk.ToolHandler {
	return func(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
		return h(ctx, req) // want `sdk-protocol-error: this return hands the errors of 2 returns of 2 handlers on to the SDK`
	}
}

func authz(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	if req.Params.Name == "" {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "no tool named"}
	}
	return nil, errors.New("not allowed")
}

func quota(ctx context.Context, req *gosdk.CallToolRequest) (*gosdk.CallToolResult, error) {
	return nil, errors.New("over quota")
}

func Serve(gs *gosdk.Server) {
	s := server.NewMCPServer("roots", "1.0.0")
	s.AddTool(mcp.NewTool("lookup"), tool(lookup))
	s.AddTool(mcp.NewTool("remove"), tool(remove))
	s.AddTool(mcp.NewTool("ping"), quiet(ping))
	s.AddTool(mcp.NewTool("stats"), quiet(stats))
	gs.AddTool(&gosdk.Tool{Name: "version", InputSchema: map[string]any{"type": "object"}}, raw(version))
	gs.AddTool(&gosdk.Tool{Name: "uptime", InputSchema: map[string]any{"type": "object"}}, logged(uptime))
	gs.AddTool(&gosdk.Tool{Name: "load", InputSchema: map[string]any{"type": "object"}}, logged(load))
	gs.AddTool(&gosdk.Tool{Name: "authz", InputSchema: map[string]any{"type": "object"}}, proxied(authz))
	gs.AddTool(&gosdk.Tool{Name: "quota", InputSchema: map[string]any{"type": "object"}}, proxied(quota))
}
