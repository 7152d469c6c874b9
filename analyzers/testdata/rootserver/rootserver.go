// Package rootserver is a server whose failures are decided in a few
// places each: an adapter of another package that hands every error on
// raw, a middleware that hands next's error on, a helper that puts the
// body of every response it is given into its error result. Each is one
// finding, with the returns it decides as related positions; a return
// that has its own cause beside it stays its own finding, and a root its
// authors suppressed reports nothing.
package rootserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/rootkit"
)

// Handlers of the rootkit adapter: its return decides their errors. The
// root is in rootkit, which makes its fix: the finding is there, where the
// edit is, reported by this package.

func listUsers(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	if args["team"] == nil {
		return nil, errors.New("team is required")
	}
	users, err := fetchUsers(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing users: %v", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return mcp.NewToolResultText(users), nil
}

func deleteUser(ctx context.Context, args map[string]any) (*mcp.CallToolResult, error) {
	if args["id"] == nil {
		return nil, errors.New("id is required")
	}
	return mcp.NewToolResultText("deleted"), nil
}

func fetchUsers(ctx context.Context) (string, error) { return "", nil }

// A middleware that logs every call and hands next's error on: every
// handler of its server fails through it.
func logCalls(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log.Printf("tool %s", req.Params.Name)
		return next(ctx, req) // want `sdk-protocol-error: this return hands the errors of 2 returns of 2 handlers on to the SDK, and mcp-go sends each as a JSON-RPC internal error`
	}
}

func archive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("archiving is off")
}

func restore(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("id", "") == "" {
		return nil, errors.New("id is required")
	}
	return mcp.NewToolResultText("restored"), nil
}

// upstreamError builds the error result of a failed upstream call with
// the body of the response it is given: one edit here keeps the body out
// of every handler's answer.
func upstreamError(resp *http.Response) *mcp.CallToolResult {
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultError(fmt.Sprintf("upstream failed (%d): %s", resp.StatusCode, body)) // want `no-stringify-upstream-error: the text of mcp.NewToolResultError includes an HTTP response body read with io.ReadAll`
}

func quota(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://quota.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("quota unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return upstreamError(resp), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func usage(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://usage.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("usage unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return upstreamError(resp), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// Handlers that show the error rootkit.StatusError makes of the response
// they hand it: the helper reads the body into its text, and one edit
// there keeps it out of both. The root is in rootkit, so the finding is
// at the first call it decides.

func billing(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://billing.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("billing unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError(rootkit.StatusError(resp).Error()), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

func invoices(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://invoices.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("invoices unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError("invoices failed: " + rootkit.StatusError(resp).Error()), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// A helper whose flattened cause every handler that calls it returns:
// one finding, where it flattens.
func lookup(ctx context.Context, name string) (string, error) {
	v, err := fetchUsers(ctx)
	if err != nil {
		return "", fmt.Errorf("lookup %s: %v", name, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return v, nil
}

func whois(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := lookup(ctx, req.GetString("name", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("whois failed", err), nil
	}
	return mcp.NewToolResultText(v), nil
}

func finger(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	v, err := lookup(ctx, req.GetString("user", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("finger failed", err), nil
	}
	return mcp.NewToolResultText(v), nil
}

// describe reads the body of the response it is handed into the text it
// returns: every handler that shows that text shows the body, and one edit
// here keeps it out of all of them.
func describe(resp *http.Response) string { // want `no-stringify-upstream-error: rootserver.describe puts an HTTP response body read with io.ReadAll into the text it builds, and 2 calls of 2 functions show that text`
	body, _ := io.ReadAll(resp.Body)
	return fmt.Sprintf("status %d: %s", resp.StatusCode, body)
}

func ping(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://ping.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("ping failed", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError(describe(resp)), nil
	}
	return mcp.NewToolResultText("pong"), nil
}

func trace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://trace.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("trace failed", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError("trace: " + describe(resp)), nil
	}
	return mcp.NewToolResultText("traced"), nil
}

// readBody only reads a body and hands it back: it is where the raw value
// comes from, not where it enters a text. Each handler that formats what it
// returns is its own edit, and its own finding.
func readBody(r io.Reader) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, 1<<20))
}

func health(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://health.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("health unavailable", err), nil
	}
	body, err := readBody(resp.Body)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("health unreadable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError(fmt.Sprintf("health failed: %s", body)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError includes an HTTP response body`
	}
	return mcp.NewToolResultText("healthy"), nil
}

func status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://status.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("status unavailable", err), nil
	}
	body, err := readBody(resp.Body)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("status unreadable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError("status failed: " + string(body)), nil // want `no-stringify-upstream-error: the text of mcp.NewToolResultError includes an HTTP response body`
	}
	return mcp.NewToolResultText("up"), nil
}

// muted is an adapter whose authors decided its errors are protocol
// errors on purpose: the directive at its root suppresses everything it
// decides.
func muted(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		//mcperrlint:ignore sdk-protocol-error the gateway in front of this server reads JSON-RPC errors
		return h(ctx, req)
	}
}

func reindex(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("reindexing")
}

func compact(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, errors.New("compacting")
}

func Serve() {
	s := server.NewMCPServer("roots", "1.0.0")
	s.AddTool(mcp.NewTool("list_users"), rootkit.Tool(listUsers))
	s.AddTool(mcp.NewTool("delete_user"), rootkit.Tool(deleteUser))
	s.AddTool(mcp.NewTool("quota"), quota)
	s.AddTool(mcp.NewTool("usage"), usage)
	s.AddTool(mcp.NewTool("billing"), billing)
	s.AddTool(mcp.NewTool("invoices"), invoices)
	s.AddTool(mcp.NewTool("whois"), whois)
	s.AddTool(mcp.NewTool("finger"), finger)
	s.AddTool(mcp.NewTool("ping"), ping)
	s.AddTool(mcp.NewTool("trace"), trace)
	s.AddTool(mcp.NewTool("health"), health)
	s.AddTool(mcp.NewTool("status"), status)
	s.AddTool(mcp.NewTool("quotes"), quotes)
	s.AddTool(mcp.NewTool("orders"), orders)
	s.AddTool(mcp.NewTool("stock"), stock)
	s.AddTool(mcp.NewTool("prices"), prices)
	s.AddTool(mcp.NewTool("reindex"), muted(reindex))
	s.AddTool(mcp.NewTool("compact"), muted(compact))

	logged := server.NewMCPServer("logged", "1.0.0", server.WithToolHandlerMiddleware(logCalls))
	logged.AddTool(mcp.NewTool("archive"), archive)
	logged.AddTool(mcp.NewTool("restore"), restore)
}

// Handlers that hand the body they read to rootkit.StatusResult, which
// turns it into the text of its error result: the root is in rootkit, so
// the finding is at the first call it decides.

func quotes(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://quotes.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("quotes unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return rootkit.StatusResult("quotes failed", resp, body), nil // want `no-stringify-upstream-error: rootkit.StatusResult puts its parameter body into the text of the error result it builds, and 2 calls of 2 functions hand it an HTTP response body read with io.ReadAll`
	}
	return mcp.NewToolResultText("ok"), nil
}

func orders(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://orders.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("orders unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("orders unreadable", err), nil
		}
		return rootkit.StatusResult("orders failed", resp, body), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// rootkit.Failure shows the text it is given: a caller that makes that
// text of a body is the edit, each its own finding.

func stock(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://stock.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("stock unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return rootkit.Failure(string(body)), nil // want `no-stringify-upstream-error: the text of the error result rootkit.Failure builds includes an HTTP response body`
	}
	return mcp.NewToolResultText("ok"), nil
}

func prices(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get("http://prices.internal/")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("prices unavailable", err), nil
	}
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		return rootkit.Failure("prices: " + string(body)), nil // want `no-stringify-upstream-error: the text of the error result rootkit.Failure builds includes an HTTP response body`
	}
	return mcp.NewToolResultText("ok"), nil
}
