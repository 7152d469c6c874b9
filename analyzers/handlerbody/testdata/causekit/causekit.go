// Package causekit builds its errors with a printf-like constructor of
// its own, whose type keeps only the text: every cause its functions
// format with it is lost through that one constructor.
package causekit

import (
	"context"
	"fmt"
	"net/http"
)

type APIError struct {
	Code    int
	Message string
}

func (e *APIError) Error() string { return fmt.Sprintf("%d: %s", e.Code, e.Message) }

func newError(code int, format string, args ...any) *APIError { // want `preserve-cause-on-rethrow: newError keeps only the text of the errors it is given: 2 returns of 1 function lose their cause through it`
	return &APIError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WrappedError keeps its cause.
type WrappedError struct {
	Message string
	Err     error
}

func (e *WrappedError) Error() string { return e.Message + ": " + e.Err.Error() }
func (e *WrappedError) Unwrap() error { return e.Err }

func wrapped(err error, format string, args ...any) *WrappedError {
	return &WrappedError{Message: fmt.Sprintf(format, args...), Err: err}
}

type Client struct{ http *http.Client }

func (c *Client) get(ctx context.Context, url string) (any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, newError(1, "building %s: %v", url, err)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, newError(2, "GET %s failed: %v", url, err)
	}
	defer res.Body.Close()
	return res.Status, nil
}

// Page returns a page.
func (c *Client) Page(ctx context.Context, url string) (any, error) { // want Page:"source pending: preserve-cause-on-rethrow@41 preserve-cause-on-rethrow@45"
	return c.get(ctx, url)
}

// Kept returns a page, keeping the cause of each failure.
func (c *Client) Kept(ctx context.Context, url string) (any, error) {
	res, err := c.http.Get(url)
	if err != nil {
		return nil, wrapped(err, "GET %s", url)
	}
	defer res.Body.Close()
	return res.Status, nil
}

// legacyError makes the legacy API's errors, which are text by contract:
// the root is suppressed, and with it every return through it.
//
//mcperrlint:ignore preserve-cause-on-rethrow the legacy API's errors are text by contract
func legacyError(format string, args ...any) *APIError {
	return &APIError{Code: 9, Message: fmt.Sprintf(format, args...)}
}

// Legacy returns a page of the legacy API.
func (c *Client) Legacy(ctx context.Context, url string) (any, error) {
	res, err := c.http.Get(url)
	if err != nil {
		return nil, legacyError("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		if _, err := c.get(ctx, url); err != nil {
			return nil, legacyError("retry %s: %v", url, err)
		}
	}
	return res.Status, nil
}
