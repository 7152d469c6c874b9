// Package encoded has a deploy tool that runs a command and answers with
// a response value encoded whole: what the command wrote travels in a
// list of parts, in a field of the response, in a map, and comes back in
// the error result's JSON.
package encoded

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type run struct {
	Out, Errs string
	Err       error
}

func execute(ctx context.Context, name string, args ...string) run {
	var out, errs bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	return run{Out: out.String(), Errs: errs.String(), Err: err}
}

// Response is what every tool answers with, success or failure.
type Response struct {
	OK     bool   `json:"ok"`
	Output string `json:"output,omitempty"`
	Error  string `json:"error,omitempty"`
	// Trace is kept for the server's logs, never encoded.
	Trace string `json:"-"`
}

func encode(v any) string {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		// The fallback is the server's own words, encoded.
		fallback, _ := json.Marshal(map[string]string{"error": "cannot encode the response"})
		return string(fallback)
	}
	return string(data)
}

func failure(v any) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: encode(v)}}}
}

func success(v any) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: encode(v)}}}
}

// joined gathers the command's complaints in a list and joins them.
func joined(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := execute(ctx, "deploy")
	if r.Err != nil {
		var parts []string
		if r.Errs != "" {
			parts = append(parts, strings.TrimSpace(r.Errs))
		}
		parts = append(parts, "deploy failed")
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: strings.Join(parts, "; ")}}}, nil // want `no-stringify-upstream-error: the text of an error result, through encoded.execute, includes a subprocess.s output written to errs`
	}
	return success(Response{OK: true}), nil
}

// field puts stderr in the response's Error field; failure encodes it.
func field(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := execute(ctx, "deploy")
	resp := Response{OK: r.Err == nil}
	if r.Err != nil {
		resp.Error = r.Errs // want `no-stringify-upstream-error: the text of the error result encoded.failure builds, through encoded.execute, includes a subprocess.s output written to errs`
		return failure(resp), nil
	}
	resp.Output = r.Out
	return success(resp), nil
}

// build fills the response; the handler encodes what it is given back.
func build(ctx context.Context) *Response {
	r := execute(ctx, "rollout")
	if r.Err != nil {
		return &Response{Error: "rollout failed: " + r.Errs}
	}
	return &Response{OK: true}
}

func built(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp := build(ctx)
	if !resp.OK {
		return failure(resp), nil // want `no-stringify-upstream-error: the text of the error result encoded.failure builds, through encoded.build → encoded.execute, includes a subprocess.s output written to errs`
	}
	return success(resp), nil
}

// mapped answers with a map literal holding stderr.
func mapped(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := execute(ctx, "status")
	if r.Err != nil {
		return failure(map[string]any{"error": r.Errs, "retry": false}), nil // want `no-stringify-upstream-error: the text of the error result encoded.failure builds, through encoded.execute, includes a subprocess.s output written to errs`
	}
	return success(map[string]any{"status": r.Out}), nil
}

// printed formats the whole run with %v.
func printed(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := execute(ctx, "status")
	if r.Err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(fmt.Errorf("status failed: %v", r)) // want `no-stringify-upstream-error: the error passed to SetError, whose text the result shows, through encoded.execute, includes a subprocess.s output written to (out|errs)`
		return res, nil
	}
	return success(Response{OK: true}), nil
}

// Must not: the server's own words in the same shapes, a field the
// encoding leaves out, and the command's output on success.

func ownWords(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := execute(ctx, "deploy")
	if r.Err != nil {
		parts := []string{"deploy failed"}
		if exit, ok := r.Err.(*exec.ExitError); ok {
			parts = append(parts, fmt.Sprintf("exit code %d", exit.ExitCode()))
		}
		return failure(Response{Error: strings.Join(parts, ": "), Trace: r.Errs}), nil
	}
	return success(Response{OK: true, Output: r.Out}), nil
}

func logged(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := execute(ctx, "deploy")
	resp := Response{OK: r.Err == nil, Output: r.Out}
	if r.Err != nil {
		resp.Output = ""
		resp.Error = "deploy failed; see the server's logs"
		resp.Trace = r.Errs
		return failure(map[string]any{"error": resp.Error}), nil
	}
	return success(resp), nil
}

func Register(s *mcp.Server) {
	for name, h := range map[string]mcp.ToolHandler{
		"joined": joined, "field": field, "built": built, "mapped": mapped,
		"printed": printed, "own": ownWords, "logged": logged,
	} {
		s.AddTool(&mcp.Tool{Name: name}, h)
	}
}
