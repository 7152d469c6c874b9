// Package client is an upstream API's client library, in a module of its
// own: it reads the body of a failed response into the error it returns,
// and into an error type whose Error prints it. The servers that use it
// hand those errors on to their clients.
package client

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// A Client calls the upstream API.
type Client struct{ base string }

// New returns a client of the API at base.
func New(base string) *Client { return &Client{base: base} }

// An Error is a failed call, with the body the API answered.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("api returned %d: %s", e.Status, e.Body) }

// Get returns the body of path, or an Error with the body of the failure.
func (c *Client) Get(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 400 {
		return nil, &Error{Status: resp.StatusCode, Body: string(body)}
	}
	return body, nil
}

// Delete deletes path; its error says what the API answered.
func (c *Client) Delete(ctx context.Context, path string) error {
	resp, err := http.Post(c.base+path, "text/plain", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("delete %s: %d %s", path, resp.StatusCode, b)
	}
	return nil
}

// Post posts to path and decodes the answer into v. Its errors show the
// body in two places: an answer it cannot decode, and a failure.
func (c *Client) Post(ctx context.Context, path string, v any) error {
	resp, err := http.Post(c.base+path, "application/json", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 400 {
		return fmt.Errorf("post %s: %s", path, data)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("decoding %q: %w", data, err)
	}
	return nil
}

// Put replaces what is at path. Its error shows the body in two places,
// like Post's, but one handler alone shows it.
func (c *Client) Put(ctx context.Context, path string) error {
	resp, err := http.Post(c.base+path, "application/json", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode == http.StatusConflict {
		return fmt.Errorf("put %s: conflict: %s", path, data)
	}
	if resp.StatusCode >= 400 {
		return fmt.Errorf("put %s: %s", path, data)
	}
	return nil
}

// Ping reports whether the API answers; its error says only that.
func (c *Client) Ping(ctx context.Context) error {
	resp, err := http.Get(c.base + "/ping")
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("ping: status %d", resp.StatusCode)
	}
	return nil
}

// Patch and Archive hand the body they read to apiError, which puts it
// into the error it makes in each of its two status branches: one edit,
// in apiError, for both.
func (c *Client) Patch(ctx context.Context, path string) error {
	return c.send(ctx, "PATCH", path)
}

func (c *Client) Archive(ctx context.Context, path string) error {
	return c.send(ctx, "POST", path+"/archive")
}

func (c *Client) send(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 400 {
		return apiError(resp.StatusCode, data)
	}
	return nil
}

func apiError(status int, body []byte) error {
	if status == http.StatusForbidden {
		return fmt.Errorf("forbidden: check the token's scopes; details: %s", body)
	}
	return fmt.Errorf("status %d: %s", status, body)
}
