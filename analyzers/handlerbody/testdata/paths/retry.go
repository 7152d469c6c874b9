package paths

// Retry loops that keep the last failure and give up after the loop: the
// return after it formats what they kept.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

func fetchWithRetries(ctx context.Context, url string) ([]byte, error) {
	var lastErr error
	for range 3 {
		resp, err := http.Get(url)
		if err != nil {
			lastErr = err
			continue
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			lastErr = fmt.Errorf("status %d", resp.StatusCode)
			continue
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			lastErr = err
			continue
		}
		return data, nil
	}
	return nil, fmt.Errorf("gave up after 3 attempts: %v", lastErr) // want `preserve-cause-on-rethrow: fmt.Errorf formats lastErr, the failure kept from earlier attempts, with %v`
}

func fetchWrapped(ctx context.Context, url string) ([]byte, error) {
	var lastErr error
	for range 3 {
		resp, err := http.Get(url)
		if err != nil {
			lastErr = err
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	return nil, fmt.Errorf("gave up after 3 attempts: %w", lastErr)
}

// upstreamError is the package's own error type: a message, no cause.
type upstreamError struct{ Message string }

func (e *upstreamError) Error() string { return e.Message }

func pingWithRetries(ctx context.Context, url string) error {
	var lastErr error
	for range 3 {
		resp, err := http.Head(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if err != nil {
			lastErr = err
		}
	}
	return &upstreamError{Message: fmt.Sprintf("unreachable after 3 attempts: %v", lastErr)} // want `preserve-cause-on-rethrow: the error returned holds the text of lastErr, the failure kept from earlier attempts, and not the error`
}

var errBusy = errors.New("busy")

// probeAll keeps the verdict of the last probe, not a failure it
// handled, and always reports it: the text is the verdict's.
func probeAll(ctx context.Context, urls []string) error {
	var verdict error
	for _, u := range urls {
		verdict = probe(u)
	}
	return fmt.Errorf("probed %d: %v", len(urls), verdict)
}

func probe(u string) error {
	if u == "" {
		return errBusy
	}
	return nil
}

func handleFetch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	url := req.GetString("url", "")
	if err := probeAll(ctx, []string{url}); err != nil {
		return mcp.NewToolResultErrorFromErr("probe", err), nil
	}
	if err := pingWithRetries(ctx, url); err != nil {
		return mcp.NewToolResultErrorFromErr("ping", err), nil
	}
	data, err := fetchWithRetries(ctx, url)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	more, err := fetchWrapped(ctx, url)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetch", err), nil
	}
	return mcp.NewToolResultText(string(data) + string(more)), nil
}
