package mcpsdk

import (
	"context"
	"fmt"

	"github.com/mcperrlint/mcperrlint/runtime/internal/binding"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MetaKeyErrors is the key, in the advertised tool's _meta, of its error
// contract: a list of objects
//
//	{"reason", "code", "codeName", "when", "recovery", "retryable"}
//
// one per contract entry, in declaration order, then one for
// ReasonInvalidArguments, which the binding itself produces, unless the
// contract declares it. It lets a client or an agent know, before calling,
// every way the tool can fail on purpose and what to do about each. The key
// is namespaced as MCP asks of _meta keys. Severity and ThrownByService are
// server-side concerns and are not advertised.
const MetaKeyErrors = binding.MetaKeyErrors

// ReasonInvalidArguments is the data.reason of the failure a call gets when
// its arguments do not match the tool's input schema or cannot be decoded
// into In. The handler is not run. data.issues lists what is wrong.
const ReasonInvalidArguments = binding.ReasonInvalidArguments

// AddTool registers t on s. Arguments are validated against the input schema
// and decoded into In; the handler runs with t's contract installed, so Fail
// and RecoveryFor resolve against t.Errors; every failure, a panic included,
// reaches the client as a tool error result an agent can act on, and is
// logged.
//
// Like mcp.AddTool, AddTool panics when t cannot be registered at all (a nil
// tool or handler, an In that is not an object, a schema that does not
// resolve): that is a programming error found at start-up. Use Bind to get
// the error instead.
func AddTool[In, Out any](s *mcp.Server, t *mcperr.Tool[In, Out], opts ...Option) {
	tool, handler, err := Bind(t, opts...)
	if err != nil {
		panic(fmt.Sprintf("mcpsdk.AddTool: %v", err))
	}
	s.AddTool(tool, handler)
}

// Bind returns the advertised tool and the raw handler that AddTool would
// register, or the reason t cannot be registered. It is for servers that
// register tools themselves, or want the error rather than a panic.
func Bind[In, Out any](t *mcperr.Tool[In, Out], opts ...Option) (*mcp.Tool, mcp.ToolHandler, error) {
	cfg := newConfig(opts)
	b, err := binding.New(t, cfg.Config)
	if err != nil {
		name := ""
		if t != nil {
			name = t.Name
		}
		return nil, nil, fmt.Errorf("tool %q: %w", name, err)
	}
	return advertised(b, cfg.customize), handler(b), nil
}

// RequestFrom returns the tools/call request being handled, for a handler
// that needs the session (to notify progress, say) or the request's _meta.
// It returns nil outside a call made through AddTool or Bind.
func RequestFrom(ctx context.Context) *mcp.CallToolRequest {
	if ctx == nil {
		return nil
	}
	req, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return req
}

// requestKey is the context key of the request being handled.
type requestKey struct{}

// advertised returns the tool as tools/list shows it: the widened output
// schema, the contract in _meta, then the caller's customisations.
func advertised[In, Out any](b *binding.Binding[In, Out], customize []func(*mcp.Tool)) *mcp.Tool {
	tool := &mcp.Tool{
		Name:        b.Name(),
		Title:       b.Title(),
		Description: b.Description(),
		InputSchema: b.InputSchema(),
		Meta:        mcp.Meta{MetaKeyErrors: b.Meta()},
	}
	if output := b.OutputSchema(); output != nil {
		tool.OutputSchema = output
	}
	for _, c := range customize {
		c(tool)
	}
	return tool
}

// handler returns the raw go-sdk handler of a binding. It always returns a
// result and a nil error: a protocol error would hide the failure from the
// model.
func handler[In, Out any](b *binding.Binding[In, Out]) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args any
		if req != nil && req.Params != nil && req.Params.Arguments != nil {
			args = req.Params.Arguments
		}
		return result(b.Call(context.WithValue(ctx, requestKey{}, req), args)), nil
	}
}

// result puts a binding's Result in a go-sdk result. A failure's error is
// set with SetError too, so that go-sdk middleware sees the cause.
func result(r binding.Result) *mcp.CallToolResult {
	res := &mcp.CallToolResult{Content: []mcp.Content{}}
	if !r.Empty {
		res.Content = []mcp.Content{&mcp.TextContent{Text: r.Text}}
		res.StructuredContent = r.Structured
	}
	if r.IsError {
		res.SetError(r.Err)
	}
	return res
}
