package mcpgo

import (
	"log/slog"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mcperrlint/mcperrlint/runtime/internal/binding"
)

// An Option configures how AddTool or ServerTool registers a tool. The
// options are runtime/mcpsdk's, with mcp-go's types.
type Option interface {
	apply(*config)
}

// optionFunc adapts a function to Option.
type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// config collects what the options say: what every binding shares, and
// mcp-go's own.
type config struct {
	binding.Config
	customize []func(*mcp.Tool) // applied in order, last
}

// newConfig applies opts over the defaults.
func newConfig(opts []Option) config {
	var c config
	for _, opt := range opts {
		if opt != nil {
			opt.apply(&c)
		}
	}
	return c
}

// WithLogger sets the logger failures are logged to. The default, also used
// for a nil logger, is whatever slog.Default returns when the failure
// happens.
func WithLogger(logger *slog.Logger) Option {
	return optionFunc(func(c *config) { c.Logger = logger })
}

// WithTool registers a function that adjusts the advertised mcp.Tool after
// the binding has filled it in: annotations, icons, extra _meta keys.
// Several WithTool options run in order.
//
// The function sees the schemas as RawInputSchema and RawOutputSchema, and
// the contract under MetaKeyErrors in Meta.AdditionalFields; add keys rather
// than replacing Meta, or the contract is no longer advertised, and leave
// InputSchema and OutputSchema unset (mcp-go refuses a tool with both forms
// of a schema). Changing the schemas here changes only what clients are
// told, not what the binding validates: use WithInputSchema and
// WithOutputSchema for that.
func WithTool(customize func(*mcp.Tool)) Option {
	return optionFunc(func(c *config) {
		if customize != nil {
			c.customize = append(c.customize, customize)
		}
	})
}

// WithInputSchema replaces the input schema inferred from In. Arguments are
// validated against it before they are decoded into In, so it should describe
// the same JSON that In decodes. Its type must be "object", as MCP requires.
func WithInputSchema(schema *jsonschema.Schema) Option {
	return optionFunc(func(c *config) { c.InputSchema = schema })
}

// WithOutputSchema replaces the output schema inferred from Out (or gives one
// to a tool whose Out is any). Successful outputs are validated against it;
// clients are shown it widened to admit the error envelope, as for an
// inferred schema.
func WithOutputSchema(schema *jsonschema.Schema) Option {
	return optionFunc(func(c *config) { c.OutputSchema = schema })
}

// WithRequestIDs sets the function that names each failed call, in place of
// a short random id. Tests use it to make the requestId of failures
// deterministic; servers can use it to reuse an id their tracing already
// has. It may be called concurrently, once per failure.
func WithRequestIDs(next func() string) Option {
	return optionFunc(func(c *config) { c.NewRequestID = next })
}
