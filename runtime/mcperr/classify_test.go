package mcperr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"syscall"
	"testing"
)

// timeoutError is a net.Error that reports a timeout.
type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o stalled" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

// panickyError is an error whose Error method panics, like a nil pointer of a
// type that dereferences its receiver.
type panickyError struct{ msg *string }

func (e *panickyError) Error() string { return *e.msg }

// deref dereferences p; called with nil it raises a runtime.Error.
func deref(p *int) int { return *p }

// runtimeError returns the runtime.Error a nil dereference panics with.
func runtimeError(t *testing.T) (err error) {
	t.Helper()
	defer func() {
		err, _ = recover().(error)
	}()
	deref(nil)
	return nil
}

func TestClassifyNative(t *testing.T) {
	var syntaxErr *json.SyntaxError
	if err := json.Unmarshal([]byte("{"), new(any)); !errors.As(err, &syntaxErr) {
		t.Fatalf("json.Unmarshal: got %v, want a *json.SyntaxError", err)
	}
	var typeErr *json.UnmarshalTypeError
	if err := json.Unmarshal([]byte(`"x"`), new(int)); !errors.As(err, &typeErr) {
		t.Fatalf("json.Unmarshal: got %v, want a *json.UnmarshalTypeError", err)
	}
	rtErr := runtimeError(t)
	if rtErr == nil {
		t.Fatal("no runtime error recovered")
	}
	tests := []struct {
		name string
		err  error
		want Code
	}{
		{"nil", nil, 0},
		{"runtime error beats the validation pattern", rtErr, CodeInternalError},
		{"wrapped runtime error", fmt.Errorf("handler: %w", rtErr), CodeInternalError},
		{"deadline", context.DeadlineExceeded, CodeTimeout},
		{"wrapped deadline", fmt.Errorf("query: %w", context.DeadlineExceeded), CodeTimeout},
		{"canceled", context.Canceled, CodeTimeout},
		{"not exist", fs.ErrNotExist, CodeNotFound},
		{"path error", &fs.PathError{Op: "open", Path: "/x", Err: syscall.ENOENT}, CodeNotFound},
		{"permission", fs.ErrPermission, CodeForbidden},
		{"EACCES", &fs.PathError{Op: "open", Path: "/x", Err: syscall.EACCES}, CodeForbidden},
		{"json syntax", syntaxErr, CodeSerializationError},
		{"json type", fmt.Errorf("decode: %w", typeErr), CodeSerializationError},
		{"net timeout", timeoutError{}, CodeTimeout},
		{"net.OpError timeout", &net.OpError{Op: "read", Net: "tcp", Err: timeoutError{}}, CodeTimeout},
		{"os deadline", os.ErrDeadlineExceeded, CodeTimeout},
		{"ECONNREFUSED", &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}, CodeServiceUnavailable},
		{"ECONNRESET", fmt.Errorf("read: %w", syscall.ECONNRESET), CodeServiceUnavailable},
		{"DNS", &net.DNSError{Err: "no such host", Name: "api.example", IsNotFound: true}, CodeServiceUnavailable},
		{"DNS timeout", &net.DNSError{Err: "i/o timeout", Name: "api.example", IsTimeout: true}, CodeTimeout},
		{"url error with a bland inner error",
			&url.Error{Op: "Get", URL: "https://api.example/invalid-items", Err: errors.New("tls: handshake failure")},
			CodeServiceUnavailable},
		{"wrapped url error with a bland inner error",
			fmt.Errorf("fetch: %w", &url.Error{Op: "Get", URL: "https://api.example/not-found", Err: errors.New("EOF")}),
			CodeServiceUnavailable},
		{"url error with nil inner", &url.Error{Op: "Get", URL: "https://api.example/"}, CodeServiceUnavailable},
		{"url error classified by its inner text",
			&url.Error{Op: "Get", URL: "https://api.example/", Err: errors.New("unexpected status code 404")},
			CodeNotFound},
		{"url error around a deadline",
			&url.Error{Op: "Get", URL: "https://api.example/", Err: context.DeadlineExceeded},
			CodeTimeout},
		{"url error around a timeout", &url.Error{Op: "Get", URL: "https://api.example/", Err: timeoutError{}}, CodeTimeout},
		{"joined errors", errors.Join(errors.New("x"), fs.ErrNotExist), CodeNotFound},
		{"panicking Error method", &panickyError{}, CodeInternalError},
		{"nothing matches", errors.New("the flux capacitor overheated"), CodeInternalError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Classify(tt.err); got != tt.want {
				t.Errorf("Classify(%v) = %v, want %v", tt.err, got, tt.want)
			}
		})
	}
}

// messageCases holds at least one message per pattern, in table order, plus
// the cases where order decides.
var messageCases = []struct {
	msg  string
	want Code
}{
	// Provider patterns.
	{"ThrottlingException: Rate exceeded", CodeRateLimited},
	{"TooManyRequestsException", CodeRateLimited},
	{"AccessDenied: you shall not pass", CodeForbidden},
	{"UnauthorizedOperation on ec2", CodeForbidden},
	{"ResourceNotFoundException: table x", CodeNotFound},
	{"request failed with status code 401", CodeUnauthorized},
	{"request failed with status code 403", CodeForbidden},
	{"request failed with status code 404", CodeNotFound},
	{"request failed with status code 409", CodeConflict},
	{"request failed with status code 429", CodeRateLimited},
	{"request failed with status code 503", CodeServiceUnavailable},
	{"Status Code 500", CodeServiceUnavailable},
	{"connect ECONNREFUSED 127.0.0.1:5432", CodeServiceUnavailable},
	{"dial: connection refused", CodeServiceUnavailable},
	{"connect ETIMEDOUT", CodeTimeout},
	{"connection timeout after 5s", CodeTimeout},
	{"violates unique constraint \"users_email_key\"", CodeConflict},
	{"duplicate key value", CodeConflict},
	{"violates foreign key constraint \"fk_owner\"", CodeValidationError},
	{"JWT expired", CodeUnauthorized},
	{"new row violates row level security policy", CodeForbidden},
	{"insufficient_quota", CodeRateLimited},
	{"monthly quota exceeded", CodeRateLimited},
	{"model_not_found", CodeNotFound},
	{"context_length_exceeded", CodeValidationError},
	{"getaddrinfo ENOTFOUND api.example", CodeServiceUnavailable},
	{"dns lookup failed", CodeServiceUnavailable},
	{"read ECONNRESET", CodeServiceUnavailable},
	{"connection reset by peer", CodeServiceUnavailable},
	// Common patterns.
	{"Unauthorized", CodeUnauthorized},
	{"request unauthenticated", CodeUnauthorized},
	{"user is not   authorized", CodeUnauthorized},
	{"you are not logged in", CodeUnauthorized},
	{"invalid_token", CodeUnauthorized},
	{"expired-token", CodeUnauthorized},
	{"permission denied", CodeForbidden},
	{"Forbidden", CodeForbidden},
	{"access to bucket denied", CodeForbidden},
	{"operation not allowed", CodeForbidden},
	{"page not found", CodeNotFound},
	{"no such table: users", CodeNotFound},
	{"the file doesn't exist", CodeNotFound},
	{"couldn't find the user", CodeNotFound},
	{"invalid date", CodeValidationError},
	{"validation of field x", CodeValidationError},
	{"malformed input", CodeValidationError},
	{"bad request", CodeValidationError},
	{"wrong format for date", CodeValidationError},
	{"missing required field", CodeValidationError},
	{"missing   param q", CodeValidationError},
	{"edit conflict", CodeConflict},
	{"user already exists", CodeConflict},
	{"duplicate entry", CodeConflict},
	{"rate limit hit", CodeRateLimited},
	{"too many requests", CodeRateLimited},
	{"request throttled", CodeRateLimited},
	{"read timeout", CodeTimeout},
	{"operation timed out", CodeTimeout},
	{"deadline exceeded", CodeTimeout},
	{"request aborted", CodeTimeout},
	{"abort", CodeTimeout},
	{"job canceled", CodeTimeout},
	{"job cancelled", CodeTimeout},
	{"service unavailable", CodeServiceUnavailable},
	{"502 bad gateway", CodeServiceUnavailable},
	{"upstream error from billing", CodeServiceUnavailable},
	{"ZodError: expected string", CodeValidationError},
	{"schema validation failed", CodeValidationError},
	// Order: provider patterns beat common ones, earlier beats later.
	{"status code 404: permission denied", CodeNotFound},
	{"connection timeout: service unavailable", CodeTimeout},
	{"unauthorized: not found", CodeUnauthorized},
	{"gateway timeout", CodeTimeout}, // "timeout" (common) precedes "gateway timeout"
	{"invalid token", CodeUnauthorized},
	// Case does not matter.
	{"NOT FOUND", CodeNotFound},
	// Nothing matches.
	{"", CodeInternalError},
	{"the flux capacitor overheated", CodeInternalError},
}

func TestClassifyMessagePatterns(t *testing.T) {
	for _, tt := range messageCases {
		if got := Classify(errors.New(tt.msg)); got != tt.want {
			t.Errorf("Classify(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}

func TestClassifyCoversEveryPattern(t *testing.T) {
	// Every table entry decides at least one case above.
	decided := make([]bool, len(messagePatterns))
	for _, tt := range messageCases {
		for i, p := range messagePatterns {
			if p.expr.MatchString(tt.msg) {
				decided[i] = true
				break
			}
		}
	}
	for i, p := range messagePatterns {
		if !decided[i] {
			t.Errorf("no case is classified by pattern %d (%s)", i, p.expr)
		}
		if !p.code.Known() {
			t.Errorf("pattern %d (%s) maps to unknown code %v", i, p.expr, p.code)
		}
	}
	if len(messagePatterns) != 30 {
		t.Errorf("len(messagePatterns) = %d, want the original's 20 provider + 10 common", len(messagePatterns))
	}
}

func TestCodeOf(t *testing.T) {
	nf := NotFound("no such user")
	var typedNil *Error
	tests := []struct {
		name string
		err  error
		want Code
	}{
		{"nil", nil, 0},
		{"an Error", nf, CodeNotFound},
		{"wrapped", fmt.Errorf("lookup: %w", nf), CodeNotFound},
		{"joined", errors.Join(errors.New("x"), nf), CodeNotFound},
		{"outermost wins", Conflict("outer", WithCause(nf)), CodeConflict},
		{"a typed nil Error is skipped", fmt.Errorf("x: %w", typedNil), CodeInternalError},
		{"falls back to Classify", fs.ErrNotExist, CodeNotFound},
	}
	for _, tt := range tests {
		if got := CodeOf(tt.err); got != tt.want {
			t.Errorf("%s: CodeOf = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// cyclicError wraps itself, which errors.Is would loop on forever.
type cyclicError struct{ self *cyclicError }

func (e *cyclicError) Error() string { return "cycle" }
func (e *cyclicError) Unwrap() error { return e.self }

func TestWalkChainIsBounded(t *testing.T) {
	e := &cyclicError{}
	e.self = e
	if got := CodeOf(InternalError("x", WithCause(e))); got != CodeInternalError {
		t.Errorf("CodeOf = %v", got)
	}
	if firstError(e) != nil {
		t.Error("firstError found an *Error in a cycle without one")
	}
}

// panicUnwrapError panics when unwrapped.
type panicUnwrapError struct{}

func (panicUnwrapError) Error() string { return "not found" }
func (panicUnwrapError) Unwrap() error { panic("unwrap") }

func TestPanickingUnwrap(t *testing.T) {
	err := panicUnwrapError{}
	if got := CodeOf(err); got != CodeInternalError {
		t.Errorf("CodeOf = %v, want InternalError", got)
	}
	if Retryable(err) {
		t.Error("Retryable = true")
	}
	if got := ToWire(err); got.Code != CodeInternalError {
		t.Errorf("ToWire = %+v", got)
	}
	_ = Text(err)
}
