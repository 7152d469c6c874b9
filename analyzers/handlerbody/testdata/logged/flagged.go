package logged

// Helpers that answer with a flag of their own success, and an error
// shadowed in a failure branch.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// post answers whether the upload went through, and what to tell: a
// failed status is told in words, so the body it reads for them (its
// error dropped) answers nothing: return false is the helper's failure.
func post(url string) (bool, string) {
	resp, err := http.Post(url, "text/plain", nil)
	if err != nil {
		return false, "the upload could not be sent"
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return false, fmt.Sprintf("the upload was refused (%d bytes of explanation)", len(body))
	}
	return true, "uploaded"
}

// receipt answers with the receipt the server sent, whatever its read
// did: a failed read is told as an empty receipt.
func receipt(url string) (bool, string) {
	resp, err := http.Get(url)
	if err != nil {
		return false, "the receipt could not be fetched"
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: helper receipt drops the error of ReadAll and answers with what it gave`
	return true, string(body)
}

// convert converts a file into a temporary one.
//
// (The removal's err shadows the conversion's in the branch, so that
// once the removal succeeds the answer is "" and nil.)
func convert(in string) (string, error) {
	out, err := transcode(in)
	if err != nil {
		err := os.Remove(out)
		if err != nil {
			return "", err
		}
		return "", err // want `no-fake-empty-result: helper convert returns a nil error and an empty value while handling err`
	}
	return out, nil
}

// convertChecked returns what the conversion gave, and its error, which
// is nil by then.
func convertChecked(in string) (string, error) {
	out, err := transcode(in)
	if err != nil {
		return "", err
	}
	return out, err
}

// convertAgain checks the conversion, then assigns err again in the
// if's own statement: there it holds the second conversion's failure.
func convertAgain(in string) (string, error) {
	out, err := transcode(in)
	if err != nil {
		return "", err
	}
	if out, err = transcode(out); err != nil {
		return "", err
	}
	switch out, err = transcode(out); {
	case err != nil:
		return "", err
	}
	return out, nil
}

// labels decodes the body into a local with the error assigned again
// in the if's own statement.
func labels(url string) ([]string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []string
	if err = json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, err
	}
	return out, nil
}

func transcode(in string) (string, error) {
	if in == "" {
		return "", errors.New("nothing to transcode")
	}
	out := in + ".ogg"
	if err := exec.Command("ffmpeg", "-i", in, out).Run(); err != nil {
		return out, fmt.Errorf("transcoding %s: %w", in, err)
	}
	return out, nil
}

func uploadTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ok, msg := post(req.GetString("url", ""))
	if !ok {
		return mcp.NewToolResultError(msg), nil
	}
	_, text := receipt(req.GetString("url", ""))
	return mcp.NewToolResultText(text), nil
}

func convertTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := convert(req.GetString("file", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("converting", err), nil
	}
	checked, err := convertChecked(req.GetString("file", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("converting", err), nil
	}
	names, err := labels(req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing labels", err), nil
	}
	again, err := convertAgain(strings.Join(names, ","))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("converting", err), nil
	}
	return mcp.NewToolResultText(out + " " + checked + " " + again), nil
}

// RegisterFlagged registers the tools.
func RegisterFlagged(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("upload"), uploadTool)
	s.AddTool(mcp.NewTool("convert"), convertTool)
}
