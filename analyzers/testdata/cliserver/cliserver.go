// Package cliserver registers the CLI tools.
package cliserver

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/cli"
	"fixtures/command"
)

func New() *server.MCPServer {
	s := server.NewMCPServer("cli", "1.0.0")
	s.AddTool(mcp.NewTool("az"), cli.Tool("az"))
	s.AddTool(mcp.NewTool("kubectl"), cli.QuietTool("kubectl"))
	s.AddTool(mcp.NewTool("aks"), cli.ExecTool("aks"))
	s.AddTool(mcp.NewTool("kubectl"), cli.ClientTool(command.NewClient(), "kubectl"))
	s.AddTool(mcp.NewTool("cached"), cli.CacheTool(command.NewCache(nil), "kubectl"))
	s.AddTool(mcp.NewTool("format"), cli.FormatTool("kubectl"))
	s.AddTool(mcp.NewTool("retry"), cli.RetryTool("kubectl"))
	s.AddTool(mcp.NewTool("helm"), cli.Shell("helm"))
	s.AddTool(mcp.NewTool("fetch"), cli.Fetch())
	return s
}
