package binding

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"maps"
	"strings"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// dataRequestID is the data key of the id that ties a failure to its log
// record; mcperr renders it as "request <id>" in the text trailer.
const dataRequestID = "requestId"

// maxCauses bounds the logged cause chain, in case a chain is cyclic.
const maxCauses = 32

// failure renders err as a failure Result and logs it as "tool call
// failed". fallback is the log level when the contract does not give one for
// the error's reason.
func (b *Binding[In, Out]) failure(ctx context.Context, err error, fallback slog.Level) Result {
	return b.report(ctx, err, fallback, "tool call failed")
}

// report renders err as a failure Result and logs it with msg and the extra
// attributes. The result carries the text for content[0], {"error":
// WireError} for structuredContent, and err itself, for SDKs that carry it
// to middleware. A fresh request id goes into data, and thus the text, and
// into the log record.
//
// The handler's errors come from mcperr.Tool.Call, already resolved
// against the contract: one that names a declared reason states the entry's
// Retryable unless it stated its own, so what a test or a CLI renders from
// Tool.Call is what is sent here. It keeps its own code even when it differs
// from the entry's, a mismatch that is logged at Warn; the entry also gives
// the log level.
func (b *Binding[In, Out]) report(ctx context.Context, err error, fallback slog.Level, msg string, extra ...slog.Attr) Result {
	id := b.cfg.requestID()
	wire := mcperr.ToWire(err)
	wire.Data = maps.Clone(wire.Data)
	if wire.Data == nil {
		wire.Data = make(map[string]any, 1)
	}
	wire.Data[dataRequestID] = id
	entry := b.entry(wireReason(wire))
	level := fallback
	if entry != nil {
		level = entry.Severity.Level()
	}
	res := Result{
		IsError:    true,
		Text:       wire.Text(),
		Structured: map[string]any{ErrorProperty: wire},
		Err:        err,
	}
	b.logFailure(ctx, err, wire, level, msg, extra)
	if entry != nil && entry.Code != wire.Code {
		b.logMismatch(ctx, wire, entry)
	}
	return res
}

// entry returns the contract entry for reason, or nil. The last entry wins,
// as in Fail.
func (b *Binding[In, Out]) entry(reason string) *mcperr.Contract {
	if reason == "" {
		return nil
	}
	for i := len(b.tool.Errors) - 1; i >= 0; i-- {
		if b.tool.Errors[i].Reason == reason {
			return &b.tool.Errors[i]
		}
	}
	return nil
}

// logMismatch logs, at Warn, a failure whose code is not the one its
// reason's contract entry declares: the client got the error's own code,
// what really happened, but the contract told it to expect another.
func (b *Binding[In, Out]) logMismatch(ctx context.Context, wire mcperr.WireError, entry *mcperr.Contract) {
	defer func() { _ = recover() }()
	logger := b.cfg.log()
	if !logger.Enabled(ctx, slog.LevelWarn) {
		return
	}
	logger.LogAttrs(ctx, slog.LevelWarn, "tool failure code differs from its contract",
		slog.String("tool", b.tool.Name),
		slog.String("reason", entry.Reason),
		slog.Any(dataRequestID, wire.Data[dataRequestID]),
		slog.Int64("code", int64(wire.Code)),
		slog.String("codeName", wire.Code.String()),
		slog.Int64("contractCode", int64(entry.Code)),
		slog.String("contractCodeName", entry.Code.String()))
}

// logFailure writes the failure's log record. A log handler that panics
// loses the record but not the result: the client still gets its answer,
// and the recover in handle must not be re-entered from here.
func (b *Binding[In, Out]) logFailure(ctx context.Context, err error, wire mcperr.WireError, level slog.Level, msg string, extra []slog.Attr) {
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

// causeChain returns the text of each error below err, in depth-first
// order: for a join (Unwrap() []error) every branch, one after the other.
// A text that err's own text, or a cause listed before it, already contains
// is left out, so that "GET /x: connection refused" is not followed by
// "connection refused": every text of the chain is in the log once, and a
// wrapper's own words are not lost. Texts are server-side only; they are
// never sent to the client.
func causeChain(err error) []string {
	seen := []string{errorText(err)}
	var texts []string
	visited := 0
	var walk func(error)
	walk = func(e error) {
		for _, c := range unwrapAll(e) {
			if visited >= maxCauses {
				return
			}
			visited++
			if text := errorText(c); !containedIn(text, seen) {
				seen = append(seen, text)
				texts = append(texts, text)
			}
			walk(c)
		}
	}
	walk(err)
	return texts
}

// containedIn reports whether text is blank or part of one of texts.
func containedIn(text string, texts []string) bool {
	if strings.TrimSpace(text) == "" {
		return true
	}
	for _, t := range texts {
		if strings.Contains(t, text) {
			return true
		}
	}
	return false
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

// randomRequestID returns 12 hex digits from crypto/rand: short enough to
// quote in a bug report, long enough not to collide in a day of logs.
func randomRequestID() string {
	var b [6]byte
	_, _ = rand.Read(b[:]) // never fails since Go 1.24
	return hex.EncodeToString(b[:])
}
