// Package server wires the venue into the tools: here the exchange the
// tools call is known, and what its errors hold.
package server

import (
	"github.com/mark3labs/mcp-go/server"

	"github.com/mark3labs/mcp-go/mcp"

	"fixtures/wired/desk"
	"fixtures/wired/tools"
	"fixtures/wired/venue"
)

// New returns the server with every tool over the venue at base.
func New(base string) *server.MCPServer {
	s := server.NewMCPServer("exchange", "1.0.0")
	v := venue.New(base)
	tools.RegisterAll(s, v)
	d := desk.NewDesk(v)
	s.AddTool(mcp.NewTool("desk_quote"), d.Quote)
	s.AddTool(mcp.NewTool("desk_balance"), d.Balance)
	b := desk.NewBackup(v)
	s.AddTool(mcp.NewTool("backup_quote"), b.Quote)
	s.AddTool(mcp.NewTool("spare_quote"), desk.NewSpare(v).Quote)
	return s
}
