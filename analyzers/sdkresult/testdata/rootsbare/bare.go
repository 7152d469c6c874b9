// Package rootsbare builds its server in a file that imports neither
// context nor mcp, with its options on lines of their own: the server's
// fix adds the option as the last line, and the middleware at the end of
// the file, with the imports it needs.
package rootsbare

import "github.com/mark3labs/mcp-go/server"

func ServeBare() *server.MCPServer {
	s := server.NewMCPServer( // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
		"bare",
		"1.0.0",
		server.WithToolCapabilities(false),
	)
	registerBare(s)
	return s
}

// ServeSmall is a second server of the file: its fix gives it the same
// middleware, declared once.
func ServeSmall() *server.MCPServer {
	s := server.NewMCPServer("small", "1.0.0") // want `sdk-protocol-error: this server hands the errors of 2 returns of 2 handlers on as JSON-RPC internal errors`
	registerSmall(s)
	return s
}
