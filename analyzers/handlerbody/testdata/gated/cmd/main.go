// Command cmd wires the re-verify gate into the tools.
package main

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/gated/auth"
	"fixtures/gated/tools"
)

func main() {
	s := server.NewMCPServer("gated", "1.0.0")
	tools.Register(s, &auth.Reverify{})
	_ = server.ServeStdio(s)
}
