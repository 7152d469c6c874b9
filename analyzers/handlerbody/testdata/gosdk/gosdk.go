// Package gosdk has go-sdk handlers: typed and raw, functions, a method, a
// generic function, literals, and handlers registered here but declared in
// another package.
package gosdk

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/gosdkhandlers"
)

type In struct{ Q string }
type Out struct {
	Items []string `json:"items"`
	Error string   `json:"error,omitempty"`
}

func list(ctx context.Context) ([]string, error) { return nil, nil }

func text(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	items, err := list(ctx)
	if err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "listing failed"}}}, nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it: .*SetError\(err\)`
	}
	if _, err := list(ctx); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: text("listing failed: " + err.Error())}, nil // the text carries err
	}
	if _, err := list(ctx); err != nil {
		res := &mcp.CallToolResult{Content: text("The listing is unavailable.")}
		res.SetError(err) // keeps the cause, keeps the text
		return res, nil
	}
	if _, err := list(ctx); err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(errors.New("listing failed"))
		return res, nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	if _, err := list(ctx); err != nil {
		// Logged: the operator learns why, the model does not.
		slog.Error("listing", "err", err)
		return &mcp.CallToolResult{IsError: true, Content: text("The listing is unavailable.")}, nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	if _, err := list(ctx); err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "[]"}}}, nil // want `no-fake-empty-result: go-sdk raw handler raw returns an empty success while handling err`
	}
	if _, err := list(ctx); err != nil {
		return &mcp.CallToolResult{Content: text("[]")}, nil // want `no-fake-empty-result: go-sdk raw handler raw answers a fixed success while handling err`
	}
	if _, err := list(ctx); err != nil {
		slog.Error("listing", "err", err)
		return &mcp.CallToolResult{}, nil // want `no-fake-empty-result`
	}
	if _, err := list(ctx); err != nil {
		return nil, nil // not a success: sdkresult's sdk-nil-result
	}
	if _, err := list(ctx); err != nil {
		return nil, fmt.Errorf("listing: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	if _, err := list(ctx); errors.Is(err, fs.ErrNotExist) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "[]"}}}, nil // not found is empty: a sentinel branch
	}
	if _, err := list(ctx); err != nil {
		return &mcp.CallToolResult{Content: text("The listing is degraded; showing cached items.")}, nil // want `no-fake-empty-result: go-sdk raw handler raw answers a fixed success`
	}
	return &mcp.CallToolResult{Content: text(fmt.Sprint(items))}, nil
}

func typed(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	items, err := list(ctx)
	if err != nil {
		return nil, Out{}, nil // want `no-fake-empty-result: go-sdk typed handler typed returns an empty success`
	}
	if _, err := list(ctx); err != nil {
		return nil, Out{}, errors.New("listing failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it: wrap it \(%w\) or pass it on`
	}
	if _, err := list(ctx); err != nil {
		return nil, Out{Items: items, Error: err.Error()}, nil // a partial success carrying the error
	}
	if _, err := list(ctx); err != nil {
		return nil, Out{}, fmt.Errorf("listing: %w", err)
	}
	return nil, Out{Items: items}, nil
}

type server struct{}

// Search is a method handler.
func (s *server) Search(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, *Out, error) {
	if _, err := list(ctx); err != nil {
		return nil, nil, nil // want `no-fake-empty-result: go-sdk typed handler Search`
	}
	return nil, &Out{}, nil
}

// generic is a generic handler, instantiated where it is registered.
func generic[T any](ctx context.Context, req *mcp.CallToolRequest, in T) (*mcp.CallToolResult, Out, error) {
	if _, err := list(ctx); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: text("failed")}, Out{}, nil // want `preserve-cause-on-rethrow: the error result`
	}
	return nil, Out{}, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed)
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
	srv := &server{}
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, srv.Search)
	mcp.AddTool(s, &mcp.Tool{Name: "generic"}, generic[In])
	mcp.AddTool(s, &mcp.Tool{Name: "fetch"}, gosdkhandlers.Fetch) // declared in another package: checked there
	s.AddTool(&mcp.Tool{Name: "lit"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if _, err := list(ctx); err != nil {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "No results found."}}}, nil // want `no-fake-empty-result: the go-sdk raw handler returns an empty success`
		}
		return &mcp.CallToolResult{}, nil
	})
}

func isConflict(err error) bool { return false }

func rollback(ctx context.Context) error { return nil }

// protect takes a conflict for "already there" and looks the existing
// item up: when that lookup fails, the conflict is no longer the failure,
// and returning it loses the one that is.
func protect(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	_, err := list(ctx)
	if err != nil {
		if isConflict(err) {
			_, getErr := list(ctx)
			if getErr != nil {
				return nil, Out{}, fmt.Errorf("already protected: %w", err) // want `preserve-cause-on-rethrow: the error returned while handling getErr does not carry it`
			}
			return nil, Out{}, nil
		}
		if rbErr := rollback(ctx); rbErr != nil {
			return nil, Out{}, fmt.Errorf("listing failed, and so did the rollback: %w", err) // the primary failure: kept
		}
		return nil, Out{}, err
	}
	return nil, Out{}, nil
}
