package logged

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Answers gathered by a local function literal, and empty answers told
// apart by an if that still answers a success.

type report struct{ Name, Body string }

func readReports(dir string) ([]report, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []report
	for _, e := range entries {
		out = append(out, report{Name: e.Name()})
	}
	return out, nil
}

// violations adds what each listing gives through add: a failed listing
// is logged, and the "[]" after it passes for "no violations".
func violations(ctx context.Context, dirs []string) ([]byte, error) {
	var all []report
	add := func(rs []report) {
		for _, r := range rs {
			if r.Body != "" {
				all = append(all, r)
			}
		}
	}
	namespaced, err := readReports(dirs[0])
	if err != nil { // want `no-fake-empty-result: helper violations adds to its answer only when err is nil, and answers all the same when the call fails`
		log.Printf("cannot list namespaced reports: %v", err)
	} else {
		add(namespaced)
	}
	if len(all) == 0 {
		return []byte("[]"), nil
	}
	return json.Marshal(all)
}

func listViolations(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := violations(ctx, []string{req.GetString("dir", ".")})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing violations", err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// summaries converts each report in a literal that skips one it cannot
// read; the handler answers with what the literal gathered.
func summaries(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []report
	convert := func(names []string) {
		for _, name := range names {
			rs, err := readReports(name)
			if err != nil { // want `no-fake-empty-result: mcp-go handler summaries calls a function literal that skips to the next iteration when err is not nil`
				log.Printf("skipping %s: %v", name, err)
				continue
			}
			all = append(all, rs...)
		}
	}
	convert(req.GetStringSlice("dirs", nil))
	data, _ := json.Marshal(all)
	return mcp.NewToolResultText(string(data)), nil
}

// counted skips in a literal too, but the handler fails when nothing
// was read: the empty case is told apart.
func counted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []report
	convert := func(names []string) {
		for _, name := range names {
			rs, err := readReports(name)
			if err != nil {
				continue
			}
			all = append(all, rs...)
		}
	}
	convert(req.GetStringSlice("dirs", nil))
	if len(all) == 0 {
		return mcp.NewToolResultError("no directory could be read"), nil
	}
	data, _ := json.Marshal(all)
	return mcp.NewToolResultText(string(data)), nil
}

// everyDir skips a directory it cannot read, then says "none found".
func everyDir(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []report
	for _, dir := range req.GetStringSlice("dirs", nil) {
		rs, err := readReports(dir)
		if err != nil { // want `no-fake-empty-result: mcp-go handler everyDir skips to the next iteration when err is not nil`
			continue
		}
		all = append(all, rs...)
	}
	if len(all) == 0 {
		return mcp.NewToolResultText("No reports found."), nil
	}
	data, _ := json.Marshal(all)
	return mcp.NewToolResultText(string(data)), nil
}

// answer and refuse give the handler's two results.
func answer(s string) (*mcp.CallToolResult, error) { return mcp.NewToolResultText(s), nil }

func refuse(msg string) (*mcp.CallToolResult, error) { return mcp.NewToolResultError(msg), nil }

// listed skips a directory it cannot read and answers through answer.
func listed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	for _, dir := range req.GetStringSlice("dirs", nil) {
		rs, err := readReports(dir)
		if err != nil { // want `no-fake-empty-result: mcp-go handler listed skips to the next iteration when err is not nil`
			continue
		}
		for _, r := range rs {
			names = append(names, r.Name)
		}
	}
	return answer(fmt.Sprint(names))
}

// listedOrRefused refuses when nothing was read.
func listedOrRefused(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	for _, dir := range req.GetStringSlice("dirs", nil) {
		rs, err := readReports(dir)
		if err != nil {
			continue
		}
		for _, r := range rs {
			names = append(names, r.Name)
		}
	}
	if len(names) == 0 {
		return refuse("no directory could be read, or none holds a report")
	}
	return answer(fmt.Sprint(names))
}

// Must not: the empty answer is an error result; the literal writes
// nothing the answer holds.

func everyDirOrFail(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []report
	for _, dir := range req.GetStringSlice("dirs", nil) {
		rs, err := readReports(dir)
		if err != nil {
			continue
		}
		all = append(all, rs...)
	}
	if len(all) == 0 {
		return mcp.NewToolResultError("no directory could be read, or none holds a report"), nil
	}
	data, _ := json.Marshal(all)
	return mcp.NewToolResultText(string(data)), nil
}

func visitedOnly(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	visited := map[string]bool{}
	mark := func(dir string) { visited[filepath.Clean(dir)] = true }
	dir := req.GetString("dir", ".")
	if _, err := readReports(dir); err == nil {
		mark(dir)
	}
	return mcp.NewToolResultText(fmt.Sprintf("checked %s", dir)), nil
}

func registerClosure(m *server.MCPServer) {
	m.AddTool(mcp.NewTool("violations"), listViolations)
	m.AddTool(mcp.NewTool("every_dir"), everyDir)
	m.AddTool(mcp.NewTool("every_dir_or_fail"), everyDirOrFail)
	m.AddTool(mcp.NewTool("visited"), visitedOnly)
	m.AddTool(mcp.NewTool("summaries"), summaries)
	m.AddTool(mcp.NewTool("counted"), counted)
	m.AddTool(mcp.NewTool("listed"), listed)
	m.AddTool(mcp.NewTool("listed_or_refused"), listedOrRefused)
}
