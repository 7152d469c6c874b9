package mcpgo_test

// These tests pin the mcp-go v1.2.1 behaviours this package is built
// around, so that an SDK upgrade that changes one of them fails here, next
// to the reason it matters, instead of somewhere downstream.

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// rawTool connects a client to a server with one raw mcp-go tool, "raw".
func rawTool(t *testing.T, handler server.ToolHandlerFunc, opts ...server.ServerOption) func() (*mcp.CallToolResult, error) {
	t.Helper()
	c := connect(t, func(s *server.MCPServer) {
		s.AddTool(mcp.NewTool("raw", mcp.WithString("id")), handler)
	}, opts...)
	return func() (*mcp.CallToolResult, error) { return callTool(c, "raw", map[string]any{"id": "b-1"}) }
}

// wantInternalError checks that a call ended in a JSON-RPC internal error
// (-32603), which the model never sees, with a message containing text.
func wantInternalError(t *testing.T, res *mcp.CallToolResult, err error, text string) {
	t.Helper()
	if !errors.Is(err, mcp.ErrInternalError) || !strings.Contains(err.Error(), text) {
		t.Errorf("CallTool = %+v, %v; want a -32603 error mentioning %q", res, err, text)
	}
}

// TestMCPGoErrorIsProtocolError: an error a handler returns becomes a
// JSON-RPC internal error, not a tool result: the model never reads it.
// Hence the binding never returns one.
func TestMCPGoErrorIsProtocolError(t *testing.T) {
	call := rawTool(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, errors.New("no book b-1")
	})
	res, err := call()
	wantInternalError(t, res, err, "no book b-1")
}

// TestMCPGoNilResultIsProtocolError: a handler returning neither a result
// nor an error gets a JSON-RPC internal error.
func TestMCPGoNilResultIsProtocolError(t *testing.T) {
	call := rawTool(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		//mcperrlint:ignore sdk-nil-result this test pins the mcp-go behaviour the rule is about
		return nil, nil
	})
	res, err := call()
	wantInternalError(t, res, err, "raw")
}

// TestMCPGoRecoveryIsProtocolError: server.WithRecovery turns a panic into
// a JSON-RPC internal error that quotes the panic value to the client.
func TestMCPGoRecoveryIsProtocolError(t *testing.T) {
	call := rawTool(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic("the shelf index at 10.0.3.7 is corrupt")
	}, server.WithRecovery())
	res, err := call()
	wantInternalError(t, res, err, "panic recovered in raw tool handler: the shelf index at 10.0.3.7 is corrupt")
}

// TestMCPGoPanicWithoutRecovery: without server.WithRecovery nothing
// recovers a panicking handler: in process, the panic reaches the caller of
// CallTool (over a transport that does not recover it, it ends the
// process).
func TestMCPGoPanicWithoutRecovery(t *testing.T) {
	call := rawTool(t, func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		panic("the shelf index at 10.0.3.7 is corrupt")
	})
	defer func() {
		if v := recover(); v != "the shelf index at 10.0.3.7 is corrupt" {
			t.Errorf("recovered %v; want the handler's panic", v)
		}
	}()
	res, err := call()
	t.Errorf("CallTool returned %+v, %v; want the panic to reach the caller", res, err)
}

// TestMCPGoStdioRecoversPanics: the stdio server recovers a panicking
// handler itself, as a JSON-RPC internal error that quotes the panic value.
func TestMCPGoStdioRecoversPanics(t *testing.T) {
	c := connectStdio(t, "raw")
	res, err := callTool(c, "boom", nil)
	wantInternalError(t, res, err, "internal panic: the shelf index at 10.0.3.7 is corrupt")
}

// TestMCPGoInputValidationAnswersFirst: with server.WithInputSchemaValidation
// mcp-go validates arguments against the advertised schema before any
// handler runs, and answers with its own text and no structuredContent: a
// bound tool's invalid_arguments failure never happens. The binding
// validates itself, so servers should leave that option off.
func TestMCPGoInputValidationAnswersFirst(t *testing.T) {
	c := serveGetBookWith(t, server.WithInputSchemaValidation())
	res := call(t, c, "get_book", map[string]any{"id": 42})
	if !res.IsError || res.StructuredContent != nil || strings.HasPrefix(textOf(t, res), "Error: Invalid arguments") {
		t.Errorf("got isError %v, structuredContent %v, text %q; want mcp-go's own answer", res.IsError, res.StructuredContent, textOf(t, res))
	}
}

// TestMCPGoClientDropsAnyOf: mcp-go's client decodes a tool's output schema
// into its ToolOutputSchema type, which has no anyOf: a client built on it
// sees the widened schema's properties (the error property among them) but
// not the requirement that one of the two shapes be present.
func TestMCPGoClientDropsAnyOf(t *testing.T) {
	list, err := serveGetBookWith(t).ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil || len(list.Tools) != 1 {
		t.Fatalf("ListTools = %v, %v", list, err)
	}
	out := list.Tools[0].OutputSchema
	if _, ok := out.Properties["error"]; !ok || len(out.Required) != 0 {
		t.Errorf("client's output schema = %+v; want the error property and no required list", out)
	}
}
