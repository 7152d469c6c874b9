// Package translated has helpers that test which error they handle before
// answering. A known condition said in words of their own keeps nothing
// of the error, and need not; one that copies the error's text into a
// new error with %v loses the cause all the same.
package translated

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errGone = errors.New("the model is gone")

func complete(ctx context.Context, prompt string) (string, error) { return "", nil }

func ask(ctx context.Context, prompt string) (string, error) {
	answer, err := complete(ctx, prompt)
	if err != nil {
		if strings.Contains(err.Error(), "status code: 429") {
			return "", fmt.Errorf("exhausted the API quota: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v, which copies its text and drops the error: use %w`
		}
		if errors.Is(err, errGone) {
			return "", fmt.Errorf("the model was retired; pick another") // its own words: a translation
		}
		if errors.Is(err, context.DeadlineExceeded) {
			return "", fmt.Errorf("the model did not answer in time: %w", err) // wrapped: kept
		}
		return "", fmt.Errorf("asking the model: %w", err)
	}
	return answer, nil
}

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	answer, err := ask(ctx, req.GetString("prompt", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("asking the model failed", err), nil
	}
	return mcp.NewToolResultText(answer), nil
}

func Serve() {
	s := server.NewMCPServer("translated", "1.0.0")
	s.AddTool(mcp.NewTool("ask"), handle)
}
