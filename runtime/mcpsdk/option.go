package mcpsdk

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An Option configures how AddTool or Bind registers a tool.
type Option interface {
	apply(*config)
}

// optionFunc adapts a function to Option.
type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// config collects what the options say.
type config struct {
	logger       *slog.Logger       // nil: slog.Default() at the time of the failure
	customize    []func(*mcp.Tool)  // applied in order, last
	inputSchema  *jsonschema.Schema // nil: inferred from In
	outputSchema *jsonschema.Schema // nil: inferred from Out, none for Out = any
	newRequestID func() string      // nil: randomRequestID
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

// log returns the logger failures are written to.
func (c *config) log() *slog.Logger {
	if c.logger != nil {
		return c.logger
	}
	return slog.Default()
}

// requestID returns a fresh request id, from the injected generator if there
// is one. An empty id from a generator falls back to a random one, so that
// every failure stays traceable.
func (c *config) requestID() string {
	if c.newRequestID != nil {
		if id := c.newRequestID(); id != "" {
			return id
		}
	}
	return randomRequestID()
}

// WithLogger sets the logger failures are logged to. The default, also used
// for a nil logger, is whatever slog.Default returns when the failure
// happens.
func WithLogger(logger *slog.Logger) Option {
	return optionFunc(func(c *config) { c.logger = logger })
}

// WithTool registers a function that adjusts the advertised *mcp.Tool after
// the binding has filled it in: annotations, icons, extra _meta keys. Several
// WithTool options run in order.
//
// The function sees the final schemas and the contract under MetaKeyErrors
// in Meta; add keys to Meta rather than replacing it, or the contract is no
// longer advertised. Changing InputSchema or OutputSchema here changes only
// what clients are told, not what the binding validates: use WithInputSchema
// and WithOutputSchema for that.
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
	return optionFunc(func(c *config) { c.inputSchema = schema })
}

// WithOutputSchema replaces the output schema inferred from Out (or gives one
// to a tool whose Out is any). Successful outputs are validated against it;
// clients are shown it widened to admit the error envelope, as for an
// inferred schema.
func WithOutputSchema(schema *jsonschema.Schema) Option {
	return optionFunc(func(c *config) { c.outputSchema = schema })
}

// WithRequestIDs sets the function that names each failed call, in place of
// a short random id. Tests use it to make the requestId of failures
// deterministic; servers can use it to reuse an id their tracing already
// has. It may be called concurrently, once per failure.
func WithRequestIDs(next func() string) Option {
	return optionFunc(func(c *config) { c.newRequestID = next })
}

// randomRequestID returns 12 hex digits from crypto/rand: short enough to
// quote in a bug report, long enough not to collide in a day of logs.
func randomRequestID() string {
	var b [6]byte
	_, _ = rand.Read(b[:]) // never fails since Go 1.24
	return hex.EncodeToString(b[:])
}
