// Package selfmain builds the server, without a middleware that converts
// errors, and lets package selfreg register its tools on it.
package selfmain

import (
	"fixtures/selfreg"

	"github.com/mark3labs/mcp-go/server"
)

func Serve() *server.MCPServer {
	s := server.NewMCPServer("self", "1.0.0")
	selfreg.Register(s)
	return s
}
