// Package registryserver builds the registry's mcp-go server, without a
// middleware that converts the handlers' errors.
package registryserver

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"fixtures/registry"
)

func New(logger *log.Logger) *server.MCPServer {
	s := server.NewMCPServer("registry", "1.0.0", server.WithRecovery())
	s.AddTools(registry.ModuleDetails(logger), (&registry.Searcher{Logger: logger}).Tool(), registry.ProviderDetails(logger))
	return s
}
