// Package fieldbranch has handlers and helpers whose failures travel in
// a field of what a runner returns (r.Err), tested where they are
// handled: the branch handles the field as it would an err variable.
package fieldbranch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type run struct {
	Out []byte
	Err error
}

func read(name string) run {
	data, err := os.ReadFile(name)
	return run{Out: data, Err: err}
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// status answers an empty success when the read fails.
func status(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := read("status")
	if r.Err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no status"}}}, nil // want `no-fake-empty-result: go-sdk raw handler status returns an empty success while handling r.Err`
	}
	return text(string(r.Out)), nil
}

// load flattens the field's error into text.
func load(name string) ([]byte, error) {
	r := read(name)
	if r.Err != nil {
		return nil, fmt.Errorf("loading %s: %v", name, r.Err) // want `preserve-cause-on-rethrow`
	}
	return r.Out, nil
}

func config(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := load("config")
	if err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(err)
		return res, nil
	}
	return text(string(data)), nil
}

// Must not: the field's error kept, wrapped, or shown.

func wrapped(name string) ([]byte, error) {
	r := read(name)
	if r.Err != nil {
		return nil, fmt.Errorf("loading %s: %w", name, r.Err)
	}
	return r.Out, nil
}

func profile(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := wrapped("profile")
	if err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(err)
		return res, nil
	}
	r := read("extra")
	if r.Err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(r.Err)
		return res, nil
	}
	return text(string(data) + string(r.Out)), nil
}

// version answers with what the read gave and never looks at its error.
func version(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := read("VERSION") // want `no-fake-empty-result: go-sdk raw handler version drops the error of read and answers with what it gave`
	return text(string(r.Out)), nil
}

// described hands the whole run to a helper, which may read its error.
func described(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r := read("DESCRIPTION")
	return text(describe(r)), nil
}

func describe(r run) string {
	if r.Err != nil {
		return "no description: " + r.Err.Error()
	}
	return string(r.Out)
}

// A setup check run once, its error kept in a field of the tool and
// returned on every call: what the check loses, every tool loses.
type tool struct {
	once     sync.Once
	setupErr error
	cacheErr error
}

func checkSetup() error {
	if _, err := exec.LookPath("deployctl"); err != nil {
		return errors.New("deployctl is not installed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return nil
}

func checkCache() error {
	if _, err := os.Stat("/var/cache/deploy"); err != nil {
		return fmt.Errorf("no cache: %w", err)
	}
	return nil
}

func (t *tool) ready() error {
	t.once.Do(func() {
		t.setupErr = checkSetup()
		t.cacheErr = checkCache()
	})
	if t.setupErr != nil {
		return t.setupErr
	}
	return t.cacheErr
}

func (t *tool) deploy(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := t.ready(); err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(err)
		return res, nil
	}
	return text("deployed"), nil
}

func Register(s *mcp.Server) {
	t := &tool{}
	s.AddTool(&mcp.Tool{Name: "deploy"}, t.deploy)
	s.AddTool(&mcp.Tool{Name: "version"}, version)
	s.AddTool(&mcp.Tool{Name: "described"}, described)
	s.AddTool(&mcp.Tool{Name: "status"}, status)
	s.AddTool(&mcp.Tool{Name: "config"}, config)
	s.AddTool(&mcp.Tool{Name: "profile"}, profile)
}
