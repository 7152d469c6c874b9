package stringify

// The structured output a go-sdk typed handler answers a failure with is
// text the model reads: the SDK sends it as the result's structured
// content, and as its text when the result has none. A raw body in one
// of its fields leaks as surely as in an error's text. The output of a
// success is the tool's data, and is not checked.

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type fetchIn struct {
	URL string `json:"url"`
}

// download returns the page, or an error that holds the body of a
// failed answer.
func download(url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("HTTP %d - %s", resp.StatusCode, body)
	}
	return string(body), nil
}

// send answers whether the page was sent, and a message that holds the
// body of a failed answer.
func send(url string) (bool, string) {
	resp, err := http.Get(url)
	if err != nil {
		return false, "request failed"
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return false, fmt.Sprintf("HTTP %d - %s", resp.StatusCode, body)
	}
	return true, "sent"
}

// fetchOutput answers a failed download with a success result and an
// output that says so, with the error's text in it.
func fetchOutput(ctx context.Context, req *mcp.CallToolRequest, in fetchIn) (*mcp.CallToolResult, map[string]any, error) {
	page, err := download(in.URL)
	if err != nil {
		msg := "failed to download"
		msg += ": " + err.Error()
		return &mcp.CallToolResult{}, map[string]any{
			"success": false,
			"message": msg, // want `no-stringify-upstream-error: the key "message" of the output go-sdk typed handler fetchOutput returns, through stringify.download, includes an HTTP response body`
		}, nil
	}
	// The page itself is the tool's data.
	return &mcp.CallToolResult{}, map[string]any{"success": true, "page": page}, nil
}

// sendOutput answers with an output whose message holds the body when
// the send failed, and marks the result an error then.
func sendOutput(ctx context.Context, req *mcp.CallToolRequest, in fetchIn) (*mcp.CallToolResult, map[string]any, error) {
	ok, msg := send(in.URL)
	out := map[string]any{"success": ok, "message": msg} // want `no-stringify-upstream-error: the key "message" of the output go-sdk typed handler sendOutput returns, through stringify.send, includes an HTTP response body`
	return &mcp.CallToolResult{IsError: !ok}, out, nil
}

// quietOutput answers a failed download in words of its own.
func quietOutput(ctx context.Context, req *mcp.CallToolRequest, in fetchIn) (*mcp.CallToolResult, map[string]any, error) {
	if _, err := download(in.URL); err != nil {
		return &mcp.CallToolResult{IsError: true}, map[string]any{"success": false, "message": "the page could not be downloaded"}, nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	return &mcp.CallToolResult{}, map[string]any{"success": true}, nil
}

// RegisterOutputs registers the tools.
func RegisterOutputs(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "fetch"}, fetchOutput)
	mcp.AddTool(s, &mcp.Tool{Name: "send"}, sendOutput)
	mcp.AddTool(s, &mcp.Tool{Name: "quiet"}, quietOutput)
}
