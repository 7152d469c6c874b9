// Package server wires the venue into the tools: here the exchange the
// tools call is known, and what its errors hold.
package server

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/wired/tools"
	"fixtures/wired/venue"
)

// New returns the server with every tool over the venue at base.
func New(base string) *server.MCPServer {
	s := server.NewMCPServer("exchange", "1.0.0")
	v := venue.New(base)
	tools.RegisterAll(s, v)
	return s
}
