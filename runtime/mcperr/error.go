package mcperr

import (
	"fmt"
	"time"
)

// An Error is a failure an MCP client can act on: a code, a message meant for
// the model, machine-readable data and, kept on the server side only, the
// cause that led to it.
//
// An Error is immutable once built. Its Error method returns the message
// alone, so printing or wrapping it never leaks the cause to a client; format
// it with %+v to see the cause chain in logs.
type Error struct {
	code       Code
	message    string
	cause      error
	reason     string        // the contract reason, from Fail or WithReason
	recovery   string        // a hint for the agent, from WithRecovery or RecoveryFor
	retryable  tristate      // unstated: the code decides
	retryAfter time.Duration // > 0: how long the caller should wait
	// entry is the contract entry a RecoveryFor option resolved, kept only
	// while the options apply; see settle.
	entry *Contract
	// data is the caller's data, managed keys excluded, in the order the
	// keys were first set. A slice, not a map: errors carry a handful of
	// keys, and most are built and rendered once.
	data []dataEntry
}

// A dataEntry is one key and value of an Error's data.
type dataEntry struct {
	key   string
	value any
}

// A tristate is a bool that may not have been stated.
type tristate uint8

const (
	unstated tristate = iota
	statedFalse
	statedTrue
)

// stated returns the tristate for b.
func stated(b bool) tristate {
	if b {
		return statedTrue
	}
	return statedFalse
}

// New returns an Error with the given code and message, configured by opts.
// It never returns nil.
func New(code Code, message string, opts ...Option) *Error {
	e := &Error{code: code, message: message}
	for _, opt := range opts {
		if opt != nil {
			opt.apply(e)
		}
	}
	e.settle()
	return e
}

// settle completes an error built by New or FromHTTPResponse after its
// options applied. An error given RecoveryFor(ctx, r) for a reason r the
// tool's contract declares is that reason's failure, produced by a service:
// it carries data.reason r unless WithReason named another, and, for reason
// r, the entry's Retryable unless WithRetryable stated otherwise, so that it
// reaches the client exactly as Fail(ctx, r, ...) would. Its code stays its
// own: it is what happened, and the bindings log a mismatch.
func (e *Error) settle() {
	entry := e.entry
	e.entry = nil
	if entry == nil {
		return
	}
	if e.reason == "" {
		e.reason = entry.Reason
	}
	if e.reason == entry.Reason && e.retryable == unstated {
		e.retryable = stated(entry.Retryable)
	}
}

// InvalidParams returns an Error with CodeInvalidParams.
func InvalidParams(message string, opts ...Option) *Error {
	return New(CodeInvalidParams, message, opts...)
}

// InvalidRequest returns an Error with CodeInvalidRequest.
func InvalidRequest(message string, opts ...Option) *Error {
	return New(CodeInvalidRequest, message, opts...)
}

// NotFound returns an Error with CodeNotFound.
func NotFound(message string, opts ...Option) *Error {
	return New(CodeNotFound, message, opts...)
}

// Forbidden returns an Error with CodeForbidden.
func Forbidden(message string, opts ...Option) *Error {
	return New(CodeForbidden, message, opts...)
}

// Unauthorized returns an Error with CodeUnauthorized.
func Unauthorized(message string, opts ...Option) *Error {
	return New(CodeUnauthorized, message, opts...)
}

// ValidationError returns an Error with CodeValidationError.
func ValidationError(message string, opts ...Option) *Error {
	return New(CodeValidationError, message, opts...)
}

// Conflict returns an Error with CodeConflict.
func Conflict(message string, opts ...Option) *Error {
	return New(CodeConflict, message, opts...)
}

// RateLimited returns an Error with CodeRateLimited.
func RateLimited(message string, opts ...Option) *Error {
	return New(CodeRateLimited, message, opts...)
}

// Timeout returns an Error with CodeTimeout.
func Timeout(message string, opts ...Option) *Error {
	return New(CodeTimeout, message, opts...)
}

// ServiceUnavailable returns an Error with CodeServiceUnavailable.
func ServiceUnavailable(message string, opts ...Option) *Error {
	return New(CodeServiceUnavailable, message, opts...)
}

// ConfigurationError returns an Error with CodeConfigurationError.
func ConfigurationError(message string, opts ...Option) *Error {
	return New(CodeConfigurationError, message, opts...)
}

// InternalError returns an Error with CodeInternalError.
func InternalError(message string, opts ...Option) *Error {
	return New(CodeInternalError, message, opts...)
}

// SerializationError returns an Error with CodeSerializationError.
func SerializationError(message string, opts ...Option) *Error {
	return New(CodeSerializationError, message, opts...)
}

// DatabaseError returns an Error with CodeDatabaseError.
func DatabaseError(message string, opts ...Option) *Error {
	return New(CodeDatabaseError, message, opts...)
}

// Error returns the message. It is safe to show to a client: the cause is
// deliberately left out. A nil *Error reports "<nil>".
func (e *Error) Error() string {
	if e == nil {
		return "<nil>"
	}
	return e.message
}

// Format prints the message for %v and %s, and the message followed by the
// cause chain for %+v, which is what logs want.
func (e *Error) Format(f fmt.State, verb rune) {
	switch {
	case verb == 'v' && f.Flag('+'):
		fmt.Fprint(f, e.Error())
		if e != nil && e.cause != nil {
			fmt.Fprintf(f, ": %+v", e.cause)
		}
	case verb == 'v' || verb == 's':
		fmt.Fprint(f, e.Error())
	case verb == 'q':
		fmt.Fprintf(f, "%q", e.Error())
	default:
		fmt.Fprintf(f, "%%!%c(*mcperr.Error=%s)", verb, e.Error())
	}
}

// Unwrap returns the cause, so errors.Is and errors.As see through an Error.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.cause
}

// Code returns the error's code.
func (e *Error) Code() Code {
	if e == nil {
		return 0
	}
	return e.code
}

// Message returns the message meant for the client.
func (e *Error) Message() string {
	if e == nil {
		return ""
	}
	return e.message
}

// Reason returns the contract reason the error was produced for, or "".
func (e *Error) Reason() string {
	if e == nil {
		return ""
	}
	return e.reason
}

// Data returns the error's data as it goes on the wire before sanitising: the
// caller's keys plus, where they are set, "reason" (string), "retryable"
// (bool), "retryAfter" (int64, whole seconds rounded up) and "recovery"
// ({"hint": string}, the TypeScript original's shape). The map is a fresh
// shallow copy the caller may modify; values it holds are shared. It returns
// nil when there is nothing to report.
func (e *Error) Data() map[string]any {
	if e == nil {
		return nil
	}
	n := len(e.data) + e.managedKeys()
	if n == 0 {
		return nil
	}
	data := make(map[string]any, n)
	for _, d := range e.data {
		data[d.key] = d.value
	}
	e.putManaged(data)
	return data
}

// putData sets a caller data key, replacing an earlier value.
func (e *Error) putData(key string, value any) {
	for i := range e.data {
		if e.data[i].key == key {
			e.data[i].value = value
			return
		}
	}
	if e.data == nil {
		e.data = make([]dataEntry, 0, 2)
	}
	e.data = append(e.data, dataEntry{key, value})
}

// dataValue returns the caller data value for key, or nil.
func (e *Error) dataValue(key string) any {
	for _, d := range e.data {
		if d.key == key {
			return d.value
		}
	}
	return nil
}

// managedKeys counts the managed data keys the error sets.
func (e *Error) managedKeys() int {
	n := 0
	for _, set := range [...]bool{e.reason != "", e.retryable != unstated, e.retryAfter > 0, e.recovery != ""} {
		if set {
			n++
		}
	}
	return n
}

// putManaged stores the managed keys the error sets into data.
func (e *Error) putManaged(data map[string]any) {
	if e.reason != "" {
		data[keyReason] = e.reason
	}
	if e.retryable != unstated {
		data[keyRetryable] = e.retryable == statedTrue
	}
	if e.retryAfter > 0 {
		data[keyRetryAfter] = ceilSeconds(e.retryAfter)
	}
	if e.recovery != "" {
		data[keyRecovery] = map[string]any{"hint": e.recovery}
	}
}

// Keys of Data that the package manages itself. A caller setting one through
// WithData is routed to the matching typed option, so there is one source of
// truth for each.
const (
	keyReason     = "reason"
	keyRetryable  = "retryable"
	keyRetryAfter = "retryAfter"
	keyRecovery   = "recovery"
)

// keyRequestID is the caller data key whose value Text shows in its trailer.
// Servers set it (WithData) to correlate what the agent saw with their logs.
const keyRequestID = "requestId"

// ceilSeconds returns d in whole seconds, rounded up, so a client told to
// wait never retries early.
func ceilSeconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if d%time.Second > 0 {
		s++
	}
	return s
}
