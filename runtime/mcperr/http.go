package mcperr

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// HTTPStatusCode returns the code an upstream's HTTP status maps to, and
// false for a status below 400, which is no failure.
//
// The table is the TypeScript original's (cyanheads/mcp-ts-core,
// httpStatusToErrorCode), exactly: 400 InvalidParams; 401 Unauthorized; 402
// and 403 Forbidden; 404 NotFound; 408 Timeout; 409 Conflict; 422
// ValidationError; 423 and 424 Conflict; 425 Timeout; 429 RateLimited; any
// other 4xx InvalidRequest; 500 and 501 InternalError; 502 and 503
// ServiceUnavailable; 504 Timeout; any other status from 500 up
// ServiceUnavailable.
//
// 500 and 501 are not transient: an upstream that failed on its own code, or
// does not implement the request, gives the same answer when asked again, so
// Retry does not retry them and the agent is not told to. (Later versions of
// the original map them to ServiceUnavailable and mark only 501 as not
// retryable; this package keeps the table it adopted.)
func HTTPStatusCode(status int) (Code, bool) {
	if status < 400 {
		return 0, false
	}
	switch status {
	case http.StatusInternalServerError, http.StatusNotImplemented:
		return CodeInternalError, true
	case http.StatusGatewayTimeout:
		return CodeTimeout, true
	}
	if status >= 500 {
		return CodeServiceUnavailable, true
	}
	switch status {
	case http.StatusBadRequest:
		return CodeInvalidParams, true
	case http.StatusUnauthorized:
		return CodeUnauthorized, true
	case http.StatusPaymentRequired, http.StatusForbidden:
		return CodeForbidden, true
	case http.StatusNotFound:
		return CodeNotFound, true
	case http.StatusRequestTimeout, http.StatusTooEarly:
		return CodeTimeout, true
	case http.StatusConflict, http.StatusLocked, http.StatusFailedDependency:
		return CodeConflict, true
	case http.StatusUnprocessableEntity:
		return CodeValidationError, true
	case http.StatusTooManyRequests:
		return CodeRateLimited, true
	}
	return CodeInvalidRequest, true
}

// An HTTPOption configures FromHTTPResponse. Every Option is an HTTPOption,
// applied to the built error after everything the response implies, so the
// caller's data and settings win; WithService, WithBodyLimit, WithoutBody,
// WithBodyInData and WithCodeOverride are HTTPOptions only, since they mean
// nothing to New.
type HTTPOption interface {
	applyHTTP(*httpConfig)
}

// httpOptionFunc adapts a function to HTTPOption.
type httpOptionFunc func(*httpConfig)

func (f httpOptionFunc) applyHTTP(c *httpConfig) {
	if f != nil {
		f(c)
	}
}

// defaultBodyLimit is how many bytes of the body FromHTTPResponse keeps
// unless told otherwise: enough for an upstream's error message in a log
// line.
const defaultBodyLimit = 500

// httpConfig collects what FromHTTPResponse's options say.
type httpConfig struct {
	service      string
	bodyLimit    int  // <= 0: do not read the body
	bodyInData   bool // also send the body to the client, as data.body
	codeOverride func(status int) (Code, bool)
	errorOptions []Option         // applied last to the built error
	now          func() time.Time // the clock Retry-After dates are read against
}

// WithService names the upstream in the message ("Billing returned HTTP
// 503 Service Unavailable."), instead of the request's host.
func WithService(name string) HTTPOption {
	return httpOptionFunc(func(c *httpConfig) { c.service = name })
}

// WithBodyLimit sets how many bytes of the response body are kept (500 by
// default). A limit of zero or less keeps none and reads nothing.
func WithBodyLimit(n int) HTTPOption {
	return httpOptionFunc(func(c *httpConfig) { c.bodyLimit = n })
}

// WithoutBody leaves the response body unread and out of the error, and so
// out of the logs too: for upstreams whose error bodies must not be logged,
// or whose body the caller reads itself.
func WithoutBody() HTTPOption {
	return httpOptionFunc(func(c *httpConfig) { c.bodyLimit = 0 })
}

// WithBodyInData sends the kept prefix of the response body to the client as
// data.body, besides keeping it in the error's cause for the logs.
//
// Use it only for an upstream whose error bodies you know to be safe to show
// to a model and to whoever reads its transcript: error bodies echo request
// parameters, tokens, internal host names and other users' data, and
// sanitising removes credential-like keys, not text inside a string. The
// TypeScript original sends the body by default; this package does not.
func WithBodyInData() HTTPOption {
	return httpOptionFunc(func(c *httpConfig) { c.bodyInData = true })
}

// WithCodeOverride lets the caller decide the code for a status: when
// override reports true its code is used, otherwise HTTPStatusCode's. For an
// API that answers 404 for "not allowed to know", say.
func WithCodeOverride(override func(status int) (Code, bool)) HTTPOption {
	return httpOptionFunc(func(c *httpConfig) { c.codeOverride = override })
}

// FromHTTPResponse returns the error an upstream's failed HTTP response
// stands for. It never returns nil and never panics; a nil resp gives a
// CodeInternalError error.
//
// The code comes from WithCodeOverride, else HTTPStatusCode, else (for a
// status below 400 passed by mistake) CodeInternalError. The message is
// "<subject> returned HTTP <status> <text>.", the subject being WithService's
// name, else the request's host, else "Upstream"; the status text comes from
// resp.Status, else http.StatusText. Data holds status (int), statusText and,
// for 501 Not Implemented, retryable false. A Retry-After header, in seconds
// or as an HTTP date, becomes the error's retry-after, which Retry honours
// and the client sees as data.retryAfter in seconds. Options are applied
// last and override all of these.
//
// The body, at most the body limit (500 bytes, WithBodyLimit) cut on a UTF-8
// boundary and marked "…" when truncated, becomes the error's cause: it is
// in the logs of a binding (and in %+v), and never on the wire unless the
// call opts in with WithBodyInData. Upstream error bodies echo tokens,
// internal addresses and user data; the mcperrlint rule
// no-stringify-upstream-error exists because of them. A cause given with
// WithCause is kept below the body: errors.Is and errors.As still find it.
//
// FromHTTPResponse reads at most the body limit plus one byte of resp.Body
// and does not close it: the caller owns the body, and closes it as usual
// (defer resp.Body.Close() after the request), whatever this function does.
func FromHTTPResponse(resp *http.Response, opts ...HTTPOption) *Error {
	cfg := httpConfig{bodyLimit: defaultBodyLimit, now: time.Now}
	for _, opt := range opts {
		if opt != nil {
			opt.applyHTTP(&cfg)
		}
	}
	e, body := fromResponse(resp, &cfg)
	for _, opt := range cfg.errorOptions {
		opt.apply(e)
	}
	e.settle()
	if body != nil {
		body.next, e.cause = e.cause, body
	}
	return e
}

// fromResponse builds the error for resp before the caller's options apply,
// and the cause that carries the body, if any.
func fromResponse(resp *http.Response, cfg *httpConfig) (*Error, *upstreamBody) {
	subject := responseSubject(resp, cfg.service)
	if resp == nil {
		return &Error{code: CodeInternalError, message: subject + " returned no HTTP response."}, nil
	}
	status := resp.StatusCode
	text := statusText(resp)
	e := &Error{
		code:    statusCode(status, cfg.codeOverride),
		message: statusMessage(subject, status, text),
		data:    make([]dataEntry, 0, 4),
	}
	e.putData("status", status)
	if text != "" {
		e.putData("statusText", text)
	}
	var cause *upstreamBody
	if body := readBody(resp.Body, cfg.bodyLimit); body != "" {
		cause = &upstreamBody{subject: subject, body: body}
		if cfg.bodyInData {
			e.putData("body", body)
		}
	}
	if status == http.StatusNotImplemented {
		e.retryable = statedFalse // not implemented stays so
	}
	if after, ok := parseRetryAfter(resp.Header.Get("Retry-After"), cfg.now()); ok {
		e.retryAfter = after
	}
	return e, cause
}

// An upstreamBody is the cause FromHTTPResponse gives its error: the kept
// prefix of the response body, for logs. It wraps the caller's cause, if
// any, so that errors.Is and errors.As see it.
type upstreamBody struct {
	subject string // who answered, as in the message
	body    string
	next    error
}

func (b *upstreamBody) Error() string { return b.subject + " response body: " + b.body }
func (b *upstreamBody) Unwrap() error { return b.next }

// Format prints the body for %v and %s, and the caller's cause after it for
// %+v, as *Error does.
func (b *upstreamBody) Format(f fmt.State, verb rune) {
	fmt.Fprint(f, b.Error())
	if verb == 'v' && f.Flag('+') && b.next != nil {
		fmt.Fprintf(f, ": %+v", b.next)
	}
}

// responseSubject names who answered: the service, else the host, else
// "Upstream".
func responseSubject(resp *http.Response, service string) string {
	switch {
	case service != "":
		return service
	case resp != nil && resp.Request != nil && resp.Request.URL != nil && resp.Request.URL.Host != "":
		return resp.Request.URL.Host
	}
	return "Upstream"
}

// statusText returns the reason phrase of resp.Status ("Not Found" from
// "404 Not Found"), else the standard text for the status, else "".
func statusText(resp *http.Response) string {
	text := strings.TrimSpace(resp.Status)
	if number, rest, _ := strings.Cut(text, " "); isDigits(number) {
		text = strings.TrimSpace(rest)
	}
	if text == "" {
		text = http.StatusText(resp.StatusCode)
	}
	return text
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// statusCode returns the code for status: the override's when it has one,
// else HTTPStatusCode's, else CodeInternalError. An override that panics is
// treated as having no opinion.
func statusCode(status int, override func(int) (Code, bool)) Code {
	if code, ok := safeOverride(override, status); ok {
		return code
	}
	if code, ok := HTTPStatusCode(status); ok {
		return code
	}
	return CodeInternalError
}

func safeOverride(override func(int) (Code, bool), status int) (code Code, ok bool) {
	if override == nil {
		return 0, false
	}
	defer func() {
		if recover() != nil {
			code, ok = 0, false
		}
	}()
	return override(status)
}

// statusMessage formats "<subject> returned HTTP <status> <text>.", without
// the text when there is none.
func statusMessage(subject string, status int, text string) string {
	msg := subject + " returned HTTP " + strconv.Itoa(status)
	if text != "" {
		msg += " " + text
	}
	return msg + "."
}

// truncationMark ends a body cut at the limit.
const truncationMark = "…"

// readBody returns up to limit bytes of body as text, cut on a rune boundary
// and marked when there was more. A read error, a panicking reader or an
// empty body all give "": the body is a courtesy, never a reason to fail.
func readBody(body io.Reader, limit int) (text string) {
	if body == nil || limit <= 0 {
		return ""
	}
	defer func() {
		if recover() != nil {
			text = ""
		}
	}()
	raw, err := io.ReadAll(io.LimitReader(body, int64(limit)+1))
	if err != nil {
		return ""
	}
	truncated := len(raw) > limit
	if truncated {
		raw = raw[:runeBoundary(raw, limit)]
	}
	text = strings.ToValidUTF8(string(raw), "\uFFFD")
	if truncated {
		text += truncationMark
	}
	return text
}

// runeBoundary returns the largest cut <= limit that does not split a
// multi-byte rune of b; len(b) must exceed limit. A cut is moved back only
// over the continuation bytes of one rune, so invalid UTF-8 cannot make it
// shrink by more than utf8.UTFMax-1 bytes.
func runeBoundary(b []byte, limit int) int {
	for cut := limit; cut > 0 && cut > limit-utf8.UTFMax; cut-- {
		if utf8.RuneStart(b[cut]) {
			return cut
		}
	}
	return limit
}

// parseRetryAfter reads a Retry-After header value: delta-seconds ("120") or
// an HTTP date, measured from now; a date in the past means no wait. It
// reports false for an empty or unreadable value.
func parseRetryAfter(value string, now time.Time) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if isDigits(value) {
		// ParseFloat, unlike ParseInt, saturates a huge value at +Inf,
		// which secondsToDuration caps, instead of failing.
		seconds, _ := strconv.ParseFloat(value, 64)
		return secondsToDuration(seconds), true
	}
	when, err := http.ParseTime(value)
	if err != nil {
		return 0, false
	}
	return max(when.Sub(now), 0), true
}
