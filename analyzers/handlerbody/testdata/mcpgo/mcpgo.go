// Package mcpgo has mcp-go handlers of every kind: plain, typed,
// structured, in a ServerTool, and one declared in another package.
package mcpgo

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/mcpgohandlers"
)

type Args struct{ Name string }
type Result struct {
	Dashboards []string `json:"dashboards"`
	Warning    string   `json:"warning,omitempty"`
}

func search(ctx context.Context, q string) ([]string, error) { return nil, nil }

func plain(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	found, err := search(ctx, req.GetString("q", ""))
	if err != nil {
		return mcp.NewToolResultError("failed to search"), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it: .*mcp.NewToolResultErrorFromErr\(msg, err\)`
	}
	if _, err := search(ctx, ""); err != nil {
		return mcp.NewToolResultErrorFromErr("failed to search", err), nil
	}
	if _, err := search(ctx, ""); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if _, err := search(ctx, ""); err != nil {
		return mcp.NewToolResultErrorf("failed to search: %v", err), nil
	}
	if _, err := search(ctx, ""); err != nil {
		msg := fmt.Sprintf("failed to search: %v", err)
		return mcp.NewToolResultError(msg), nil // the text carries err, through a local
	}
	if _, err := search(ctx, ""); err != nil {
		// Logged: the operator learns why, the model does not.
		log.Printf("search: %v", err)
		return mcp.NewToolResultError("Search is unavailable right now."), nil // want `preserve-cause-on-rethrow: the error result returned while handling err does not mention it`
	}
	if _, err := search(ctx, ""); err != nil {
		return mcp.NewToolResultText("No dashboards found"), nil // want `no-fake-empty-result: mcp-go handler plain returns an empty success`
	}
	if _, err := search(ctx, ""); err != nil {
		log.Printf("search: %v", err)
		return mcp.NewToolResultText(""), nil // want `no-fake-empty-result`
	}
	if _, err := search(ctx, ""); err != nil {
		return mcp.NewToolResultText("Search is down; try again in a minute."), nil // want `no-fake-empty-result: mcp-go handler plain answers a fixed success`
	}
	if _, err := search(ctx, ""); err != nil {
		return nil, fmt.Errorf("search: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	if _, err := search(ctx, ""); err != nil {
		log.Printf("search: %v", err)           // logged, but the error returned is a new one: errors.Is upstream no longer sees err
		return nil, errors.New("search failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	if _, err := search(ctx, ""); err != nil {
		return nil, nil // sdkresult's: not a success
	}
	var netErr net.Error
	if _, err := search(ctx, ""); errors.As(err, &netErr) {
		return mcp.NewToolResultText("[]"), nil // a sentinel branch
	}
	return mcp.NewToolResultText(fmt.Sprint(found)), nil
}

func typed(ctx context.Context, req mcp.CallToolRequest, args Args) (*mcp.CallToolResult, error) {
	if _, err := search(ctx, args.Name); err != nil {
		return mcp.NewToolResultStructuredOnly(Result{}), nil // want `no-fake-empty-result: mcp-go typed handler typed`
	}
	if _, err := search(ctx, args.Name); err != nil {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent("failed")}}, nil // want `preserve-cause-on-rethrow: the error result`
	}
	return mcp.NewToolResultText("ok"), nil
}

func structured(ctx context.Context, req mcp.CallToolRequest, args Args) (Result, error) {
	found, err := search(ctx, args.Name)
	if err != nil {
		return Result{}, nil // want `no-fake-empty-result: mcp-go structured handler structured`
	}
	if _, err := search(ctx, args.Name); err != nil {
		return Result{}, errors.New("search failed") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	if _, err := search(ctx, args.Name); err != nil {
		return Result{Dashboards: found, Warning: "partial: " + err.Error()}, nil
	}
	if _, err := search(ctx, args.Name); err != nil {
		return Result{}, fmt.Errorf("search: %w", err)
	}
	return Result{Dashboards: found}, nil
}

type admin struct{}

// stats is a method handler.
func (a *admin) stats(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := search(ctx, ""); err != nil {
		return mcp.NewToolResultError("stats unavailable"), nil // want `preserve-cause-on-rethrow: the error result returned while handling err`
	}
	if _, err := search(ctx, ""); err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text", Text: "[]"}}}, nil // want `no-fake-empty-result: mcp-go handler stats`
	}
	return mcp.NewToolResultText("ok"), nil
}

// related answers "nothing found" both when the search finds nothing and
// when it fails: on a failure the client reads an empty success.
func related(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hits, err := search(ctx, req.GetString("q", ""))
	if err != nil || len(hits) == 0 {
		return mcp.NewToolResultText("No context found"), nil // want `no-fake-empty-result: mcp-go handler related returns an empty success while handling err`
	}
	return mcp.NewToolResultText(fmt.Sprint(hits)), nil
}

// relatedFor says the same of the file it was asked about: the file is
// the question, the claim is that there is nothing.
func relatedFor(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	file := req.GetString("file", "")
	hits, err := search(ctx, file)
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("No context found for file: %s", file)), nil // want `no-fake-empty-result: mcp-go handler relatedFor returns an empty success`
	}
	if len(hits) == 0 {
		return mcp.NewToolResultText(fmt.Sprintf("No context found for file: %s", file)), nil
	}
	if _, err := search(ctx, "cache"); err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("Showing %d cached hits for %s", len(hits), file)), nil // an answer of its own
	}
	return mcp.NewToolResultText(fmt.Sprint(hits)), nil
}

// relatedOrFail fails in words on either: not a success at all.
func relatedOrFail(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hits, err := search(ctx, req.GetString("q", ""))
	if err != nil || len(hits) == 0 {
		return mcp.NewToolResultErrorFromErr("nothing to show", err), nil
	}
	if more, err := search(ctx, "more"); err != nil || len(more) == 0 {
		return mcp.NewToolResultText(fmt.Sprint(hits)), nil // a real answer without the extras
	}
	return mcp.NewToolResultText(fmt.Sprint(hits)), nil
}

// timed says the search timed out when the context's deadline passed: a
// known condition, chosen by testing the context's error, not a lost cause.
func timed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hits, err := search(ctx, req.GetString("q", ""))
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return mcp.NewToolResultError("the search timed out; try a narrower query"), nil
		}
		return mcp.NewToolResultErrorFromErr("search failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(hits)), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("stats"), (&admin{}).stats)
	s.AddTool(mcp.NewTool("timed"), timed)
	s.AddTool(mcp.NewTool("related"), related)
	s.AddTool(mcp.NewTool("relatedOrFail"), relatedOrFail)
	s.AddTool(mcp.NewTool("relatedFor"), relatedFor)
	s.AddTool(mcp.NewTool("plain"), plain)
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("structured"), mcp.NewStructuredToolHandler(structured))
	s.AddTool(mcp.NewTool("echo"), mcpgohandlers.Echo) // declared in another package: checked there
	s.AddTools(server.ServerTool{
		Tool: mcp.NewTool("st"),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if _, err := search(ctx, ""); err != nil {
				return mcp.NewToolResultText("no results"), nil // want `no-fake-empty-result: the mcp-go handler returns an empty success`
			}
			return mcp.NewToolResultText("ok"), nil
		},
	})
}

// validated answers a malformed input with a message of its own, which
// says what to fix: a validation message, not a lost cause.
func validated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, network, err := net.ParseCIDR(req.GetString("cidr", ""))
	if err != nil {
		return mcp.NewToolResultError("cidr must be a network, such as 10.0.0.0/8"), nil
	}
	return mcp.NewToolResultText(network.String()), nil
}

func registerValidated(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("validated"), validated)
}
