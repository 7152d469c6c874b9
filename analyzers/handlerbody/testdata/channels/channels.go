// Package channels has handlers whose failures come to them on a channel
// from the goroutines they start.
package channels

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type params struct{ Text string }

func textResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func errorResult(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// speak streams in a goroutine; the first failure, or nil once the reply
// is good, comes back on status.
func speak(ctx context.Context, req *mcp.CallToolRequest, in params) (*mcp.CallToolResult, any, error) {
	status := make(chan error, 1)
	go func() {
		b, err := json.Marshal(in)
		if err != nil {
			status <- fmt.Errorf("marshal: %v", err) // want `preserve-cause-on-rethrow`
			return
		}
		res, err := http.Post("https://tts.example/v1", "application/json", nil)
		if err != nil {
			status <- fmt.Errorf("send: %w", err)
			return
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			body, _ := io.ReadAll(res.Body)
			status <- fmt.Errorf("tts: %s", body) // want `no-stringify-upstream-error`
			return
		}
		_ = b
		status <- nil
	}()
	select {
	case err := <-status:
		if err != nil {
			return errorResult(fmt.Sprintf("Error: %v", err)), nil, nil
		}
	case <-ctx.Done():
		return errorResult("cancelled"), nil, nil
	}
	return textResult("spoken"), nil, nil
}

// A result carries a value or a failure.
type result struct {
	text string
	err  error
}

// summarize gathers on a channel of results; the failure is a field.
func summarize(ctx context.Context, req *mcp.CallToolRequest, in params) (*mcp.CallToolResult, any, error) {
	out := make(chan result)
	go func() {
		res, err := http.Get("https://sum.example/" + in.Text)
		if err != nil {
			out <- result{err: fmt.Errorf("get: %v", err)} // want `preserve-cause-on-rethrow`
			return
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			out <- result{err: err}
			return
		}
		out <- result{text: string(b)}
	}()
	r := <-out
	if r.err != nil {
		return nil, nil, r.err
	}
	return textResult(r.text), nil, nil
}

// What looks alike and is not reported.

// handed gives its channel to a worker: what else is sent on it is not
// known here.
func handed(ctx context.Context, req *mcp.CallToolRequest, in params) (*mcp.CallToolResult, any, error) {
	errs := make(chan error, 1)
	go worker(errs)
	if err := <-errs; err != nil {
		return errorResult(err.Error()), nil, nil
	}
	return textResult("done"), nil, nil
}

func worker(errs chan<- error) {
	res, err := http.Get("https://w.example/")
	if err != nil {
		errs <- err
		return
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	errs <- fmt.Errorf("worker: %s", b)
}

// kept sends errors that keep their cause and says nothing raw.
func kept(ctx context.Context, req *mcp.CallToolRequest, in params) (*mcp.CallToolResult, any, error) {
	done := make(chan error, 1)
	go func() {
		if _, err := json.Marshal(in); err != nil {
			log.Printf("marshal: %v", err)
			done <- fmt.Errorf("marshal: %w", err)
			return
		}
		done <- nil
	}()
	if err := <-done; err != nil {
		return nil, nil, err
	}
	return textResult("ok"), nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "speak"}, speak)
	mcp.AddTool(s, &mcp.Tool{Name: "summarize"}, summarize)
	mcp.AddTool(s, &mcp.Tool{Name: "handed"}, handed)
	mcp.AddTool(s, &mcp.Tool{Name: "kept"}, kept)
}

// gather ranges over what its workers send: each failure is a value.
func gather(ctx context.Context, req *mcp.CallToolRequest, in params) (*mcp.CallToolResult, any, error) {
	errs := make(chan error, 2)
	for _, u := range []string{"a", "b"} {
		go func() {
			res, err := http.Get("https://g.example/" + u)
			if err != nil {
				errs <- fmt.Errorf("get %s: %s", u, err.Error()) // want `preserve-cause-on-rethrow`
				return
			}
			res.Body.Close()
			errs <- nil
		}()
	}
	for err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return textResult("gathered"), nil, nil
}

func RegisterGather(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "gather"}, gather)
}

// fetched carries the upstream's complaint in an error field.
func fetched(ctx context.Context, req *mcp.CallToolRequest, in params) (*mcp.CallToolResult, any, error) {
	res, err := http.Get("https://f.example/" + in.Text)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	r := result{text: string(b)}
	if res.StatusCode != http.StatusOK {
		r = result{err: fmt.Errorf("status %d: %s", res.StatusCode, b)} // want `no-stringify-upstream-error`
	}
	if r.err != nil {
		return nil, nil, r.err
	}
	return textResult(r.text), nil, nil
}
