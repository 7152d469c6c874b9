package mcperr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// A WireError is an error as an MCP client receives it: the JSON-RPC error
// object shape, {"code", "message", "data"?}. Bindings put it in a tool
// result's structuredContent.error and its Text in content[0].
type WireError struct {
	Code    Code           `json:"code"`
	Message string         `json:"message"`
	Data    map[string]any `json:"data,omitempty"`
}

// ToWire renders err for a client. It never fails and never panics, and the
// result always marshals to valid JSON.
//
// Only an *Error's own data reaches the wire: for an *Error anywhere in err's
// chain, its code, message and sanitised data; for any other error, the code
// Classify gives and the error's text, nothing more. The cause is never
// rendered. Sanitising drops keys that look like credentials (auth, token,
// password, secret, apiKey and the like, at any depth) and replaces values
// that cannot be marshalled with a short placeholder.
func ToWire(err error) (w WireError) {
	defer func() {
		if recover() != nil {
			w = WireError{Code: CodeInternalError, Message: "Internal error."}
		}
	}()
	if err == nil {
		return WireError{Code: CodeInternalError, Message: "Internal error (no error value)."}
	}
	var e *Error
	if errors.As(err, &e) && e != nil {
		w = WireError{Code: e.code, Message: e.message, Data: sanitizeData(e.Data())}
	} else {
		w = WireError{Code: Classify(err), Message: errorText(err)}
	}
	if strings.TrimSpace(w.Message) == "" {
		w.Message = w.Code.String()
	}
	return w
}

// Text renders err as the text an agent reads in content[0]; see
// WireError.Text for the format.
func Text(err error) string {
	return ToWire(err).Text()
}

// Text renders the error for a model to read:
//
//	Error: <message>
//
//	Recovery: <hint>
//
//	(reason <reason> · retryable · request <id>)
//
// The Recovery block appears only when there is a hint the message does not
// already contain; the trailer holds only the terms that exist and is left
// out when none does.
func (w WireError) Text() string {
	var b strings.Builder
	b.WriteString("Error: ")
	b.WriteString(w.Message)
	if hint := recoveryHint(w.Data); hint != "" && !strings.Contains(w.Message, hint) {
		b.WriteString("\n\nRecovery: ")
		b.WriteString(hint)
	}
	if terms := trailerTerms(w.Data); len(terms) > 0 {
		b.WriteString("\n\n(")
		b.WriteString(strings.Join(terms, " · "))
		b.WriteString(")")
	}
	return b.String()
}

// recoveryHint returns data.recovery.hint, or "".
func recoveryHint(data map[string]any) string {
	recovery, _ := data[keyRecovery].(map[string]any)
	hint, _ := recovery["hint"].(string)
	return strings.TrimSpace(hint)
}

// trailerTerms returns the terms of the text trailer that data supports.
func trailerTerms(data map[string]any) []string {
	var terms []string
	if reason, ok := data[keyReason].(string); ok && reason != "" {
		terms = append(terms, "reason "+reason)
	}
	if retryable, ok := data[keyRetryable].(bool); ok {
		if retryable {
			terms = append(terms, "retryable")
		} else {
			terms = append(terms, "not retryable")
		}
	}
	switch id := data[keyRequestID].(type) {
	case string:
		if id != "" {
			terms = append(terms, "request "+id)
		}
	case json.Number:
		terms = append(terms, "request "+id.String())
	case int, int64, float64:
		terms = append(terms, fmt.Sprint("request ", id))
	}
	return terms
}

// errorText returns err.Error(), or a placeholder if that panics (a nil
// pointer of a type whose Error method dereferences it, say).
func errorText(err error) (text string) {
	defer func() {
		if recover() != nil {
			text = "Internal error."
		}
	}()
	return err.Error()
}

// sanitizeData returns data with credential keys dropped and every value
// made marshallable. It returns nil for empty data.
func sanitizeData(data map[string]any) map[string]any {
	if len(data) == 0 {
		return nil
	}
	out := make(map[string]any, len(data))
	for k, v := range data {
		if isCredentialKey(k) {
			continue
		}
		out[k] = sanitizeValue(v, 0)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// maxDepth bounds how deep sanitizeValue descends, so that a pathological
// value costs bounded time and stack.
const maxDepth = 32

// sanitizeValue returns a value that json.Marshal accepts and that carries no
// credential keys. Common scalar types pass through untouched; composite
// values are walked; anything else is marshalled once, and either decoded
// back to walk it or replaced by a placeholder if it cannot be marshalled.
func sanitizeValue(v any, depth int) any {
	if depth > maxDepth {
		return "[too deep]"
	}
	switch v := v.(type) {
	case nil, bool, string, json.Number,
		int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return v
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return strconv.FormatFloat(v, 'g', -1, 64)
		}
		return v
	case float32:
		return sanitizeValue(float64(v), depth)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, elem := range v {
			if !isCredentialKey(k) {
				out[k] = sanitizeValue(elem, depth+1)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, elem := range v {
			out[i] = sanitizeValue(elem, depth+1)
		}
		return out
	case []string:
		return v
	case error:
		// An error as data would marshal to {} or leak its text; neither
		// helps a client, and its text may carry internals.
		return "[error]"
	}
	return sanitizeByJSON(v, depth)
}

// sanitizeByJSON marshals a value of an arbitrary type and walks the result.
func sanitizeByJSON(v any, depth int) (out any) {
	placeholder := "[unserializable " + typeName(v) + "]"
	defer func() {
		if recover() != nil {
			out = placeholder
		}
	}()
	raw, err := json.Marshal(v)
	if err != nil {
		return placeholder
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // keep numbers exactly as the value marshalled them
	var decoded any
	if err := dec.Decode(&decoded); err != nil {
		return placeholder
	}
	return sanitizeValue(decoded, depth+1)
}

// typeName names v's type for a placeholder.
func typeName(v any) string {
	if t := reflect.TypeOf(v); t != nil {
		return t.String()
	}
	return "nil"
}

// credentialKeys are normalised keys (lower case, no separators) that always
// carry credentials; credentialSuffixes catch their compounds (accessToken,
// clientSecret, dbPassword, X-Api-Key).
var (
	credentialKeys     = map[string]bool{"auth": true, "pwd": true, "jwt": true, "bearer": true}
	credentialSuffixes = []string{
		"token", "secret", "password", "passwd", "passphrase", "apikey", "privatekey",
		"credential", "credentials", "authorization", "cookie",
	}
)

// isCredentialKey reports whether a data key looks like it names a
// credential. Matching ignores case and the separators _ - . and space.
// Plurals such as maxTokens are not credentials and are kept.
func isCredentialKey(key string) bool {
	norm := normalizeKey(key)
	if credentialKeys[norm] {
		return true
	}
	for _, suffix := range credentialSuffixes {
		if strings.HasSuffix(norm, suffix) {
			return true
		}
	}
	return false
}

// normalizeKey lower-cases key and removes separators. ASCII keys, the usual
// case, are handled without allocating beyond the result.
func normalizeKey(key string) string {
	var buf [64]byte
	out := buf[:0]
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 0x80:
			return normalizeKey(strings.ToLower(key[:i]) + asciiFold(key[i:]))
		case c == '_' || c == '-' || c == '.' || c == ' ':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return string(out)
}

// asciiFold lower-cases s and drops its non-ASCII runes, which no credential
// key contains; what remains is then normalised as ASCII.
func asciiFold(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0x80 {
			return -1
		}
		return r
	}, s)
}
