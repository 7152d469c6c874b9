package app // want package:"impl sinks: app.Start#0.Balance@45 app.Start#0.Cancel@58 app.Start#0.Quote@34"

// Package app builds the server over whatever exchange it is handed: it
// hands its own parameter on, so the texts are its callers' to judge.

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/wired/port"
	"fixtures/wired/tools"
)

// Start returns the server with every tool over ex.
func Start(ex port.Exchange) *server.MCPServer {
	s := server.NewMCPServer("exchange", "1.0.0")
	tools.RegisterAll(s, ex)
	return s
}
