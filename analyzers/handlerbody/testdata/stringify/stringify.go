// Package stringify builds client-visible messages from raw upstream
// values, and puts them where they belong.
package stringify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"os"
	"os/exec"
	"strings"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type upstreamReply struct {
	Status int
	Detail string
}

type stringer struct{ v int }

func (s stringer) String() string { return "stringer" }

// call is a service function: the messages it builds reach the client.
func call(ctx context.Context, c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return mcperr.ServiceUnavailable("the upstream is unreachable", mcperr.WithCause(err))
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 500 {
		return mcperr.ServiceUnavailable("upstream failed: " + string(body)) // want `no-stringify-upstream-error: the message of mcperr.ServiceUnavailable includes an HTTP response body read with io.ReadAll`
	}
	if resp.StatusCode == 404 {
		msg := fmt.Sprintf("not found: %s", strings.TrimSpace(string(body[:10])))
		return mcperr.NotFound(msg) // want `no-stringify-upstream-error: the message of mcperr.NotFound includes an HTTP response body`
	}
	if resp.StatusCode == 409 {
		// The raw body as data, the story in words: the right place.
		return mcperr.Conflict("The record changed meanwhile.", mcperr.WithData("upstreamBody", string(body)),
			mcperr.WithCause(fmt.Errorf("upstream said %s", body)))
	}
	var reply upstreamReply
	if err := json.Unmarshal(body, &reply); err != nil {
		return mcperr.SerializationError(fmt.Sprintf("bad reply: %+v", reply), mcperr.WithCause(err)) // want `no-stringify-upstream-error: the message of mcperr.SerializationError includes a value of type upstreamReply printed field by field with %\+v`
	}
	if reply.Status != 0 {
		return mcperr.InternalError(fmt.Sprintf("status %d: %v, %+v, %#v", reply.Status, reply, stringer{}, stringer{})) // want `no-stringify-upstream-error: .* value of type stringer printed field by field with %#v`
	}
	dump, _ := httputil.DumpResponse(resp, true)
	return mcperr.New(mcperr.CodeUnknownError, "unexpected reply:\n"+string(dump)) // want `no-stringify-upstream-error: the message of mcperr.New includes an HTTP dump from httputil.DumpResponse`
}

// notHTTP reads a file in full: not an HTTP body.
func notHTTP(f *os.File) error {
	data, _ := io.ReadAll(f)
	return mcperr.InvalidParams("bad file: " + string(data))
}

func run(ctx context.Context, name string) error {
	out, err := exec.CommandContext(ctx, name).CombinedOutput()
	if err != nil {
		return mcperr.InternalError(fmt.Sprint("the tool failed: ", string(out)), mcperr.WithCause(err)) // want `no-stringify-upstream-error: .*a subprocess's output from \(\*exec.Cmd\).CombinedOutput`
	}
	return nil
}

type In struct{ Q string }
type Out struct{ N int }

// handler returns fmt.Errorf and errors.New texts: the client reads them.
func handler(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	state := map[string]any{"q": in.Q}
	raw, err := json.MarshalIndent(state, "", "  ")
	if err != nil {
		return nil, Out{}, err
	}
	if _, err := json.Marshal(in); err != nil {
		return nil, Out{}, fmt.Errorf("marshal: %w", err) // err is json.Marshal's error, not its output
	}
	if in.Q == "" {
		return nil, Out{}, fmt.Errorf("empty query in %s", raw) // want `no-stringify-upstream-error: the error go-sdk typed handler handler returns includes JSON-encoded data from json.MarshalIndent`
	}
	if in.Q == "x" {
		e := errors.New(string(bytes.TrimSpace(raw))) // want `no-stringify-upstream-error: the error go-sdk typed handler handler returns includes JSON-encoded data`
		return nil, Out{}, e
	}
	if in.Q == "y" {
		res := &mcp.CallToolResult{}
		res.SetError(fmt.Errorf("state: %s", raw)) // want `no-stringify-upstream-error: the error passed to SetError`
		return res, Out{}, nil
	}
	if in.Q == "w" {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "state: " + string(raw)}}} // want `no-stringify-upstream-error: the text of an error result includes JSON-encoded data`
		res.SetError(errors.New("bad state"))
		return res, Out{}, nil
	}
	if in.Q == "v" {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "state: " + string(raw)}}} // want `no-stringify-upstream-error: the text of an error result includes JSON-encoded data`
		res.IsError = true
		return res, Out{}, nil
	}
	if in.Q == "u" {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "state: " + string(raw)}}}
		res.IsError = false // still a success: its content is the tool's output
		return res, Out{}, nil
	}
	if in.Q == "z" {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "state: " + string(raw)}}}, Out{}, nil // want `no-stringify-upstream-error: the text of an error result includes JSON-encoded data`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(raw)}}}, Out{}, nil // a success's content is the tool's output
}

type Page struct{ Body string }

var tool = &mcperr.Tool[In, Page]{
	Name:   "fetch",
	Errors: []mcperr.Contract{{Reason: "upstream_down", Code: mcperr.CodeServiceUnavailable, When: "The upstream fails.", Recovery: "Wait a minute, then fetch the page again."}},
	Handler: func(ctx context.Context, in In) (Page, error) {
		resp, err := http.Get("http://upstream/" + in.Q)
		if err != nil {
			return Page{}, mcperr.Fail(ctx, "upstream_down", "", mcperr.WithCause(err))
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body) // want `no-fake-empty-result: .* drops the error of ReadAll`
		if resp.StatusCode == 503 {
			return Page{}, mcperr.Fail(ctx, "upstream_down", "upstream: "+string(body)) // want `no-stringify-upstream-error: the message of mcperr.Fail includes an HTTP response body`
		}
		if resp.StatusCode != 200 {
			return Page{}, fmt.Errorf("upstream answered %d: %s", resp.StatusCode, body) // want `no-stringify-upstream-error: the error the mcperr tool handler returns includes an HTTP response body` `prefer-mcp-error-in-handler`
		}
		return Page{Body: string(body)}, nil
	},
}

func structured(ctx context.Context, req gomcp.CallToolRequest, in In) (Page, error) {
	out, err := exec.CommandContext(ctx, "fortune").Output()
	if err != nil {
		return Page{}, fmt.Errorf("fortune failed (%w): %s", err, out) // want `no-stringify-upstream-error: the error mcp-go structured handler structured returns includes a subprocess's output from \(\*exec.Cmd\).Output`
	}
	return Page{Body: string(out)}, nil
}

func mcpgo(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	resp, err := http.Get("http://upstream/")
	if err != nil {
		return gomcp.NewToolResultErrorFromErr("upstream unreachable", err), nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10)) // want `no-fake-empty-result: .* drops the error of ReadAll`
	switch resp.StatusCode {
	case 500:
		return gomcp.NewToolResultError(string(b)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError includes an HTTP response body`
	case 502:
		return gomcp.NewToolResultErrorf("bad gateway: %s", b), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultErrorf`
	case 503:
		return gomcp.NewToolResultErrorFromErr("unavailable", fmt.Errorf("body %q", b)), nil // want `no-stringify-upstream-error: the error mcp.NewToolResultErrorFromErr shows`
	case 504:
		return &gomcp.CallToolResult{IsError: true, Content: []gomcp.Content{gomcp.NewTextContent(string(b))}}, nil // want `no-stringify-upstream-error: the text of an error result`
	case 400:
		return gomcp.NewToolResultErrorf("bad request (status %d)", resp.StatusCode), nil
	}
	return gomcp.NewToolResultText(string(b)), nil // the tool's output
}
