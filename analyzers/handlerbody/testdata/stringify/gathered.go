package stringify

import (
	"context"
	"fmt"
	"io"
	"net/http"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// completeUpload puts the body of a refused upload into its error.
func completeUpload(ctx context.Context, url string) error {
	res, err := http.Get(url)
	if err != nil {
		return fmt.Errorf("complete: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("upload refused (status %d): %s", res.StatusCode, body)
	}
	return nil
}

// uploadAll gathers each failure's text in a list of maps and prints
// the list into its error: every body in it reaches the client, and the
// list is where it enters the message.
func uploadAll(ctx context.Context, urls []string) error {
	var failed []map[string]string
	for _, u := range urls {
		if err := completeUpload(ctx, u); err != nil {
			failed = append(failed, map[string]string{"url": u, "error": err.Error()})
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("failed to upload some files: %v", failed) // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through stringify.uploadAll → stringify.completeUpload, includes an HTTP response body`
	}
	return nil
}

// countAll gathers only what it writes itself: no raw text in the list.
func countAll(ctx context.Context, urls []string) error {
	var failed []map[string]string
	for _, u := range urls {
		if err := completeUpload(ctx, u); err != nil {
			failed = append(failed, map[string]string{"url": u, "error": "refused"})
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("failed to upload %d files: %v", len(failed), failed)
	}
	return nil
}

func uploadTool(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if err := uploadAll(ctx, nil); err != nil {
		return gomcp.NewToolResultError(err.Error()), nil
	}
	if err := countAll(ctx, nil); err != nil {
		return gomcp.NewToolResultError(err.Error()), nil
	}
	return gomcp.NewToolResultText("uploaded"), nil
}

func RegisterGathered(s *server.MCPServer) {
	s.AddTool(gomcp.NewTool("upload"), uploadTool)
}

// A tree is a list of itself: printing one must not send the layer
// round the type forever.
type tree []tree

func showTree(t tree) error { return fmt.Errorf("tree: %v", t) }
