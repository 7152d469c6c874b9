// Package guard runs work for its callers: a circuit breaker and a retry
// loop, each answering the error of the function it is handed. Nothing
// here is a handler; what the package loses on the way is reported by
// the package whose handler hands it work (guardserver).
package guard

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrStopped is the condition a retry ends with when its context ends.
var ErrStopped = errors.New("retry stopped")

// Breaker refuses work while it is open.
type Breaker struct{ open bool }

// Call runs fn unless the breaker is open, and answers fn's error as it
// is.
func (b *Breaker) Call(fn func() error) error {
	if b.open {
		return errors.New("circuit open")
	}
	return fn()
}

// Retry runs fn until it answers or ctx ends.
func Retry(ctx context.Context, fn func(attempt int) (any, error)) (any, error) { // want Retry:"source pending: preserve-cause-on-rethrow@34"
	var last error
	for attempt := range 5 {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrStopped, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
		}
		v, err := fn(attempt)
		if err == nil {
			return v, nil
		}
		last = err
		time.Sleep(time.Second)
	}
	return nil, last
}
