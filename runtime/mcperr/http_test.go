package mcperr

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestHTTPStatusCode(t *testing.T) {
	tests := []struct {
		status int
		code   Code
		ok     bool
	}{
		{0, 0, false},
		{200, 0, false},
		{204, 0, false},
		{304, 0, false},
		{399, 0, false},
		{400, CodeInvalidParams, true},
		{401, CodeUnauthorized, true},
		{402, CodeForbidden, true},
		{403, CodeForbidden, true},
		{404, CodeNotFound, true},
		{405, CodeInvalidRequest, true},
		{408, CodeTimeout, true},
		{409, CodeConflict, true},
		{410, CodeInvalidRequest, true},
		{413, CodeInvalidRequest, true},
		{422, CodeValidationError, true},
		{423, CodeConflict, true},
		{424, CodeConflict, true},
		{425, CodeTimeout, true},
		{429, CodeRateLimited, true},
		{451, CodeInvalidRequest, true},
		{499, CodeInvalidRequest, true},
		{500, CodeInternalError, true},
		{501, CodeInternalError, true},
		{502, CodeServiceUnavailable, true},
		{503, CodeServiceUnavailable, true},
		{504, CodeTimeout, true},
		{599, CodeServiceUnavailable, true},
		{999, CodeServiceUnavailable, true},
	}
	for _, tt := range tests {
		code, ok := HTTPStatusCode(tt.status)
		if code != tt.code || ok != tt.ok {
			t.Errorf("HTTPStatusCode(%d) = %v, %v; want %v, %v", tt.status, code, ok, tt.code, tt.ok)
		}
	}
	for status := 0; status < 1000; status++ {
		code, ok := HTTPStatusCode(status)
		if ok != (status >= 400) || ok && !code.Known() {
			t.Errorf("HTTPStatusCode(%d) = %v, %v", status, code, ok)
		}
		// Only the two statuses of the original's table are this
		// server's kind of failure, and neither is worth retrying.
		if internal := status == 500 || status == 501; (code == CodeInternalError) != internal || internal && code.Transient() {
			t.Errorf("HTTPStatusCode(%d) = %v", status, code)
		}
	}
}

// response builds an *http.Response as the client would return it.
func response(status int, body string, header ...string) *http.Response {
	h := http.Header{}
	for i := 0; i+1 < len(header); i += 2 {
		h.Set(header[i], header[i+1])
	}
	req, _ := http.NewRequest(http.MethodGet, "https://api.example.com:8443/v1/items?token=abc", nil)
	return &http.Response{
		StatusCode: status,
		Status:     http.StatusText(status),
		Header:     h,
		Body:       io.NopCloser(strings.NewReader(body)),
		Request:    req,
	}
}

// fixedClock is an HTTPOption that reads Retry-After dates against now.
func fixedClock(now time.Time) HTTPOption {
	return httpOptionFunc(func(c *httpConfig) { c.now = func() time.Time { return now } })
}

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// halfReader returns some bytes, then fails.
type halfReader struct{ done bool }

func (r *halfReader) Read(p []byte) (int, error) {
	if r.done {
		return 0, errors.New("unexpected EOF")
	}
	r.done = true
	return copy(p, "partial"), nil
}

// panicReader panics on read.
type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("read") }

func TestFromHTTPResponse(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	long := strings.Repeat("a", 498) + "é" + "tail" // é is 2 bytes at offsets 498-499; 504 bytes in all
	cut := strings.Repeat("a", 499) + "é"           // é straddles the 500-byte limit at 499-500
	withStatus := func(r *http.Response, status string) *http.Response { r.Status = status; return r }
	withoutRequest := func(r *http.Response) *http.Response { r.Request = nil; return r }
	tests := []struct {
		name       string
		resp       *http.Response
		opts       []HTTPOption
		code       Code
		message    string
		data       map[string]any
		body       string // the cause's text: the body kept for logs
		retryAfter time.Duration
	}{
		{
			name:    "404 with body, subject from the host",
			resp:    response(404, `{"error":"no item 7"}`),
			code:    CodeNotFound,
			message: "api.example.com:8443 returned HTTP 404 Not Found.",
			data:    map[string]any{"status": 404, "statusText": "Not Found"},
			body:    `api.example.com:8443 response body: {"error":"no item 7"}`,
		},
		{
			name:    "a credential in the body stays off the wire by default",
			resp:    response(500, `upstream: password=hunter2 at 10.0.3.7:5432`),
			opts:    []HTTPOption{WithService("Billing")},
			code:    CodeInternalError,
			message: "Billing returned HTTP 500 Internal Server Error.",
			data:    map[string]any{"status": 500, "statusText": "Internal Server Error"},
			body:    "Billing response body: upstream: password=hunter2 at 10.0.3.7:5432",
		},
		{
			name:    "WithBodyInData sends the body too",
			resp:    response(404, `{"error":"no item 7"}`),
			opts:    []HTTPOption{WithBodyInData()},
			code:    CodeNotFound,
			message: "api.example.com:8443 returned HTTP 404 Not Found.",
			data:    map[string]any{"status": 404, "statusText": "Not Found", "body": `{"error":"no item 7"}`},
			body:    `api.example.com:8443 response body: {"error":"no item 7"}`,
		},
		{
			name:    "service name; status text from resp.Status after the number",
			resp:    withStatus(response(503, ""), "503 Down For Maintenance"),
			opts:    []HTTPOption{WithService("Billing")},
			code:    CodeServiceUnavailable,
			message: "Billing returned HTTP 503 Down For Maintenance.",
			data:    map[string]any{"status": 503, "statusText": "Down For Maintenance"},
		},
		{
			name:    "status without text falls back to the standard text",
			resp:    withStatus(response(429, ""), "429"),
			code:    CodeRateLimited,
			message: "api.example.com:8443 returned HTTP 429 Too Many Requests.",
			data:    map[string]any{"status": 429, "statusText": "Too Many Requests"},
		},
		{
			name:    "no request: Upstream; no status text at all",
			resp:    withStatus(withoutRequest(response(599, "")), ""),
			code:    CodeServiceUnavailable,
			message: "Upstream returned HTTP 599.",
			data:    map[string]any{"status": 599},
		},
		{
			name:    "204 handed in by mistake",
			resp:    response(204, ""),
			code:    CodeInternalError,
			message: "api.example.com:8443 returned HTTP 204 No Content.",
			data:    map[string]any{"status": 204, "statusText": "No Content"},
		},
		{
			name:    "500 is this kind of server's failure, not a transient one",
			resp:    response(500, ""),
			code:    CodeInternalError,
			message: "api.example.com:8443 returned HTTP 500 Internal Server Error.",
			data:    map[string]any{"status": 500, "statusText": "Internal Server Error"},
		},
		{
			name:    "501 is not retryable",
			resp:    response(501, ""),
			code:    CodeInternalError,
			message: "api.example.com:8443 returned HTTP 501 Not Implemented.",
			data:    map[string]any{"status": 501, "statusText": "Not Implemented", "retryable": false},
		},
		{
			name:       "Retry-After in seconds",
			resp:       response(429, "", "Retry-After", "120"),
			code:       CodeRateLimited,
			message:    "api.example.com:8443 returned HTTP 429 Too Many Requests.",
			data:       map[string]any{"status": 429, "statusText": "Too Many Requests", "retryAfter": int64(120)},
			retryAfter: 120 * time.Second,
		},
		{
			name:       "Retry-After as an HTTP date",
			resp:       response(503, "", "Retry-After", now.Add(90*time.Second).Format(http.TimeFormat)),
			opts:       []HTTPOption{fixedClock(now)},
			code:       CodeServiceUnavailable,
			message:    "api.example.com:8443 returned HTTP 503 Service Unavailable.",
			data:       map[string]any{"status": 503, "statusText": "Service Unavailable", "retryAfter": int64(90)},
			retryAfter: 90 * time.Second,
		},
		{
			name:    "Retry-After date in the past",
			resp:    response(503, "", "Retry-After", now.Add(-time.Hour).Format(http.TimeFormat)),
			opts:    []HTTPOption{fixedClock(now)},
			code:    CodeServiceUnavailable,
			message: "api.example.com:8443 returned HTTP 503 Service Unavailable.",
			data:    map[string]any{"status": 503, "statusText": "Service Unavailable"},
		},
		{
			name:    "unreadable Retry-After",
			resp:    response(503, "", "Retry-After", "soon"),
			code:    CodeServiceUnavailable,
			message: "api.example.com:8443 returned HTTP 503 Service Unavailable.",
			data:    map[string]any{"status": 503, "statusText": "Service Unavailable"},
		},
		{
			name:       "huge Retry-After saturates",
			resp:       response(503, "", "Retry-After", "99999999999999999999999"),
			code:       CodeServiceUnavailable,
			message:    "api.example.com:8443 returned HTTP 503 Service Unavailable.",
			data:       map[string]any{"status": 503, "statusText": "Service Unavailable", "retryAfter": ceilSeconds(maxDuration)},
			retryAfter: maxDuration,
		},
		{
			name:    "code override says ok",
			resp:    response(404, ""),
			opts:    []HTTPOption{WithCodeOverride(func(int) (Code, bool) { return CodeForbidden, true })},
			code:    CodeForbidden,
			message: "api.example.com:8443 returned HTTP 404 Not Found.",
			data:    map[string]any{"status": 404, "statusText": "Not Found"},
		},
		{
			name:    "code override declines",
			resp:    response(404, ""),
			opts:    []HTTPOption{WithCodeOverride(func(int) (Code, bool) { return CodeForbidden, false })},
			code:    CodeNotFound,
			message: "api.example.com:8443 returned HTTP 404 Not Found.",
			data:    map[string]any{"status": 404, "statusText": "Not Found"},
		},
		{
			name:    "code override panics",
			resp:    response(404, ""),
			opts:    []HTTPOption{WithCodeOverride(func(int) (Code, bool) { panic("x") })},
			code:    CodeNotFound,
			message: "api.example.com:8443 returned HTTP 404 Not Found.",
			data:    map[string]any{"status": 404, "statusText": "Not Found"},
		},
		{
			name: "caller options are applied last and win",
			resp: response(501, "body", "Retry-After", "5"),
			opts: []HTTPOption{
				WithData("status", "overridden"), WithData("attempt", 2), WithRetryable(true),
				WithRetryAfter(time.Minute), WithReason("billing_down"), WithRecovery("Wait."),
			},
			code:    CodeInternalError,
			message: "api.example.com:8443 returned HTTP 501 Not Implemented.",
			data: map[string]any{"status": "overridden", "statusText": "Not Implemented", "attempt": 2,
				"retryable": true, "retryAfter": int64(60), "reason": "billing_down", "recovery": map[string]any{"hint": "Wait."}},
			body:       "api.example.com:8443 response body: body",
			retryAfter: time.Minute,
		},
		{
			name:    "body cut on a rune boundary",
			resp:    response(400, cut),
			opts:    []HTTPOption{WithBodyInData()},
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request", "body": strings.Repeat("a", 499) + "…"},
			body:    "api.example.com:8443 response body: " + strings.Repeat("a", 499) + "…",
		},
		{
			name:    "body truncated after a whole rune",
			resp:    response(400, long),
			opts:    []HTTPOption{WithBodyInData()},
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request", "body": long[:500] + "…"},
			body:    "api.example.com:8443 response body: " + long[:500] + "…",
		},
		{
			name:    "body of exactly the limit is whole",
			resp:    response(400, long[:500]),
			opts:    []HTTPOption{WithBodyInData()},
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request", "body": long[:500]},
			body:    "api.example.com:8443 response body: " + long[:500],
		},
		{
			name:    "body limit",
			resp:    response(400, "abcdef"),
			opts:    []HTTPOption{WithBodyLimit(3)},
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request"},
			body:    "api.example.com:8443 response body: abc…",
		},
		{
			name:    "invalid UTF-8 is replaced",
			resp:    response(400, "a\xffb"),
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request"},
			body:    "api.example.com:8443 response body: a\uFFFDb",
		},
		{
			name:    "WithoutBody",
			resp:    response(400, "secret stuff"),
			opts:    []HTTPOption{WithoutBody(), WithBodyInData()},
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request"},
		},
		{
			name:    "zero body limit",
			resp:    response(400, "secret stuff"),
			opts:    []HTTPOption{WithBodyLimit(0)},
			code:    CodeInvalidParams,
			message: "api.example.com:8443 returned HTTP 400 Bad Request.",
			data:    map[string]any{"status": 400, "statusText": "Bad Request"},
		},
		{
			name:    "nil response",
			resp:    nil,
			opts:    []HTTPOption{WithService("Billing"), WithData("k", "v")},
			code:    CodeInternalError,
			message: "Billing returned no HTTP response.",
			data:    map[string]any{"k": "v"},
		},
		{
			name:    "nil options are skipped",
			resp:    response(409, ""),
			opts:    []HTTPOption{nil, httpOptionFunc(nil), Option(nil)},
			code:    CodeConflict,
			message: "api.example.com:8443 returned HTTP 409 Conflict.",
			data:    map[string]any{"status": 409, "statusText": "Conflict"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := FromHTTPResponse(tt.resp, tt.opts...)
			if e == nil {
				t.Fatal("nil error")
			}
			if e.Code() != tt.code {
				t.Errorf("code = %v, want %v", e.Code(), tt.code)
			}
			if e.Message() != tt.message {
				t.Errorf("message = %q, want %q", e.Message(), tt.message)
			}
			if got := e.Data(); !reflect.DeepEqual(got, tt.data) {
				t.Errorf("data = %#v\nwant %#v", got, tt.data)
			}
			if e.retryAfter != tt.retryAfter {
				t.Errorf("retryAfter = %v, want %v", e.retryAfter, tt.retryAfter)
			}
			body := ""
			if cause := e.Unwrap(); cause != nil {
				body = cause.Error()
			}
			if body != tt.body {
				t.Errorf("cause = %q, want %q", body, tt.body)
			}
			w, err := json.Marshal(ToWire(e))
			if err != nil {
				t.Fatal(err)
			}
			if _, sent := tt.data["body"]; !sent && strings.Contains(string(w), "hunter2") {
				t.Errorf("the body reached the wire: %s", w)
			}
		})
	}
}

// TestFromHTTPResponseKeepsCallerCause checks that the body cause wraps a
// cause the caller gives, so both reach the log and errors.Is still works.
func TestFromHTTPResponseKeepsCallerCause(t *testing.T) {
	transport := errors.New("tls: handshake renegotiated")
	e := FromHTTPResponse(response(502, "bad gateway from lb-3.internal"), WithService("Billing"), WithCause(transport))
	if !errors.Is(e, transport) {
		t.Errorf("errors.Is(e, cause) = false")
	}
	want := "Billing returned HTTP 502 Bad Gateway.: Billing response body: bad gateway from lb-3.internal: tls: handshake renegotiated"
	if got := fmt.Sprintf("%+v", e); got != want {
		t.Errorf("%%+v = %q, want %q", got, want)
	}
	if w, _ := json.Marshal(ToWire(e)); strings.Contains(string(w), "lb-3") || strings.Contains(string(w), "tls") {
		t.Errorf("wire %s carries the body or the cause", w)
	}
}

func TestFromHTTPResponseBodyFailures(t *testing.T) {
	for name, body := range map[string]io.ReadCloser{
		"nil":     nil,
		"error":   io.NopCloser(errReader{}),
		"partial": io.NopCloser(&halfReader{}),
		"panic":   io.NopCloser(panicReader{}),
		"no body": http.NoBody,
		"empty":   io.NopCloser(strings.NewReader("")),
	} {
		resp := response(502, "")
		resp.Body = body
		e := FromHTTPResponse(resp)
		if _, ok := e.Data()["body"]; ok || e.Code() != CodeServiceUnavailable {
			t.Errorf("%s body: code %v, data %v", name, e.Code(), e.Data())
		}
	}
}

func TestFromHTTPResponseReadsAtMostLimitPlusOne(t *testing.T) {
	body := strings.NewReader(strings.Repeat("x", 10_000))
	resp := response(500, "")
	resp.Body = io.NopCloser(body)
	FromHTTPResponse(resp, WithBodyLimit(100))
	if read := 10_000 - body.Len(); read != 101 {
		t.Errorf("read %d bytes, want 101", read)
	}
}

func TestFromHTTPResponseSubject(t *testing.T) {
	resp := response(500, "")
	resp.Request.URL = &url.URL{Path: "/relative"}
	if got := FromHTTPResponse(resp).Message(); got != "Upstream returned HTTP 500 Internal Server Error." {
		t.Errorf("message = %q", got)
	}
	resp.Request.URL = nil
	if got := FromHTTPResponse(resp).Message(); got != "Upstream returned HTTP 500 Internal Server Error." {
		t.Errorf("message = %q", got)
	}
	resp.Request.URL, _ = url.Parse("https://user:pass@host.example/")
	if got := FromHTTPResponse(resp).Message(); got != "host.example returned HTTP 500 Internal Server Error." {
		t.Errorf("message = %q (userinfo must never appear)", got)
	}
}

func TestRuneBoundary(t *testing.T) {
	tests := []struct {
		b     string
		limit int
		want  int
	}{
		{"abcdef", 3, 3},
		{"ab€cd", 3, 2},                  // € is 3 bytes at 2-4
		{"ab€cd", 4, 2},                  //
		{"ab€cd", 5, 5},                  //
		{"a😀b", 2, 1},                    // 😀 is 4 bytes at 1-4
		{"a\x80\x80\x80\x80\x80b", 5, 5}, // invalid: no rune start within reach
	}
	for _, tt := range tests {
		got := runeBoundary([]byte(tt.b), tt.limit)
		if got != tt.want {
			t.Errorf("runeBoundary(%q, %d) = %d, want %d", tt.b, tt.limit, got, tt.want)
		}
		if prefix := tt.b[:got]; utf8.ValidString(tt.b) && !utf8.ValidString(prefix) {
			t.Errorf("runeBoundary(%q, %d) split a rune", tt.b, tt.limit)
		}
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		value string
		want  time.Duration
		ok    bool
	}{
		{"", 0, false},
		{"  ", 0, false},
		{"0", 0, true},
		{"120", 120 * time.Second, true},
		{" 7 ", 7 * time.Second, true},
		{"-5", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
		{now.Add(time.Minute).Format(http.TimeFormat), time.Minute, true},
		{"Sunday, 01-Mar-26 12:00:30 GMT", 30 * time.Second, true}, // RFC 850
		{"Sun Mar  1 12:00:45 2026", 45 * time.Second, true},       // ANSI C
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
	}
	for _, tt := range tests {
		got, ok := parseRetryAfter(tt.value, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.value, got, ok, tt.want, tt.ok)
		}
	}
}

// An HTTP-only option must not be an Option: New(code, msg, WithService("x"))
// would not compile. This assertion keeps it so.
func TestHTTPOptionsAreNotOptions(t *testing.T) {
	for _, opt := range []HTTPOption{WithService("x"), WithBodyLimit(1), WithoutBody(), WithCodeOverride(nil)} {
		if _, ok := opt.(Option); ok {
			t.Errorf("%T is an Option", opt)
		}
	}
	var _ HTTPOption = WithCause(nil) // every Option is an HTTPOption
}
