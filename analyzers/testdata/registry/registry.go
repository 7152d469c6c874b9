// Package registry declares tools whose handlers delegate to functions
// with more parameters than a handler has: those functions' returns are
// the handlers' returns.
package registry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/toolerr"
)

var errNotFound = errors.New("not found")

func call(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://registry.invalid"+path, nil)
	if err != nil {
		return nil, fmt.Errorf("build request: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("registry: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, errNotFound
	}
	return io.ReadAll(resp.Body)
}

// ModuleDetails is a tool whose handler delegates to getModuleDetails.
func ModuleDetails(logger *log.Logger) server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("module_details"),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return getModuleDetails(ctx, req, logger)
		},
	}
}

func getModuleDetails(ctx context.Context, req mcp.CallToolRequest, logger *log.Logger) (*mcp.CallToolResult, error) {
	id, err := req.RequireString("id")
	if err != nil {
		return toolerr.WithErr(logger, "id is required", err), nil
	}
	data, err := call(ctx, "/modules/"+id)
	if errors.Is(err, errNotFound) {
		return toolerr.Errorf(logger, "no module %q", id), nil // chosen by errors.Is: says what failed
	}
	if err != nil {
		return toolerr.Errorf(logger, "no module found for %q", id), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	return mcp.NewToolResultText(string(data)), nil
}

// SearchModules is a tool whose handler delegates to a method with an
// extra parameter, on a server without a middleware that converts errors.
type Searcher struct{ Logger *log.Logger }

func (s *Searcher) Tool() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("search_modules"),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return s.search(ctx, req, 20)
		},
	}
}

func (s *Searcher) search(ctx context.Context, req mcp.CallToolRequest, limit int) (*mcp.CallToolResult, error) {
	q := req.GetString("query", "")
	data, err := call(ctx, fmt.Sprintf("/search?q=%s&limit=%d", q, limit))
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", q, err) // want `sdk-protocol-error: mcp-go sends an error returned by`
	}
	return mcp.NewToolResultText(string(data)), nil
}

// ProviderDetails is a tool whose handler drops its helper's error, and
// the helper drops the cause of its own: both are reported, the helper's
// so that once the handler keeps the error, the error keeps the reason.
func ProviderDetails(logger *log.Logger) server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("provider_details"),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			v, err := latestVersion(ctx, req.GetString("name", ""))
			if err != nil {
				return toolerr.Errorf(logger, "provider not found"), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
			}
			return mcp.NewToolResultText(v), nil
		},
	}
}

func latestVersion(ctx context.Context, name string) (string, error) {
	data, err := call(ctx, "/providers/"+name)
	if err != nil {
		return "", fmt.Errorf("no provider %s", name) // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return string(data), nil
}
