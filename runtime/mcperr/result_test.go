package mcperr

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

func TestFromResult(t *testing.T) {
	full := `{"error": {"code": -32000, "message": "Billing did not answer.", "data": {
		"reason": "billing_unavailable", "retryable": true, "retryAfter": 30, "requestId": "req-7",
		"recovery": {"hint": "Wait a minute and call get_invoice again."}, "invoiceId": "INV-7"}}}`
	var decoded any
	if err := json.Unmarshal([]byte(full), &decoded); err != nil {
		t.Fatal(err)
	}
	fullWire := WireError{Code: CodeServiceUnavailable, Message: "Billing did not answer.", Data: map[string]any{
		"reason": "billing_unavailable", "retryable": true, "retryAfter": float64(30), "requestId": "req-7",
		"recovery": map[string]any{"hint": "Wait a minute and call get_invoice again."}, "invoiceId": "INV-7",
	}}
	inProcess := map[string]any{"error": WireError{Code: CodeNotFound, Message: "No invoice INV-7.", Data: map[string]any{"requestId": "req-1"}}}
	tests := []struct {
		name       string
		structured any
		text       string
		want       WireError
		ok         bool
	}{{
		name:       "decoded structuredContent",
		structured: decoded,
		want:       fullWire,
		ok:         true,
	}, {
		name:       "raw structuredContent",
		structured: json.RawMessage(full),
		want:       fullWire,
		ok:         true,
	}, {
		name:       "bytes",
		structured: []byte(full),
		want:       fullWire,
		ok:         true,
	}, {
		name:       "a binding's value, in process",
		structured: inProcess,
		want:       WireError{Code: CodeNotFound, Message: "No invoice INV-7.", Data: map[string]any{"requestId": "req-1"}},
		ok:         true,
	}, {
		name:       "structuredContent wins over the text",
		structured: decoded,
		text:       "Error: something else",
		want:       fullWire,
		ok:         true,
	}, {
		name: "the text alone",
		text: "Error: Billing did not answer.\n\nRecovery: Wait a minute and call get_invoice again.\n\n" +
			"(reason billing_unavailable · retryable · request req-7)",
		want: WireError{Message: "Billing did not answer.", Data: map[string]any{
			"reason": "billing_unavailable", "retryable": true, "requestId": "req-7",
			"recovery": map[string]any{"hint": "Wait a minute and call get_invoice again."},
		}},
		ok: true,
	}, {
		name: "text without a trailer",
		text: "Error: No invoice.\n\nRecovery: List invoices.",
		want: WireError{Message: "No invoice.", Data: map[string]any{"recovery": map[string]any{"hint": "List invoices."}}},
		ok:   true,
	}, {
		name: "a last block that is not a trailer is the message's",
		text: "Error: The query failed.\n\n(see the logs)",
		want: WireError{Message: "The query failed.\n\n(see the logs)"},
		ok:   true,
	}, {
		name: "a last block without its opening parenthesis is the message's",
		text: "Error: The query failed.\n\nreason x)",
		want: WireError{Message: "The query failed.\n\nreason x)"},
		ok:   true,
	}, {
		name: "text with only a trailer",
		text: "Error: Shelf s-9 does not exist.\n\n(not retryable · request req-1)",
		want: WireError{Message: "Shelf s-9 does not exist.", Data: map[string]any{"retryable": false, "requestId": "req-1"}},
		ok:   true,
	}, {
		name:       "structuredContent without an error falls back to the text",
		structured: map[string]any{"id": "b-1"},
		text:       "Error: boom",
		want:       WireError{Message: "boom"},
		ok:         true,
	}, {
		name:       "a success",
		structured: map[string]any{"id": "b-1"},
		text:       `{"id":"b-1"}`,
	}, {
		name:       "an error without a code",
		structured: map[string]any{"error": map[string]any{"message": "no code"}},
	}, {
		name:       "a code that is not an integer",
		structured: map[string]any{"error": map[string]any{"code": -32000.5, "message": "x"}},
	}, {
		name:       "not JSON",
		structured: json.RawMessage(`{"error":`),
	}, {
		name:       "a value that does not marshal",
		structured: map[string]any{"error": make(chan int)},
	}, {
		name: "nothing",
	}, {
		name: "an empty message",
		text: "Error: \n\n(reason x)",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := FromResult(tt.structured, tt.text)
			if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FromResult = %#v, %v\nwant %#v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestFromResultRoundTrip checks that what ToWire and Text render reads
// back as the same failure, from either.
func TestFromResultRoundTrip(t *testing.T) {
	ctx := lookupCtx()
	for _, err := range []error{
		Fail(ctx, "directory_down", "", RecoveryFor(ctx, "directory_down"), WithData("requestId", "req-3"), WithRetryAfter(90*time.Second)),
		Fail(ctx, "user_not_found", "No user u1."),
		NotFound("Shelf s-9 does not exist."),
		FromHTTPResponse(response(429, "slow down", "Retry-After", "12")),
	} {
		wire := ToWire(err)
		raw, merr := json.Marshal(map[string]any{"error": wire})
		if merr != nil {
			t.Fatal(merr)
		}
		fromJSON, ok := FromResult(json.RawMessage(raw), "")
		if !ok || fromJSON.Code != wire.Code || fromJSON.Message != wire.Message || fromJSON.Text() != wire.Text() {
			t.Errorf("%v: from structuredContent %#v, %v; want %#v", err, fromJSON, ok, wire)
		}
		fromText, ok := FromResult(nil, Text(err))
		if !ok || fromText.Text() != Text(err) {
			t.Errorf("%v: from the text %#v, %v; it renders %q, want %q", err, fromText, ok, fromText.Text(), Text(err))
		}
		for name, pair := range map[string][2]any{
			"reason":     {fromJSON.Reason(), fromText.Reason()},
			"recovery":   {fromJSON.Recovery(), fromText.Recovery()},
			"request id": {fromJSON.RequestID(), fromText.RequestID()},
		} {
			if pair[0] != pair[1] {
				t.Errorf("%v: %s %q from structuredContent, %q from the text", err, name, pair[0], pair[1])
			}
		}
		if fromJSON.Retryable() != Retryable(err) {
			t.Errorf("%v: Retryable() = %v from structuredContent, Retryable(err) = %v", err, fromJSON.Retryable(), Retryable(err))
		}
	}
}

// TestWireErrorAccessors checks the accessors and AsError on what a client
// decoded.
func TestWireErrorAccessors(t *testing.T) {
	w, ok := FromResult(map[string]any{"error": map[string]any{"code": float64(-32003), "message": "Slow down.", "data": map[string]any{
		"reason": "rate_limited", "retryAfter": float64(12), "requestId": "req-9",
		"recovery": map[string]any{"hint": "Wait, then call again."}, "limit": float64(100),
	}}}, "")
	if !ok {
		t.Fatal("no failure read")
	}
	if w.Reason() != "rate_limited" || !w.Retryable() || w.Recovery() != "Wait, then call again." ||
		w.RequestID() != "req-9" || w.RetryAfter() != 12*time.Second {
		t.Errorf("accessors: %q %v %q %q %v", w.Reason(), w.Retryable(), w.Recovery(), w.RequestID(), w.RetryAfter())
	}
	e := w.AsError()
	if CodeOf(e) != CodeRateLimited || !Retryable(e) || e.Reason() != "rate_limited" || e.retryAfter != 12*time.Second {
		t.Errorf("AsError = %+v", e)
	}
	if got := ToWire(e); !reflect.DeepEqual(got.Data, map[string]any{
		"reason": "rate_limited", "retryAfter": int64(12), "requestId": "req-9",
		"recovery": map[string]any{"hint": "Wait, then call again."}, "limit": float64(100),
	}) || got.Code != w.Code || got.Message != w.Message {
		t.Errorf("ToWire(AsError()) = %#v", got)
	}
	// Retry honours what the server said.
	calls := 0
	_, err := Retry(context.Background(), RetryPolicy{MaxRetries: 1, MaxDelay: time.Second}, func(context.Context) (int, error) {
		calls++
		return 0, e
	})
	if calls != 1 || err == nil {
		t.Errorf("Retry with a retry-after beyond MaxDelay: %d calls, %v; want 1 and the error", calls, err)
	}
	var none WireError
	if none.Reason() != "" || none.Retryable() || none.Recovery() != "" || none.RequestID() != "" || none.RetryAfter() != 0 {
		t.Errorf("the zero WireError has data")
	}
}
