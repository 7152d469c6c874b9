// Package drawerreg adds the drawer's tools to a server it is given: it
// builds no server, so it does not judge them, and hands their pending
// findings on to the package that does.
package drawerreg

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/gcl/drawer"
)

func Register(s *server.MCPServer) {
	s.AddTools(drawer.New().Tools()...)
}
