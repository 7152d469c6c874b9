package mcperr

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"
)

func TestCodeString(t *testing.T) {
	tests := []struct {
		code      Code
		name      string
		known     bool
		transient bool
	}{
		{CodeParseError, "ParseError", true, false},
		{CodeInvalidRequest, "InvalidRequest", true, false},
		{CodeMethodNotFound, "MethodNotFound", true, false},
		{CodeInvalidParams, "InvalidParams", true, false},
		{CodeInternalError, "InternalError", true, false},
		{CodeServiceUnavailable, "ServiceUnavailable", true, true},
		{CodeNotFound, "NotFound", true, false},
		{CodeConflict, "Conflict", true, false},
		{CodeRateLimited, "RateLimited", true, true},
		{CodeTimeout, "Timeout", true, true},
		{CodeForbidden, "Forbidden", true, false},
		{CodeUnauthorized, "Unauthorized", true, false},
		{CodeValidationError, "ValidationError", true, false},
		{CodeConfigurationError, "ConfigurationError", true, false},
		{CodeInitializationFailed, "InitializationFailed", true, false},
		{CodeDatabaseError, "DatabaseError", true, false},
		{CodeSerializationError, "SerializationError", true, false},
		{CodeUnknownError, "UnknownError", true, false},
		{0, "Code(0)", false, false},
		{-1, "Code(-1)", false, false},
	}
	for _, tt := range tests {
		if got := tt.code.String(); got != tt.name {
			t.Errorf("Code(%d).String() = %q, want %q", int64(tt.code), got, tt.name)
		}
		if got := tt.code.Known(); got != tt.known {
			t.Errorf("%v.Known() = %v, want %v", tt.code, got, tt.known)
		}
		if got := tt.code.Transient(); got != tt.transient {
			t.Errorf("%v.Transient() = %v, want %v", tt.code, got, tt.transient)
		}
	}
	if len(codeNames) != len(tests)-2 {
		t.Errorf("codeNames has %d codes, the test %d", len(codeNames), len(tests)-2)
	}
}

func TestFactories(t *testing.T) {
	factories := []struct {
		f    func(string, ...Option) *Error
		code Code
	}{
		{InvalidParams, CodeInvalidParams},
		{InvalidRequest, CodeInvalidRequest},
		{NotFound, CodeNotFound},
		{Forbidden, CodeForbidden},
		{Unauthorized, CodeUnauthorized},
		{ValidationError, CodeValidationError},
		{Conflict, CodeConflict},
		{RateLimited, CodeRateLimited},
		{Timeout, CodeTimeout},
		{ServiceUnavailable, CodeServiceUnavailable},
		{ConfigurationError, CodeConfigurationError},
		{InternalError, CodeInternalError},
		{SerializationError, CodeSerializationError},
		{DatabaseError, CodeDatabaseError},
	}
	for _, tt := range factories {
		e := tt.f("m", WithData("k", 1))
		if e.Code() != tt.code || e.Message() != "m" || e.Data()["k"] != 1 {
			t.Errorf("factory for %v: got code %v, message %q, data %v", tt.code, e.Code(), e.Message(), e.Data())
		}
	}
}

func TestNewOptions(t *testing.T) {
	cause := errors.New("disk on fire")
	e := New(CodeNotFound, "No such user.",
		WithCause(cause),
		WithData("userId", "u1"),
		WithReason("user_not_found"),
		WithRecovery("Check the id."),
		WithRetryable(false),
		WithRetryAfter(1500*time.Millisecond),
		nil, // a nil Option is skipped
	)
	if e.Code() != CodeNotFound || e.Message() != "No such user." || e.Error() != "No such user." {
		t.Errorf("got %v %q %q", e.Code(), e.Message(), e.Error())
	}
	if e.Unwrap() != cause || !errors.Is(e, cause) {
		t.Errorf("Unwrap = %v, want the cause", e.Unwrap())
	}
	if e.Reason() != "user_not_found" {
		t.Errorf("Reason = %q", e.Reason())
	}
	want := map[string]any{
		"userId":     "u1",
		"reason":     "user_not_found",
		"recovery":   map[string]any{"hint": "Check the id."},
		"retryable":  false,
		"retryAfter": int64(2), // 1.5s rounded up
	}
	if got := e.Data(); !reflect.DeepEqual(got, want) {
		t.Errorf("Data() = %#v\nwant %#v", got, want)
	}
}

func TestDataIsACopy(t *testing.T) {
	e := New(CodeConflict, "x", WithData("k", "v"), WithReason("r"))
	d := e.Data()
	d["k"] = "changed"
	d["reason"] = "other"
	d["new"] = true
	if got := e.Data(); got["k"] != "v" || got["reason"] != "r" || got["new"] != nil {
		t.Errorf("Data() after modifying a copy = %v", got)
	}
	if New(CodeConflict, "x").Data() != nil {
		t.Error("Data() of an error without data is not nil")
	}
}

func TestWithDataReservedKeys(t *testing.T) {
	tests := []struct {
		name  string
		opts  []Option
		want  map[string]any
		extra func(*Error) string // further checks; "" when fine
	}{
		{"reason string", []Option{WithData("reason", "r")}, map[string]any{"reason": "r"}, nil},
		{"reason of another type is ignored", []Option{WithData("reason", 3)}, nil, nil},
		{"retryable bool", []Option{WithData("retryable", true)}, map[string]any{"retryable": true}, nil},
		{"retryable string is ignored", []Option{WithData("retryable", "yes")}, nil, nil},
		{"recovery string", []Option{WithData("recovery", "do x")},
			map[string]any{"recovery": map[string]any{"hint": "do x"}}, nil},
		{"recovery in wire shape", []Option{WithData("recovery", map[string]any{"hint": "do y"})},
			map[string]any{"recovery": map[string]any{"hint": "do y"}}, nil},
		{"recovery map[string]string", []Option{WithData("recovery", map[string]string{"hint": "do z"})},
			map[string]any{"recovery": map[string]any{"hint": "do z"}}, nil},
		{"non-string recovery hint is ignored", []Option{WithData("recovery", map[string]any{"hint": 42})}, nil, nil},
		{"recovery of another type is ignored", []Option{WithData("recovery", 42)}, nil, nil},
		{"retryAfter duration", []Option{WithData("retryAfter", 3*time.Second)}, map[string]any{"retryAfter": int64(3)}, nil},
		{"retryAfter int seconds", []Option{WithData("retryAfter", 120)}, map[string]any{"retryAfter": int64(120)}, nil},
		{"retryAfter int64 seconds", []Option{WithData("retryAfter", int64(7))}, map[string]any{"retryAfter": int64(7)}, nil},
		{"retryAfter uint seconds", []Option{WithData("retryAfter", uint(7))}, map[string]any{"retryAfter": int64(7)}, nil},
		{"retryAfter float seconds", []Option{WithData("retryAfter", 0.2)}, map[string]any{"retryAfter": int64(1)}, nil},
		{"retryAfter float32 seconds", []Option{WithData("retryAfter", float32(2))}, map[string]any{"retryAfter": int64(2)}, nil},
		{"retryAfter json.Number", []Option{WithData("retryAfter", json.Number("9"))}, map[string]any{"retryAfter": int64(9)}, nil},
		{"retryAfter bad json.Number", []Option{WithData("retryAfter", json.Number("x"))}, nil, nil},
		{"retryAfter huge int saturates", []Option{WithData("retryAfter", math.MaxInt)},
			map[string]any{"retryAfter": ceilSeconds(maxDuration)},
			func(e *Error) string {
				if e.retryAfter != maxDuration {
					return fmt.Sprintf("retryAfter = %v, want the longest duration", e.retryAfter)
				}
				return ""
			}},
		{"retryAfter huge uint64 saturates", []Option{WithData("retryAfter", uint64(math.MaxUint64))},
			map[string]any{"retryAfter": ceilSeconds(maxDuration)}, nil},
		{"retryAfter +Inf saturates", []Option{WithData("retryAfter", math.Inf(1))},
			map[string]any{"retryAfter": ceilSeconds(maxDuration)}, nil},
		{"retryAfter NaN is ignored", []Option{WithData("retryAfter", math.NaN())}, nil, nil},
		{"retryAfter negative is ignored", []Option{WithData("retryAfter", -5)}, nil, nil},
		{"retryAfter string is ignored", []Option{WithData("retryAfter", "120")}, nil, nil},
		{"WithRetryAfter zero is ignored", []Option{WithRetryAfter(0)}, nil, nil},
		{"later option wins", []Option{WithReason("a"), WithData("reason", "b")}, map[string]any{"reason": "b"}, nil},
		{"plain key", []Option{WithData("requestId", "req-1")}, map[string]any{"requestId": "req-1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := New(CodeTimeout, "x", tt.opts...)
			if got := e.Data(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Data() = %#v, want %#v", got, tt.want)
			}
			if tt.extra != nil {
				if msg := tt.extra(e); msg != "" {
					t.Error(msg)
				}
			}
		})
	}
}

func TestNilErrorMethods(t *testing.T) {
	var e *Error
	if e.Error() != "<nil>" || e.Message() != "" || e.Reason() != "" || e.Code() != 0 ||
		e.Unwrap() != nil || e.Data() != nil {
		t.Errorf("nil *Error methods: %q %q %q %v %v %v", e.Error(), e.Message(), e.Reason(), e.Code(), e.Unwrap(), e.Data())
	}
	for _, format := range []string{"%v", "%+v", "%s", "%q", "%d"} {
		_ = fmt.Sprintf(format, e) // must not panic
	}
	if got := fmt.Sprintf("%v|%+v", e, e); got != "<nil>|<nil>" {
		t.Errorf("formatting a nil *Error = %q", got)
	}
	if got := CodeOf(e); got != CodeInternalError {
		t.Errorf("CodeOf(nil *Error) = %v, want InternalError (a nil *Error is a bug)", got)
	}
	if got := ToWire(e); got.Code != CodeInternalError {
		t.Errorf("ToWire(nil *Error) = %+v", got)
	}
	_ = Text(e)
}

func TestFormat(t *testing.T) {
	root := errors.New("connection reset by peer")
	e := ServiceUnavailable("Billing is unreachable.", WithCause(fmt.Errorf("dial billing: %w", root)))
	tests := []struct {
		format string
		want   string
	}{
		{"%v", "Billing is unreachable."},
		{"%s", "Billing is unreachable."},
		{"%+v", "Billing is unreachable.: dial billing: connection reset by peer"},
		{"%q", `"Billing is unreachable."`},
		{"%d", "%!d(*mcperr.Error=Billing is unreachable.)"},
	}
	for _, tt := range tests {
		if got := fmt.Sprintf(tt.format, e); got != tt.want {
			t.Errorf("Sprintf(%q) = %q, want %q", tt.format, got, tt.want)
		}
	}
	nested := InternalError("outer", WithCause(e))
	if got, want := fmt.Sprintf("%+v", nested), "outer: Billing is unreachable.: dial billing: connection reset by peer"; got != want {
		t.Errorf("%%+v of a nested Error = %q, want %q", got, want)
	}
	if got := fmt.Sprintf("%v", fmt.Errorf("tool: %w", e)); got != "tool: Billing is unreachable." {
		t.Errorf("wrapping leaks the cause: %q", got)
	}
}

func TestCeilSeconds(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want int64
	}{
		{time.Nanosecond, 1},
		{time.Second, 1},
		{time.Second + 1, 2},
		{90 * time.Second, 90},
		{maxDuration, int64(maxDuration/time.Second) + 1},
	}
	for _, tt := range tests {
		if got := ceilSeconds(tt.d); got != tt.want {
			t.Errorf("ceilSeconds(%v) = %d, want %d", tt.d, got, tt.want)
		}
	}
}
