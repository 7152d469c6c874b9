// Package ctormain builds the server with options that pass errors on.
package ctormain

import (
	"fixtures/ctorserver"
	"fixtures/ctortools"

	"github.com/mark3labs/mcp-go/server"
)

func Run() *server.MCPServer {
	s := ctorserver.NewServer("1.0.0", server.WithRecovery())
	ctortools.Register(s)
	return s
}
