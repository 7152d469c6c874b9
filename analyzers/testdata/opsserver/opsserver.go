// Package opsserver registers the operations.
package opsserver

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/ops"
	"fixtures/opstools"
)

func New() *server.MCPServer {
	s := server.NewMCPServer("ops", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 3 returns of 3 handlers on as JSON-RPC internal errors`
	s.AddTool(mcp.NewTool("logs"), ops.Handler(opstools.Logs()))
	s.AddTool(mcp.NewTool("uptime"), ops.Handler(opstools.Uptime()))
	s.AddTool(mcp.NewTool("status"), ops.Handler(opstools.Status{Host: "db"}))
	s.AddTool(mcp.NewTool("disk"), ops.Handler(&opstools.Disk{}))
	s.AddTool(mcp.NewTool("owner"), ops.Raw(opstools.Owner()))
	s.AddTool(mcp.NewTool("config"), ops.Handler(opstools.Config()))
	s.AddTool(mcp.NewTool("version"), ops.Handler(opstools.Version()))
	s.AddTool(mcp.NewTool("ping"), ops.Shown(opstools.Ping()))
	s.AddTool(mcp.NewTool("secrets"), ops.Handler(opstools.Secrets()))
	s.AddTool(mcp.NewTool("journal"), ops.Console(opstools.Journal{}))
	s.AddTool(mcp.NewTool("shell"), ops.Console(opstools.Shell()))
	s.AddTool(mcp.NewTool("echo"), ops.Console(opstools.Echo()))
	return s
}
