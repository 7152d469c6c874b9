package mcperr

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// Markers the fuzz targets plant in causes and in credential values; neither
// may ever reach the wire. They are plain ASCII so JSON leaves them as they
// are.
const (
	causeMarker = "CAUSE7f3aSECRET"
	credMarker  = "CRED91bcSECRET"
)

// credentialBases are keys that must always be dropped, whatever their case
// and separators.
var credentialBases = []string{
	"auth", "authorization", "password", "passwd", "token", "accessToken", "refresh_token",
	"secret", "clientSecret", "apiKey", "api_key", "privateKey", "jwt", "bearer", "cookie",
	"credentials", "pwd",
}

// separators are inserted into credential keys; the folding ignores them.
var separators = []string{"_", "-", ".", " ", "\u200b", ":", "/", "\x00", "\xff"}

// credentialKey derives a credential key from fuzz input: a base, its case
// flipped by mask, and a separator inserted at a position.
func credentialKey(idx, mask, sep, pos uint8) string {
	base := credentialBases[int(idx)%len(credentialBases)]
	var b strings.Builder
	insertAt := int(pos) % (len(base) + 1)
	for i := 0; i <= len(base); i++ {
		if i == insertAt && sep%2 == 1 {
			b.WriteString(separators[int(sep/2)%len(separators)])
		}
		if i == len(base) {
			break
		}
		c := base[i]
		if mask&(1<<(i%8)) != 0 {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			} else if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// plantsMarker reports whether any fuzzed input already contains a marker,
// in which case finding it in the output proves nothing.
func plantsMarker(inputs ...string) bool {
	for _, s := range inputs {
		if strings.Contains(s, causeMarker) || strings.Contains(s, credMarker) {
			return true
		}
	}
	return false
}

// checkRendering asserts the rendering rules for err: no panic, valid JSON,
// no cause and no credential in the JSON or the text, and Text consistent
// with ToWire.
func checkRendering(t *testing.T, err error) {
	t.Helper()
	w := ToWire(err)
	raw, merr := json.Marshal(w)
	if merr != nil {
		t.Fatalf("json.Marshal(ToWire(err)) failed: %v", merr)
	}
	if !json.Valid(raw) {
		t.Fatalf("invalid JSON: %s", raw)
	}
	text := Text(err)
	if text != w.Text() {
		t.Fatalf("Text(err) = %q, ToWire(err).Text() = %q", text, w.Text())
	}
	if !strings.HasPrefix(text, "Error: ") {
		t.Fatalf("text does not start with \"Error: \": %q", text)
	}
	for _, marker := range []string{causeMarker, credMarker} {
		if strings.Contains(string(raw), marker) || strings.Contains(text, marker) {
			t.Fatalf("%s leaked:\njson %s\ntext %q", marker, raw, text)
		}
	}
	if w.Code == 0 {
		t.Fatalf("code 0 on the wire for %v", err)
	}
}

func FuzzToWire(f *testing.F) {
	f.Add("No user u1.", "userId", "u1", 1.5, uint8(0), uint8(0), uint8(0), uint8(0), uint8(0))
	f.Add("", "", "", math.NaN(), uint8(3), uint8(0xff), uint8(1), uint8(2), uint8(1))
	f.Add("\xff\xfe bad utf8", "k\xff", "v\xc3", math.Inf(1), uint8(9), uint8(0x55), uint8(3), uint8(5), uint8(2))
	f.Add("Error: x\n\nRecovery: y", "reason", "r", math.Copysign(0, -1), uint8(4), uint8(1), uint8(5), uint8(0), uint8(3))
	f.Add("m", "recovery", "hint", 1e308, uint8(7), uint8(2), uint8(7), uint8(9), uint8(4))
	f.Add("m", "retryAfter", "9", 9.0, uint8(12), uint8(0), uint8(9), uint8(1), uint8(5))
	f.Add("m", "requestId", "req", 0.0, uint8(15), uint8(0), uint8(11), uint8(3), uint8(6))
	f.Add("m", "maxTokens", "x", math.Inf(-1), uint8(1), uint8(0x80), uint8(13), uint8(4), uint8(7))
	f.Fuzz(func(t *testing.T, message, key, value string, num float64, credIdx, mask, sep, pos, shape uint8) {
		if plantsMarker(message, key, value) {
			t.Skip()
		}
		credKey := credentialKey(credIdx, mask, sep, pos)
		cause := fmt.Errorf("dial %s: %w", causeMarker, errors.New(value))
		nested := map[string]any{
			credKey: credMarker + value,
			key:     value,
			"n":     num,
			"list":  []any{num, value, map[string]any{credKey: credMarker}},
			"typed": map[string]string{credKey: credMarker, key: value},
		}
		opts := []Option{
			WithCause(cause),
			WithData(key, value),
			WithData(credKey, credMarker+value),
			WithData("num", num),
			WithData("float32", float32(num)),
			WithData("bytes", []byte(value)),
		}
		switch shape % 6 {
		case 1:
			opts = append(opts, WithData("nested", nested))
		case 2:
			opts = append(opts, WithData("deep", map[string]any{"a": map[string]any{"b": nested}}))
		case 3:
			opts = append(opts, WithData("struct", struct {
				Key  map[string]any `json:"key"`
				Text string         `json:"text"`
			}{nested, value}))
		case 4:
			cyclic := map[string]any{credKey: credMarker}
			cyclic[key], cyclic["again"] = cyclic, []any{cyclic}
			opts = append(opts, WithData("cyclic", cyclic))
		case 5:
			opts = append(opts, WithData("number", json.Number(value)), WithData("requestId", json.Number(value)))
		}
		e := New(Code(int64(shape)-32010), message, opts...)
		for _, err := range []error{
			e,
			fmt.Errorf("wrapped: %w", e),
			errors.Join(errors.New(message), e),
			Fail(WithContract(nilCtx, "t", []Contract{{Reason: key, Code: CodeConflict, When: value}}), key, message, opts...),
			InternalError(message, WithCause(e)),
		} {
			checkRendering(t, err)
		}
		// Errors that are not *Error: code and text only.
		plain := errors.New(message)
		if w := ToWire(plain); w.Data != nil || !w.Code.Known() {
			t.Fatalf("ToWire(plain) = %+v", w)
		}
	})
}

func FuzzText(f *testing.F) {
	f.Add("m", "hint", "reason_x", "req-1", 0, uint8(0))
	f.Add("", "", "", "", 0, uint8(1))
	f.Add("do x now", "do x", "r", "", 0, uint8(2))
	f.Add("m", "  \n", "", "", 7, uint8(3))
	f.Add("\xff", "\xfe", "\xc3", "\x00", -1, uint8(4))
	f.Fuzz(func(t *testing.T, message, hint, reason, requestID string, numericID int, flags uint8) {
		if plantsMarker(message, hint, reason, requestID) {
			t.Skip()
		}
		opts := []Option{WithCause(errors.New(causeMarker)), WithRecovery(hint), WithReason(reason),
			WithData("Authorization", credMarker)}
		if flags&1 != 0 {
			opts = append(opts, WithRetryable(flags&2 != 0))
		}
		if flags&4 != 0 {
			opts = append(opts, WithData("requestId", requestID))
		} else if flags&8 != 0 {
			opts = append(opts, WithData("requestId", numericID))
		}
		e := New(CodeTimeout, message, opts...)
		checkRendering(t, e)

		text := Text(e)
		msg := wireMessage(CodeTimeout, message)
		if !strings.HasPrefix(text, "Error: "+msg) {
			t.Fatalf("text %q does not start with the message %q", text, msg)
		}
		trimmed := strings.TrimSpace(hint)
		wantRecovery := trimmed != "" && !strings.Contains(msg, trimmed)
		if wantRecovery && !strings.Contains(text, "\n\nRecovery: "+trimmed) {
			t.Fatalf("text %q lacks the recovery %q", text, trimmed)
		}
		hasTrailer := reason != "" || flags&1 != 0 || (flags&4 != 0 && requestID != "") || (flags&4 == 0 && flags&8 != 0)
		if hasTrailer && !strings.HasSuffix(text, ")") {
			t.Fatalf("text %q lacks its trailer", text)
		}
	})
}

func FuzzClassify(f *testing.F) {
	for _, c := range messageCases {
		f.Add(c.msg, uint8(0))
	}
	f.Add("invalid memory address or nil pointer dereference", uint8(1))
	f.Add("\xff\xfe", uint8(2))
	f.Add(strings.Repeat("not ", 100)+"allowed", uint8(3))
	f.Add("\u017Fervice unavailable \u212A", uint8(0))
	f.Fuzz(func(t *testing.T, msg string, shape uint8) {
		var err error
		switch shape % 5 {
		case 0:
			err = errors.New(msg)
		case 1:
			err = fmt.Errorf("wrapped: %w", errors.New(msg))
		case 2:
			err = &url.Error{Op: "Get", URL: msg, Err: errors.New(msg)}
		case 3:
			err = errors.Join(errors.New(msg), errors.New(msg))
		case 4:
			err = InternalError(msg)
		}
		if code := Classify(err); !code.Known() {
			t.Fatalf("Classify(%q) = %v, not a known code", msg, code)
		}
		if code := CodeOf(err); !code.Known() {
			t.Fatalf("CodeOf(%q) = %v, not a known code", msg, code)
		}
		_ = Retryable(err)
		checkPrefilter(t, msg)
	})
}

func FuzzFromHTTPResponse(f *testing.F) {
	f.Add(503, "503 Service Unavailable", "body", "120", 500, "Billing", false)
	f.Add(404, "", strings.Repeat("é", 300), "Wed, 21 Oct 2015 07:28:00 GMT", 11, "", true)
	f.Add(200, "200", "", "", 0, "", true)
	f.Add(-1, "x y z", "\xff\xfe\xfd", "-5", -3, "\xff", false)
	f.Add(599, "599 ", strings.Repeat("😀", 200), "99999999999999999999", 501, "s", true)
	f.Add(500, "500", "password="+causeMarker, "", 500, "", false)
	f.Fuzz(func(t *testing.T, status int, statusLine, body, retryAfter string, limit int, service string, inData bool) {
		resp := &http.Response{
			StatusCode: status,
			Status:     statusLine,
			Header:     http.Header{"Retry-After": {retryAfter}},
			Body:       io.NopCloser(strings.NewReader(body)),
		}
		opts := []HTTPOption{WithBodyLimit(limit), WithService(service)}
		if inData {
			opts = append(opts, WithBodyInData())
		}
		e := FromHTTPResponse(resp, opts...)
		if e == nil || !e.Code().Known() {
			t.Fatalf("FromHTTPResponse = %v", e)
		}
		if !strings.HasSuffix(e.Message(), ".") || !strings.Contains(e.Message(), " returned HTTP ") {
			t.Fatalf("message %q", e.Message())
		}
		subject := service // the request has no host
		if subject == "" {
			subject = "Upstream"
		}
		kept := ""
		if cause := e.Unwrap(); cause != nil {
			kept = strings.TrimPrefix(cause.Error(), subject+" response body: ")
		}
		if got, ok := e.Data()["body"].(string); ok != (inData && kept != "") || ok && got != kept {
			t.Fatalf("data.body %q (present %v) with WithBodyInData %v; the cause keeps %q", got, ok, inData, kept)
		}
		if kept != "" {
			if !utf8.ValidString(kept) {
				t.Fatalf("body %q is not valid UTF-8", kept)
			}
			if len(strings.TrimSuffix(kept, truncationMark)) > max(limit, 0)*3 {
				// ToValidUTF8 may grow each invalid byte to 3 bytes, no more.
				t.Fatalf("body of %d bytes exceeds the limit %d", len(kept), limit)
			}
		}
		if e.retryAfter < 0 {
			t.Fatalf("retryAfter = %v", e.retryAfter)
		}
		if !inData && !plantsMarker(statusLine, service, retryAfter) {
			checkRendering(t, e) // the body, marker and all, stays in the cause
		}
	})
}

// FuzzFromResult reads failures back from arbitrary structuredContent and
// text: FromResult never panics, what it reads marshals to valid JSON and
// renders, and reading back the text it renders gives the same text.
func FuzzFromResult(f *testing.F) {
	f.Add(`{"error": {"code": -32000, "message": "Billing did not answer.", "data": {"reason": "billing_unavailable",
		"retryable": true, "retryAfter": 30, "requestId": "req-7", "recovery": {"hint": "Wait."}}}}`, "")
	f.Add(`{"id": "b-1"}`, "Error: No book.\n\nRecovery: Search first.\n\n(reason book_not_found · not retryable · request req-1)")
	f.Add(`{"error": {"code": 1e300, "message": "x", "data": []}}`, "Error: \n\n()")
	f.Add(`{"error": {"code": "-32000", "message": 7}}`, "Error: a\n\n(retryable)\n\n(reason x · request )")
	f.Add(`null`, "Error: a\n\nRecovery: h\n\nRecovery: g")
	f.Add(`[]`, "Error: \xff\n\n(reason \xfe)")
	f.Add(`{"error": {"code": -32602, "message": "Invalid arguments.", "data": {"retryAfter": -1, "recovery": "h"}}}`, "nope")
	f.Fuzz(func(t *testing.T, structured, text string) {
		var decoded any
		_ = json.Unmarshal([]byte(structured), &decoded)
		for _, in := range []any{json.RawMessage(structured), decoded} {
			w, ok := FromResult(in, text)
			if !ok {
				if w.Message != "" || w.Data != nil || w.Code != 0 {
					t.Fatalf("FromResult = %#v, false; want the zero WireError", w)
				}
				continue
			}
			if w.Message == "" {
				t.Fatalf("FromResult read a failure without a message: %#v", w)
			}
			raw, err := json.Marshal(w)
			if err != nil || !json.Valid(raw) {
				t.Fatalf("json.Marshal(%#v) = %s, %v", w, raw, err)
			}
			_, _, _, _, _ = w.Reason(), w.Retryable(), w.Recovery(), w.RequestID(), w.RetryAfter()
			rendered := w.Text()
			if again, ok := FromResult(nil, rendered); !ok || again.Text() != rendered {
				t.Fatalf("the text %q reads back as %#v (%v), which renders %q", rendered, again, ok, again.Text())
			}
			e := w.AsError()
			if raw, err := json.Marshal(ToWire(e)); err != nil || !json.Valid(raw) {
				t.Fatalf("ToWire(AsError()) = %s, %v", raw, err)
			}
		}
	})
}
