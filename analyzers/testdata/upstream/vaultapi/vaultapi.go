// Package vaultapi is a secrets API's client library: a failed response
// becomes a ResponseError that keeps the body it could not decode in its
// Errors, and whose Error writes them into the text it builds.
package vaultapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// A ResponseError is a failed call.
type ResponseError struct {
	Method     string
	StatusCode int
	RawError   bool
	Errors     []string
}

func (r *ResponseError) Error() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Error making API request.\n\nCode: %d.\n", r.StatusCode)
	for _, e := range r.Errors {
		b.WriteString("* " + e)
	}
	return b.String()
}

// Read reads a secret.
func Read(path string) (map[string]any, error) {
	resp, err := http.Get("https://vault.example/v1/" + path)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return nil, responseError(resp)
	}
	var secret map[string]any
	return secret, json.NewDecoder(resp.Body).Decode(&secret)
}

func responseError(resp *http.Response) error {
	buf := &bytes.Buffer{}
	if _, err := io.Copy(buf, resp.Body); err != nil {
		return err
	}
	respErr := &ResponseError{Method: resp.Request.Method, StatusCode: resp.StatusCode}
	var decoded struct{ Errors []string }
	if err := json.Unmarshal(buf.Bytes(), &decoded); err != nil {
		respErr.RawError = true
		respErr.Errors = []string{buf.String()}
	} else {
		respErr.Errors = decoded.Errors
	}
	return respErr
}
