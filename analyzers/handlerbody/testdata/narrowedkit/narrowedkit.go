// Package narrowedkit is a client whose error prints the response body,
// and the helper its servers translate that error with: what Translate
// returns as it is is never an *APIError, and its summary says so to the
// packages that call it.
package narrowedkit

import (
	"errors"
	"fmt"
	"io"
	"net/http"
)

type APIError struct {
	Code int
	Body string
}

func (e *APIError) Error() string { return fmt.Sprintf("api %d: %s", e.Code, e.Body) }

func Get(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return &APIError{Code: resp.StatusCode, Body: string(body)}
	}
	return nil
}

// Translate answers an *APIError in words and returns any other error as
// it is.
func Translate(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return fmt.Errorf("the API answered %d", apiErr.Code)
	}
	return err
}

// Wrap adds words to every error: an *APIError's body stays in it.
func Wrap(err error) error {
	return fmt.Errorf("api: %w", err)
}
