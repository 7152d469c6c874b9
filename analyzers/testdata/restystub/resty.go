// Package resty is an HTTP client.
package resty

// A Response is a call's response, with its body read.
type Response struct {
	StatusCode int
	body       []byte
}

// String returns the body, trimmed.
func (r *Response) String() string { return string(r.body) }

// Bytes returns the body.
func (r *Response) Bytes() []byte { return r.body }

// IsError reports whether the status is 400 or above.
func (r *Response) IsError() bool { return r.StatusCode >= 400 }

// A Client sends requests.
type Client struct{}

// New returns a client.
func New() *Client { return &Client{} }

// Post sends a POST request.
func (c *Client) Post(url string, body any) (*Response, error) { return &Response{}, nil }
