package mcperr

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// Retryable reports whether trying the failed operation again unchanged can
// succeed. An explicit statement wins: the first *Error in err's chain that
// was built WithRetryable (or by Fail, from its contract entry) decides.
// Otherwise the code does: CodeOf(err).Transient(), true for
// ServiceUnavailable, Timeout and RateLimited. Retryable(nil) is false.
//
// Retryable looks down the whole chain because it answers for this process
// (should Retry try again?): a cause that says "not retryable" stops the
// retries even when a wrapper says nothing. What a client is told is the
// wire form, which shows only the first *Error's own statement; state
// retryability on the outer error when the two should agree.
func Retryable(err error) bool {
	if err == nil {
		return false
	}
	statement := unstated
	walkChain(err, func(err error) bool {
		if e := asError(err); e != nil && e.retryable != unstated {
			statement = e.retryable
			return true
		}
		return false
	})
	if statement != unstated {
		return statement == statedTrue
	}
	return CodeOf(err).Transient()
}

// A RetryPolicy says how Retry tries again. The zero value is a sensible
// policy: every zero field takes its default.
type RetryPolicy struct {
	// MaxRetries is how many times to try again after the first attempt.
	// Zero means 3; a negative value means never (one attempt).
	MaxRetries int
	// BaseDelay is the wait before the first retry; each later retry waits
	// twice as long as the one before. Zero means 1s; a negative value means
	// no wait at all.
	BaseDelay time.Duration
	// MaxDelay caps the doubling delay before jitter is applied, and is the
	// longest Retry-After that Retry will honour: an error asking for a
	// longer wait ends the retries at once, since waiting that long is the
	// caller's decision, not a retry loop's. Zero or negative means 30s.
	MaxDelay time.Duration
	// Jitter spreads each computed delay uniformly over
	// [delay*(1-Jitter), delay*(1+Jitter)], so that clients failing together
	// do not retry together. Zero means 0.25; a negative value means none;
	// values above 1 count as 1. A Retry-After wait is never jittered.
	Jitter float64
	// ShouldRetry decides whether an attempt's error is worth another try.
	// Nil means Retryable.
	ShouldRetry func(error) bool
}

// Defaults of RetryPolicy's zero fields.
const (
	defaultMaxRetries = 3
	defaultBaseDelay  = time.Second
	defaultMaxDelay   = 30 * time.Second
	defaultJitter     = 0.25
)

// withDefaults returns p with its zero fields replaced by their defaults and
// its other fields brought into range.
func (p RetryPolicy) withDefaults() RetryPolicy {
	switch {
	case p.MaxRetries == 0:
		p.MaxRetries = defaultMaxRetries
	case p.MaxRetries < 0:
		p.MaxRetries = 0
	}
	switch {
	case p.BaseDelay == 0:
		p.BaseDelay = defaultBaseDelay
	case p.BaseDelay < 0:
		p.BaseDelay = 0
	}
	if p.MaxDelay <= 0 {
		p.MaxDelay = defaultMaxDelay
	}
	switch {
	case p.Jitter == 0:
		p.Jitter = defaultJitter
	case !(p.Jitter > 0): // negative or NaN
		p.Jitter = 0
	case p.Jitter > 1:
		p.Jitter = 1
	}
	if p.ShouldRetry == nil {
		p.ShouldRetry = Retryable
	}
	return p
}

// backoff returns the wait before retry number retry (0 for the first):
// BaseDelay doubled retry times, capped at MaxDelay, then jittered by
// random, a number in [0, 1).
func (p RetryPolicy) backoff(retry int, random float64) time.Duration {
	d := min(p.BaseDelay, p.MaxDelay)
	for i := 0; i < retry; i++ {
		if d > p.MaxDelay/2 {
			d = p.MaxDelay
			break
		}
		d *= 2
	}
	spread := 1 - p.Jitter + 2*p.Jitter*random
	f := float64(d) * spread
	if f >= float64(maxDuration) {
		return maxDuration
	}
	return time.Duration(f)
}

// A retryEnv is what Retry needs from the world: a way to wait and a source
// of randomness. Tests replace it; production code always uses realEnv.
type retryEnv struct {
	wait   func(ctx context.Context, d time.Duration) error
	random func() float64
}

// realEnv waits on a timer and draws jitter from math/rand/v2.
var realEnv = retryEnv{wait: sleep, random: rand.Float64}

// sleep waits for d or until ctx is done, whichever comes first, and returns
// ctx.Err() in the second case.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// Retry calls fn until it succeeds, policy says the error is not worth
// another try, or the attempts run out, waiting with exponential backoff and
// jitter between attempts.
//
// An *Error in the chain that carries a retry-after (WithRetryAfter, or the
// Retry-After header through FromHTTPResponse) sets the wait instead; if that
// wait exceeds policy.MaxDelay, Retry gives up at once. An error built
// WithRetryable(false) stops the retries.
//
// When ctx is done, before an attempt or during a wait, Retry stops at once;
// its error then satisfies errors.Is(err, ctx.Err()) and still wraps the last
// attempt's error. When the attempts run out, or the error is not worth
// another try after more than one attempt, the error says how many attempts
// were made and wraps the last one: for an *Error, a copy with the same code,
// reason and settings, the message suffixed " (failed after N attempts)",
// data.retryAttempts = N and the last error as its cause; for any other
// error, an error with the same suffix that unwraps to it. An error from the
// first and only attempt is returned unchanged.
//
// Retry does not recover panics: one in fn or policy.ShouldRetry is the
// caller's, and propagates.
func Retry[T any](ctx context.Context, policy RetryPolicy, fn func(ctx context.Context) (T, error)) (T, error) {
	return retry(ctx, policy, fn, realEnv)
}

// retry is Retry with its environment made explicit.
func retry[T any](ctx context.Context, policy RetryPolicy, fn func(ctx context.Context) (T, error), env retryEnv) (T, error) {
	var zero T
	if ctx == nil {
		ctx = context.Background()
	}
	if fn == nil {
		return zero, InternalError("Retry was called without a function to run.")
	}
	policy = policy.withDefaults()
	var last error
	for attempt := 1; ; attempt++ {
		if ctxErr := ctx.Err(); ctxErr != nil {
			if last == nil {
				return zero, ctxErr
			}
			return zero, stopped(ctxErr, last, attempt-1)
		}
		v, err := fn(ctx)
		if err == nil {
			return v, nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return zero, stopped(ctxErr, err, attempt)
		}
		if attempt > policy.MaxRetries || !policy.ShouldRetry(err) {
			return zero, exhausted(err, attempt)
		}
		delay := policy.backoff(attempt-1, env.random())
		if after := retryAfterOf(err); after > 0 {
			if after > policy.MaxDelay {
				return zero, exhausted(err, attempt)
			}
			delay = after
		}
		if ctxErr := env.wait(ctx, delay); ctxErr != nil {
			return zero, stopped(ctxErr, err, attempt)
		}
		last = err
	}
}

// retryAfterOf returns the retry-after of the first *Error in err's chain
// that has one, or 0.
func retryAfterOf(err error) time.Duration {
	var after time.Duration
	walkChain(err, func(err error) bool {
		if e := asError(err); e != nil && e.retryAfter > 0 {
			after = e.retryAfter
			return true
		}
		return false
	})
	return after
}

// keyRetryAttempts is the data key of the attempt count Retry reports.
const keyRetryAttempts = "retryAttempts"

// exhausted returns the error Retry reports after attempts attempts ended
// with last. A single attempt's error is returned as it is.
func exhausted(last error, attempts int) error {
	if attempts <= 1 {
		return last
	}
	suffix := " (failed after " + strconv.Itoa(attempts) + " attempts)"
	e := firstError(last)
	if e == nil {
		return &attemptsError{err: last, suffix: suffix}
	}
	out := &Error{
		code:       e.code,
		message:    e.message + suffix,
		cause:      last,
		reason:     e.reason,
		recovery:   e.recovery,
		retryable:  e.retryable,
		retryAfter: e.retryAfter,
		data:       slices.Clone(e.data),
	}
	out.putData(keyRetryAttempts, attempts)
	return out
}

// An attemptsError is the last error of a retry that is not an *Error,
// annotated with the number of attempts.
type attemptsError struct {
	err    error
	suffix string
}

func (e *attemptsError) Error() string { return errorText(e.err) + e.suffix }
func (e *attemptsError) Unwrap() error { return e.err }

// stopped returns the error Retry reports when ctx ended it: one that is
// ctxErr for errors.Is and still carries the last attempt's error. If that
// error already is the context's, it is reported as retries ran out.
func stopped(ctxErr, last error, attempts int) error {
	if errors.Is(last, ctxErr) {
		return exhausted(last, attempts)
	}
	return &stoppedError{ctxErr: ctxErr, last: last, attempts: attempts}
}

// A stoppedError is a retry ended by its context.
type stoppedError struct {
	ctxErr   error
	last     error
	attempts int
}

func (e *stoppedError) Error() string {
	noun := " attempts: "
	if e.attempts == 1 {
		noun = " attempt: "
	}
	return errorText(e.last) + " (retry stopped after " + strconv.Itoa(e.attempts) + noun + e.ctxErr.Error() + ")"
}

// Unwrap returns the context's error first, then the last attempt's, so
// errors.Is sees both and errors.As finds the attempt's *Error.
func (e *stoppedError) Unwrap() []error { return []error{e.ctxErr, e.last} }
