// Package dealserver serves package dealsapi's CRM over mcp-go. Its
// handlers answer with what the client's functions give; those that turn
// a failure into an empty value are reported where they do.
package dealserver

import (
	"context"
	"fmt"
	"go/parser"
	"go/token"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/dealsapi"
)

var crm = &dealsapi.Client{URL: "https://crm.example"}

// New returns the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("deals", "1.0.0")
	s.AddTool(mcp.NewTool("list"), list)
	s.AddTool(mcp.NewTool("count"), count)
	s.AddTool(mcp.NewTool("find"), find)
	s.AddTool(mcp.NewTool("owner"), owner)
	s.AddTool(mcp.NewTool("status"), status)
	s.AddTool(mcp.NewTool("mine"), mine)
	s.AddTool(mcp.NewTool("schema"), schema)
	s.AddTool(mcp.NewTool("stage"), stage)
	s.AddTool(mcp.NewTool("filter"), filter)
	s.AddTool(mcp.NewTool("total"), total)
	return s
}

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	deals, err := crm.List(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing deals", err), nil
	}
	limit := dealsapi.Limit(req.GetString("limit", "10"))
	if limit > 0 && len(deals) > limit {
		deals = deals[:limit]
	}
	return mcp.NewToolResultText(fmt.Sprintf("Found %d deals: %v", len(deals), deals)), nil
}

func count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(fmt.Sprintf("%d deals", crm.Count(ctx))), nil
}

func find(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	d, err := crm.Find(ctx, req.GetInt("id", 0))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("finding the deal", err), nil
	}
	// The stages only go into an error's text: not the answer.
	if d.Title == "" {
		return mcp.NewToolResultError(fmt.Sprintf("deal %d has no title; stages: %v", d.ID, crm.Stages(ctx))), nil
	}
	return mcp.NewToolResultText(d.Title), nil
}

func owner(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("owned by " + crm.Owner(ctx, req.GetString("id", ""))), nil
}

func status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(fmt.Sprintf("reachable: %v", crm.Reachable(ctx))), nil
}

func mine(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	deals, err := dealsapi.Open("/run/token").Deals(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing your deals", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(deals)), nil
}

func schema(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	fields, err := crm.Schema(ctx, req.GetString("kind", "deal"))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("reading the schema", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(fields)), nil
}

func stage(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := crm.StageName(ctx, req.GetString("name", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("finding the stage", err), nil
	}
	return mcp.NewToolResultText(name), nil
}

func filter(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	expr, err := parser.ParseExpr(req.GetString("filter", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("the filter does not parse", err), nil
	}
	return mcp.NewToolResultText(dealsapi.Pretty(token.NewFileSet(), expr)), nil
}

// A totaller counts: the client is one.
type totaller interface {
	Total(ctx context.Context) int64
}

var counts totaller = crm

func total(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(fmt.Sprintf("%d deals in all", counts.Total(ctx))), nil
}
