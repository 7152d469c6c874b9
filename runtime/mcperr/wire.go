package mcperr

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A WireError is an error as an MCP client receives it: the JSON-RPC error
// object shape, {"code", "message", "data"?}. Bindings put it in a tool
// result's structuredContent.error and its Text in content[0].
type WireError struct {
	// Code is the JSON-RPC error code; never 0.
	Code Code `json:"code"`
	// Message is the error's message, meant for the model; never blank.
	Message string `json:"message"`
	// Data is the sanitised data, omitted when empty: the caller's keys and
	// the managed ones (reason, retryable, retryAfter, recovery).
	Data map[string]any `json:"data,omitempty"`
}

// ToWire renders err for a client. It never fails and never panics, and the
// result always marshals to valid JSON.
//
// Only an *Error's own data reaches the wire: for the first *Error in err's
// chain, its code, message and sanitised data; for any other error, the code
// Classify gives and the error's text, nothing more. The cause is never
// rendered.
//
// Sanitising drops, at any depth, keys that look like credentials: ignoring
// case and everything but letters and digits, a key that is pwd, pass, jwt
// or bearer, ends in token or auth (accessToken, basicAuth; not maxTokens),
// or contains password, passwd, passphrase, secret, apikey, privatekey,
// accesskey, credential, authorization or cookie. It replaces what JSON
// cannot hold with a short string: NaN and infinities by their names,
// channels, functions and values whose marshalling fails by
// "[unserializable <type>]", errors by "[error]", a map or slice inside
// itself by "[cycle]", and nesting deeper than 32 levels or beyond 10000
// maps and slices by "[too deep]" or "[truncated]".
//
// An empty message becomes the code's name and code 0 becomes
// CodeInternalError, so the client always gets a usable error object.
func ToWire(err error) WireError {
	if err == nil {
		return WireError{Code: CodeInternalError, Message: "Internal error (no error value)."}
	}
	return guarded(WireError{Code: CodeInternalError, Message: "Internal error."}, func() WireError {
		var w WireError
		if e := firstError(err); e != nil {
			w = WireError{Code: wireCode(e.code), Message: e.message, Data: e.wireData()}
		} else {
			w = WireError{Code: wireCode(Classify(err)), Message: errorText(err)}
		}
		w.Message = wireMessage(w.Code, w.Message)
		return w
	})
}

// guarded returns f(), or fallback if f panics: rendering must never take
// the server down, whatever a caller's value or error type does.
func guarded[T any](fallback T, f func() T) (out T) {
	defer func() {
		if recover() != nil {
			out = fallback
		}
	}()
	return f()
}

// wireCode returns the code a client receives for code: code 0 is no
// JSON-RPC code at all (some clients read it as success), so an error built
// without one reports CodeInternalError, this server's mistake.
func wireCode(code Code) Code {
	if code == 0 {
		return CodeInternalError
	}
	return code
}

// wireMessage returns the message a client receives: the code's name stands
// in for a blank one.
func wireMessage(code Code, message string) string {
	if strings.TrimSpace(message) == "" {
		return code.String()
	}
	return message
}

// Text renders err as the text an agent reads in content[0]; see
// WireError.Text for the format. Text(err) equals ToWire(err).Text(), but for
// an *Error it reads the few fields the text shows instead of sanitising all
// of its data.
func Text(err error) string {
	return guarded("Error: Internal error.", func() string {
		e := firstError(err)
		if e == nil {
			return ToWire(err).Text()
		}
		return renderText(wireMessage(wireCode(e.code), e.message), strings.TrimSpace(e.recovery),
			e.reason, e.retryable, requestID(e.dataValue(keyRequestID)))
	})
}

// Text renders the error for a model to read:
//
//	Error: <message>
//
//	Recovery: <hint>
//
//	(reason <reason> · retryable · request <id>)
//
// The Recovery block appears only when data.recovery.hint is a non-empty
// string the message does not already contain; the trailer holds only the
// terms data supports (data.reason, data.retryable, data.requestId) and is
// left out when there are none. Blocks are separated by a blank line.
func (w WireError) Text() string {
	retryable := unstated
	if b, ok := w.Data[keyRetryable].(bool); ok {
		retryable = stated(b)
	}
	reason, _ := w.Data[keyReason].(string)
	return renderText(w.Message, recoveryHint(w.Data), reason, retryable, requestID(w.Data[keyRequestID]))
}

// renderText writes the text content from its parts; see WireError.Text.
func renderText(message, hint, reason string, retryable tristate, requestID string) string {
	var b strings.Builder
	b.Grow(len("Error: ") + len(message) + len("\n\nRecovery: ") + len(hint) +
		len("\n\n(reason  · not retryable · request )") + len(reason) + len(requestID))
	b.WriteString("Error: ")
	b.WriteString(message)
	if hint != "" && !strings.Contains(message, hint) {
		b.WriteString("\n\nRecovery: ")
		b.WriteString(hint)
	}
	sep := "\n\n("
	term := func(parts ...string) {
		b.WriteString(sep)
		for _, p := range parts {
			b.WriteString(p)
		}
		sep = " · "
	}
	if reason != "" {
		term("reason ", reason)
	}
	switch retryable {
	case statedTrue:
		term("retryable")
	case statedFalse:
		term("not retryable")
	}
	if requestID != "" {
		term("request ", requestID)
	}
	if sep != "\n\n(" {
		b.WriteString(")")
	}
	return b.String()
}

// recoveryHint returns data.recovery.hint, trimmed, or "" when there is no
// string hint.
func recoveryHint(data map[string]any) string {
	var hint string
	switch recovery := data[keyRecovery].(type) {
	case map[string]any:
		hint, _ = recovery["hint"].(string)
	case map[string]string:
		hint = recovery["hint"]
	}
	return strings.TrimSpace(hint)
}

// requestID formats a data.requestId value for the trailer: a string or a
// number; anything else is not an id.
func requestID(v any) string {
	switch id := v.(type) {
	case string:
		return id
	case json.Number:
		return id.String()
	case int:
		return strconv.Itoa(id)
	case int64:
		return strconv.FormatInt(id, 10)
	case uint64:
		return strconv.FormatUint(id, 10)
	case float64:
		return strconv.FormatFloat(id, 'f', -1, 64)
	}
	return ""
}

// errorText returns err.Error(), or a placeholder if that panics (a nil
// pointer of a type whose Error method dereferences it, say).
func errorText(err error) string {
	if text, ok := safeErrorText(err); ok {
		return text
	}
	return "Internal error."
}

// maxDepth bounds how deep the sanitiser descends and maxNodes how many
// values it visits, so that a pathological value (a map that contains
// itself, a huge slice) costs bounded time and stack.
const (
	maxDepth = 32
	maxNodes = 10000
)

// Placeholders the sanitiser puts in place of values it will not render.
const (
	placeholderTooDeep   = "[too deep]"
	placeholderTruncated = "[truncated]"
	placeholderCycle     = "[cycle]"
	placeholderError     = "[error]"
)

// A sanitizer makes data safe to marshal and free of credentials, within a
// budget of visited values.
type sanitizer struct {
	budget int
	// path holds the identities of the maps and slices being walked, so a
	// value that contains itself is cut at once instead of being unrolled
	// until the budget runs out.
	path []uintptr
}

// wireData returns the error's data as the wire carries it: the caller's
// data sanitised, then the managed keys, which sanitising never needs to
// touch and a budget spent on caller data can never truncate. It returns nil
// when there is nothing to send.
func (e *Error) wireData() map[string]any {
	n := len(e.data) + e.managedKeys()
	if n == 0 {
		return nil
	}
	out := make(map[string]any, n)
	s := sanitizer{budget: maxNodes}
	for _, d := range e.data {
		if !isCredentialKey(d.key) {
			out[d.key] = s.value(d.value, 1)
		}
	}
	e.putManaged(out)
	if len(out) == 0 {
		return nil
	}
	return out
}

// object sanitises a map: credential keys are dropped, values walked.
func (s *sanitizer) object(m map[string]any, depth int) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if !isCredentialKey(k) {
			out[k] = s.value(v, depth+1)
		}
	}
	return out
}

// value returns a value that json.Marshal accepts and that carries no
// credential keys. Scalars pass through (floats JSON cannot hold become
// strings); composite values are walked, within the depth limit and the
// budget; anything else is marshalled once, and either decoded back to walk
// it or replaced by a placeholder if it cannot be marshalled.
func (s *sanitizer) value(v any, depth int) any {
	switch v := v.(type) {
	case nil, bool, string,
		int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return v
	case json.Number:
		if isJSONNumber(string(v)) {
			return v
		}
		return string(v)
	case float64:
		return finite(v)
	case float32:
		return finite(float64(v))
	case error:
		// An error as data would marshal to {} or leak its text; neither
		// helps a client, and its text may carry internals.
		return placeholderError
	}
	// Only composite values cost budget: shared references among them are
	// what could make the walk exponential.
	if depth > maxDepth {
		return placeholderTooDeep
	}
	if s.budget <= 0 {
		return placeholderTruncated
	}
	s.budget--
	switch v := v.(type) {
	case map[string]any:
		if !s.enter(v) {
			return placeholderCycle
		}
		defer s.leave()
		return s.object(v, depth)
	case map[string]string:
		out := make(map[string]any, len(v))
		for k, elem := range v {
			if !isCredentialKey(k) {
				out[k] = elem
			}
		}
		return out
	case []any:
		if !s.enter(v) {
			return placeholderCycle
		}
		defer s.leave()
		out := make([]any, len(v))
		for i, elem := range v {
			out[i] = s.value(elem, depth+1)
		}
		return out
	case []string:
		return v
	}
	return s.byJSON(v, depth)
}

// enter records that the walk descends into the map or slice v, and reports
// false if it is already inside v: v contains itself. Empty values have no
// identity and are always entered.
func (s *sanitizer) enter(v any) bool {
	id := reflect.ValueOf(v).Pointer()
	if id != 0 {
		if slices.Contains(s.path, id) {
			return false
		}
	}
	s.path = append(s.path, id)
	return true
}

// leave undoes the last enter.
func (s *sanitizer) leave() { s.path = s.path[:len(s.path)-1] }

// finite returns f, or its name as a string for NaN and the infinities,
// which JSON cannot represent.
func finite(f float64) any {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return f
}

// byJSON marshals a value of an arbitrary type and walks the result, so a
// struct or a typed map gets the same credential filtering as a plain map.
func (s *sanitizer) byJSON(v any, depth int) (out any) {
	defer func() {
		if recover() != nil {
			out = unserializable(v)
		}
	}()
	raw, err := json.Marshal(v)
	if err != nil {
		return unserializable(v)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep numbers exactly as the value marshalled them
	var decoded any
	if err := dec.Decode(&decoded); err != nil {
		return unserializable(v)
	}
	return s.value(decoded, depth+1)
}

// unserializable returns the placeholder for a value json.Marshal rejects.
func unserializable(v any) string {
	name := "nil"
	if t := reflect.TypeOf(v); t != nil {
		name = t.String()
	}
	return "[unserializable " + name + "]"
}

// isJSONNumber reports whether s is a number in JSON's grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func isJSONNumber(s string) bool {
	i := 0
	digits := func() int {
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - start
	}
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// Credential keys are matched on their folded form: ASCII letters and digits
// only, lower case, so "API_KEY", "x-api-key" and "apiKey" all read
// "apikey". A key is a credential when its folded form
//   - is one of credentialNames,
//   - ends with one of credentialSuffixes (accessToken, basicAuth), or
//   - contains one of credentialWords (dbPassword, clientSecretValue).
//
// "token" is only a suffix: maxTokens and tokenCount are not credentials.
var (
	credentialNames    = []string{"pwd", "pass", "jwt", "bearer"}
	credentialSuffixes = []string{"token", "auth"}
	credentialWords    = []string{
		"password", "passwd", "passphrase", "secret", "apikey", "privatekey",
		"accesskey", "credential", "authorization", "cookie",
	}
)

// stackFoldedKey is the longest key isCredentialKey folds without
// allocating; longer keys, which are rare, get a buffer of their own.
const stackFoldedKey = 64

// isCredentialKey reports whether a data key looks like it names a
// credential; see credentialWords. It allocates only for keys longer than
// stackFoldedKey bytes.
func isCredentialKey(key string) bool {
	var buf [stackFoldedKey]byte
	dst := buf[:0]
	if len(key) > len(buf) {
		dst = make([]byte, 0, len(key))
	}
	folded := foldKey(dst, key)
	for _, name := range credentialNames {
		if string(folded) == name {
			return true
		}
	}
	for _, suffix := range credentialSuffixes {
		if len(folded) >= len(suffix) && string(folded[len(folded)-len(suffix):]) == suffix {
			return true
		}
	}
	for _, word := range credentialWords {
		if containsString(folded, word) {
			return true
		}
	}
	return false
}

// foldKey appends key's letters and digits to dst, lower-cased, dropping
// everything else: separators, and non-ASCII runes with no ASCII case
// equivalent (so an invisible character cannot hide "password"). A rune
// that folds to an ASCII letter (the Kelvin sign K, the long s) counts as
// that letter. It appends at most len(key) bytes.
func foldKey(dst []byte, key string) []byte {
	for _, r := range key {
		if c, ok := foldRune(r); ok {
			dst = append(dst, c)
		}
	}
	return dst
}

// foldRune returns r as a lower-case ASCII letter or digit, if it is one or
// case-folds to one.
func foldRune(r rune) (byte, bool) {
	switch {
	case 'a' <= r && r <= 'z', '0' <= r && r <= '9':
		return byte(r), true
	case 'A' <= r && r <= 'Z':
		return byte(r) + 'a' - 'A', true
	case r < utf8.RuneSelf:
		return 0, false
	}
	return asciiFold(r)
}

// containsString reports whether b contains s, without converting b.
func containsString(b []byte, s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i+len(s) <= len(b); i++ {
		if b[i] == s[0] && string(b[i:i+len(s)]) == s {
			return true
		}
	}
	return false
}
