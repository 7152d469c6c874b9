package reviews

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// roundTripFunc adapts a function to http.RoundTripper.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// TestListFailures checks that every way the upstream can fail becomes a
// reviews_unavailable error that keeps what happened as its cause.
func TestListFailures(t *testing.T) {
	refused := errors.New("connection refused")
	tests := []struct {
		name      string
		transport roundTripFunc
		wantCause string
	}{{
		name:      "unreachable",
		transport: func(*http.Request) (*http.Response, error) { return nil, refused },
		wantCause: "connection refused",
	}, {
		name: "unreadable reply",
		transport: func(r *http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader("<html>")), Request: r}, nil
		},
		wantCause: "decoding the reviews service's reply",
	}, {
		name: "error status",
		transport: func(r *http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: http.StatusBadGateway, Status: "502 Bad Gateway", Body: io.NopCloser(strings.NewReader("upstream crashed")), Request: r}, nil
		},
		wantCause: "Reviews returned HTTP 502 Bad Gateway.",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewClient("http://reviews.test", &http.Client{Transport: tt.transport})
			_, err := c.List(context.Background(), "b-1", 5)
			var e *mcperr.Error
			if !errors.As(err, &e) || e.Reason() != ReasonReviewsUnavailable || e.Code() != mcperr.CodeServiceUnavailable {
				t.Fatalf("List error = %v; want a ServiceUnavailable error with reason %s", err, ReasonReviewsUnavailable)
			}
			if cause := e.Unwrap(); cause == nil || !strings.Contains(cause.Error(), tt.wantCause) {
				t.Errorf("cause = %v; want it to mention %q", cause, tt.wantCause)
			}
			if strings.Contains(mcperr.Text(err), "upstream crashed") {
				t.Errorf("the upstream's body reached the client text: %q", mcperr.Text(err))
			}
		})
	}
}
