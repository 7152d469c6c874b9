package mcperr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// Sinks keep the compiler from optimising benchmarked calls away.
var (
	sinkErr   error
	sinkWire  WireError
	sinkText  string
	sinkBytes []byte
	sinkCode  Code
	sinkBool  bool
)

var errBenchCause = errors.New("sql: no rows in result set")

// BenchmarkBuild compares building an error with New and with Fail against
// fmt.Errorf with %w, the baseline every Go programmer pays already.
func BenchmarkBuild(b *testing.B) {
	b.Run("New", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = New(CodeNotFound, "No user u1.", WithCause(errBenchCause), WithData("userId", "u1"))
		}
	})
	b.Run("Fail", func(b *testing.B) {
		ctx := lookupCtx()
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = Fail(ctx, "user_not_found", "No user u1.", RecoveryFor(ctx, "user_not_found"),
				WithCause(errBenchCause), WithData("userId", "u1"))
		}
	})
	b.Run("fmt.Errorf", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = fmt.Errorf("no user %s: %w", "u1", errBenchCause)
		}
	})
}

// benchError is what a handler's Fail typically produces.
func benchError() *Error {
	ctx := lookupCtx()
	return Fail(ctx, "user_not_found", "No user u1.", RecoveryFor(ctx, "user_not_found"),
		WithCause(errBenchCause), WithData("userId", "u1"), WithData("requestId", "req-42"))
}

// BenchmarkRender compares rendering an error for the wire against
// marshalling the equivalent map by hand.
func BenchmarkRender(b *testing.B) {
	e := benchError()
	b.Run("ToWire", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkWire = ToWire(e)
		}
	})
	b.Run("Text", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkText = Text(e)
		}
	})
	b.Run("json.Marshal(ToWire)", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, _ = json.Marshal(ToWire(e))
		}
	})
	b.Run("json.Marshal(map)", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, _ = json.Marshal(map[string]any{
				"code":    int64(CodeNotFound),
				"message": "No user u1.",
				"data": map[string]any{
					"reason":    "user_not_found",
					"retryable": false,
					"recovery":  map[string]any{"hint": "List users to find a valid id."},
					"userId":    "u1",
					"requestId": "req-42",
				},
			})
		}
	})
	plain := fmt.Errorf("lookup: %w", errors.New("connection refused"))
	b.Run("ToWire(plain)", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkWire = ToWire(plain)
		}
	})
}

func BenchmarkClassify(b *testing.B) {
	errs := map[string]error{
		"native":       fmt.Errorf("read: %w", context.DeadlineExceeded),
		"provider":     errors.New("ThrottlingException: Rate exceeded"),
		"common":       errors.New("request throttled"),
		"no match":     errors.New("the flux capacitor overheated"),
		"CodeOf Error": fmt.Errorf("x: %w", NotFound("x")),
	}
	for name, err := range errs {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkCode = CodeOf(err)
			}
		})
	}
}

func BenchmarkIsCredentialKey(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkBool = isCredentialKey("X-Request-Id") || isCredentialKey("clientSecret") || isCredentialKey("userId")
	}
}
