package errhelper

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Helpers a failure branch hands its error to, which lose it on some
// paths and keep it on others.

type catalog struct{ versions []string }

func (c *catalog) load(version string) error { return errors.New("download failed") }

// versionError explains a version that could not be loaded: the error it
// is handed is returned as it is only when no version was asked for.
func versionError(version string, c *catalog, original error) error {
	if version == "" {
		return original
	}
	if len(c.versions) == 0 {
		return fmt.Errorf("version %s is not available and no versions were discovered", version) // want `preserve-cause-on-rethrow: versionError returns the error it is handed as original on one path, and here a new one without it`
	}
	return fmt.Errorf("version %s is not available (available: %s)", version, strings.Join(c.versions, ", ")) // want `preserve-cause-on-rethrow: versionError returns the error it is handed as original on one path`
}

// notFound translates what the error is: a return chosen by a test of
// the error keeps nothing of it, and needs not.
func notFound(path string, err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s does not exist", path)
	}
	return fmt.Errorf("reading %s: %w", path, err)
}

// scrubbed hides a long or secret-looking error behind a class message: a
// test of the error's text chooses the return.
func scrubbed(err error) error {
	msg := err.Error()
	if len(msg) > 200 || strings.Contains(msg, "token") {
		return errors.New("transport error")
	}
	return err
}

// logged logs the error it is given and answers in words of its own.
func logged(msg string, err error) *mcp.CallToolResult {
	log.Printf("%s: %v", msg, err)
	return textResult(msg)
}

// status passes a transport error on, and makes one of its own for a
// refused request, when the transport worked: nothing to carry there.
func status(code int, err error) error {
	if err != nil {
		return err
	}
	if code != 200 {
		return fmt.Errorf("status %d", code)
	}
	return nil
}

func docs(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c := &catalog{}
	version := "v1"
	if err := c.load(version); err != nil {
		return textResult(versionError(version, c, err).Error()), nil
	}
	if _, err := os.ReadFile("index.md"); err != nil {
		return textResult(notFound("index.md", err).Error()), nil
	}
	if err := c.load("v2"); err != nil {
		return logged("the docs could not be loaded", err), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	if err := c.load("v3"); err != nil {
		return textResult(status(500, err).Error()), nil
	}
	if err := c.load("latest"); err != nil {
		return textResult(scrubbed(err).Error()), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "docs"}}}, nil
}

func RegisterDocs(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "docs"}, docs)
}
