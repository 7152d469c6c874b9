// Package swallow has go-sdk and mcp-go handlers whose helpers turn a
// failure into an empty value: the handler then answers with it as if it
// were real. And the helpers that look alike but are not reported.
package swallow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/swallowdep"
)

type In struct{ Name string }

type Out struct {
	Available bool               `json:"available"`
	Summary   string             `json:"summary"`
	Counts    map[string]float64 `json:"counts"`
	Owners    []string           `json:"owners"`
}

func query(ctx context.Context, q string) (*http.Response, error) { return nil, nil }

// probe reports whether any series matches.
func probe(ctx context.Context, q string) bool {
	resp, err := query(ctx, q)
	if err != nil {
		return false // want `no-fake-empty-result: helper probe returns an empty value, with no error to say it failed, while handling err: go-sdk typed handler typed, which calls it, cannot tell this failure from a real, empty answer`
	}
	defer resp.Body.Close()
	var names []string
	if err := json.NewDecoder(resp.Body).Decode(&names); err != nil {
		return false // want `no-fake-empty-result: helper probe returns an empty value`
	}
	return len(names) > 0
}

// summarize writes a summary of each file.
func summarize(ctx context.Context, files []string) string {
	var s string
	for _, f := range files {
		if err := write(ctx, f, &s); err != nil {
			return "" // want `no-fake-empty-result: helper summarize returns an empty value`
		}
	}
	return s
}

func write(ctx context.Context, f string, s *string) error { return nil }

// fill stores the value of each series in counts.
func fill(ctx context.Context, q string, counts map[string]float64) {
	resp, err := query(ctx, q)
	if err != nil {
		return // want `no-fake-empty-result: helper fill returns before filling in what it was given while handling err`
	}
	counts[q] = float64(resp.StatusCode)
}

// fillAll is reached through another helper.
func fillAll(ctx context.Context, counts map[string]float64) { fill(ctx, "up", counts) }

// owners returns who owns the name.
func owners(ctx context.Context, name string) ([]string, error) {
	resp, err := query(ctx, name)
	if err != nil {
		return nil, nil // want `no-fake-empty-result: helper owners returns a nil error and an empty value while handling err`
	}
	return []string{resp.Status}, nil
}

func typed(ctx context.Context, req *gosdk.CallToolRequest, in In) (*gosdk.CallToolResult, Out, error) {
	out := Out{Counts: map[string]float64{}}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		out.Available = probe(ctx, in.Name) // called from a goroutine: still the handler's
	}()
	wg.Wait()
	out.Summary = summarize(ctx, []string{in.Name})
	fillAll(ctx, out.Counts)
	out.Available = out.Available && generatedProbe(ctx)
	list, err := owners(ctx, in.Name)
	if err != nil {
		return nil, Out{}, err
	}
	out.Owners = list
	return nil, out, nil
}

func rawTags(ctx context.Context, name string) ([]byte, error) { return nil, nil }

// tags decodes what the service answered, which tagsOf hands it: a parse
// of an upstream's answer, not of the tool's input.
func tags(data []byte) []string {
	var out []string
	if err := json.Unmarshal(data, &out); err != nil {
		return nil // want `no-fake-empty-result: helper tags returns an empty value, with no error to say it failed, while handling err: mcp-go handler mcpgo, which calls it`
	}
	return out
}

func tagsOf(ctx context.Context, name string) ([]string, error) {
	data, err := rawTags(ctx, name)
	if err != nil {
		return nil, err
	}
	return tags(data), nil
}

// A Window is data, though it decodes itself: not a service.
type Window struct{ From, To string }

// UnmarshalJSON decodes a window.
func (w *Window) UnmarshalJSON(b []byte) error { return nil }

// window asks the service for the current window.
func window(ctx context.Context) *Window {
	if _, err := query(ctx, "window"); err != nil {
		return &Window{} // want `no-fake-empty-result: helper window returns an empty value`
	}
	return &Window{From: "a"}
}

// What looks alike and is not reported.

// flagOn reads a feature flag, off when it cannot be read: the handler
// only chooses what to do by it, and its answer is not the flag.
func flagOn(ctx context.Context, name string) bool {
	if _, err := query(ctx, "flags/"+name); err != nil {
		return false
	}
	return true
}

// labels decodes the labels the tool was given: a malformed value, not
// the work going wrong.
func labels(raw string) []string {
	var out []string
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return nil
	}
	return out
}

// lookup is the comma-ok form: false says it failed.
func lookup(ctx context.Context, name string) (string, bool) {
	resp, err := query(ctx, name)
	if err != nil {
		return "", false
	}
	return resp.Status, true
}

// port parses what it was given: a malformed value, not a failure of work.
func port(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return n
}

// hint cannot fail at run time: json.Marshal of a map of strings.
func hint(name string) string {
	b, err := json.Marshal(map[string]string{"name": name})
	if err != nil {
		return ""
	}
	return string(b)
}

// cached is best-effort: nil on any error, and the caller knows it.
func cached(ctx context.Context, name string) []string {
	resp, err := query(ctx, name)
	if err != nil {
		return nil
	}
	return []string{resp.Status}
}

// logged hands the error on before returning: it is recorded.
func logged(ctx context.Context, name string) []string {
	resp, err := query(ctx, name)
	if err != nil {
		slog.Error("query", "err", err)
		return nil
	}
	return []string{resp.Status}
}

// known translates a known condition.
func known(ctx context.Context, name string) []string {
	resp, err := query(ctx, name)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	if err != nil {
		return []string{"unknown"} // a fallback that is not empty
	}
	return []string{resp.Status}
}

// given formats an error it was given: not a failure of its own work.
func given(err error) string {
	if err != nil {
		return ""
	}
	return "ok"
}

// available lists names for an error message only.
func available(ctx context.Context) []string {
	resp, err := query(ctx, "names")
	if err != nil {
		return nil
	}
	return []string{resp.Status}
}

// confirm returns a nil result to let the call go on: no result, not an
// empty one.
func confirm(ctx context.Context) *mcp.CallToolResult {
	if _, err := query(ctx, "confirm"); err != nil {
		return nil
	}
	return mcp.NewToolResultText("cancelled")
}

// stop gives up with the caller.
func stop(ctx context.Context) []string {
	if err := ctx.Err(); err != nil {
		return nil
	}
	return []string{"running"}
}

// notify returns early but fills nothing in.
func notify(ctx context.Context, name string) {
	if _, err := query(ctx, name); err != nil {
		return
	}
}

// helper is never called by a handler.
func helper(ctx context.Context) string {
	if _, err := query(ctx, "x"); err != nil {
		return ""
	}
	return "x"
}

func mcpgo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if r := confirm(ctx); r != nil {
		return r, nil
	}
	status, ok := lookup(ctx, name)
	if !ok {
		return mcp.NewToolResultError("no such name"), nil
	}
	if name == "" {
		names := available(ctx)
		return nil, fmt.Errorf("name is required; one of %v", names)
	}
	notify(ctx, name)
	if flagOn(ctx, "tags") {
		name += " (tagged)"
	}
	tg, err := tagsOf(ctx, name)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the tags", err), nil
	}
	examples, err := swallowdep.Examples(ctx, req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the examples", err), nil
	}
	text := fmt.Sprint(status, port(name), hint(name), cached(ctx, name), logged(ctx, name), known(ctx, name), given(nil), stop(ctx), swallowdep.Names(ctx), swallowdep.Read(ctx, nil), swallowdep.Summed, swallowdep.Deep(ctx, nil), tg, labels(req.GetString("labels", "")), window(ctx), examples)
	return mcp.NewToolResultText(text), nil
}

func Register(s *gosdk.Server, m *server.MCPServer) {
	gosdk.AddTool(s, &gosdk.Tool{Name: "typed"}, typed)
	m.AddTool(mcp.NewTool("mcpgo"), mcpgo)
}
