package mcperr

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"time"
)

// FromResult reads back the failure a tool result carries, for a Go client,
// host or test: from structuredContent.error, the shape ToWire gives, or,
// when there is none, from the text of content[0], the shape Text gives. It
// reports false when neither holds a failure in those shapes.
//
// structuredContent may be what a client decoded (a map[string]any), raw
// JSON (json.RawMessage or []byte), or any value that marshals to JSON, such
// as the structuredContent a binding builds in-process. Read from the text
// alone, the failure has no code (Code is 0) and no data but what the text
// shows: the reason, the retryability, the recovery hint and the request
// id. FromResult never panics.
//
// The SDK bindings have the same helper for their own result types:
// mcpsdk.FromResult and mcpgo.FromResult.
func FromResult(structuredContent any, text string) (WireError, bool) {
	return guarded(WireError{}, func() WireError {
		if w, ok := fromStructured(structuredContent); ok {
			return w
		}
		w, _ := fromText(text)
		return w
	}).found()
}

// found reports whether w holds a failure: FromResult's readers leave the
// zero WireError when they find none.
func (w WireError) found() (WireError, bool) {
	return w, w.Message != ""
}

// fromStructured reads {"error": {"code", "message", "data"?}}.
func fromStructured(structured any) (WireError, bool) {
	obj, ok := jsonObject(structured)
	if !ok {
		return WireError{}, false
	}
	e, ok := jsonObject(obj[errorProperty])
	if !ok {
		return WireError{}, false
	}
	code, ok := integer(e["code"])
	message, isString := e["message"].(string)
	if !ok || !isString || message == "" {
		return WireError{}, false
	}
	w := WireError{Code: Code(code), Message: message}
	if data, ok := jsonObject(e["data"]); ok && len(data) > 0 {
		w.Data = data
	}
	return w, true
}

// errorProperty is the property of a tool result's structuredContent that
// carries a failure, {"error": WireError}, as the bindings send it.
const errorProperty = "error"

// jsonObject returns v as a decoded JSON object: v itself when it is a
// map[string]any, else v decoded from JSON (raw JSON as it is, any other
// value marshalled first). Numbers decode as float64, as in a client.
func jsonObject(v any) (map[string]any, bool) {
	switch v := v.(type) {
	case nil:
		return nil, false
	case map[string]any:
		return v, true
	case json.RawMessage:
		return decodeObject(v)
	case []byte:
		return decodeObject(v)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	return decodeObject(raw)
}

// decodeObject decodes raw JSON that must be an object.
func decodeObject(raw []byte) (map[string]any, bool) {
	var obj map[string]any
	if err := json.Unmarshal(bytes.TrimSpace(raw), &obj); err != nil || obj == nil {
		return nil, false
	}
	return obj, true
}

// integer returns a JSON number that holds an integer as an int64.
func integer(v any) (int64, bool) {
	switch n := v.(type) {
	case float64:
		if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
			return int64(n), true
		}
	case json.Number:
		i, err := n.Int64()
		return i, err == nil
	case int:
		return int64(n), true
	case int64:
		return n, true
	case Code:
		return int64(n), true
	}
	return 0, false
}

// fromText reads the text Text renders:
//
//	Error: <message>
//
//	Recovery: <hint>
//
//	(reason <reason> · retryable · request <id>)
//
// The Recovery block and the trailer are optional; a last block that is not
// a well-formed trailer is part of the message.
func fromText(text string) (WireError, bool) {
	body, ok := strings.CutPrefix(text, "Error: ")
	if !ok {
		return WireError{}, false
	}
	blocks := strings.Split(body, "\n\n")
	data := make(map[string]any)
	if last := blocks[len(blocks)-1]; len(blocks) > 1 && readTrailer(last, data) {
		blocks = blocks[:len(blocks)-1]
	}
	if last := blocks[len(blocks)-1]; len(blocks) > 1 && strings.HasPrefix(last, "Recovery: ") {
		if hint := strings.TrimSpace(strings.TrimPrefix(last, "Recovery: ")); hint != "" {
			data[keyRecovery] = map[string]any{"hint": hint}
		}
		blocks = blocks[:len(blocks)-1]
	}
	message := strings.Join(blocks, "\n\n")
	if strings.TrimSpace(message) == "" {
		return WireError{}, false
	}
	w := WireError{Message: message}
	if len(data) > 0 {
		w.Data = data
	}
	return w, true
}

// readTrailer parses "(reason r · retryable · request id)" into data, and
// reports false, leaving data alone, for anything else.
func readTrailer(block string, data map[string]any) bool {
	if !strings.HasPrefix(block, "(") || !strings.HasSuffix(block, ")") || len(block) < 3 {
		return false
	}
	inner := block[1 : len(block)-1]
	read := make(map[string]any, 3)
	for _, term := range strings.Split(inner, " · ") {
		switch {
		case term == "retryable":
			read[keyRetryable] = true
		case term == "not retryable":
			read[keyRetryable] = false
		case strings.HasPrefix(term, "reason ") && len(term) > len("reason "):
			read[keyReason] = strings.TrimPrefix(term, "reason ")
		case strings.HasPrefix(term, "request ") && len(term) > len("request "):
			read[keyRequestID] = strings.TrimPrefix(term, "request ")
		default:
			return false
		}
	}
	for k, v := range read {
		data[k] = v
	}
	return true
}

// Reason returns data.reason, the contract reason the failure is, or "".
func (w WireError) Reason() string {
	reason, _ := w.Data[keyReason].(string)
	return reason
}

// Retryable reports whether trying again unchanged may succeed:
// data.retryable when the failure states it, else what its code implies
// (Code.Transient), as the package function Retryable decides for an error.
func (w WireError) Retryable() bool {
	if retryable, ok := w.Data[keyRetryable].(bool); ok {
		return retryable
	}
	return w.Code.Transient()
}

// Recovery returns data.recovery.hint, what the agent should do next, or "".
func (w WireError) Recovery() string { return recoveryHint(w.Data) }

// RequestID returns data.requestId, the id the server logged the failure
// under, or "".
func (w WireError) RequestID() string { return requestID(w.Data[keyRequestID]) }

// RetryAfter returns data.retryAfter, how long to wait before trying again,
// or 0.
func (w WireError) RetryAfter() time.Duration {
	d, _ := retryAfterValue(w.Data[keyRetryAfter])
	return d
}

// AsError returns the failure as an *Error with its code, message and data,
// so that a Go client can treat a failed tool call as it treats an error of
// its own: CodeOf, Retryable and Retry read it, retry-after included.
func (w WireError) AsError() *Error {
	e := &Error{code: w.Code, message: w.Message}
	for key, value := range w.Data {
		e.setData(key, value)
	}
	return e
}
