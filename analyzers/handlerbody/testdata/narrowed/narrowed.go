// Package narrowed translates its client's errors in one helper, as
// servers over a Google or Atlassian client do: an errors.As test picks
// out the client's error type, every branch under it answers in its own
// words, and only an error of another type is returned as it is. The
// body the client's error prints cannot reach that last return.
package narrowed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// APIError is the client's error: its Error prints the body.
type APIError struct {
	Code    int
	Message string
	Body    string
}

func (e *APIError) Error() string { return fmt.Sprintf("api error %d: %s", e.Code, e.Body) }

// TimeoutError is another error the client returns; it prints no body.
type TimeoutError struct{ Op string }

func (e *TimeoutError) Error() string { return e.Op + " timed out" }

func fetch(ctx context.Context, url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return &APIError{Code: resp.StatusCode, Message: http.StatusText(resp.StatusCode), Body: string(body)} // want `no-stringify-upstream-error: the error go-sdk typed handler leaky returns, through narrowed.fetch, includes an HTTP response body`
	}
	return nil
}

// fetchAgain is fetch for the handler whose helper logs: its literal is
// its own place, reported for that handler.
func fetchAgain(ctx context.Context, url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return &APIError{Code: resp.StatusCode, Body: string(body)} // want `no-stringify-upstream-error: the error go-sdk typed handler logged returns, through narrowed.fetchAgain, includes an HTTP response body`
	}
	return nil
}

// translate answers every *APIError in words: what it returns as it is
// is never one.
func translate(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		switch apiErr.Code {
		case http.StatusNotFound:
			return errors.New("not found: check the ID")
		default:
			return fmt.Errorf("the API failed (%d): %s", apiErr.Code, apiErr.Message)
		}
	}
	return err
}

// leaks tests for another type: an *APIError is returned as it is.
func leaks(err error) error {
	var timeout *TimeoutError
	if errors.As(err, &timeout) {
		return errors.New("timed out: retry")
	}
	return err
}

// logs tests for *APIError but carries on: it is returned as it is.
func logs(err error) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		fmt.Println("api error", apiErr.Code)
	}
	return err
}

type In struct{ ID string }
type Out struct{ OK bool }

func clean(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := fetch(ctx, "http://api.internal/"+in.ID); err != nil {
		return nil, Out{}, translate(err)
	}
	return nil, Out{OK: true}, nil
}

func leaky(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := fetch(ctx, "http://api.internal/"+in.ID); err != nil {
		return nil, Out{}, leaks(err)
	}
	return nil, Out{OK: true}, nil
}

func logged(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if err := fetchAgain(ctx, "http://api.internal/"+in.ID); err != nil {
		return nil, Out{}, logs(err)
	}
	return nil, Out{OK: true}, nil
}

// inline translates in the handler itself: what it returns as it is is
// never an *APIError.
func inline(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	err := fetchInline(ctx, "http://api.internal/"+in.ID)
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return nil, Out{}, fmt.Errorf("the API failed (%d)", apiErr.Code)
	}
	if err != nil {
		return nil, Out{}, err
	}
	return nil, Out{OK: true}, nil
}

// retried assigns err again after the test: no narrowing.
func retried(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	err := fetch(ctx, "http://api.internal/"+in.ID)
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return nil, Out{}, fmt.Errorf("the API failed (%d)", apiErr.Code)
	}
	if err != nil {
		err = fetchOnce(ctx, "http://api.internal/"+in.ID)
		return nil, Out{}, err
	}
	return nil, Out{OK: true}, nil
}

func fetchInline(ctx context.Context, url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	return &APIError{Code: resp.StatusCode, Body: string(body)}
}

func fetchOnce(ctx context.Context, url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	return &APIError{Code: resp.StatusCode, Body: string(body)} // want `no-stringify-upstream-error: the error go-sdk typed handler retried returns, through narrowed.fetchOnce, includes an HTTP response body`
}

func Serve() {
	s := mcp.NewServer(&mcp.Implementation{Name: "narrowed"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "clean"}, clean)
	mcp.AddTool(s, &mcp.Tool{Name: "leaky"}, leaky)
	mcp.AddTool(s, &mcp.Tool{Name: "logged"}, logged)
	mcp.AddTool(s, &mcp.Tool{Name: "inline"}, inline)
	mcp.AddTool(s, &mcp.Tool{Name: "retried"}, retried)
}
