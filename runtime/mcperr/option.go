package mcperr

import (
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

func (f optionFunc) apply(e *Error) { f(e) }

// applyHTTP defers the option to the error FromHTTPResponse builds, so caller
// options override what the response implies.
func (f optionFunc) applyHTTP(c *httpConfig) { c.errorOptions = append(c.errorOptions, f) }

// WithCause records the error that led to this one. The cause is kept for
// errors.Is, errors.As and logs; it is never sent to the client.
func WithCause(err error) Option {
	return optionFunc(func(e *Error) { e.cause = err })
}

// WithData adds a key and value to the error's data, which the client
// receives. Values are sanitised when rendered: keys that look like
// credentials are dropped and values that cannot be marshalled are replaced.
//
// The keys the package manages are routed to their typed options: "reason" (a
// string) acts as WithReason, "retryable" (a bool) as WithRetryable,
// "recovery" (a string) as WithRecovery, "retryAfter" (a time.Duration, or a
// number of seconds) as WithRetryAfter; a value of another type for one of
// them is ignored.
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
// sent as data.retryAfter in seconds and honoured by Retry. A duration of
// zero or less is ignored.
func WithRetryAfter(d time.Duration) Option {
	return optionFunc(func(e *Error) {
		if d > 0 {
			e.retryAfter = d
		}
	})
}

// maxRetryAfterSeconds bounds a retry-after given in seconds, so that the
// conversion to a Duration cannot overflow.
const maxRetryAfterSeconds = float64(1<<63-1) / float64(time.Second)

// setData stores one data entry, routing reserved keys to their fields.
func (e *Error) setData(key string, value any) {
	switch key {
	case keyReason:
		if s, ok := value.(string); ok {
			e.reason = s
		}
		return
	case keyRetryable:
		if b, ok := value.(bool); ok {
			e.retryable = &b
		}
		return
	case keyRecovery:
		if s, ok := value.(string); ok {
			e.recovery = s
		}
		return
	case keyRetryAfter:
		switch v := value.(type) {
		case time.Duration:
			WithRetryAfter(v).apply(e)
		case int:
			WithRetryAfter(time.Duration(v) * time.Second).apply(e)
		case float64:
			if v > 0 && v < maxRetryAfterSeconds {
				WithRetryAfter(time.Duration(v * float64(time.Second))).apply(e)
			}
		}
		return
	}
	if e.data == nil {
		e.data = make(map[string]any, 2)
	}
	e.data[key] = value
}
