// Package shelfmain builds the server, which passes errors on; it reaches
// the shelf package only through shelfreg's function.
package shelfmain

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/shelfreg"
)

func Main() {
	s := server.NewMCPServer("shelf", "1.0.0")
	shelfreg.Register(s)
	server.ServeStdio(s)
}
