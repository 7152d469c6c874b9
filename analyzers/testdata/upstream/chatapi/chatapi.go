// Package chatapi is a chat model's client library: a failed call keeps
// the body of the response in a RequestError whose Error prints it, and
// the client's methods return through named results.
package chatapi

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// A RequestError is a call the model's API refused.
type RequestError struct {
	StatusCode int
	Body       []byte
}

func (e *RequestError) Error() string {
	return fmt.Sprintf("status %d, body: %s", e.StatusCode, e.Body)
}

// A Client calls the model's API.
type Client struct{ URL string }

// Complete asks the model to complete prompt.
func (c *Client) Complete(ctx context.Context, prompt string) (answer string, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, strings.NewReader(prompt))
	if err != nil {
		return
	}
	answer, err = c.send(req)
	return
}

func (c *Client) send(req *http.Request) (string, error) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode >= 400 {
		return "", &RequestError{StatusCode: resp.StatusCode, Body: body}
	}
	return string(body), nil
}

// Ping reports whether the API answers. A refusal is said in its own
// words: the body never leaves through its named error.
func (c *Client) Ping(ctx context.Context) (ok bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL, nil)
	if err != nil {
		return
	}
	_, err = c.send(req)
	if err != nil {
		err = fmt.Errorf("the model's API did not answer the ping")
		return
	}
	ok = true
	return
}
