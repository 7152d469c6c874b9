package gosdktyped

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fail logs err and hands its output and err back for the handler to
// return: what it is given is what the go-sdk gets.
func fail[T any](out T, err error) (*mcp.CallToolResult, T, error) {
	if err != nil {
		log.Printf("tool failed: %v", err)
	}
	return nil, out, err
}

type FileOut struct {
	File   string `json:"file"`
	Source string `json:"source"`
}

// readFile fills the output, then fails: the source read is thrown away.
func readFile(ctx context.Context, req *mcp.CallToolRequest, in struct{ File string }) (*mcp.CallToolResult, FileOut, error) {
	out := FileOut{File: in.File}
	data, err := os.ReadFile(in.File)
	if err != nil {
		return fail(FileOut{}, fmt.Errorf("reading %q: %w", in.File, err))
	}
	out.Source = string(data)
	if _, err := os.Stat(in.File + ".lock"); err == nil {
		return fail(out, fmt.Errorf("%q is locked", in.File)) // want `sdk-result-dropped: the go-sdk discards the output a typed handler returns with a non-nil error`
	}
	return fail(out, nil)
}

func registerSpread(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "read_file"}, readFile)
	mcp.AddTool(s, &mcp.Tool{Name: "list_dir"}, listDir)
	mcp.AddTool(s, &mcp.Tool{Name: "collect"}, collect)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, echo)
}

type ListOut struct {
	Names []string `json:"names"`
}

// listDir starts from an output with nothing in it: dropping it loses
// nothing.
func listDir(ctx context.Context, req *mcp.CallToolRequest, in struct{ Dir string }) (*mcp.CallToolResult, ListOut, error) {
	out := ListOut{Names: []string{}}
	entries, err := os.ReadDir(in.Dir)
	if err != nil {
		return fail(out, fmt.Errorf("listing %q: %w", in.Dir, err))
	}
	if len(entries) > 100 {
		return nil, ListOut{Names: nil}, fmt.Errorf("%q has too many entries", in.Dir)
	}
	for _, e := range entries {
		out.Names = append(out.Names, e.Name())
	}
	return fail(out, nil)
}

// collect lists several directories: a failure after the first loses
// the names the earlier iterations wrote; one before any loses nothing.
func collect(ctx context.Context, req *mcp.CallToolRequest, in struct{ Dirs []string }) (*mcp.CallToolResult, ListOut, error) {
	var out ListOut
	if len(in.Dirs) == 0 {
		return fail(out, fmt.Errorf("no directories given"))
	}
	if len(in.Dirs) > 10 {
		out.Names = append(out.Names, "(too many)")
		return nil, out, nil
	}
	for _, d := range in.Dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return fail(out, fmt.Errorf("listing %q: %w", d, err)) // want `sdk-result-dropped: the go-sdk discards the output a typed handler returns with a non-nil error`
		}
		for _, e := range entries {
			out.Names = append(out.Names, e.Name())
		}
	}
	return fail(out, nil)
}

// echo fails with an output that only repeats the request: the client
// knows it already.
func echo(ctx context.Context, req *mcp.CallToolRequest, in struct{ Dir string }) (*mcp.CallToolResult, FileOut, error) {
	out := FileOut{File: in.Dir}
	if _, err := os.Stat(in.Dir); err != nil {
		return fail(out, fmt.Errorf("stat %q: %w", in.Dir, err))
	}
	return nil, out, nil
}
