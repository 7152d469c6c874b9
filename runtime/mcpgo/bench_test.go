package mcpgo_test

// The binding's cost per call, against a bare mcp-go handler doing the same
// work: look a book up by id, answer with it (JSON text and
// structuredContent), or fail when there is none. Both run in one
// benchmark, twice: calling the handler directly (what the binding adds to a
// handler), and through the server's HandleMessage with a JSON-RPC request
// (what it adds to a whole call, decoding and encoding included).
//
//	go test -run '^$' -bench . -benchmem ./runtime/mcpgo
//
// docs/runtime.md, "What the binding costs", reports the ratios.

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpgo"
)

type benchArgs struct {
	ID string `json:"id" jsonschema:"the book's id"`
}

type benchBook struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Year  int    `json:"year,omitempty"`
}

var benchBooks = map[string]benchBook{"b-1": {ID: "b-1", Title: "Dune", Year: 1965}}

// boundTool is the work as an mcperr tool, failing through its contract.
var boundTool = &mcperr.Tool[benchArgs, benchBook]{
	Name:        "get_book",
	Description: "Returns one book by id.",
	Errors: []mcperr.Contract{{
		Reason:   "book_not_found",
		Code:     mcperr.CodeNotFound,
		When:     "No book has the requested id.",
		Recovery: "Search with search_books to find the id, then call get_book again.",
		Severity: mcperr.SeverityInfo,
	}},
	Handler: func(ctx context.Context, in benchArgs) (benchBook, error) {
		b, ok := benchBooks[in.ID]
		if !ok {
			return benchBook{}, mcperr.Fail(ctx, "book_not_found", fmt.Sprintf("No book has id %q.", in.ID),
				mcperr.RecoveryFor(ctx, "book_not_found"))
		}
		return b, nil
	},
}

// bareTool is the same work as a plain mcp-go tool, the way its README
// writes one: arguments bound into a struct, the book as structured
// content with its JSON as text, a failure as an error result's text.
func bareTool() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("get_book", mcp.WithDescription("Returns one book by id."),
			mcp.WithString("id", mcp.Required(), mcp.Description("the book's id")),
			mcp.WithOutputSchema[benchBook]()),
		Handler: func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in benchArgs
			if err := req.BindArguments(&in); err != nil {
				return mcp.NewToolResultError("Invalid arguments: " + err.Error()), nil
			}
			b, ok := benchBooks[in.ID]
			if !ok {
				return mcp.NewToolResultError(fmt.Sprintf("No book has id %q.", in.ID)), nil
			}
			text, err := json.Marshal(b)
			if err != nil {
				return mcp.NewToolResultErrorFromErr("cannot encode the book", err), nil
			}
			return mcp.NewToolResultStructured(b, string(text)), nil
		},
	}
}

func BenchmarkCall(b *testing.B) {
	bound, err := mcpgo.ServerTool(boundTool, mcpgo.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		b.Fatal(err)
	}
	tools := []struct {
		name string
		tool server.ServerTool
	}{{"bare", bareTool()}, {"mcpgo", bound}}
	outcomes := []struct{ name, id string }{{"success", "b-1"}, {"failure", "b-99"}}

	for _, o := range outcomes {
		for _, t := range tools {
			b.Run(fmt.Sprintf("handler/%s/%s", o.name, t.name), func(b *testing.B) {
				var req mcp.CallToolRequest
				req.Params.Name = "get_book"
				req.Params.RawArguments = json.RawMessage(`{"id":"` + o.id + `"}`)
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					res, err := t.tool.Handler(ctx, req)
					if err != nil || res.IsError != (o.name == "failure") {
						b.Fatalf("%+v, %v", res, err)
					}
				}
			})
		}
	}
	for _, o := range outcomes {
		for _, t := range tools {
			b.Run(fmt.Sprintf("server/%s/%s", o.name, t.name), func(b *testing.B) {
				s := server.NewMCPServer("bench", "v0")
				s.AddTools(t.tool)
				msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_book","arguments":{"id":"` + o.id + `"}}}`)
				ctx := context.Background()
				b.ReportAllocs()
				for b.Loop() {
					resp := s.HandleMessage(ctx, msg)
					if _, ok := resp.(mcp.JSONRPCResponse); !ok {
						b.Fatalf("response %T %+v", resp, resp)
					}
					if _, err := json.Marshal(resp); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
