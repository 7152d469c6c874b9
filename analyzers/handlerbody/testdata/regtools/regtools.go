// Package regtools has mcp-go handlers over regclient.
package regtools

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/regclient"
)

// manifest shows the registry's error: its text holds the raw body,
// printed by a method Error calls.
func manifest(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get(req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("fetching the manifest", err), nil
	}
	defer resp.Body.Close()
	if err := regclient.Check(resp); err != nil {
		return mcp.NewToolResultErrorFromErr("the registry refused", err), nil // want `no-stringify-upstream-error: the error mcp.NewToolResultErrorFromErr shows, through regclient.Check → regclient.makeError \(regclient/regclient.go:41\), includes an HTTP response body read with io.ReadAll`
	}
	return mcp.NewToolResultText("ok"), nil
}

// tags translates the registry's error type in its own words first.
func tags(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get(req.GetString("url", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing tags", err), nil
	}
	defer resp.Body.Close()
	if err := regclient.Check(resp); err != nil {
		var re *regclient.Error
		if errors.As(err, &re) {
			return mcp.NewToolResultError(fmt.Sprintf("the registry answered %d", re.Status)), nil
		}
		return mcp.NewToolResultErrorFromErr("listing tags", err), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// stat keeps the cause through the client's builder.
func stat(path string) error {
	if _, err := os.Stat(path); err != nil {
		return regclient.Wrap("no such layer", err)
	}
	return nil
}

func layer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := stat(req.GetString("path", "")); err != nil {
		return mcp.NewToolResultErrorFromErr("reading the layer", err), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("manifest"), manifest)
	s.AddTool(mcp.NewTool("tags"), tags)
	s.AddTool(mcp.NewTool("layer"), layer)
}
