// Package regclient is a registry client whose error type prints the raw
// body of a failed response through a method of its own, and whose
// failure type keeps a cause set by a builder method.
package regclient

import (
	"fmt"
	"io"
	"net/http"
)

// Error is a failed response. Error prints the raw body (through
// detail) when the registry said nothing structured.
type Error struct {
	Status  int
	Request string
	Codes   []string
	raw     string
}

func (e *Error) Error() string {
	prefix := ""
	if e.Request != "" {
		prefix = e.Request + ": "
	}
	return prefix + e.detail()
}

func (e *Error) detail() string {
	if len(e.Codes) > 0 {
		return fmt.Sprintf("status %d: %v", e.Status, e.Codes)
	}
	if e.raw == "" {
		return fmt.Sprintf("status %d", e.Status)
	}
	return fmt.Sprintf("status %d: %s", e.Status, e.raw)
}

func makeError(resp *http.Response, body []byte) *Error {
	e := &Error{Status: resp.StatusCode}
	e.raw = string(body)
	return e
}

// Check returns an *Error for a response that is not a success.
func Check(resp *http.Response) error {
	if resp.StatusCode < 300 {
		return nil
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	return makeError(resp, b)
}

// Failure is an error with a message of the client's and a cause.
type Failure struct {
	Message string
	cause   error
}

func (f *Failure) Error() string { return f.Message }
func (f *Failure) Unwrap() error { return f.cause }

func NewFailure(msg string) *Failure { return &Failure{Message: msg} }

// WithCause keeps err as the cause and returns f.
func (f *Failure) WithCause(err error) *Failure {
	f.cause = err
	return f
}

// Wrap is NewFailure(msg).WithCause(err).
func Wrap(msg string, err error) *Failure { return NewFailure(msg).WithCause(err) }
