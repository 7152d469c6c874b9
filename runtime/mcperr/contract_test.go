package mcperr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"testing"
)

// lookupContract is the contract most Fail tests run under.
var lookupContract = []Contract{
	{
		Reason:   "user_not_found",
		When:     "No user has the given id.",
		Recovery: "List users to find a valid id.",
		Code:     CodeNotFound,
	},
	{
		Reason:    "directory_down",
		When:      "The user directory does not answer.",
		Recovery:  "Try again in a minute.",
		Code:      CodeServiceUnavailable,
		Retryable: true,
		Severity:  SeverityWarning,
	},
	{
		Reason: "dup",
		When:   "First declaration.",
		Code:   CodeConflict,
	},
	{
		Reason:    "dup",
		When:      "Second declaration.",
		Recovery:  "Second recovery.",
		Code:      CodeRateLimited,
		Retryable: true,
	},
}

func lookupCtx() context.Context {
	return WithContract(context.Background(), "lookup_user", lookupContract)
}

func TestFail(t *testing.T) {
	ctx := lookupCtx()
	cause := errors.New("sql: no rows")
	tests := []struct {
		name     string
		err      *Error
		code     Code
		message  string
		data     map[string]any
		hasCause bool
		cause    string // the text of the cause, when it is not the caller's
	}{
		{
			name:    "code, reason and retryable from the entry; no recovery",
			err:     Fail(ctx, "user_not_found", "No user u1."),
			code:    CodeNotFound,
			message: "No user u1.",
			data:    map[string]any{"reason": "user_not_found", "retryable": false},
		},
		{
			name:    "empty message falls back to When",
			err:     Fail(ctx, "user_not_found", ""),
			code:    CodeNotFound,
			message: "No user has the given id.",
			data:    map[string]any{"reason": "user_not_found", "retryable": false},
		},
		{
			name:    "RecoveryFor opts in to the contract recovery",
			err:     Fail(ctx, "user_not_found", "No user u1.", RecoveryFor(ctx, "user_not_found")),
			code:    CodeNotFound,
			message: "No user u1.",
			data: map[string]any{"reason": "user_not_found", "retryable": false,
				"recovery": map[string]any{"hint": "List users to find a valid id."}},
		},
		{
			name:    "WithRecovery gives a call-site hint",
			err:     Fail(ctx, "user_not_found", "No user u1.", WithRecovery("Ask for the email instead.")),
			code:    CodeNotFound,
			message: "No user u1.",
			data: map[string]any{"reason": "user_not_found", "retryable": false,
				"recovery": map[string]any{"hint": "Ask for the email instead."}},
		},
		{
			name: "caller reason cannot override the contract reason",
			err: Fail(ctx, "user_not_found", "x",
				WithData("reason", "hijacked"), WithReason("also_hijacked")),
			code:    CodeNotFound,
			message: "x",
			data:    map[string]any{"reason": "user_not_found", "retryable": false},
		},
		{
			name:    "retryable from the entry",
			err:     Fail(ctx, "directory_down", ""),
			code:    CodeServiceUnavailable,
			message: "The user directory does not answer.",
			data:    map[string]any{"reason": "directory_down", "retryable": true},
		},
		{
			name:    "WithRetryable overrides the entry",
			err:     Fail(ctx, "directory_down", "", WithRetryable(false)),
			code:    CodeServiceUnavailable,
			message: "The user directory does not answer.",
			data:    map[string]any{"reason": "directory_down", "retryable": false},
		},
		{
			name:     "data and cause",
			err:      Fail(ctx, "user_not_found", "x", WithData("userId", "u1"), WithCause(cause)),
			code:     CodeNotFound,
			message:  "x",
			data:     map[string]any{"reason": "user_not_found", "retryable": false, "userId": "u1"},
			hasCause: true,
		},
		{
			name:    "duplicate reasons: the last entry wins",
			err:     Fail(ctx, "dup", "", RecoveryFor(ctx, "dup")),
			code:    CodeRateLimited,
			message: "Second declaration.",
			data: map[string]any{"reason": "dup", "retryable": true,
				"recovery": map[string]any{"hint": "Second recovery."}},
		},
		{
			name:    "RecoveryFor another reason forwards that reason's hint",
			err:     Fail(ctx, "user_not_found", "x", RecoveryFor(ctx, "directory_down")),
			code:    CodeNotFound,
			message: "x",
			data: map[string]any{"reason": "user_not_found", "retryable": false,
				"recovery": map[string]any{"hint": "Try again in a minute."}},
		},
		{
			name:    "RecoveryFor an unknown reason is a no-op",
			err:     Fail(ctx, "user_not_found", "x", RecoveryFor(ctx, "nope")),
			code:    CodeNotFound,
			message: "x",
			data:    map[string]any{"reason": "user_not_found", "retryable": false},
		},
		{
			name: "undeclared reason keeps the caller's message, data and hint, not the reason",
			err: Fail(ctx, "user_gone", "x", WithCause(cause), WithReason("user_gone"),
				WithRecovery("Ask for the email instead."), WithData("k", 1)),
			code:    CodeInternalError,
			message: "x",
			data:    map[string]any{"k": 1, "recovery": map[string]any{"hint": "Ask for the email instead."}},
			cause:   `mcperr.Fail: tool "lookup_user" does not declare reason "user_gone" (declared: user_not_found, directory_down, dup, dup)`,
		},
		{
			name:    "undeclared reason without a message",
			err:     Fail(ctx, "user_gone", "", RecoveryFor(ctx, "user_gone")),
			code:    CodeInternalError,
			message: `Tool "lookup_user" failed.`,
			cause:   `mcperr.Fail: tool "lookup_user" does not declare reason "user_gone" (declared: user_not_found, directory_down, dup, dup)`,
		},
		{
			name:    "undeclared reason with RecoveryFor a declared one: the hint, not the reason",
			err:     Fail(ctx, "user_gone", "x", RecoveryFor(ctx, "directory_down")),
			code:    CodeInternalError,
			message: "x",
			data:    map[string]any{"recovery": map[string]any{"hint": "Try again in a minute."}},
			cause:   `mcperr.Fail: tool "lookup_user" does not declare reason "user_gone" (declared: user_not_found, directory_down, dup, dup)`,
		},
		{
			name:    "outside any contract",
			err:     Fail(context.Background(), "user_not_found", "x"),
			code:    CodeInternalError,
			message: "x",
			cause:   `mcperr.Fail: reason "user_not_found" was raised outside any tool contract`,
		},
		{
			name:    "nil context",
			err:     Fail(nilCtx, "user_not_found", ""),
			code:    CodeInternalError,
			message: "The tool failed.",
			cause:   `mcperr.Fail: reason "user_not_found" was raised outside any tool contract`,
		},
		{
			name:    "empty contract",
			err:     Fail(WithContract(context.Background(), "t", nil), "r", ""),
			code:    CodeInternalError,
			message: `Tool "t" failed.`,
			cause:   `mcperr.Fail: tool "t" does not declare reason "r" (declared: none)`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err.Code() != tt.code {
				t.Errorf("code = %v, want %v", tt.err.Code(), tt.code)
			}
			if tt.err.Message() != tt.message {
				t.Errorf("message = %q, want %q", tt.err.Message(), tt.message)
			}
			if got := tt.err.Data(); !reflect.DeepEqual(got, tt.data) {
				t.Errorf("data = %#v\nwant %#v", got, tt.data)
			}
			switch cause := tt.err.Unwrap(); {
			case tt.cause != "":
				if cause == nil || cause.Error() != tt.cause {
					t.Errorf("cause = %v, want %q", cause, tt.cause)
				}
			case (cause != nil) != tt.hasCause:
				t.Errorf("has cause = %v, want %v", cause != nil, tt.hasCause)
			}
		})
	}
}

func TestRecoveryForOutsideContract(t *testing.T) {
	e := New(CodeNotFound, "x", RecoveryFor(context.Background(), "user_not_found"))
	if e.Data() != nil {
		t.Errorf("RecoveryFor without a contract added %v", e.Data())
	}
	e = New(CodeNotFound, "x", RecoveryFor(nilCtx, "user_not_found"))
	if e.Data() != nil {
		t.Errorf("RecoveryFor with a nil context added %v", e.Data())
	}
	// A service below a handler passes RecoveryFor; inside the tool it works.
	e = NotFound("x", WithReason("user_not_found"), RecoveryFor(lookupCtx(), "user_not_found"))
	if hint := e.Data()["recovery"]; !reflect.DeepEqual(hint, map[string]any{"hint": "List users to find a valid id."}) {
		t.Errorf("recovery = %v", hint)
	}
}

// TestFailUndeclaredKeepsCause checks that the violation an undeclared
// reason records wraps the caller's cause instead of replacing it.
func TestFailUndeclaredKeepsCause(t *testing.T) {
	cause := errors.New("sql: no rows")
	e := Fail(lookupCtx(), "user_gone", "No user u1.", WithCause(cause))
	if !errors.Is(e, cause) {
		t.Errorf("errors.Is(e, cause) = false")
	}
	want := `No user u1.: mcperr.Fail: tool "lookup_user" does not declare reason "user_gone" (declared: user_not_found, directory_down, dup, dup): sql: no rows`
	if got := fmt.Sprintf("%+v", e); got != want {
		t.Errorf("%%+v = %q\nwant %q", got, want)
	}
	if w := ToWire(e); w.Message != "No user u1." || w.Data != nil {
		t.Errorf("wire = %+v; want the message alone", w)
	}
}

// TestServiceErrorNamesItsReason checks that a service's error given
// RecoveryFor(ctx, r) for a declared reason is that reason's failure, as
// Fail would build it, except for the code, which stays its own.
func TestServiceErrorNamesItsReason(t *testing.T) {
	ctx := lookupCtx()
	tests := []struct {
		name string
		err  *Error
		code Code
		data map[string]any
	}{{
		name: "reason and retryable from the entry",
		err:  ServiceUnavailable("The directory timed out.", RecoveryFor(ctx, "directory_down")),
		code: CodeServiceUnavailable,
		data: map[string]any{"reason": "directory_down", "retryable": true,
			"recovery": map[string]any{"hint": "Try again in a minute."}},
	}, {
		name: "the same with WithReason",
		err:  ServiceUnavailable("The directory timed out.", WithReason("directory_down"), RecoveryFor(ctx, "directory_down")),
		code: CodeServiceUnavailable,
		data: map[string]any{"reason": "directory_down", "retryable": true,
			"recovery": map[string]any{"hint": "Try again in a minute."}},
	}, {
		name: "WithRetryable overrides the entry, before or after",
		err:  ServiceUnavailable("Down for good.", WithRetryable(false), RecoveryFor(ctx, "directory_down")),
		code: CodeServiceUnavailable,
		data: map[string]any{"reason": "directory_down", "retryable": false,
			"recovery": map[string]any{"hint": "Try again in a minute."}},
	}, {
		name: "a different code is kept",
		err:  Timeout("The directory timed out.", RecoveryFor(ctx, "directory_down")),
		code: CodeTimeout,
		data: map[string]any{"reason": "directory_down", "retryable": true,
			"recovery": map[string]any{"hint": "Try again in a minute."}},
	}, {
		name: "WithReason names another reason: only the hint",
		err:  NotFound("No user u1.", WithReason("user_not_found"), RecoveryFor(ctx, "directory_down")),
		code: CodeNotFound,
		data: map[string]any{"reason": "user_not_found", "recovery": map[string]any{"hint": "Try again in a minute."}},
	}, {
		name: "an undeclared reason names nothing",
		err:  NotFound("No user u1.", RecoveryFor(ctx, "user_gone")),
		code: CodeNotFound,
	}, {
		name: "FromHTTPResponse",
		err:  FromHTTPResponse(response(503, ""), WithService("Directory"), RecoveryFor(ctx, "directory_down")),
		code: CodeServiceUnavailable,
		data: map[string]any{"status": 503, "statusText": "Service Unavailable", "reason": "directory_down",
			"retryable": true, "recovery": map[string]any{"hint": "Try again in a minute."}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err.Code() != tt.code {
				t.Errorf("code = %v, want %v", tt.err.Code(), tt.code)
			}
			if got := tt.err.Data(); !reflect.DeepEqual(got, tt.data) {
				t.Errorf("data = %#v\nwant %#v", got, tt.data)
			}
		})
	}
	// On the wire, the first case is exactly the Fail of its reason.
	service := ServiceUnavailable("The directory timed out.", RecoveryFor(ctx, "directory_down"))
	fail := Fail(ctx, "directory_down", "The directory timed out.", RecoveryFor(ctx, "directory_down"))
	if s, f := ToWire(service), ToWire(fail); !reflect.DeepEqual(s, f) || Text(service) != Text(fail) {
		t.Errorf("service error %+v (%q)\nFail          %+v (%q)", s, Text(service), f, Text(fail))
	}
}

func TestToolCall(t *testing.T) {
	tool := &Tool[string, string]{
		Name:   "lookup_user",
		Errors: lookupContract,
		Handler: func(ctx context.Context, id string) (string, error) {
			if id == "" {
				return "", Fail(ctx, "user_not_found", "")
			}
			return "user " + id, nil
		},
	}
	if out, err := tool.Call(context.Background(), "u1"); err != nil || out != "user u1" {
		t.Errorf("Call(u1) = %q, %v", out, err)
	}
	_, err := tool.Call(context.Background(), "")
	var e *Error
	if !errors.As(err, &e) || e.Code() != CodeNotFound || e.Reason() != "user_not_found" {
		t.Errorf("Call(\"\") error = %v", err)
	}
	_, err = tool.Call(nilCtx, "")
	if CodeOf(err) != CodeNotFound {
		t.Errorf("Call with a nil context: %v", err)
	}

	var nilTool *Tool[string, string]
	if _, err := nilTool.Call(context.Background(), "x"); CodeOf(err) != CodeInternalError {
		t.Errorf("nil tool: %v", err)
	}
	noHandler := &Tool[string, string]{Name: "empty"}
	if _, err := noHandler.Call(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), `"empty"`) {
		t.Errorf("tool without handler: %v", err)
	}
}

// TestToolCallResolvesServiceErrors checks that the error Call returns is
// the one the bindings send: a service's error that names a declared reason
// gets the entry's Retryable unless it states its own, and keeps its code.
func TestToolCallResolvesServiceErrors(t *testing.T) {
	sentinel := ServiceUnavailable("The directory timed out.", WithReason("directory_down"))
	tests := []struct {
		name string
		// service builds the handler's error in the tool's context, as a
		// service below the handler would.
		service func(ctx context.Context) error
		code    Code
		data    map[string]any
		// same reports that Call returns the handler's error itself:
		// nothing is left to resolve.
		same bool
	}{{
		name:    "WithReason alone: retryable from the entry",
		service: func(context.Context) error { return sentinel },
		code:    CodeServiceUnavailable,
		data:    map[string]any{"reason": "directory_down", "retryable": true},
	}, {
		name: "WithReason with WithRetryable: the error's own statement",
		service: func(context.Context) error {
			return ServiceUnavailable("Down for good.", WithReason("directory_down"), WithRetryable(false))
		},
		code: CodeServiceUnavailable,
		data: map[string]any{"reason": "directory_down", "retryable": false},
		same: true,
	}, {
		name: "WithReason with another code: the code is kept, retryable from the entry",
		service: func(context.Context) error {
			return ServiceUnavailable("No user u1.", WithReason("user_not_found"))
		},
		code: CodeServiceUnavailable,
		data: map[string]any{"reason": "user_not_found", "retryable": false},
	}, {
		name: "RecoveryFor passed to a factory: already resolved",
		service: func(ctx context.Context) error {
			return Timeout("The directory timed out.", RecoveryFor(ctx, "directory_down"))
		},
		code: CodeTimeout,
		data: map[string]any{"reason": "directory_down", "retryable": true,
			"recovery": map[string]any{"hint": "Try again in a minute."}},
		same: true,
	}, {
		name: "a reason declared twice: the last entry",
		service: func(context.Context) error {
			return Conflict("Taken.", WithReason("dup"))
		},
		code: CodeConflict,
		data: map[string]any{"reason": "dup", "retryable": true},
	}, {
		name: "an undeclared reason: nothing from the contract",
		service: func(context.Context) error {
			return NotFound("No user u1.", WithReason("user_gone"))
		},
		code: CodeNotFound,
		data: map[string]any{"reason": "user_gone"},
		same: true,
	}, {
		name:    "no reason",
		service: func(context.Context) error { return NotFound("No user u1.") },
		code:    CodeNotFound,
		same:    true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var returned error
			tool := &Tool[string, string]{
				Name:   "lookup_user",
				Errors: lookupContract,
				Handler: func(ctx context.Context, _ string) (string, error) {
					returned = tt.service(ctx)
					return "", returned
				},
			}
			_, err := tool.Call(context.Background(), "u1")
			if same := err == returned; same != tt.same {
				t.Errorf("Call returned the handler's error itself: %v, want %v", same, tt.same)
			}
			w := ToWire(err)
			if w.Code != tt.code || !reflect.DeepEqual(w.Data, tt.data) {
				t.Errorf("ToWire = %v %#v\nwant     %v %#v", w.Code, w.Data, tt.code, tt.data)
			}
			if Text(err) != w.Text() {
				t.Errorf("Text = %q\nToWire(err).Text() = %q", Text(err), w.Text())
			}
			var e *Error
			if !errors.As(err, &e) || !reflect.DeepEqual(e.Data(), tt.data) || e.Code() != tt.code {
				t.Errorf("errors.As finds %v with data %#v, want the error as sent", e, e.Data())
			}
			if retryable, _ := tt.data["retryable"].(bool); tt.data["retryable"] != nil && Retryable(err) != retryable {
				t.Errorf("Retryable = %v, want %v", Retryable(err), retryable)
			}
			if !errors.Is(err, returned) || err.Error() != returned.Error() ||
				fmt.Sprintf("%+v", err) != fmt.Sprintf("%+v", returned) {
				t.Errorf("Call's error does not read as the handler's: %+v, want %+v", err, returned)
			}
		})
	}
	// A service's error reaches the client exactly as Fail's.
	tool := &Tool[string, string]{
		Name:   "lookup_user",
		Errors: lookupContract,
		Handler: func(ctx context.Context, id string) (string, error) {
			if id == "fail" {
				return "", Fail(ctx, "directory_down", "The directory timed out.")
			}
			return "", sentinel
		},
	}
	_, service := tool.Call(context.Background(), "service")
	_, fail := tool.Call(context.Background(), "fail")
	if s, f := ToWire(service), ToWire(fail); !reflect.DeepEqual(s, f) || Text(service) != Text(fail) {
		t.Errorf("service error %+v (%q)\nFail          %+v (%q)", s, Text(service), f, Text(fail))
	}
	// The error stays resolved when the caller wraps it, and a handler
	// that wrapped it keeps its words.
	tool.Handler = func(context.Context, string) (string, error) {
		return "", fmt.Errorf("looking up u1: %w", sentinel)
	}
	_, err := tool.Call(context.Background(), "u1")
	wrapped := fmt.Errorf("cli: %w", err)
	if w := ToWire(wrapped); w.Data["retryable"] != true || w.Message != "The directory timed out." {
		t.Errorf("ToWire of a wrapped Call error = %+v", w)
	}
	if err.Error() != "looking up u1: The directory timed out." || !errors.Is(wrapped, sentinel) {
		t.Errorf("Call's error reads %q", err)
	}
	// The shared sentinel itself is untouched.
	if _, stated := sentinel.Data()["retryable"]; stated {
		t.Errorf("Call changed the handler's error: %v", sentinel.Data())
	}
}

func TestSeverity(t *testing.T) {
	tests := []struct {
		s     Severity
		name  string
		level slog.Level
	}{
		{SeverityError, "error", slog.LevelError},
		{SeverityWarning, "warning", slog.LevelWarn},
		{SeverityNotice, "notice", slog.LevelInfo + 2},
		{SeverityInfo, "info", slog.LevelInfo},
		{SeverityDebug, "debug", slog.LevelDebug},
		{Severity(9), "Severity(9)", slog.LevelError},
		{Severity(-1), "Severity(-1)", slog.LevelError},
	}
	for _, tt := range tests {
		if tt.s.String() != tt.name || tt.s.Level() != tt.level {
			t.Errorf("Severity(%d): %q %v, want %q %v", int(tt.s), tt.s.String(), tt.s.Level(), tt.name, tt.level)
		}
	}
}

// nilCtx is the nil context careless callers pass; the runtime must cope.
var nilCtx context.Context
