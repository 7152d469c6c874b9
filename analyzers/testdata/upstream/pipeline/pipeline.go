// Package pipeline is a CI service's client library: a refused call
// comes back as an *ErrorResponse that keeps the body of the response in
// RawBody, and whose Error prints only the status and the message the
// service gave in its JSON.
package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// An ErrorResponse is a call the service refused.
type ErrorResponse struct {
	StatusCode int
	Message    string `json:"message"`
	RawBody    []byte `json:"-"`
}

func (r *ErrorResponse) Error() string {
	return fmt.Sprintf("status %d: %s", r.StatusCode, r.Message)
}

// A Client calls the service.
type Client struct{ URL string }

// Build returns the state of a build.
func (c *Client) Build(ctx context.Context, id string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL+"/builds/"+id, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if err := checkResponse(resp); err != nil {
		return "", err
	}
	var state struct{ State string }
	if err := json.NewDecoder(resp.Body).Decode(&state); err != nil {
		return "", err
	}
	return state.State, nil
}

func checkResponse(resp *http.Response) error {
	if resp.StatusCode < 300 {
		return nil
	}
	errResp := &ErrorResponse{StatusCode: resp.StatusCode}
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return errResp
	}
	errResp.RawBody = data
	_ = json.Unmarshal(data, errResp)
	return errResp
}
