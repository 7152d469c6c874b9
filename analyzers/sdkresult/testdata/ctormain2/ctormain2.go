// Package ctormain2 builds the server with a middleware that converts
// handlers' errors.
package ctormain2

import (
	"fixtures/ctorserver"
	"fixtures/ctortools2"

	"github.com/mark3labs/mcp-go/server"
)

func Run() *server.MCPServer {
	s := ctorserver.NewServer("1.0.0", server.WithToolHandlerMiddleware(ctorserver.Converting()))
	ctortools2.Register(s)
	return s
}
