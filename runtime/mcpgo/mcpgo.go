package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/internal/binding"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// MetaKeyErrors is the key, in the advertised tool's _meta, of its error
// contract: a list of objects
//
//	{"reason", "code", "codeName", "when", "recovery", "retryable"}
//
// one per contract entry, in declaration order, then one for
// ReasonInvalidArguments, which the binding itself produces, unless the
// contract declares it. The key and the entries are runtime/mcpsdk's: a
// client reads both SDKs' tools the same way.
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
// Like s.AddTool with a malformed tool, AddTool panics when t cannot be
// registered at all (a nil tool or handler, an In that is not an object, a
// schema that does not resolve): that is a programming error found at
// start-up. Use ServerTool to get the error instead.
func AddTool[In, Out any](s *server.MCPServer, t *mcperr.Tool[In, Out], opts ...Option) {
	st, err := ServerTool(t, opts...)
	if err != nil {
		panic(fmt.Sprintf("mcpgo.AddTool: %v", err))
	}
	s.AddTools(st)
}

// ServerTool returns the tool and handler that AddTool would register, for
// (*server.MCPServer).AddTools, SetTools or a session's tools, or the reason
// t cannot be registered.
func ServerTool[In, Out any](t *mcperr.Tool[In, Out], opts ...Option) (server.ServerTool, error) {
	cfg := newConfig(opts)
	name := ""
	if t != nil {
		name = t.Name
	}
	b, err := binding.New(t, cfg.Config)
	if err != nil {
		return server.ServerTool{}, fmt.Errorf("tool %q: %w", name, err)
	}
	tool, err := advertised(b, cfg.customize)
	if err != nil {
		return server.ServerTool{}, fmt.Errorf("tool %q: %w", name, err)
	}
	return server.ServerTool{Tool: tool, Handler: handler(b)}, nil
}

// RequestFrom returns the tools/call request being handled, for a handler
// that needs its _meta, its HTTP headers or its raw arguments; the session
// is server.ClientSessionFromContext(ctx). It returns nil outside a call
// made through AddTool or ServerTool.
func RequestFrom(ctx context.Context) *mcp.CallToolRequest {
	if ctx == nil {
		return nil
	}
	req, _ := ctx.Value(requestKey{}).(*mcp.CallToolRequest)
	return req
}

// requestKey is the context key of the request being handled.
type requestKey struct{}

// advertised returns the tool as tools/list shows it: the schemas as raw
// JSON (the widened output schema among them), the contract in _meta, then
// the caller's customisations. Annotations are left unset, which MCP reads
// as its defaults.
func advertised[In, Out any](b *binding.Binding[In, Out], customize []func(*mcp.Tool)) (mcp.Tool, error) {
	input, err := json.Marshal(b.InputSchema())
	if err != nil {
		return mcp.Tool{}, fmt.Errorf("encoding the input schema: %w", err)
	}
	tool := mcp.Tool{
		Name:           b.Name(),
		Title:          b.Title(),
		Description:    b.Description(),
		RawInputSchema: input,
		Meta:           &mcp.Meta{AdditionalFields: map[string]any{MetaKeyErrors: b.Meta()}},
	}
	if schema := b.OutputSchema(); schema != nil {
		output, err := json.Marshal(schema)
		if err != nil {
			return mcp.Tool{}, fmt.Errorf("encoding the output schema: %w", err)
		}
		tool.RawOutputSchema = output
	}
	for _, c := range customize {
		c(&tool)
	}
	return tool, nil
}

// handler returns the mcp-go handler of a binding. It always returns a
// result and a nil error: mcp-go turns an error into a JSON-RPC error the
// model never sees, and a nil result into another.
func handler[In, Out any](b *binding.Binding[In, Out]) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := req.Params.Arguments
		if len(req.Params.RawArguments) > 0 {
			args = req.Params.RawArguments // as the client sent them: large integers stay exact
		}
		return result(b.Call(context.WithValue(ctx, requestKey{}, &req), args)), nil
	}
}

// result puts a binding's Result in an mcp-go result.
func result(r binding.Result) *mcp.CallToolResult {
	res := &mcp.CallToolResult{Content: []mcp.Content{}, IsError: r.IsError}
	if !r.Empty {
		res.Content = []mcp.Content{mcp.NewTextContent(r.Text)}
		res.StructuredContent = r.Structured
	}
	return res
}
