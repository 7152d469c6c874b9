// Package adapted has a handler adapter of its own, as mcp-grafana does:
// MustTool turns plain functions into mcp-go handlers, sending a returned
// error's text to the client as an error result. The functions it adapts
// are handlers.
package adapted

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type HandlerFunc[T, R any] = func(ctx context.Context, args T) (R, error)

type Tool struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

func MustTool[T, R any](name string, h HandlerFunc[T, R]) Tool {
	return Tool{Tool: mcp.NewTool(name), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args T
		out, err := h(ctx, args)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil
		}
		return mcp.NewToolResultText(fmt.Sprint(out)), nil
	}}
}

type Args struct{ Query string }

type Client struct {
	BaseURL, APIKey string
	HTTP            *http.Client
}

func fetch(ctx context.Context) (*http.Response, error) { return nil, nil }

func query(ctx context.Context, q string) ([]string, error) { return nil, nil }

func fallback(ctx context.Context) ([]string, error) { return nil, nil }

func search(ctx context.Context, args Args) ([]string, error) {
	resp, err := fetch(ctx)
	if err != nil {
		return nil, fmt.Errorf("search: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return nil, fmt.Errorf("search returned %d: %s", resp.StatusCode, string(body)) // want `no-stringify-upstream-error: the error adapted handler search returns includes an HTTP response body read with io.ReadAll: .*keep the raw value in the server's logs$`
	}
	return nil, nil
}

func teams(ctx context.Context, args Args) ([]string, error) {
	c := &Client{BaseURL: "http://grafana", APIKey: "secret"}
	items, err := query(ctx, args.Query)
	if err != nil {
		return nil, fmt.Errorf("search teams for %+v: %w", c, err) // want `no-stringify-upstream-error: the error adapted handler teams returns includes a value of type \*Client printed field by field with %\+v`
	}
	return items, nil
}

func dashboards(ctx context.Context, args Args) ([]string, error) {
	items, err := query(ctx, args.Query)
	if err != nil {
		return []string{}, nil // want `no-fake-empty-result: adapted handler dashboards returns an empty success while handling err`
	}
	return items, nil
}

// datasources reports the primary failure when its fallback fails too:
// the cause that matters is kept.
func datasources(ctx context.Context, args Args) ([]string, error) {
	list, err := query(ctx, args.Query)
	if err == nil {
		return list, nil
	} else if fb, fbErr := fallback(ctx); fbErr == nil {
		return fb, nil
	} else {
		return nil, fmt.Errorf("list datasources: %w", err)
	}
}

// commit keeps the failure it was handling when the rollback fails too.
func commit(ctx context.Context, args Args) (string, error) {
	var tx *sql.Tx
	if _, err := query(ctx, args.Query); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil {
			return "", fmt.Errorf("%w (and the rollback failed: %v)", err, rbErr)
		}
		return "", err
	}
	return "ok", nil
}

// A plain error is what an adapted handler returns: prefer-mcp-error-in-handler
// is for mcperr tools only.
func validate(ctx context.Context, args Args) (string, error) {
	if args.Query == "" {
		return "", errors.New("query is required")
	}
	return args.Query, nil
}

var Tools = []Tool{
	MustTool("search", search),
	MustTool("teams", teams),
	MustTool("dashboards", dashboards),
	MustTool("datasources", datasources),
	MustTool("commit", commit),
	MustTool("validate", validate),
}

// A function only called back, never adapted, is not a handler.
func runLater(f func(ctx context.Context, n int) (int, error)) {}

func notAHandler(ctx context.Context, n int) (int, error) {
	if _, err := query(ctx, ""); err != nil {
		return 0, nil
	}
	return n, nil
}

func init() { runLater(notAHandler) }
