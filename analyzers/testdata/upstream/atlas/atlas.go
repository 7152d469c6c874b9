// Package atlas is the library's client: every call goes through
// processResponse, which keeps the body in the response's Bytes.
package atlas

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"example.com/upstream/atlas/models"
	"example.com/upstream/atlas/service"
)

// A Client is the API's client.
type Client struct {
	HTTP   *http.Client
	Issues *service.Issues
}

// New returns a client.
func New() *Client {
	c := &Client{HTTP: http.DefaultClient}
	c.Issues = &service.Issues{C: c}
	return c
}

// Call sends req and decodes the answer into v.
func (c *Client) Call(req *http.Request, v any) (*models.Response, error) {
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	return c.processResponse(resp, v)
}

func (c *Client) processResponse(resp *http.Response, v any) (*models.Response, error) {
	defer resp.Body.Close()
	res := &models.Response{Code: resp.StatusCode, Endpoint: resp.Request.URL.String()}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return res, err
	}
	res.Bytes.Write(body)
	if resp.StatusCode >= 300 {
		return res, errors.New("request failed")
	}
	return res, json.Unmarshal(body, v)
}
