// Package gosdktyped has go-sdk typed handlers, mcp.ToolHandlerFor[In, Out],
// registered with mcp.AddTool.
package gosdktyped

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	ID string `json:"id"`
}

type Out struct {
	Total int    `json:"total"`
	Error string `json:"error,omitempty"`
}

func partial() *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "partial"}}}
}

func count(id string) (Out, error) {
	n, err := strconv.Atoi(id)
	return Out{Total: n}, err
}

// invalid always wraps a *jsonrpc.Error.
func invalid(msg string) error {
	return fmt.Errorf("invalid: %w", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg})
}

// Errors are tool errors in a typed handler: no protocol or nil-result
// findings here.
func plain(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if in.ID == "" {
		return nil, Out{}, errors.New("id is required")
	}
	if in.ID == "nil" {
		return nil, Out{}, nil
	}
	out, err := count(in.ID)
	if err != nil {
		return nil, out, err // out's values are unknown
	}
	if out.Total < 0 {
		// A partial result with an error-shaped field, and a nil error.
		return nil, Out{Total: out.Total, Error: "negative total"}, nil
	}
	return nil, out, nil
}

func dropped(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	out, err := count(in.ID)
	if err != nil {
		return partial(), Out{}, err // want `sdk-result-dropped: the go-sdk discards the result a typed handler returns with a non-nil error`
	}
	if out.Total == 0 {
		return nil, Out{Total: 1}, errors.New("empty") // want `sdk-result-dropped: the go-sdk discards the output a typed handler returns`
	}
	if out.Total == 1 {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "one"}}}, Out{}, &jsonrpc.Error{Code: 1, Message: "x"} // want `sdk-result-dropped`
	}
	if out.Total == 2 {
		return &mcp.CallToolResult{}, Out{}, errors.New("nothing lost")
	}
	res := partial()
	if out.Total == 3 {
		return res, out, err // err is nil here, as far as the analyzer can tell: unknown
	}
	return res, out, nil
}

func wrapped(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	rpcErr := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}
	var asError error = &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad id"}
	switch in.ID {
	case "direct":
		return nil, Out{}, rpcErr
	case "wrapped":
		return nil, Out{}, fmt.Errorf("lookup %s: %w", in.ID, rpcErr) // want `sdk-wrapped-protocol-error: this error wraps a \*jsonrpc.Error`
	case "through-interface":
		return nil, Out{}, fmt.Errorf("lookup: %w", asError) // want `sdk-wrapped-protocol-error`
	case "joined":
		return nil, Out{}, errors.Join(errors.New("lookup"), rpcErr) // want `sdk-wrapped-protocol-error`
	case "helper":
		return nil, Out{}, invalid(in.ID) // want `sdk-wrapped-protocol-error`
	case "variable":
		err := fmt.Errorf("lookup: %w", rpcErr)
		return nil, Out{}, err // want `sdk-wrapped-protocol-error`
	case "verb-v":
		return nil, Out{}, fmt.Errorf("lookup: %v", rpcErr) // not wrapped: the text is meant
	case "star":
		return nil, Out{}, fmt.Errorf("%*d: %w", 4, 7, rpcErr) // want `sdk-wrapped-protocol-error`
	case "other-arg":
		return nil, Out{}, fmt.Errorf("%w (%v)", errors.New("x"), rpcErr)
	}
	_, err := count(in.ID)
	return nil, Out{}, fmt.Errorf("lookup: %w", err) // err is not a *jsonrpc.Error
}

func withoutContent(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	switch in.ID {
	case "zero":
		return &mcp.CallToolResult{IsError: true}, Out{}, nil // want `sdk-error-result-without-content: this error result has no Content: the client gets isError with only the zero output's JSON as text`
	case "error-field":
		// The output's JSON becomes the content, and explains the failure.
		return &mcp.CallToolResult{IsError: true}, Out{Error: "no such id"}, nil
	case "with-error":
		return &mcp.CallToolResult{IsError: true}, Out{}, errors.New("dropped anyway")
	case "total-only":
		// The output's JSON says nothing of the failure: Error is not set.
		return &mcp.CallToolResult{IsError: true}, Out{Total: 1}, nil // want `sdk-error-result-without-content: this error result has no Content: the client gets isError with the output's JSON as text, in which no field of Out says what failed`
	case "variable":
		out := load(in.ID)
		return &mcp.CallToolResult{IsError: true}, out, nil // Error may be set: not judged
	}
	return nil, Out{}, nil
}

func load(id string) Out { return Out{Error: id} }

// Count has no field that can say what failed.
type Count struct{ N int }

func counted(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Count, error) {
	if in.ID == "" {
		return &mcp.CallToolResult{IsError: true}, Count{N: 3}, nil // want `no field of Count says what failed`
	}
	if in.ID == "map" {
		return nil, Count{}, nil
	}
	n := Count{N: len(in.ID)}
	return &mcp.CallToolResult{IsError: true}, n, nil // want `no field of Count says what failed`
}

func mapped(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, map[string]any, error) {
	return &mcp.CallToolResult{IsError: true}, map[string]any{"why": "no such id"}, nil // a map may say anything
}

func anyOut(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.ID == "" {
		return &mcp.CallToolResult{IsError: true}, nil, nil // want `sdk-error-result-without-content: this error result has no Content: the client gets isError with an empty content list`
	}
	return nil, nil, nil
}

// A generic typed handler factory.
func listOf[T any](load func(context.Context) ([]T, error)) mcp.ToolHandlerFor[In, []T] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, []T, error) {
		items, err := load(ctx)
		if err != nil {
			return nil, items, err
		}
		if len(items) == 0 {
			return partial(), nil, errors.New("empty") // want `sdk-result-dropped`
		}
		return nil, items, nil
	}
}

type service struct{}

func (s *service) method(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return nil, Out{Total: 2}, fmt.Errorf("method: %w", errors.ErrUnsupported) // want `sdk-result-dropped`
}

func Register(s *mcp.Server) {
	svc := &service{}
	mcp.AddTool(s, &mcp.Tool{Name: "plain"}, plain)
	mcp.AddTool(s, &mcp.Tool{Name: "dropped"}, dropped)
	mcp.AddTool(s, &mcp.Tool{Name: "wrapped"}, wrapped)
	mcp.AddTool(s, &mcp.Tool{Name: "without_content"}, withoutContent)
	mcp.AddTool(s, &mcp.Tool{Name: "any"}, anyOut)
	mcp.AddTool(s, &mcp.Tool{Name: "list"}, listOf(func(context.Context) ([]int, error) { return nil, nil }))
	mcp.AddTool(s, &mcp.Tool{Name: "method"}, svc.method)
	mcp.AddTool(s, &mcp.Tool{Name: "wait"}, waitHandler)
	mcp.AddTool(s, &mcp.Tool{Name: "wait_hinted"}, waitHinted)
	mcp.AddTool(s, &mcp.Tool{Name: "lookup"}, lookupHandler)
}

// A WaitOut is what a poller saw.
type WaitOut struct {
	Status string `json:"status"`
	Polls  int    `json:"polls"`
}

// wait returns what it saw together with the error when the job failed.
func wait(ctx context.Context, id string) (WaitOut, error) {
	if id == "" {
		return WaitOut{}, errors.New("id is required")
	}
	out := WaitOut{Status: "failed", Polls: 3}
	if err := ctx.Err(); err != nil {
		return out, err // cancelled: nobody reads the output
	}
	if out.Status == "failed" {
		return out, fmt.Errorf("job %s failed", id) // want `sdk-result-dropped: the go-sdk discards the output a typed handler returns with a non-nil error`
	}
	return out, nil
}

// withHints hands its arguments back, as a project's hint helper does;
// it takes out's address, so only its type says that it returns out.
func withHints[O any](res *mcp.CallToolResult, out O, err error) (*mcp.CallToolResult, O, error) {
	if s, ok := any(&out).(fmt.Stringer); ok && err == nil {
		res.Content = append(res.Content, &mcp.TextContent{Text: s.String()})
	}
	return res, out, err
}

func waitHandler(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, WaitOut, error) {
	out, err := wait(ctx, in.ID)
	return nil, out, err // wait is a delegate: reported there
}

func waitHinted(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, WaitOut, error) {
	out, err := wait(ctx, in.ID)
	return withHints(partial(), out, err) // want `sdk-result-dropped: gosdktyped.wait may return its WaitOut filled together with an error`
}

// lookup returns an empty output with its error: nothing is lost.
func lookup(id string) (WaitOut, error) {
	if id == "" {
		return WaitOut{}, errors.New("id is required")
	}
	return WaitOut{Status: "ok"}, nil
}

func lookupHandler(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, WaitOut, error) {
	out, err := lookup(in.ID)
	return withHints(partial(), out, err)
}
