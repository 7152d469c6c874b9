// Package gosdkraw has go-sdk raw handlers: func(ctx, *mcp.CallToolRequest)
// (*mcp.CallToolResult, error), registered with (*mcp.Server).AddTool.
package gosdkraw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errGone = errors.New("gone")

type args struct {
	ID string `json:"id"`
}

// waitTurn waits for the caller's turn: it fails only when the call is
// cancelled first.
func waitTurn(ctx context.Context) (int, error) {
	select {
	case <-ctx.Done():
		return 0, ctx.Err()
	default:
	}
	return 1, nil
}

// waitOrGiveUp fails on its own too.
func waitOrGiveUp(ctx context.Context, id string) (int, error) {
	if id == "" {
		return 0, errGone
	}
	return waitTurn(ctx)
}

func decode(req *mcp.CallToolRequest) (args, error) {
	var a args
	err := json.Unmarshal(req.Params.Arguments, &a)
	return a, err
}

// notFound always builds an error: a factory.
func notFound(id string) error { return fmt.Errorf("book %s not found", id) }

// maybe may return nil: not a factory.
func maybe(id string) error {
	if id == "" {
		return errors.New("empty id")
	}
	return nil
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func fresh(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("not implemented") // want `sdk-protocol-error: the go-sdk sends an error returned by a raw handler as a JSON-RPC error with code 0`
}

func propagatedInBranch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		return nil, err // want `sdk-protocol-error`
	}
	n, err := strconv.Atoi(a.ID)
	if err != nil {
		return nil, fmt.Errorf("id %q: %w", a.ID, err) // want `sdk-protocol-error`
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, err // want `sdk-protocol-error`
	}
	if n < 0 {
		return nil, notFound(a.ID) // want `sdk-protocol-error`
	}
	if n == 0 {
		return nil, errGone // want `sdk-protocol-error`
	}
	if n == 1 {
		return nil, io.ErrUnexpectedEOF // want `sdk-protocol-error`
	}
	if n == 2 {
		return nil, mcperr.NotFound("no such book") // want `sdk-protocol-error`
	}
	return text(strconv.Itoa(n)), nil
}

// Errors that are, or may be, deliberate protocol errors, and errors that
// may be nil.
func notFlagged(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if a.ID == "rpc" {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}
	}
	rpcErr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}
	if a.ID == "wrapped" {
		// The raw path keeps a wrapped *jsonrpc.Error's code (errors.As).
		return nil, fmt.Errorf("lookup: %w", rpcErr)
	}
	if a.ID == "unknown" {
		return nil, err // not in an err != nil branch: may be nil
	}
	if !errors.Is(err, io.EOF) {
		return nil, err // err may be nil here
	}
	if err := maybe(a.ID); err != nil {
		log.Print(err)
	}
	if a.ID == "maybe" {
		return nil, maybe(a.ID)
	}
	if err := ctx.Err(); err != nil {
		return nil, err // a cancelled call: nobody reads the answer
	}
	if _, err := waitTurn(ctx); err != nil {
		return nil, err // a helper that fails only when the call is cancelled
	}
	if _, err := waitOrGiveUp(ctx, a.ID); err != nil {
		return nil, err // want `sdk-protocol-error`
	}
	if a.ID == "cause" {
		return nil, fmt.Errorf("cancelled: %w", context.Cause(ctx))
	}
	var declared error
	if a.ID == "declared" {
		declared = errors.New("declared")
	}
	if a.ID == "zero" {
		return nil, declared // may still hold its zero value
	}
	res := &mcp.CallToolResult{}
	res.SetError(errors.New("failed"))
	return res, nil
}

// A go-sdk client call may return the upstream's *jsonrpc.Error: a proxy
// passes it on deliberately.
func proxy(cs *mcp.ClientSession) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: req.Params.Name, Arguments: req.Params.Arguments})
		if err != nil {
			return nil, err
		}
		return res, nil
	}
}

// A wrapper propagates the inner handler's error; the inner handler is
// judged where it is written.
func logged(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := h(ctx, req)
		if err != nil {
			log.Printf("tool %s: %v", req.Params.Name, err)
			return nil, err
		}
		return res, nil
	}
}

// A factory returning a literal: the literal is the handler.
func newLookup(books map[string]string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		a, err := decode(req)
		if err != nil {
			res := &mcp.CallToolResult{}
			res.SetError(err)
			return res, nil
		}
		title, ok := books[a.ID]
		if !ok {
			return nil, fmt.Errorf("no book %q", a.ID) // want `sdk-protocol-error`
		}
		return text(title), nil
	}
}

type store struct{ books map[string]string }

// A method registered as a method value.
func (s *store) get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		return nil, err // want `sdk-protocol-error`
	}
	return text(s.books[a.ID]), nil
}

// lookup has a handler's shape but is a helper: the handler that calls it
// decides what the client gets.
func (s *store) lookup(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("helper failure")
}

func (s *store) viaHelper(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := s.lookup(ctx, req)
	if err != nil {
		out := &mcp.CallToolResult{}
		out.SetError(err)
		return out, nil
	}
	return res, nil
}

// A generic factory of raw handlers.
func rawFor[T any](load func(context.Context) (T, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := load(ctx)
		if err != nil {
			return nil, err // want `sdk-protocol-error`
		}
		return text(fmt.Sprint(v)), nil
	}
}

// Named results changed by a deferred function: the returns do not say
// what the client gets.
func deferredConversion(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if err != nil {
			res = &mcp.CallToolResult{}
			res.SetError(err)
			err = nil
		}
	}()
	return nil, errors.New("converted by the deferred function")
}

func nilResults(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		log.Print(err)
		return nil, nil // want `sdk-nil-result: a go-sdk raw handler that returns a nil result and a nil error crashes the server`
	}
	var res *mcp.CallToolResult
	if a.ID == "" {
		return res, nil // want `sdk-nil-result`
	}
	var noErr error
	if a.ID == "x" {
		return nil, noErr // want `sdk-nil-result`
	}
	var decoded *mcp.CallToolResult
	if a.ID == "json" {
		_ = json.Unmarshal([]byte(a.ID), &decoded)
		return decoded, nil // its address was taken: may be set
	}
	var typedNil *os.PathError
	if a.ID == "typed" {
		return nil, typedNil // a nil *os.PathError is a non-nil error
	}
	if a.ID == "unknown" {
		return res, err // err may be non-nil
	}
	return &mcp.CallToolResult{}, nil
}

func dropped(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, _ := decode(req)
	partial := text("partial")
	rpcErr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}
	switch a.ID {
	case "rpc":
		return partial, rpcErr // want `sdk-result-dropped: the go-sdk sends the client only the error a raw handler returns and discards the result`
	case "plain":
		return partial, errors.New("x") // want `sdk-protocol-error`
	case "empty":
		return &mcp.CallToolResult{}, rpcErr
	}
	return partial, nil
}

func withoutContent(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, _ := decode(req)
	switch a.ID {
	case "a":
		return &mcp.CallToolResult{IsError: true}, nil // want `sdk-error-result-without-content: this error result has no Content: the client gets isError with an empty content list`
	case "b":
		res := &mcp.CallToolResult{IsError: true, StructuredContent: map[string]any{"error": "x"}} // want `sdk-error-result-without-content`
		return res, nil
	case "c":
		return &mcp.CallToolResult{IsError: true, Content: nil}, nil // want `sdk-error-result-without-content`
	case "d":
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{}}, nil // want `sdk-error-result-without-content`
	case "filled-later":
		res := &mcp.CallToolResult{IsError: true}
		res.Content = append(res.Content, &mcp.TextContent{Text: "no such book"})
		return res, nil
	case "with-content":
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no such book"}}}, nil
	case "not-constant":
		return &mcp.CallToolResult{IsError: a.ID == ""}, nil
	case "success":
		return &mcp.CallToolResult{IsError: false}, nil
	}
	return text("ok"), nil
}

func Register(s *mcp.Server, cs *mcp.ClientSession) {
	st := &store{}
	tool := func(name string) *mcp.Tool {
		return &mcp.Tool{Name: name, InputSchema: map[string]any{"type": "object"}}
	}
	s.AddTool(tool("fresh"), fresh)
	s.AddTool(tool("propagated"), propagatedInBranch)
	s.AddTool(tool("not_flagged"), notFlagged)
	s.AddTool(tool("proxy"), proxy(cs))
	s.AddTool(tool("logged"), logged(fresh))
	s.AddTool(tool("lookup"), newLookup(nil))
	s.AddTool(tool("get"), st.get)
	s.AddTool(tool("via_helper"), st.viaHelper)
	s.AddTool(tool("generic"), rawFor(func(context.Context) (int, error) { return 1, nil }))
	s.AddTool(tool("deferred"), deferredConversion)
	s.AddTool(tool("nil"), nilResults)
	s.AddTool(tool("dropped"), dropped)
	s.AddTool(tool("without_content"), withoutContent)
}
