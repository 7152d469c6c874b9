// Package ctormain3 builds the server with NewConvertingServer, whose own middleware converts // want package:"forwarded: ctortools3.Lookup"
// handlers' errors.
package ctormain3

import (
	"fixtures/ctorserver"
	"fixtures/ctortools3"

	"github.com/mark3labs/mcp-go/server"
)

func Run() *server.MCPServer {
	s := ctorserver.NewConvertingServer("1.0.0", server.WithRecovery())
	ctortools3.Register(s)
	return s
}
