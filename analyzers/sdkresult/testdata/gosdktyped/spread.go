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
}
