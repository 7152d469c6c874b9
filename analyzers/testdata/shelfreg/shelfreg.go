// Package shelfreg registers the shelf's handlers on a server it is
// given: it follows the registration but does not know the server, so the
// findings stay the builder's to report.
package shelfreg

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"fixtures/shelf"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("put"), shelf.Put)
}
