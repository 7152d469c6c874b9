package mcperr

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"testing"
	"time"
)

// fakeEnv is a retryEnv that records waits instead of sleeping. Its random
// source returns rnd (0.5 by default: no jitter), and onWait, when set, runs
// on each wait and decides its result.
type fakeEnv struct {
	waits  []time.Duration
	rnd    float64
	onWait func(ctx context.Context) error
}

func newFakeEnv() *fakeEnv { return &fakeEnv{rnd: 0.5} }

func (f *fakeEnv) env() retryEnv {
	return retryEnv{
		wait: func(ctx context.Context, d time.Duration) error {
			f.waits = append(f.waits, d)
			if f.onWait != nil {
				return f.onWait(ctx)
			}
			return ctx.Err()
		},
		random: func() float64 { return f.rnd },
	}
}

// failing returns a function that fails with errs in turn, then succeeds
// with "ok", and a pointer to its call count.
func failing(errs ...error) (func(context.Context) (string, error), *int) {
	calls := 0
	return func(context.Context) (string, error) {
		calls++
		if calls <= len(errs) {
			return "", errs[calls-1]
		}
		return "ok", nil
	}, &calls
}

func seconds(s ...float64) []time.Duration {
	out := make([]time.Duration, len(s))
	for i, v := range s {
		out[i] = time.Duration(v * float64(time.Second))
	}
	return out
}

func TestRetrySucceeds(t *testing.T) {
	down := ServiceUnavailable("down")
	tests := []struct {
		name   string
		policy RetryPolicy
		errs   []error
		waits  []time.Duration
	}{
		{"first try", RetryPolicy{}, nil, nil},
		{"after two failures, doubling from 1s", RetryPolicy{}, []error{down, down}, seconds(1, 2)},
		{"after three failures", RetryPolicy{}, []error{down, down, down}, seconds(1, 2, 4)},
		{"capped at MaxDelay", RetryPolicy{MaxRetries: 5, MaxDelay: 3 * time.Second},
			[]error{down, down, down, down, down}, seconds(1, 2, 3, 3, 3)},
		{"custom base", RetryPolicy{BaseDelay: 100 * time.Millisecond}, []error{down, down}, seconds(0.1, 0.2)},
		{"negative base: no wait", RetryPolicy{BaseDelay: -1}, []error{down, down}, seconds(0, 0)},
		{"retry-after replaces the delay",
			RetryPolicy{}, []error{RateLimited("slow", WithRetryAfter(7*time.Second)), down}, seconds(7, 2)},
		{"retry-after of a wrapped error",
			RetryPolicy{}, []error{fmt.Errorf("call: %w", RateLimited("slow", WithRetryAfter(5*time.Second)))}, seconds(5)},
		{"retry-after equal to MaxDelay is honoured",
			RetryPolicy{MaxDelay: 5 * time.Second}, []error{RateLimited("slow", WithRetryAfter(5*time.Second))}, seconds(5)},
		{"classified plain error", RetryPolicy{}, []error{errors.New("connection refused")}, seconds(1)},
		{"custom ShouldRetry", RetryPolicy{ShouldRetry: func(error) bool { return true }},
			[]error{NotFound("x")}, seconds(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newFakeEnv()
			fn, calls := failing(tt.errs...)
			got, err := retry(context.Background(), tt.policy, fn, env.env())
			if err != nil || got != "ok" {
				t.Fatalf("retry = %q, %v", got, err)
			}
			if *calls != len(tt.errs)+1 {
				t.Errorf("calls = %d, want %d", *calls, len(tt.errs)+1)
			}
			if !reflect.DeepEqual(env.waits, tt.waits) {
				t.Errorf("waits = %v, want %v", env.waits, tt.waits)
			}
		})
	}
}

func TestRetryJitter(t *testing.T) {
	down := ServiceUnavailable("down")
	tests := []struct {
		name   string
		jitter float64
		rnd    float64
		want   time.Duration
	}{
		{"default 0.25, low end", 0, 0, 750 * time.Millisecond},
		{"default 0.25, high end", 0, 1, 1250 * time.Millisecond},
		{"0.5, low end", 0.5, 0, 500 * time.Millisecond},
		{"negative: none", -1, 0, time.Second},
		{"NaN: none", math.NaN(), 0, time.Second},
		{"above 1 counts as 1", 3, 0, 0},
		{"above 1 counts as 1, high end", 3, 1, 2 * time.Second},
	}
	for _, tt := range tests {
		env := newFakeEnv()
		env.rnd = tt.rnd
		fn, _ := failing(down)
		if _, err := retry(context.Background(), RetryPolicy{Jitter: tt.jitter}, fn, env.env()); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(env.waits) != 1 || env.waits[0] != tt.want {
			t.Errorf("%s: waits = %v, want [%v]", tt.name, env.waits, tt.want)
		}
	}
}

func TestRetryGivesUp(t *testing.T) {
	down := ServiceUnavailable("Billing is down.", WithReason("billing_down"), WithData("region", "eu"),
		WithRecovery("Try later."))
	plain := errors.New("connection refused")
	permanent := ServiceUnavailable("Gone.", WithRetryable(false))
	long := RateLimited("Quota.", WithRetryAfter(time.Hour))
	tests := []struct {
		name    string
		policy  RetryPolicy
		errs    []error
		calls   int
		waits   []time.Duration
		same    error  // when set, the error returned is exactly this one
		message string // else its text
	}{
		{"attempts run out: an *Error", RetryPolicy{}, []error{down, down, down, down}, 4, seconds(1, 2, 4),
			nil, "Billing is down. (failed after 4 attempts)"},
		{"attempts run out: a plain error", RetryPolicy{MaxRetries: 1}, []error{plain, plain}, 2, seconds(1),
			nil, "connection refused (failed after 2 attempts)"},
		{"WithRetryable(false) stops at once", RetryPolicy{}, []error{permanent}, 1, nil, permanent, ""},
		{"a permanent code stops at once", RetryPolicy{}, []error{NotFound("x")}, 1, nil, nil, "x"},
		{"WithRetryable(false) after a retry", RetryPolicy{}, []error{down, permanent}, 2, seconds(1),
			nil, "Gone. (failed after 2 attempts)"},
		{"negative MaxRetries: one attempt", RetryPolicy{MaxRetries: -1}, []error{down}, 1, nil, down, ""},
		{"retry-after beyond MaxDelay fails fast", RetryPolicy{}, []error{long}, 1, nil, long, ""},
		{"retry-after beyond MaxDelay after a retry", RetryPolicy{}, []error{down, long}, 2, seconds(1),
			nil, "Quota. (failed after 2 attempts)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newFakeEnv()
			fn, calls := failing(append(tt.errs, errors.New("too many calls"))...)
			_, err := retry(context.Background(), tt.policy, fn, env.env())
			if *calls != tt.calls {
				t.Errorf("calls = %d, want %d", *calls, tt.calls)
			}
			if !reflect.DeepEqual(env.waits, tt.waits) {
				t.Errorf("waits = %v, want %v", env.waits, tt.waits)
			}
			if tt.same != nil && err != tt.same {
				t.Errorf("err = %v, want the attempt's error unchanged", err)
			}
			if tt.message != "" && err.Error() != tt.message {
				t.Errorf("err = %q, want %q", err.Error(), tt.message)
			}
			if last := tt.errs[tt.calls-1]; !errors.Is(err, last) {
				t.Errorf("err does not wrap the last attempt's error")
			}
		})
	}
}

func TestRetryExhaustedError(t *testing.T) {
	down := ServiceUnavailable("Billing is down.", WithReason("billing_down"), WithData("region", "eu"),
		WithRecovery("Try later."), WithRetryAfter(2*time.Second))
	fn, _ := failing(down, down, down)
	_, err := retry(context.Background(), RetryPolicy{MaxRetries: 2}, fn, newFakeEnv().env())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %T, want *Error", err)
	}
	if e == down || e.Code() != CodeServiceUnavailable || e.Reason() != "billing_down" || e.Unwrap() != down {
		t.Errorf("err = %+v", e)
	}
	want := map[string]any{"region": "eu", "reason": "billing_down", "recovery": map[string]any{"hint": "Try later."},
		"retryAfter": int64(2), "retryAttempts": 3}
	if got := e.Data(); !reflect.DeepEqual(got, want) {
		t.Errorf("Data() = %#v\nwant %#v", got, want)
	}
	if down.Data()["retryAttempts"] != nil {
		t.Error("the last attempt's error was modified")
	}
	if got, want := Text(err), "Error: Billing is down. (failed after 3 attempts)\n\nRecovery: Try later.\n\n(reason billing_down)"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}

	// A wrapped *Error: the copy is of the inner error, the cause the whole chain.
	wrapped := fmt.Errorf("charge: %w", RateLimited("Slow down."))
	fn, _ = failing(wrapped, wrapped)
	_, err = retry(context.Background(), RetryPolicy{MaxRetries: 1}, fn, newFakeEnv().env())
	if !errors.As(err, &e) || e.Message() != "Slow down. (failed after 2 attempts)" || e.Unwrap() != wrapped {
		t.Errorf("err = %v", err)
	}
}

func TestRetryContext(t *testing.T) {
	down := ServiceUnavailable("down")
	t.Run("cancelled during the wait", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		env := newFakeEnv()
		env.onWait = func(ctx context.Context) error { cancel(); return ctx.Err() }
		fn, calls := failing(down, down)
		_, err := retry(ctx, RetryPolicy{}, fn, env.env())
		if *calls != 1 {
			t.Errorf("calls = %d, want 1", *calls)
		}
		if !errors.Is(err, context.Canceled) || !errors.Is(err, down) {
			t.Errorf("err = %v: want both context.Canceled and the attempt's error", err)
		}
		if CodeOf(err) != CodeServiceUnavailable {
			t.Errorf("CodeOf = %v", CodeOf(err))
		}
		if got, want := err.Error(), "down (retry stopped after 1 attempt: context canceled)"; got != want {
			t.Errorf("err = %q, want %q", got, want)
		}
	})
	t.Run("cancelled before the first attempt", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		fn, calls := failing()
		_, err := retry(ctx, RetryPolicy{}, fn, newFakeEnv().env())
		if *calls != 0 || err != context.Canceled {
			t.Errorf("calls = %d, err = %v", *calls, err)
		}
	})
	t.Run("cancelled during an attempt", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		env := newFakeEnv()
		calls := 0
		fn := func(context.Context) (int, error) {
			calls++
			if calls == 2 {
				cancel()
			}
			return 0, down
		}
		_, err := retry(ctx, RetryPolicy{}, fn, env.env())
		if calls != 2 || !errors.Is(err, context.Canceled) || !errors.Is(err, down) {
			t.Errorf("calls = %d, err = %v", calls, err)
		}
		if got, want := err.Error(), "down (retry stopped after 2 attempts: context canceled)"; got != want {
			t.Errorf("err = %q, want %q", got, want)
		}
	})
	t.Run("cancelled as a wait ends", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		env := newFakeEnv()
		env.onWait = func(context.Context) error { cancel(); return nil } // the timer won the race
		fn, calls := failing(down, down)
		_, err := retry(ctx, RetryPolicy{}, fn, env.env())
		if *calls != 1 || !errors.Is(err, context.Canceled) || !errors.Is(err, down) {
			t.Errorf("calls = %d, err = %v", *calls, err)
		}
	})
	t.Run("attempt returns the context's error", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		fn := func(ctx context.Context) (int, error) {
			cancel()
			return 0, fmt.Errorf("query: %w", ctx.Err())
		}
		_, err := retry(ctx, RetryPolicy{}, fn, newFakeEnv().env())
		if !errors.Is(err, context.Canceled) || err.Error() != "query: context canceled" {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("deadline during a real wait", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
		defer cancel()
		start := time.Now()
		fn, _ := failing(down, down)
		_, err := Retry(ctx, RetryPolicy{BaseDelay: time.Hour, MaxDelay: 2 * time.Hour}, fn)
		if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, down) {
			t.Errorf("err = %v", err)
		}
		if elapsed := time.Since(start); elapsed > time.Second {
			t.Errorf("Retry waited %v after the deadline", elapsed)
		}
	})
}

func TestRetryReal(t *testing.T) {
	fn, calls := failing(Timeout("slow"), Timeout("slow"))
	got, err := Retry(context.Background(), RetryPolicy{BaseDelay: time.Microsecond}, fn)
	if got != "ok" || err != nil || *calls != 3 {
		t.Errorf("Retry = %q, %v after %d calls", got, err, *calls)
	}
	if _, err := Retry[int](context.Background(), RetryPolicy{}, nil); CodeOf(err) != CodeInternalError {
		t.Errorf("nil fn: %v", err)
	}
	fn, _ = failing()
	if got, err := Retry(nilCtx, RetryPolicy{}, fn); got != "ok" || err != nil {
		t.Errorf("nil ctx: %q, %v", got, err)
	}
}

func TestSleep(t *testing.T) {
	if err := sleep(context.Background(), time.Microsecond); err != nil {
		t.Errorf("sleep = %v", err)
	}
	if err := sleep(context.Background(), 0); err != nil {
		t.Errorf("sleep(0) = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := sleep(ctx, time.Hour); err != context.Canceled {
		t.Errorf("sleep on a cancelled context = %v", err)
	}
	if err := sleep(ctx, 0); err != context.Canceled {
		t.Errorf("sleep(0) on a cancelled context = %v", err)
	}
}

func TestBackoffNeverOverflows(t *testing.T) {
	p := RetryPolicy{BaseDelay: time.Hour, MaxDelay: maxDuration, Jitter: 1}.withDefaults()
	for retry := range 100 {
		for _, rnd := range []float64{0, 0.5, 0.999999} {
			if d := p.backoff(retry, rnd); d < 0 || d > maxDuration {
				t.Fatalf("backoff(%d, %v) = %v", retry, rnd, d)
			}
		}
	}
	p = RetryPolicy{BaseDelay: time.Minute, MaxDelay: time.Second}.withDefaults()
	if d := p.backoff(0, 0.5); d != time.Second {
		t.Errorf("a base above the cap: backoff = %v, want the cap", d)
	}
}

func TestRetryPolicyDefaults(t *testing.T) {
	p := RetryPolicy{}.withDefaults()
	if p.MaxRetries != 3 || p.BaseDelay != time.Second || p.MaxDelay != 30*time.Second || p.Jitter != 0.25 || p.ShouldRetry == nil {
		t.Errorf("defaults = %+v", p)
	}
}

func TestRetryable(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"transient code", ServiceUnavailable("x"), true},
		{"timeout code", Timeout("x"), true},
		{"rate limited code", RateLimited("x"), true},
		{"permanent code", NotFound("x"), false},
		{"explicit false wins over the code", Timeout("x", WithRetryable(false)), false},
		{"explicit true wins over the code", NotFound("x", WithRetryable(true)), true},
		{"wrapped explicit", fmt.Errorf("a: %w", Timeout("x", WithRetryable(false))), false},
		{"an inner explicit statement beats the outer code",
			NotFound("outer", WithCause(Timeout("inner", WithRetryable(true)))), true},
		{"the outer statement beats the inner one",
			NotFound("outer", WithRetryable(false), WithCause(Timeout("inner", WithRetryable(true)))), false},
		{"Fail: from the contract entry", Fail(lookupCtx(), "directory_down", ""), true},
		{"Fail: entry not retryable", Fail(lookupCtx(), "user_not_found", ""), false},
		{"classified plain error", errors.New("i/o timeout"), true},
		{"unclassified plain error", errors.New("boom"), false},
		{"typed nil *Error", (*Error)(nil), false},
	}
	for _, tt := range tests {
		if got := Retryable(tt.err); got != tt.want {
			t.Errorf("%s: Retryable = %v, want %v", tt.name, got, tt.want)
		}
	}
}
