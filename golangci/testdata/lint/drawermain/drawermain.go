// Package drawermain builds the server: its errors reach the client as
// JSON-RPC errors, which decides the drawer's findings. It reaches the
// drawer package only through drawerreg's function.
package drawermain

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/gcl/drawerreg"
)

func Main() {
	s := server.NewMCPServer("drawer", "1.0.0") // golangci: sdk-protocol-error
	drawerreg.Register(s)
	server.ServeStdio(s)
}
