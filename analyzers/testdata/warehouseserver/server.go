// Package warehouseserver registers mcp-go tools over package warehouse,
// to which it hands its own Runner: the error Resource builds carries
// the response body, which reaches the client through warehouse's
// functions; Query's does not.
package warehouseserver

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/warehouse"
)

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("warehouse", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
	s.AddTool(mcp.NewTool("tables"), Tables)
	s.AddTool(mcp.NewTool("count"), Count)
	return s
}

type runner struct{ base string }

func (r *runner) Resource(ctx context.Context, path string) ([]byte, error) {
	resp, err := http.Get(r.base + path)
	if err != nil {
		return nil, fmt.Errorf("requesting %s: %w", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: status %d: %s", path, resp.StatusCode, body) // want `no-stringify-upstream-error: the error mcp-go handler Tables returns, through warehouse.Tables → warehouseserver.\(\*runner\).Resource, includes an HTTP response body read with io.ReadAll`
	}
	return body, nil
}

func (r *runner) Query(ctx context.Context, sql string) ([]byte, error) {
	resp, err := http.Post(r.base+"/query", "text/plain", strings.NewReader(sql))
	if err != nil {
		return nil, fmt.Errorf("querying: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("the query failed with status %d", resp.StatusCode)
	}
	return io.ReadAll(resp.Body)
}

func newRunner() warehouse.Runner { return &runner{base: "https://warehouse.example"} }

func Tables(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	names, err := warehouse.Tables(ctx, newRunner(), req.GetString("schema", "public"))
	if err != nil {
		return nil, err // folded under the server that hands it on raw (TestServerRoots)
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

func Count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := warehouse.Count(ctx, newRunner(), req.GetString("table", ""))
	if err != nil {
		return nil, err // folded under the server that hands it on raw (TestServerRoots)
	}
	return mcp.NewToolResultText(strconv.Itoa(n)), nil
}
