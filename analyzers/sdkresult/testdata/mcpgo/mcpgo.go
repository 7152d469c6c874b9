// Package mcpgo has mcp-go handlers of every kind: plain // want package:"mcpgo.RegisterOn pending: sdk-protocol-error@142"
// (server.ToolHandlerFunc), typed (mcp.NewTypedToolHandler), structured
// (mcp.NewStructuredToolHandler) and in a server.ServerTool.
package mcpgo

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Args struct {
	Name string `json:"name"`
}

type Greeting struct {
	Text  string `json:"text"`
	Error string `json:"error,omitempty"`
}

func greet(name string) (string, error) {
	if name == "" {
		return "", errors.New("no name")
	}
	return "hello " + name, nil
}

func plain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, err // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler as a JSON-RPC internal error \(-32603\)`
	}
	text, err := greet(name)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("greeting failed", err), nil
	}
	if name == "nobody" {
		return nil, nil // want `sdk-nil-result: mcp-go answers an mcp-go handler that returns a nil result and a nil error with a JSON-RPC internal error \(-32603`
	}
	if name == "partial" {
		return mcp.NewToolResultText("partial"), errors.New("x") // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go handler as a JSON-RPC internal error \(-32603\), which the model never sees, and the result returned with it is discarded: `
	}
	if name == "both" {
		// The error result is built, then thrown away with the error.
		return mcp.NewToolResultError("no such person"), errors.New("x") // want `sdk-protocol-error: .*which the model never sees, and the error result returned with it is discarded: `
	}
	if name == "elicit" {
		// A deliberate protocol error: -32042 with the elicitations.
		return nil, mcp.URLElicitationRequiredError{}
	}
	if name == "elicit-wrapped" {
		return nil, fmt.Errorf("authorize: %w", mcp.URLElicitationRequiredError{})
	}
	if name == "elicit-dropped" {
		return mcp.NewToolResultText("partial"), &mcp.URLElicitationRequiredError{} // want `sdk-result-dropped: mcp-go sends the client only the error a handler returns and discards the result`
	}
	if name == "bare" {
		return &mcp.CallToolResult{IsError: true}, nil // want `sdk-error-result-without-content: this error result has no Content: the client gets isError with an empty content list, and the model no word of what failed; return mcp.NewToolResultError\(msg\) instead`
	}
	if name == "text" {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent("no greeting")}}, nil
	}
	return mcp.NewToolResultText(text), nil
}

func typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	text, err := greet(args.Name)
	if err != nil {
		return nil, fmt.Errorf("greet %q: %w", args.Name, err) // want `sdk-protocol-error: mcp-go sends an error returned by an mcp-go typed handler`
	}
	if text == "" {
		return nil, nil // want `sdk-nil-result`
	}
	return mcp.NewToolResultText(text), nil
}

// Structured handlers' errors become tool errors ("tool execution failed:
// ..."): only a value returned with an error is lost.
func structured(ctx context.Context, req mcp.CallToolRequest, args Args) (Greeting, error) {
	text, err := greet(args.Name)
	if err != nil {
		return Greeting{}, err
	}
	if args.Name == "partial" {
		return Greeting{Text: text}, errors.New("partial") // want `sdk-result-dropped: mcp-go discards the value a structured handler returns with a non-nil error`
	}
	if args.Name == "field" {
		// A partial result carrying the error in a field, with a nil error.
		return Greeting{Text: text, Error: "rate limited"}, nil
	}
	return Greeting{Text: text}, nil
}

func structuredPtr(ctx context.Context, req mcp.CallToolRequest, args Args) (*Greeting, error) {
	if args.Name == "" {
		return nil, nil // mcp-go sends structuredContent null: not this analyzer's concern
	}
	return &Greeting{Text: "Hello, " + args.Name}, errors.New("x") // want `sdk-result-dropped`
}

// A wrapper: propagating the inner handler's error is not a finding.
func logged(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			log.Print(err)
			return nil, err
		}
		return res, nil
	}
}

// Register builds the server the handlers are registered on, so that what
// their errors become is known here: no middleware converts them.
func Register() *server.MCPServer {
	s := server.NewMCPServer("greeter", "1.0.0", server.WithRecovery())
	s.AddTool(mcp.NewTool("plain"), logged(plain))
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("structured"), mcp.NewStructuredToolHandler(structured))
	s.AddTool(mcp.NewTool("structured_ptr"), mcp.NewStructuredToolHandler(structuredPtr))
	s.AddTools(server.ServerTool{
		Tool: mcp.NewTool("server_tool"),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if req.GetString("name", "") == "" {
				return nil, errors.New("name is required") // want `sdk-protocol-error`
			}
			return mcp.NewToolResultText("ok"), nil
		},
	})
	return s
}

// RegisterOn registers on a server its caller builds, with middleware this
// package cannot see: whether the handler's errors reach the client as
// JSON-RPC errors is decided where the server is known, not here.
func RegisterOn(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("elsewhere"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("judged where the server is built")
	})
}
