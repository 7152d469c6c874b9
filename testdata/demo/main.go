// Command library is an MCP server for a lending library. It is
// mcperrlint's demo: it works, but its error contracts have mistakes of
// every kind the linter finds. Run the linter on it from the repository
// root:
//
//	go run ./cmd/mcperrlint -C testdata/demo ./...
package main

import (
	"context"
	"log"

	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	server := mcp.NewServer(&mcp.Implementation{Name: "library", Version: "0.1.0"}, nil)
	lib := newLibrary()
	mcpsdk.AddTool(server, lib.searchBooks())
	mcpsdk.AddTool(server, lib.getBook())
	mcpsdk.AddTool(server, lib.reserveBook())
	mcpsdk.AddTool(server, lib.listLoans())
	mcpsdk.AddTool(server, lib.renewLoan())
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
