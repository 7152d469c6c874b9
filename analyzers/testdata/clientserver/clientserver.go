// Package clientserver serves tools over an upstream client library of
// another module: the bodies the library reads into its errors reach the
// client through the handlers that show those errors, and are reported
// where they enter them, in the library, as one finding each.
package clientserver

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/upstream/client"
)

var api = client.New("https://api.example")

func get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, err := api.Get(ctx, "/items/"+req.GetString("id", ""))
	if err != nil {
		return mcp.NewToolResultError("get failed: " + err.Error()), nil // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll, which client.\(\*Error\).Error prints enters the text of an error at client/client.go:\d+ \(in client.\(\*Client\).Get\), and 2 texts of 2 functions show it`
	}
	return mcp.NewToolResultText(string(body)), nil
}

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, err := api.Get(ctx, "/items")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("list failed", err), nil
	}
	return mcp.NewToolResultText(string(body)), nil
}

func remove(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := api.Delete(ctx, "/items/"+req.GetString("id", "")); err != nil {
		return mcp.NewToolResultErrorFromErr("delete failed", err), nil // want `no-stringify-upstream-error: the error mcp.NewToolResultErrorFromErr shows, through client.\(\*Client\).Delete \(client/client.go:\d+\), includes an HTTP response body read with io.ReadAll`
	}
	return mcp.NewToolResultText("deleted"), nil
}

// create and update show the errors of client.Post, which puts the body
// into its text in two places: one edit there, so one finding, naming
// both.
func create(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var item struct{ ID string }
	if err := api.Post(ctx, "/items", &item); err != nil {
		return mcp.NewToolResultErrorFromErr("create failed", err), nil // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll enters the text of an error at client/client.go:\d+ \(in client.\(\*Client\).Post\), and 2 texts of 2 functions show it: .* \(the roots are in another package, at client/client.go:\d+, client/client.go:\d+\)`
	}
	return mcp.NewToolResultText(item.ID), nil
}

func update(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var item struct{ ID string }
	if err := api.Post(ctx, "/items/"+req.GetString("id", ""), &item); err != nil {
		return mcp.NewToolResultError("update failed: " + err.Error()), nil
	}
	return mcp.NewToolResultText(item.ID), nil
}

// replace shows the error of client.Put, which puts the body into its
// text in two places: one finding, with both places as related positions.
func replace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := api.Put(ctx, "/items/"+req.GetString("id", "")); err != nil {
		return mcp.NewToolResultErrorFromErr("replace failed", err), nil // want `no-stringify-upstream-error: the error mcp.NewToolResultErrorFromErr shows, through client.\(\*Client\).Put \(client/client.go:\d+\), includes an HTTP response body read with io.ReadAll`
	}
	return mcp.NewToolResultText("replaced"), nil
}

// patch and archive show the errors of two methods that hand the body
// to one helper of the client, which formats it in two status branches:
// one finding, at the helper's first branch, naming both.
func patch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := api.Patch(ctx, "/items/"+req.GetString("id", "")); err != nil {
		return mcp.NewToolResultErrorFromErr("patch failed", err), nil // want `no-stringify-upstream-error: an HTTP response body read with io.ReadAll enters the text of an error at client/client.go:\d+ \(in client.apiError\), and 2 texts of 2 functions show it`
	}
	return mcp.NewToolResultText("patched"), nil
}

func archive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := api.Archive(ctx, "/items/"+req.GetString("id", "")); err != nil {
		return mcp.NewToolResultError("archive failed: " + err.Error()), nil
	}
	return mcp.NewToolResultText("archived"), nil
}

func ping(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := api.Ping(ctx); err != nil {
		return mcp.NewToolResultErrorFromErr("the API is down", err), nil
	}
	return mcp.NewToolResultText("pong"), nil
}

func Serve() {
	s := server.NewMCPServer("client", "1.0.0")
	s.AddTool(mcp.NewTool("get"), get)
	s.AddTool(mcp.NewTool("list"), list)
	s.AddTool(mcp.NewTool("remove"), remove)
	s.AddTool(mcp.NewTool("ping"), ping)
	s.AddTool(mcp.NewTool("create"), create)
	s.AddTool(mcp.NewTool("update"), update)
	s.AddTool(mcp.NewTool("replace"), replace)
	s.AddTool(mcp.NewTool("patch"), patch)
	s.AddTool(mcp.NewTool("archive"), archive)
}
