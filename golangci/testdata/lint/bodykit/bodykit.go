// Package bodykit is a project's API client: a refused call's error holds
// the body of the response. The place the body enters the text is the
// root of every handler that shows that error, and gets the fix, though
// the findings are reported by the package whose handlers show it.
package bodykit

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

// Fetch returns the body of url.
func Fetch(ctx context.Context, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", fmt.Errorf("building the request: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("calling the API: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", fmt.Errorf("reading the answer: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("the API refused (%d): %s", resp.StatusCode, body) // golangci: no-stringify-upstream-error
	}
	return string(body), nil
}
