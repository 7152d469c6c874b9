// Command cmd wires the adapter into the service and the tools.
package main

import (
	"github.com/mark3labs/mcp-go/server"

	"fixtures/ported/adapter"
	"fixtures/ported/service"
	"fixtures/ported/tools"
)

func main() {
	s := server.NewMCPServer("ported", "1.0.0")
	c := &adapter.Client{}
	tools.Register(s, &service.Service{Cluster: c}, c)
	_ = server.ServeStdio(s)
}
