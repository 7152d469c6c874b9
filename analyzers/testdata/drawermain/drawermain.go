// Package drawermain builds the server: its errors reach the client as
// JSON-RPC errors, which decides the drawer's findings. It reaches the
// drawer package only through drawerreg's function.
package drawermain

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/drawerreg"
)

func Main() {
	s := server.NewMCPServer("drawer", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 1 handler on as JSON-RPC internal errors`
	drawerreg.Register(s)
	server.ServeStdio(s)
}
