// Package beta is one of the vendor's two clients; both fill the shared
// response type's Bytes with the body of every response.
package beta

import (
	"context"
	"errors"
	"io"
	"net/http"

	"example.com/upstream/desk/models"
)

// A Client calls one of the vendor's APIs.
type Client struct{ URL string }

// Get fetches a record.
func (c *Client) Get(ctx context.Context, id string) (string, *models.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL+"/"+id, nil)
	if err != nil {
		return "", nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", nil, err
	}
	return c.process(resp)
}

func (c *Client) process(resp *http.Response) (string, *models.Response, error) {
	defer resp.Body.Close()
	res := &models.Response{Code: resp.StatusCode}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", res, err
	}
	res.Bytes.Write(body)
	if resp.StatusCode >= 300 {
		return "", res, errors.New("request failed")
	}
	return string(body), res, nil
}
