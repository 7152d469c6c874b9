package errhelper

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errExpired = errors.New("session expired")

// textResult is an error result with the text it is given.
func textResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// fromErr is an error result with the error's text and, for a known
// kind, what to do about it.
func fromErr(err error) *mcp.CallToolResult {
	text := err.Error()
	if errors.Is(err, errExpired) && !strings.Contains(text, "sign in") {
		text += " | sign in again"
	}
	return textResult(text)
}

type Videos struct {
	IDs []string `json:"ids"`
}

func searchVideos(ctx context.Context, q string) ([]string, error) { return nil, nil }

// videos wraps the error it handles and hands it to the helper, which
// shows its text: the cause is kept.
func videos(ctx context.Context, req *mcp.CallToolRequest, in struct{ Q string }) (*mcp.CallToolResult, Videos, error) {
	ids, err := searchVideos(ctx, in.Q)
	if err != nil {
		return fromErr(fmt.Errorf("search %q: %w", in.Q, err)), Videos{}, nil
	}
	return nil, Videos{IDs: ids}, nil
}

// videosInWords hands the helper an error of its own: the cause is lost.
func videosInWords(ctx context.Context, req *mcp.CallToolRequest, in struct{ Q string }) (*mcp.CallToolResult, Videos, error) {
	ids, err := searchVideos(ctx, in.Q)
	if err != nil {
		return fromErr(errors.New("search failed")), Videos{}, nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	return nil, Videos{IDs: ids}, nil
}

func registerVideos(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "videos"}, videos)
	mcp.AddTool(s, &mcp.Tool{Name: "videos_in_words"}, videosInWords)
}
