package tools // want package:"impl sinks: tools.Register#2.Repos@39" package:"abstract answers: fixtures/ported/ports.Charts.Repos fixtures/ported/ports.Cluster.Health fixtures/ported/ports.Cluster.Info"

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/ported/ports"
	"fixtures/ported/service"
)

type handlers struct {
	svc    *service.Service
	charts ports.Charts
}

func (h *handlers) inventory(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info, err := h.svc.Inventory(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("inventory", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(info.Version, info.CRDs)), nil
}

func (h *handlers) health(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	health, err := h.svc.Health(ctx, req.GetString("release", ""))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("health", err), nil
	}
	return mcp.NewToolResultText(strings.Join(health, "\n")), nil
}

func (h *handlers) repos(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repos, err := h.charts.Repos(ctx)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("repos", err), nil
	}
	return mcp.NewToolResultText(strings.Join(repos, "\n")), nil
}

// Register adds the tools.
func Register(s *server.MCPServer, svc *service.Service, charts ports.Charts) {
	h := &handlers{svc: svc, charts: charts}
	s.AddTool(mcp.NewTool("inventory"), h.inventory)
	s.AddTool(mcp.NewTool("health"), h.health)
	s.AddTool(mcp.NewTool("repos"), h.repos)
}
