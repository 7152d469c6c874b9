// Command library is an MCP server for a lending library. It is
// mcperrlint's demo: it works, but its tools have error-handling mistakes
// of every kind the linter finds. Run the linter on it from the repository
// root:
//
//	go run ./cmd/mcperrlint -C testdata/demo ./...
//
// (add -contractstruct.require-contract for the one rule that is off by
// default, error-contract-missing).
//
// The library's own tools are mcperr tools served through the go-sdk
// binding, beside older go-sdk handlers (legacy, opac); the staff and kiosk
// servers are written against mark3labs/mcp-go:
//
//	go run . -server=library|staff|kiosk
package main

import (
	"context"
	"flag"
	"log"
	"net/http"

	"example.com/library/admin"
	"example.com/library/kiosk"
	"example.com/library/legacy"
	"example.com/library/opac"
	"example.com/library/storage"

	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	which := flag.String("server", "library", "the server to run over stdio: library, staff or kiosk")
	vendorURL := flag.String("vendor", "http://localhost:8081", "the book vendor's API")
	flag.Parse()

	lib := newLibrary()
	var err error
	switch *which {
	case "library":
		err = libraryServer(lib, *vendorURL).Run(context.Background(), &mcp.StdioTransport{})
	case "staff":
		err = server.ServeStdio(admin.NewServer(catalog{lib}))
	case "kiosk":
		err = server.ServeStdio(kiosk.NewServer(catalog{lib}))
	default:
		log.Fatalf("unknown -server %q: use library, staff or kiosk", *which)
	}
	if err != nil {
		log.Fatal(err)
	}
}

// libraryServer returns the library's go-sdk server with all its tools.
func libraryServer(lib *library, vendorURL string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "library", Version: "0.1.0"}, nil)
	mcpsdk.AddTool(s, lib.searchBooks())
	mcpsdk.AddTool(s, lib.getBook())
	mcpsdk.AddTool(s, lib.reserveBook())
	mcpsdk.AddTool(s, lib.listLoans())
	mcpsdk.AddTool(s, lib.renewLoan())
	addAcquisitionTools(s, &vendor{base: vendorURL, http: http.DefaultClient})
	addShelvingTools(s, storage.NewShelves())
	legacy.Register(s, ledger{lib})
	opac.Register(s, catalog{lib})
	return s
}
