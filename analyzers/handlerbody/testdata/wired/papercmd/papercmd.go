// Package papercmd serves the tools over paper: the texts the tools
// print its errors into hold nothing but its own words.
package papercmd

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/wired/app"
	"fixtures/wired/paper"
)

// Serve serves the paper exchange on stdio.
func Serve() error {
	return server.ServeStdio(app.Start(paper.New()))
}
