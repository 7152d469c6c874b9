package mcpsdk

import (
	"context"
	"errors"
	"log/slog"
	"maps"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// dataRequestID is the data key of the id that ties a failure to its log
// record; mcperr renders it as "request <id>" in the text trailer.
const dataRequestID = "requestId"

// maxCauses bounds the logged cause chain, in case a chain is cyclic.
const maxCauses = 32

// failure renders err as a tool error result and logs it as "tool call
// failed". fallback is the log level when the contract does not give one for
// the error's reason.
func (b *binding[In, Out]) failure(ctx context.Context, err error, fallback slog.Level) *mcp.CallToolResult {
	return b.report(ctx, err, fallback, "tool call failed")
}

// report renders err as a tool error result and logs it with msg and the
// extra attributes. The result carries the text in content[0],
// {"error": WireError} in structuredContent, and err itself through
// SetError, for go-sdk middleware. A fresh request id goes into data, and
// thus the text, and into the log record.
func (b *binding[In, Out]) report(ctx context.Context, err error, fallback slog.Level, msg string, extra ...slog.Attr) *mcp.CallToolResult {
	id := b.cfg.requestID()
	wire := mcperr.ToWire(err)
	wire.Data = maps.Clone(wire.Data)
	if wire.Data == nil {
		wire.Data = make(map[string]any, 1)
	}
	wire.Data[dataRequestID] = id
	res := &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: wire.Text()}},
		StructuredContent: map[string]any{errorProperty: wire},
	}
	res.SetError(err)
	b.logFailure(ctx, err, wire, b.level(wire, fallback), msg, extra)
	return res
}

// level returns the log level of a failure: the Severity of the contract
// entry for its reason, else fallback.
func (b *binding[In, Out]) level(wire mcperr.WireError, fallback slog.Level) slog.Level {
	reason := wireReason(wire)
	if reason == "" {
		return fallback
	}
	for i := len(b.tool.Errors) - 1; i >= 0; i-- { // the last entry wins, as in Fail
		if b.tool.Errors[i].Reason == reason {
			return b.tool.Errors[i].Severity.Level()
		}
	}
	return fallback
}

// logFailure writes the failure's log record. A log handler that panics
// loses the record but not the result: the client still gets its answer,
// and the recover in handle must not be re-entered from here.
func (b *binding[In, Out]) logFailure(ctx context.Context, err error, wire mcperr.WireError, level slog.Level, msg string, extra []slog.Attr) {
	defer func() { _ = recover() }()
	logger := b.cfg.log()
	if !logger.Enabled(ctx, level) {
		return
	}
	attrs := []slog.Attr{
		slog.String("tool", b.tool.Name),
		slog.Int64("code", int64(wire.Code)),
		slog.String("codeName", wire.Code.String()),
		slog.String("reason", wireReason(wire)),
		slog.Any(dataRequestID, wire.Data[dataRequestID]),
		slog.Bool("retryable", wireRetryable(wire)),
		slog.String("error", errorText(err)),
	}
	if causes := causeChain(err); len(causes) > 0 {
		attrs = append(attrs, slog.Any("causes", causes))
	}
	logger.LogAttrs(ctx, level, msg, append(attrs, extra...)...)
}

// wireReason returns data.reason, or "".
func wireReason(wire mcperr.WireError) string {
	reason, _ := wire.Data["reason"].(string)
	return reason
}

// wireRetryable returns data.retryable when the error states it, else what
// its code implies.
func wireRetryable(wire mcperr.WireError) bool {
	if retryable, ok := wire.Data["retryable"].(bool); ok {
		return retryable
	}
	return wire.Code.Transient()
}

// causeChain returns the text of each error below err, in depth-first order:
// for a join (Unwrap() []error) every branch, one after the other. Texts are
// server-side only; they are never sent to the client.
func causeChain(err error) []string {
	var texts []string
	var walk func(error)
	walk = func(e error) {
		for _, c := range unwrapAll(e) {
			if len(texts) >= maxCauses {
				return
			}
			texts = append(texts, errorText(c))
			walk(c)
		}
	}
	walk(err)
	return texts
}

// unwrapAll returns the errors err wraps directly: none, one, or a join's
// branches. Nil branches are skipped.
func unwrapAll(err error) []error {
	var wrapped []error
	switch e := err.(type) {
	case interface{ Unwrap() []error }:
		wrapped = e.Unwrap()
	default:
		if next := errors.Unwrap(err); next != nil {
			wrapped = []error{next}
		}
	}
	out := wrapped[:0:0]
	for _, w := range wrapped {
		if w != nil {
			out = append(out, w)
		}
	}
	return out
}

// errorText returns err.Error(), or a placeholder if that panics.
func errorText(err error) (text string) {
	defer func() {
		if recover() != nil {
			text = "(Error method panicked)"
		}
	}()
	return err.Error()
}
