// Package monitor is a monitoring system's client library. A refused
// call is an *APIError whose Message is the message the API gave in its
// JSON, or, when the reply is not JSON (a proxy's HTML page), the whole
// body; its Error prints Message.
package monitor

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// An APIError is a call the API refused.
type APIError struct {
	Status  int    `json:"-"`
	Message string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("monitor API error (HTTP %d): %s", e.Status, e.Message)
}

// A Host is a monitored host.
type Host struct {
	Name  string `json:"name"`
	State string `json:"state"`
}

// A Client calls the API.
type Client struct{ URL string }

// Host returns the host called name.
func (c *Client) Host(ctx context.Context, name string) (*Host, error) {
	var h Host
	if err := c.get(ctx, "/hosts/"+name, &h); err != nil {
		return nil, err
	}
	return &h, nil
}

func (c *Client) get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return parseError(resp)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func parseError(resp *http.Response) error {
	apiErr := &APIError{Status: resp.StatusCode}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil || len(body) == 0 {
		apiErr.Message = http.StatusText(resp.StatusCode)
		return apiErr
	}
	if err := json.Unmarshal(body, apiErr); err != nil {
		apiErr.Message = string(body)
	}
	return apiErr
}
