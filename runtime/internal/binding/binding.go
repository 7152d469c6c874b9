// Package binding is what the SDK bindings of the mcperr runtime share:
// everything about serving an mcperr.Tool that does not depend on the SDK.
// It validates and decodes arguments, runs the handler with its contract,
// renders successes and failures, recovers panics, infers and widens the
// schemas, builds the advertised contract and logs failures. A binding
// (runtime/mcpsdk, runtime/mcpgo) only translates between its SDK's types
// and a Binding's, so the two SDKs send the same text and structuredContent
// for the same failure.
package binding

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// MetaKeyErrors is the key, in an advertised tool's _meta, of its error
// contract; see Binding.Meta.
const MetaKeyErrors = "dev.mcperrlint/errors"

// ErrorProperty is the property of structuredContent that carries a failure.
const ErrorProperty = "error"

// Config is what a binding's options say, SDK-specific ones aside.
type Config struct {
	// Logger receives failures; nil means slog.Default() at the time of
	// the failure.
	Logger *slog.Logger
	// InputSchema replaces the schema inferred from In.
	InputSchema *jsonschema.Schema
	// OutputSchema replaces the schema inferred from Out.
	OutputSchema *jsonschema.Schema
	// NewRequestID names each failure; nil (or an empty id) means 12
	// random hex digits.
	NewRequestID func() string
}

// log returns the logger failures are written to.
func (c *Config) log() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.Default()
}

// requestID returns a fresh request id, from the injected generator if there
// is one. An empty id from a generator falls back to a random one, so that
// every failure stays traceable.
func (c *Config) requestID() string {
	if c.NewRequestID != nil {
		if id := c.NewRequestID(); id != "" {
			return id
		}
	}
	return randomRequestID()
}

// A Binding is one tool as a binding serves it: what it advertises and how
// its calls are handled. It is immutable once built, so calls may run
// concurrently.
type Binding[In, Out any] struct {
	tool       *mcperr.Tool[In, Out]
	cfg        Config
	input      *jsonschema.Schema
	inputRes   *jsonschema.Resolved
	output     *jsonschema.Schema   // nil: no output schema (Out is any)
	outputRes  *jsonschema.Resolved // validates successful outputs
	zeroOutput any                  // for a pointer Out: what a nil output stands for
}

// New checks t and resolves its schemas. It reports why t cannot be served:
// a nil tool or handler, an In whose schema is not an object, a schema that
// does not resolve.
func New[In, Out any](t *mcperr.Tool[In, Out], cfg Config) (*Binding[In, Out], error) {
	if t == nil {
		return nil, errors.New("nil tool")
	}
	if t.Handler == nil {
		return nil, errors.New("the tool has no handler")
	}
	snapshot := *t // later edits of t do not reach a registered tool
	snapshot.Errors = append([]mcperr.Contract(nil), t.Errors...)
	b := &Binding[In, Out]{tool: &snapshot, cfg: cfg}
	var err error
	if b.input, b.inputRes, err = inputSchema[In](cfg.InputSchema); err != nil {
		return nil, err
	}
	if b.output, b.outputRes, err = outputSchema[Out](cfg.OutputSchema); err != nil {
		return nil, err
	}
	if rt := reflect.TypeFor[Out](); rt.Kind() == reflect.Pointer && cfg.OutputSchema == nil {
		b.zeroOutput = reflect.Zero(rt.Elem()).Interface()
	}
	return b, nil
}

// Name, Title and Description are the tool's.
func (b *Binding[In, Out]) Name() string        { return b.tool.Name }
func (b *Binding[In, Out]) Title() string       { return b.tool.Title }
func (b *Binding[In, Out]) Description() string { return b.tool.Description }

// InputSchema returns the input schema to advertise: a copy, which the
// caller may change without changing what arguments are validated against.
func (b *Binding[In, Out]) InputSchema() *jsonschema.Schema { return b.input.CloneSchemas() }

// OutputSchema returns the output schema to advertise, widened to admit the
// error envelope (see widenOutput), or nil when the tool has none.
func (b *Binding[In, Out]) OutputSchema() *jsonschema.Schema {
	if b.output == nil {
		return nil
	}
	return widenOutput(b.output)
}

// Meta returns the contract to advertise under MetaKeyErrors.
func (b *Binding[In, Out]) Meta() []MetaEntry { return contractMeta(b.tool.Errors) }

// A Result is the outcome of one call, for the binding to put in its SDK's
// result type.
type Result struct {
	// IsError reports a failure.
	IsError bool
	// Empty reports a result with no content at all: a tool without an
	// output schema whose handler returned nil.
	Empty bool
	// Text is the text of content[0]: the output's JSON, or the failure's
	// text (mcperr.WireError.Text).
	Text string
	// Structured is structuredContent: the output's JSON as a
	// json.RawMessage, or {"error": mcperr.WireError} as a map[string]any;
	// nil for none.
	Structured any
	// Err is the error the failure reports, for SDKs that carry one.
	Err error
}

// Call handles one tools/call with the given arguments: raw JSON
// (json.RawMessage or []byte), nil for none, or a Go value that is encoded
// first. It validates and decodes them, runs the handler in ctx with the
// tool's contract installed, and renders the outcome. It never panics and
// never fails: whatever goes wrong is a failure Result, logged.
func (b *Binding[In, Out]) Call(ctx context.Context, args any) (res Result) {
	defer func() {
		if v := recover(); v != nil {
			res = b.panicked(ctx, v, debug.Stack())
		}
	}()
	raw, err := rawArguments(args)
	if err != nil {
		return b.failure(ctx, err, slog.LevelWarn)
	}
	in, err := decodeArguments[In](raw, b.input, b.inputRes)
	if err != nil {
		return b.failure(ctx, err, slog.LevelWarn)
	}
	out, err := b.tool.Call(ctx, in)
	if err != nil {
		return b.failure(ctx, err, slog.LevelError)
	}
	return b.success(ctx, out)
}

// rawArguments returns the arguments as JSON, nil for none. Arguments a Go
// caller passes as values (an in-process client, a test) are encoded; a
// value that cannot be is an invalid-arguments failure.
func rawArguments(args any) (json.RawMessage, error) {
	switch args := args.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return args, nil
	case []byte:
		return args, nil
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, invalidArguments([]issue{{Message: "arguments could not be encoded as JSON"}}, err)
	}
	return raw, nil
}

// success renders a handler's output as structuredContent and, for clients
// that read only text, as its JSON in content[0]. An output that cannot be
// encoded, or does not match the output schema the tool advertises, is a
// failure of the server, reported as such rather than sent.
func (b *Binding[In, Out]) success(ctx context.Context, out Out) Result {
	value := b.outputValue(out)
	if value == nil {
		return Result{Empty: true}
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
	return Result{Text: string(raw), Structured: json.RawMessage(raw)}
}

// outputValue returns what to encode for out: out itself, the zero element
// for a nil pointer whose schema was inferred from the element, or nil for a
// nil output of a tool without an output schema.
func (b *Binding[In, Out]) outputValue(out Out) any {
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
func (b *Binding[In, Out]) validateOutput(raw []byte) error {
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
func (b *Binding[In, Out]) panicked(ctx context.Context, v any, stack []byte) Result {
	cause, ok := v.(error)
	if ok {
		cause = fmt.Errorf("panic: %w", cause)
	} else {
		cause = fmt.Errorf("panic: %v", v)
	}
	err := mcperr.InternalError(fmt.Sprintf("Tool %q failed unexpectedly.", b.tool.Name), mcperr.WithCause(cause))
	return b.report(ctx, err, slog.LevelError, "tool call panicked", slog.String("stack", string(stack)))
}

// ReadFailure reads back the failure of a tool result, for the bindings'
// FromResult: nothing for a result that is not an error, else
// mcperr.FromResult of its structuredContent and text, else, for an error
// result in neither shape (a tool this runtime did not serve), the text as
// the message, with no code.
func ReadFailure(isError bool, structured any, text string) (mcperr.WireError, bool) {
	if !isError {
		return mcperr.WireError{}, false
	}
	if w, ok := mcperr.FromResult(structured, text); ok {
		return w, true
	}
	if strings.TrimSpace(text) == "" {
		text = "The tool call failed."
	}
	return mcperr.WireError{Message: text}, true
}
