package paths

// Work run through a circuit breaker or a retry loop: the function value
// the handler hands over is where the error starts, and the breaker
// passes it on. The callback is on the error's path as a helper called
// directly is, whether it is a literal or a function of the package.

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
)

type breaker struct{ open bool }

// Call runs fn unless the breaker is open, and answers fn's error wrapped.
func (b *breaker) Call(fn func() error) error {
	if b.open {
		return errors.New("circuit open")
	}
	if err := fn(); err != nil {
		return fmt.Errorf("guarded call: %w", err)
	}
	return nil
}

// Detach runs fn in the background and answers at once: fn's error never
// reaches its caller.
func (b *breaker) Detach(fn func() error) error {
	go func() {
		if err := fn(); err != nil {
			log.Print(err)
		}
	}()
	return nil
}

// retry runs fn up to three times, and answers its last error as it is.
func retry(ctx context.Context, fn func(context.Context) (string, error)) (string, error) {
	var last error
	for range 3 {
		out, err := fn(ctx)
		if err == nil {
			return out, nil
		}
		last = err
	}
	return "", last
}

var guard = &breaker{}

func godoc(name string) (string, error) {
	out, err := exec.Command("go", "doc", name).Output()
	if err != nil {
		return "", fmt.Errorf("go doc %s: %v", name, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return string(out), nil
}

func godocWrapped(name string) (string, error) {
	out, err := exec.Command("go", "doc", name).Output()
	if err != nil {
		return "", fmt.Errorf("go doc %s: %w", name, err)
	}
	return string(out), nil
}

func readManifest(ctx context.Context) (string, error) {
	data, err := os.ReadFile("manifest.json")
	if err != nil {
		return "", fmt.Errorf("reading the manifest: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return string(data), nil
}

func tidyCache() error {
	if err := os.RemoveAll("/tmp/godoc-cache"); err != nil {
		return fmt.Errorf("tidying the cache: %v", err) // never reaches a client: Detach keeps it
	}
	return nil
}

// A project's error interface, with a code beside the text: what a
// helper returns as one is an error all the same.
type toolError interface {
	error
	Code() string
}

type codedError struct {
	code  string
	cause error
}

func (e *codedError) Error() string { return e.code + ": " + e.cause.Error() }
func (e *codedError) Code() string  { return e.code }
func (e *codedError) Unwrap() error { return e.cause }

func asToolError(err error, code string) toolError {
	return &codedError{code: code, cause: err}
}

func handleDoc(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var doc string
	cbErr := guard.Call(func() error {
		var err error
		doc, err = godoc(req.GetString("name", ""))
		return err
	})
	if cbErr != nil {
		return mcp.NewToolResultErrorFromErr("go doc", asToolError(cbErr, "DOC_FAILED")), nil
	}
	_ = guard.Detach(tidyCache)
	return mcp.NewToolResultText(doc), nil
}

func handleDocWrapped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var doc string
	err := guard.Call(func() error {
		out, err := godocWrapped(req.GetString("name", ""))
		doc = out
		return err
	})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("go doc", err), nil
	}
	return mcp.NewToolResultText(doc), nil
}

func handleManifest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m, err := retry(ctx, readManifest)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("manifest", err), nil
	}
	return mcp.NewToolResultText(m), nil
}
