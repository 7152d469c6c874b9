package mcperr

import (
	"encoding/json"
	"math"
	"time"
)

// An Option configures an Error built by New, a factory or Fail. Every Option
// is also an HTTPOption, so it can be passed to FromHTTPResponse, where it is
// applied last.
type Option interface {
	HTTPOption
	apply(*Error)
}

// optionFunc adapts a function to Option.
type optionFunc func(*Error)

func (f optionFunc) apply(e *Error) {
	if f != nil {
		f(e)
	}
}

// applyHTTP defers the option to the error FromHTTPResponse builds, so caller
// options override what the response implies.
func (f optionFunc) applyHTTP(c *httpConfig) {
	if f != nil {
		c.errorOptions = append(c.errorOptions, f)
	}
}

// WithCause records the error that led to this one. The cause is kept for
// errors.Is, errors.As and logs; it is never sent to the client.
func WithCause(err error) Option {
	return optionFunc(func(e *Error) { e.cause = err })
}

// WithData adds a key and value to the error's data, which the client
// receives. Values are sanitised when rendered: keys that look like
// credentials are dropped and values that cannot be marshalled are replaced.
//
// The keys the package manages are routed to their typed options, so each has
// one source of truth and one shape on the wire: "reason" (a string) acts as
// WithReason, "retryable" (a bool) as WithRetryable, "recovery" (a string, or
// the wire shape {"hint": string}) as WithRecovery, and "retryAfter" (a
// time.Duration, or a number of seconds of any numeric type) as
// WithRetryAfter. A value of another type for one of them is ignored.
func WithData(key string, value any) Option {
	return optionFunc(func(e *Error) { e.setData(key, value) })
}

// WithReason names the contract reason this error is produced for. A service
// below a handler uses it so the client sees the same data.reason that a
// handler's Fail would give. Fail ignores it: the contract reason wins.
func WithReason(reason string) Option {
	return optionFunc(func(e *Error) { e.reason = reason })
}

// WithRecovery attaches a hint telling the agent what to do next. It is sent
// as data.recovery.hint and as a "Recovery:" line of the text content.
func WithRecovery(hint string) Option {
	return optionFunc(func(e *Error) { e.recovery = hint })
}

// WithRetryable states whether trying again unchanged can succeed, overriding
// what the code or the contract entry implies.
func WithRetryable(retryable bool) Option {
	return optionFunc(func(e *Error) { e.retryable = &retryable })
}

// WithRetryAfter tells the caller how long to wait before trying again. It is
// sent as data.retryAfter, a whole number of seconds rounded up (the unit of
// the HTTP Retry-After header), and honoured by Retry. A duration of zero or
// less is ignored.
func WithRetryAfter(d time.Duration) Option {
	return optionFunc(func(e *Error) {
		if d > 0 {
			e.retryAfter = d
		}
	})
}

// setData stores one data entry, routing reserved keys to their fields.
func (e *Error) setData(key string, value any) {
	switch key {
	case keyReason:
		if s, ok := value.(string); ok {
			e.reason = s
		}
	case keyRetryable:
		if b, ok := value.(bool); ok {
			e.retryable = &b
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
		if e.data == nil {
			e.data = make(map[string]any, 2)
		}
		e.data[key] = value
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
