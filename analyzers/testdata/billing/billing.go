// Package billing is the server's HTTP client for a billing API. It
// reports failed responses with the upstream library's error types, from
// another module: which of them put the response body in the error's
// text depends on what their Error methods print.
package billing

import (
	"context"
	"io"
	"net/http"

	"example.com/upstream/api"
)

// do sends a request and turns a failed response into an error.
func do(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return nil, api.StatusError{Code: resp.StatusCode, Status: string(body)} // the body in the text: reported at billingserver.Invoice's return
	}
	return resp, nil
}

// Invoice fetches an invoice.
func Invoice(ctx context.Context, id string) (string, error) {
	resp, err := do(ctx, "https://billing.example/invoices/"+id)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}

// Refund reports a failure with the status line, which the upstream
// wrote for people: not a raw body.
func Refund(ctx context.Context, id string) error {
	resp, err := http.Get("https://billing.example/refunds/" + id)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return api.StatusError{Code: resp.StatusCode, Status: resp.Status}
	}
	return nil
}

// Balance keeps the body in errors whose Error does not print it.
func Balance(ctx context.Context, id string, opaque bool) (string, error) {
	resp, err := http.Get("https://billing.example/balances/" + id)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, readErr := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		if opaque {
			return "", api.OpaqueError{Body: string(body)}
		}
		return "", &api.CodeError{Code: resp.StatusCode, Body: string(body)}
	}
	return string(body), readErr
}
