// Package fileserver builds the server filetools registers on, with no
// middleware that converts errors: its construction is the one finding
// of the three returns the literals hand on.
package fileserver

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/filetools"
)

func Main() {
	s := server.NewMCPServer("files", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 3 returns of 2 handlers on as JSON-RPC internal errors`
	filetools.Register(s, &filetools.Provider{})
	server.ServeStdio(s)
}
