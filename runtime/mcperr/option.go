package mcperr

import (
	"encoding/json"
	"math"
	"time"
)

// An Option configures an Error built by New, a factory or Fail. Every Option
// is also an HTTPOption, so it can be passed to FromHTTPResponse, where it is
// applied last.
//
// Options are small values rather than closures, so that most of them cost
// no allocation: building an error is on every handler's failure path.
type Option interface {
	HTTPOption
	apply(*Error)
}

// deferOption queues o for the error FromHTTPResponse builds, so caller
// options override what the response implies.
func deferOption(c *httpConfig, o Option) { c.errorOptions = append(c.errorOptions, o) }

// WithCause records the error that led to this one. The cause is kept for
// errors.Is, errors.As and logs; it is never sent to the client.
func WithCause(err error) Option { return causeOption{err} }

type causeOption struct{ err error }

func (o causeOption) apply(e *Error)          { e.cause = o.err }
func (o causeOption) applyHTTP(c *httpConfig) { deferOption(c, o) }

// WithData adds a key and value to the error's data, which the client
// receives. Values are sanitised when rendered: keys that look like
// credentials are dropped and values that cannot be marshalled are replaced.
// A later value for the same key replaces an earlier one.
//
// The keys the package manages are routed to their typed options, so each has
// one source of truth and one shape on the wire: "reason" (a string) acts as
// WithReason, "retryable" (a bool) as WithRetryable, "recovery" (a string, or
// the wire shape {"hint": string}) as WithRecovery, and "retryAfter" (a
// time.Duration, or a number of seconds of any numeric type) as
// WithRetryAfter. A value of another type for one of them is ignored.
func WithData(key string, value any) Option { return dataOption{key, value} }

type dataOption struct {
	key   string
	value any
}

func (o dataOption) apply(e *Error)          { e.setData(o.key, o.value) }
func (o dataOption) applyHTTP(c *httpConfig) { deferOption(c, o) }

// WithReason names the contract reason this error is produced for. A service
// below a handler uses it so the client sees the same data.reason that a
// handler's Fail would give. Fail ignores it: the contract reason wins.
func WithReason(reason string) Option { return reasonOption(reason) }

type reasonOption string

func (o reasonOption) apply(e *Error)          { e.reason = string(o) }
func (o reasonOption) applyHTTP(c *httpConfig) { deferOption(c, o) }

// WithRecovery attaches a hint telling the agent what to do next. It is sent
// as data.recovery.hint and as a "Recovery:" line of the text content.
func WithRecovery(hint string) Option { return recoveryOption(hint) }

type recoveryOption string

func (o recoveryOption) apply(e *Error)          { e.recovery = string(o) }
func (o recoveryOption) applyHTTP(c *httpConfig) { deferOption(c, o) }

// WithRetryable states whether trying again unchanged can succeed, overriding
// what the code or the contract entry implies.
func WithRetryable(retryable bool) Option { return retryableOption(retryable) }

type retryableOption bool

func (o retryableOption) apply(e *Error)          { e.retryable = stated(bool(o)) }
func (o retryableOption) applyHTTP(c *httpConfig) { deferOption(c, o) }

// WithRetryAfter tells the caller how long to wait before trying again. It is
// sent as data.retryAfter, a whole number of seconds rounded up (the unit of
// the HTTP Retry-After header), and honoured by Retry. A duration of zero or
// less is ignored.
func WithRetryAfter(d time.Duration) Option { return retryAfterOption(d) }

type retryAfterOption time.Duration

func (o retryAfterOption) apply(e *Error) {
	if o > 0 {
		e.retryAfter = time.Duration(o)
	}
}
func (o retryAfterOption) applyHTTP(c *httpConfig) { deferOption(c, o) }

// setData stores one data entry, routing reserved keys to their fields.
func (e *Error) setData(key string, value any) {
	switch key {
	case keyReason:
		if s, ok := value.(string); ok {
			e.reason = s
		}
	case keyRetryable:
		if b, ok := value.(bool); ok {
			e.retryable = stated(b)
		}
	case keyRecovery:
		if hint, ok := recoveryValue(value); ok {
			e.recovery = hint
		}
	case keyRetryAfter:
		if d, ok := retryAfterValue(value); ok {
			e.retryAfter = d
		}
	default:
		e.putData(key, value)
	}
}

// recoveryValue reads a recovery hint given as data: a string, or the wire
// shape {"hint": "..."}.
func recoveryValue(value any) (string, bool) {
	switch v := value.(type) {
	case string:
		return v, true
	case map[string]any:
		hint, ok := v["hint"].(string)
		return hint, ok
	case map[string]string:
		hint, ok := v["hint"]
		return hint, ok
	}
	return "", false
}

// retryAfterValue reads a retry-after given as data: a time.Duration, or a
// number of seconds of any numeric type. It reports false for a value of
// another type and for a wait that is not positive.
func retryAfterValue(value any) (time.Duration, bool) {
	var d time.Duration
	switch v := value.(type) {
	case time.Duration:
		d = v
	case int:
		d = secondsToDuration(float64(v))
	case int32:
		d = secondsToDuration(float64(v))
	case int64:
		d = secondsToDuration(float64(v))
	case uint:
		d = secondsToDuration(float64(v))
	case uint32:
		d = secondsToDuration(float64(v))
	case uint64:
		d = secondsToDuration(float64(v))
	case float32:
		d = secondsToDuration(float64(v))
	case float64:
		d = secondsToDuration(v)
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return 0, false
		}
		d = secondsToDuration(f)
	}
	return d, d > 0
}

// maxDuration is the longest time.Duration.
const maxDuration = time.Duration(math.MaxInt64)

// secondsToDuration converts seconds to a Duration, saturating at
// maxDuration instead of overflowing. NaN and non-positive values give 0.
func secondsToDuration(seconds float64) time.Duration {
	switch {
	case !(seconds > 0): // also NaN
		return 0
	case seconds >= float64(maxDuration/time.Second):
		return maxDuration
	}
	return time.Duration(seconds * float64(time.Second))
}
