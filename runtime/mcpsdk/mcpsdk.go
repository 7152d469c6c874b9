package mcpsdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

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
	b, err := newBinding(t, newConfig(opts))
	if err != nil {
		name := ""
		if t != nil {
			name = t.Name
		}
		return nil, nil, fmt.Errorf("tool %q: %w", name, err)
	}
	return b.advertised(), b.handle, nil
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

// A binding is one registered tool: what it advertises and how its calls
// are handled. It is immutable once built, so calls may run concurrently.
type binding[In, Out any] struct {
	tool       *mcperr.Tool[In, Out]
	cfg        config
	input      *jsonschema.Schema
	inputRes   *jsonschema.Resolved
	output     *jsonschema.Schema   // nil: no output schema (Out is any)
	outputRes  *jsonschema.Resolved // validates successful outputs
	zeroOutput any                  // for a pointer Out: what a nil output stands for
}

// newBinding checks t and resolves its schemas.
func newBinding[In, Out any](t *mcperr.Tool[In, Out], cfg config) (*binding[In, Out], error) {
	if t == nil {
		return nil, errors.New("nil tool")
	}
	if t.Handler == nil {
		return nil, errors.New("the tool has no handler")
	}
	snapshot := *t // later edits of t do not reach a registered tool
	b := &binding[In, Out]{tool: &snapshot, cfg: cfg}
	var err error
	if b.input, b.inputRes, err = inputSchema[In](cfg.inputSchema); err != nil {
		return nil, err
	}
	if b.output, b.outputRes, err = outputSchema[Out](cfg.outputSchema); err != nil {
		return nil, err
	}
	if rt := reflect.TypeFor[Out](); rt.Kind() == reflect.Pointer && cfg.outputSchema == nil {
		b.zeroOutput = reflect.Zero(rt.Elem()).Interface()
	}
	return b, nil
}

// advertised returns the tool as tools/list shows it: the widened output
// schema, the contract in _meta, then the caller's customisations.
func (b *binding[In, Out]) advertised() *mcp.Tool {
	tool := &mcp.Tool{
		Name:        b.tool.Name,
		Title:       b.tool.Title,
		Description: b.tool.Description,
		InputSchema: b.input.CloneSchemas(), // customizers may edit it; validation keeps its own
		Meta:        mcp.Meta{},
	}
	if b.output != nil {
		tool.OutputSchema = widenOutput(b.output)
	}
	tool.Meta[MetaKeyErrors] = contractMeta(b.tool.Errors)
	for _, customize := range b.cfg.customize {
		customize(tool)
	}
	return tool
}

// handle is the raw go-sdk handler. It always returns a result and a nil
// error: a protocol error would hide the failure from the model.
func (b *binding[In, Out]) handle(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, _ error) {
	defer func() {
		if v := recover(); v != nil {
			res = b.panicked(ctx, v, debug.Stack())
		}
	}()
	in, err := decodeArguments[In](arguments(req), b.input, b.inputRes)
	if err != nil {
		return b.failure(ctx, err, slog.LevelWarn), nil
	}
	out, err := b.tool.Call(context.WithValue(ctx, requestKey{}, req), in)
	if err != nil {
		return b.failure(ctx, err, slog.LevelError), nil
	}
	return b.success(ctx, out), nil
}

// arguments returns the raw arguments of req, nil when there are none.
func arguments(req *mcp.CallToolRequest) json.RawMessage {
	if req == nil || req.Params == nil {
		return nil
	}
	return req.Params.Arguments
}

// success renders a handler's output as structuredContent and, for clients
// that read only text, as its JSON in content[0]. An output that cannot be
// encoded, or does not match the output schema the tool advertises, is a
// failure of the server, reported as such rather than sent.
func (b *binding[In, Out]) success(ctx context.Context, out Out) *mcp.CallToolResult {
	value := b.outputValue(out)
	if value == nil {
		return &mcp.CallToolResult{Content: []mcp.Content{}}
	}
	raw, err := json.Marshal(value)
	if err != nil {
		return b.failure(ctx, mcperr.SerializationError(
			fmt.Sprintf("Tool %q produced a result that cannot be encoded as JSON.", b.tool.Name),
			mcperr.WithCause(err)), slog.LevelError)
	}
	if err := b.validateOutput(raw); err != nil {
		return b.failure(ctx, mcperr.InternalError(
			fmt.Sprintf("Tool %q produced a result that does not match its output schema.", b.tool.Name),
			mcperr.WithCause(err)), slog.LevelError)
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(raw)}},
		StructuredContent: json.RawMessage(raw),
	}
}

// outputValue returns what to encode for out: out itself, the zero element
// for a nil pointer whose schema was inferred from the element, or nil for a
// nil output of a tool without an output schema.
func (b *binding[In, Out]) outputValue(out Out) any {
	value := any(out)
	if b.zeroOutput != nil && reflect.ValueOf(value).IsNil() {
		return b.zeroOutput
	}
	if b.outputRes == nil && value == nil {
		return nil
	}
	return value
}

// validateOutput checks an encoded output against the output schema.
func (b *binding[In, Out]) validateOutput(raw []byte) error {
	if b.outputRes == nil {
		return nil
	}
	var decoded any
	if err := json.Unmarshal(raw, &decoded); err != nil {
		return err
	}
	return b.outputRes.Validate(decoded)
}

// panicked turns a panic in the handler (or in the binding) into an
// internal error. The client learns only that the tool failed; the panic
// value and stack go to the log.
func (b *binding[In, Out]) panicked(ctx context.Context, v any, stack []byte) *mcp.CallToolResult {
	cause, ok := v.(error)
	if ok {
		cause = fmt.Errorf("panic: %w", cause)
	} else {
		cause = fmt.Errorf("panic: %v", v)
	}
	err := mcperr.InternalError(fmt.Sprintf("Tool %q failed unexpectedly.", b.tool.Name), mcperr.WithCause(cause))
	return b.report(ctx, err, slog.LevelError, "tool call panicked", slog.String("stack", string(stack)))
}
