// Package repos declares tools whose handlers take the server's
// dependencies and look like go-sdk typed handlers. NewTool hands them to
// rawkit.Raw, which makes their errors protocol errors; NewSafeTool hands
// them to rawkit.Converting, which makes them error results.
package repos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/rawkit"
	"fixtures/resultkit"
)

// Deps are what every handler is given.
type Deps struct{ Client *http.Client }

// Handler is a handler of this package.
type Handler[In any] func(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error)

// A Tool is a tool and its raw handler.
type Tool struct {
	Tool    *mcp.Tool
	Handler mcp.ToolHandler
}

// NewTool binds h to deps and ends on the raw path.
func NewTool[In any](tool *mcp.Tool, deps Deps, h Handler[In]) Tool {
	return Tool{Tool: tool, Handler: rawkit.Raw(func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return h(ctx, deps, req, in)
	})}
}

// NewSafeTool binds h to deps and converts its errors.
func NewSafeTool[In any](tool *mcp.Tool, deps Deps, h Handler[In]) Tool {
	return Tool{Tool: tool, Handler: rawkit.Converting(func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return h(ctx, deps, req, in)
	})}
}

type RepoIn struct{ Owner, Name string }

var errNoSuchRepo = errors.New("no such repository")

func fetch(ctx context.Context, deps Deps, in RepoIn) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.invalid/repos/"+in.Owner+"/"+in.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	resp, err := deps.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("get repository: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, errNoSuchRepo
	}
	return io.ReadAll(resp.Body)
}

// getRepo is on the raw path: its errors never reach the model.
func getRepo(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in RepoIn) (*mcp.CallToolResult, any, error) {
	if in.Owner == "" {
		return resultkit.Error("owner is required"), nil, nil
	}
	data, err := fetch(ctx, deps, in)
	if errors.Is(err, errNoSuchRepo) {
		return resultkit.Error("no repository " + in.Owner + "/" + in.Name), nil, nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err() // the context's own error: the client gave up
		}
		return nil, nil, fmt.Errorf("get repository: %w", err) // want `sdk-protocol-error: the go-sdk sends an error returned by this function as a JSON-RPC error.*passed to repos.NewTool.*passed to rawkit.Raw`
	}
	return resultkit.Text(string(data)), nil, nil
}

// readme loses the cause in an error result the project's own package
// builds, and shows a raw body in another.
func readme(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in RepoIn) (*mcp.CallToolResult, any, error) {
	resp, err := deps.Client.Get("https://example.invalid/repos/" + in.Owner + "/" + in.Name + "/readme")
	if err != nil {
		return resultkit.Error("the repository has no readme"), nil, nil // want `preserve-cause-on-rethrow`
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return resultkit.ErrorFromErr("reading the readme failed", err), nil, nil
	}
	if resp.StatusCode != http.StatusOK {
		return resultkit.Error("readme: " + string(body)), nil, nil // want `no-stringify-upstream-error: the text of the error result resultkit.Error builds includes an HTTP response body`
	}
	return resultkit.Text(string(body)), nil, nil
}

// listRepos is on the converting path: its errors are error results.
func listRepos(ctx context.Context, deps Deps, req *mcp.CallToolRequest, in RepoIn) (*mcp.CallToolResult, any, error) {
	data, err := fetch(ctx, deps, in)
	if err != nil {
		return nil, nil, fmt.Errorf("list repositories: %w", err)
	}
	return resultkit.Text(string(data)), nil, nil
}

// Tools are the package's tools.
func Tools(deps Deps) []Tool {
	return []Tool{
		NewTool(&mcp.Tool{Name: "get_repo"}, deps, getRepo),
		NewTool(&mcp.Tool{Name: "readme"}, deps, readme),
		NewSafeTool(&mcp.Tool{Name: "list_repos"}, deps, listRepos),
	}
}
