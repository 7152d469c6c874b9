package mcperr

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"message only", NotFound("No user u1."), "Error: No user u1."},
		{"recovery", NotFound("No user u1.", WithRecovery("List users first.")),
			"Error: No user u1.\n\nRecovery: List users first."},
		{"recovery already in the message", NotFound("No user u1. List users first.", WithRecovery("List users first.")),
			"Error: No user u1. List users first."},
		{"blank recovery", NotFound("No user u1.", WithRecovery("  \n")), "Error: No user u1."},
		{"recovery is trimmed", NotFound("x", WithRecovery("  Do y.\n")), "Error: x\n\nRecovery: Do y."},
		{"reason", NotFound("x", WithReason("user_not_found")), "Error: x\n\n(reason user_not_found)"},
		{"retryable", Timeout("x", WithRetryable(true)), "Error: x\n\n(retryable)"},
		{"not retryable", Timeout("x", WithRetryable(false)), "Error: x\n\n(not retryable)"},
		{"request id", Timeout("x", WithData("requestId", "req-7")), "Error: x\n\n(request req-7)"},
		{"numeric request id", Timeout("x", WithData("requestId", 42)), "Error: x\n\n(request 42)"},
		{"empty request id", Timeout("x", WithData("requestId", "")), "Error: x"},
		{"request id of another type", Timeout("x", WithData("requestId", []int{1})), "Error: x"},
		{"reason and retryable", NotFound("x", WithReason("r"), WithRetryable(false)),
			"Error: x\n\n(reason r · not retryable)"},
		{"every block",
			Fail(lookupCtx(), "directory_down", "", RecoveryFor(lookupCtx(), "directory_down"), WithData("requestId", "req-1")),
			"Error: The user directory does not answer.\n\nRecovery: Try again in a minute.\n\n" +
				"(reason directory_down · retryable · request req-1)"},
		{"empty message: the code's name", NotFound(""), "Error: NotFound"},
		{"blank message", NotFound(" \t"), "Error: NotFound"},
		{"code 0", New(0, ""), "Error: InternalError"},
		{"wrapped Error: its own text only", fmt.Errorf("tool: %w", NotFound("x", WithCause(errors.New("secret")))), "Error: x"},
		{"plain error", errors.New("boom"), "Error: boom"},
		{"panicking Error method", &panickyError{}, "Error: Internal error."},
		{"nil", nil, "Error: Internal error (no error value)."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Text(tt.err); got != tt.want {
				t.Errorf("Text() = %q\nwant     %q", got, tt.want)
			}
			if got := ToWire(tt.err).Text(); got != tt.want {
				t.Errorf("ToWire().Text() = %q\nwant              %q", got, tt.want)
			}
		})
	}
}

func TestWireErrorText(t *testing.T) {
	tests := []struct {
		name string
		w    WireError
		want string
	}{
		{"non-string hint", WireError{Message: "m", Data: map[string]any{"recovery": map[string]any{"hint": 42}}}, "Error: m"},
		{"hint as a bare string is not the wire shape", WireError{Message: "m", Data: map[string]any{"recovery": "x"}}, "Error: m"},
		{"map[string]string hint", WireError{Message: "m", Data: map[string]any{"recovery": map[string]string{"hint": "h"}}},
			"Error: m\n\nRecovery: h"},
		{"json.Number request id", WireError{Message: "m", Data: map[string]any{"requestId": json.Number("12")}},
			"Error: m\n\n(request 12)"},
		{"float request id", WireError{Message: "m", Data: map[string]any{"requestId": 1e6}}, "Error: m\n\n(request 1000000)"},
		{"int64 request id", WireError{Message: "m", Data: map[string]any{"requestId": int64(5)}}, "Error: m\n\n(request 5)"},
		{"uint64 request id", WireError{Message: "m", Data: map[string]any{"requestId": uint64(6)}}, "Error: m\n\n(request 6)"},
		{"non-string reason", WireError{Message: "m", Data: map[string]any{"reason": 3}}, "Error: m"},
		{"non-bool retryable", WireError{Message: "m", Data: map[string]any{"retryable": "yes"}}, "Error: m"},
		{"no data", WireError{Message: "m"}, "Error: m"},
	}
	for _, tt := range tests {
		if got := tt.w.Text(); got != tt.want {
			t.Errorf("%s: Text() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func marshal(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	return string(raw)
}

func TestToWireJSON(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"full",
			Fail(lookupCtx(), "user_not_found", "No user u1.", RecoveryFor(lookupCtx(), "user_not_found"),
				WithData("userId", "u1"), WithCause(errors.New("sql: no rows in result set"))),
			`{"code":-32001,"message":"No user u1.","data":{"reason":"user_not_found","recovery":{"hint":"List users to find a valid id."},"retryable":false,"userId":"u1"}}`},
		{"no data: omitted", NotFound("x"), `{"code":-32001,"message":"x"}`},
		{"only credentials: data omitted", NotFound("x", WithData("token", "t")), `{"code":-32001,"message":"x"}`},
		{"retryAfter in seconds", RateLimited("slow down", WithRetryAfter(90_000_000_000)),
			`{"code":-32003,"message":"slow down","data":{"retryAfter":90}}`},
		{"plain error: code and message only", fmt.Errorf("open config: %w", errors.New("no such file")),
			`{"code":-32001,"message":"open config: no such file"}`},
		{"nil", nil, `{"code":-32603,"message":"Internal error (no error value)."}`},
		{"code 0", New(0, "x"), `{"code":-32603,"message":"x"}`},
		{"custom code kept", New(-31999, "x"), `{"code":-31999,"message":"x"}`},
	}
	for _, tt := range tests {
		if got := marshal(t, ToWire(tt.err)); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// secretStruct marshals its Password field; the sanitiser must drop it.
type secretStruct struct {
	Name     string            `json:"name"`
	Password string            `json:"password"`
	Nested   map[string]string `json:"nested"`
}

// badMarshaler fails to marshal.
type badMarshaler struct{}

func (badMarshaler) MarshalJSON() ([]byte, error) { return nil, errors.New("no") }

// panicMarshaler panics when marshalled.
type panicMarshaler struct{}

func (panicMarshaler) MarshalJSON() ([]byte, error) { panic("boom") }

func TestToWireSanitises(t *testing.T) {
	cyclic := map[string]any{"a": 1}
	cyclic["self"] = cyclic
	cyclicSlice := []any{nil}
	cyclicSlice[0] = cyclicSlice
	deep := any("bottom")
	for range 40 {
		deep = map[string]any{"d": deep}
	}
	e := New(CodeInternalError, "m",
		WithData("apiKey", "k1"),
		WithData("X-Api-Key", "k2"),
		WithData("Authorization", "Bearer k3"),
		WithData("nested", map[string]any{"refresh_token": "k4", "ok": 1, "list": []any{map[string]any{"secret": "k5", "n": 2}}}),
		WithData("strings", map[string]string{"password": "k6", "user": "bob"}),
		WithData("struct", secretStruct{Name: "n", Password: "k7", Nested: map[string]string{"clientSecret": "k8"}}),
		WithData("maxTokens", 100),
		WithData("ratio", float32(0.5)),
		WithData("nan", math.NaN()),
		WithData("inf", math.Inf(-1)),
		WithData("f32", float32(math.Inf(1))),
		WithData("chan", make(chan int)),
		WithData("func", func() {}),
		WithData("complex", complex(1, 2)),
		WithData("bad", badMarshaler{}),
		WithData("panic", panicMarshaler{}),
		WithData("err", errors.New("k9")),
		WithData("number", json.Number("12.5e3")),
		WithData("notANumber", json.Number("k10")),
		WithData("cyclic", cyclic),
		WithData("cyclicSlice", cyclicSlice),
		WithData("deep", deep),
		WithData("bytes", []byte("hi")),
		WithData("nilValue", nil),
		WithData("strs", []string{"a"}),
	)
	w := ToWire(e)
	raw := marshal(t, w)
	if !json.Valid([]byte(raw)) {
		t.Fatalf("invalid JSON: %s", raw)
	}
	for _, secret := range []string{"k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"} {
		if strings.Contains(raw, `"`+secret+`"`) || strings.Contains(raw, secret+`"`) {
			t.Errorf("secret %s reached the wire: %s", secret, raw)
		}
	}
	d := w.Data
	checks := map[string]any{
		"maxTokens":  100,
		"ratio":      0.5,
		"nan":        "NaN",
		"inf":        "-Inf",
		"f32":        "+Inf",
		"chan":       "[unserializable chan int]",
		"func":       "[unserializable func()]",
		"complex":    "[unserializable complex128]",
		"bad":        "[unserializable mcperr.badMarshaler]",
		"panic":      "[unserializable mcperr.panicMarshaler]",
		"err":        "[error]",
		"number":     json.Number("12.5e3"),
		"notANumber": "k10",
		"bytes":      "aGk=",
		"nilValue":   nil,
		"strs":       []string{"a"},
		"nested":     map[string]any{"ok": 1, "list": []any{map[string]any{"n": 2}}},
		"strings":    map[string]any{"user": "bob"},
		"struct":     map[string]any{"name": "n", "nested": map[string]any{}},
	}
	for k, want := range checks {
		if got := d[k]; !reflect.DeepEqual(got, want) {
			t.Errorf("data[%q] = %#v, want %#v", k, got, want)
		}
	}
	for _, k := range []string{"apiKey", "X-Api-Key", "Authorization"} {
		if _, ok := d[k]; ok {
			t.Errorf("credential key %q kept", k)
		}
	}
	if !strings.Contains(raw, `"[too deep]"`) {
		t.Errorf("deep value not cut: %s", raw)
	}
	// The original error's data is untouched by sanitising.
	if e.Data()["apiKey"] != "k1" {
		t.Error("sanitising modified the error's own data")
	}
}

func TestSanitiseBudget(t *testing.T) {
	// A map that holds itself is cut at once.
	m := map[string]any{}
	m["a"], m["b"] = m, []any{m}
	raw := marshal(t, ToWire(New(CodeInternalError, "m", WithData("m", m))))
	if want := `{"code":-32603,"message":"m","data":{"m":{"a":"[cycle]","b":["[cycle]"]}}}`; raw != want {
		t.Errorf("got  %s\nwant %s", raw, want)
	}

	// Distinct maps that each hold the next one twice have no cycle, but
	// 2^30 paths: the budget cuts the walk.
	var dag any = "leaf"
	for range 30 {
		dag = map[string]any{"a": dag, "b": dag}
	}
	raw = marshal(t, ToWire(New(CodeInternalError, "m", WithData("dag", dag))))
	if !strings.Contains(raw, placeholderTruncated) {
		t.Errorf("no truncation placeholder in %d bytes", len(raw))
	}
	// A slice shared by siblings is no cycle.
	shared := []any{1}
	raw = marshal(t, ToWire(New(CodeInternalError, "m", WithData("s", []any{shared, shared}))))
	if want := `{"code":-32603,"message":"m","data":{"s":[[1],[1]]}}`; raw != want {
		t.Errorf("got  %s\nwant %s", raw, want)
	}

	// The budget spent on caller data never truncates the managed keys or
	// scalars. (Found by FuzzToWire: a recovery hint vanished from the text
	// when a self-referencing map came first in map order.)
	for range 3 {
		e := New(CodeTimeout, "m", WithData("m", m), WithRecovery("hint"), WithReason("r"),
			WithRetryable(true), WithRetryAfter(2e9), WithData("requestId", "id"), WithData("s", "v"))
		d := ToWire(e).Data
		if !reflect.DeepEqual(d["recovery"], map[string]any{"hint": "hint"}) || d["reason"] != "r" ||
			d["retryable"] != true || d["retryAfter"] != int64(2) || d["requestId"] != "id" || d["s"] != "v" {
			t.Fatalf("managed keys or scalars truncated: %v", d)
		}
		if got, want := Text(e), "Error: m\n\nRecovery: hint\n\n(reason r · retryable · request id)"; got != want {
			t.Fatalf("Text = %q, want %q", got, want)
		}
	}
}

func TestToWireNoCause(t *testing.T) {
	const marker = "SECRET-CAUSE-7f3a"
	cause := fmt.Errorf("dsn postgres://admin:%s@db: %w", marker, errors.New("refused"))
	errs := []error{
		InternalError("Database unavailable.", WithCause(cause)),
		fmt.Errorf("handler: %w", DatabaseError("Query failed.", WithCause(cause))),
		errors.Join(errors.New("first"), NotFound("x", WithCause(cause))),
	}
	for _, err := range errs {
		if got := marshal(t, ToWire(err)) + Text(err); strings.Contains(got, marker) {
			t.Errorf("cause leaked: %s", got)
		}
	}
}

func TestIsCredentialKey(t *testing.T) {
	credentials := []string{
		"auth", "Auth", "AUTHORIZATION", "authorization", "Proxy-Authorization", "basicAuth", "oauth",
		"password", "PASSWORD", "db_password", "passwordHash", "passwd", "pwd", "pass", "passphrase",
		"token", "accessToken", "access_token", "refresh-token", "id.token", "sessionToken", "csrf token",
		"secret", "clientSecret", "client_secret_value", "secretKey",
		"apiKey", "api_key", "API-KEY", "x-api-key", "X-Api-Key", "privateKey", "private_key", "aws_access_key_id",
		"jwt", "bearer", "credential", "credentials", "gcpCredentials", "cookie", "Set-Cookie",
		"pass\u200bword",                   // a zero-width space cannot hide a credential
		"api\u212Aey",                      // nor a Kelvin sign standing for K
		"\u017Fecret",                      // nor a long s
		strings.Repeat("x", 300) + "Token", // long keys keep their end
		"Password" + strings.Repeat("x", 300),
	}
	for _, k := range credentials {
		if !isCredentialKey(k) {
			t.Errorf("isCredentialKey(%q) = false, want true", k)
		}
	}
	plain := []string{
		"", "maxTokens", "tokens", "tokenCount", "author", "authors", "key", "keys", "cacheKey",
		"userId", "reason", "retryable", "recovery", "requestId", "status", "body", "passport", "bypass_cache",
		"ключ", "名前",
	}
	for _, k := range plain {
		if isCredentialKey(k) {
			t.Errorf("isCredentialKey(%q) = true, want false", k)
		}
	}
}

func TestIsJSONNumber(t *testing.T) {
	for _, s := range []string{"0", "-0", "12", "-12.5", "1e9", "1E+9", "1.5e-3", "0.0"} {
		if !isJSONNumber(s) {
			t.Errorf("isJSONNumber(%q) = false", s)
		}
	}
	for _, s := range []string{"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "NaN", "Inf", "0x10", "1_000", "1 ", "--1"} {
		if isJSONNumber(s) {
			t.Errorf("isJSONNumber(%q) = true", s)
		}
	}
}
