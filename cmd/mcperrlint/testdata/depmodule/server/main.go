// Command server has mcp-go tools whose failures come from a client
// library of another module.
package main

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/ticketclient"
)

var client = &ticketclient.Client{Base: "https://tickets.example"}

// ticket shows the client's error, whose text is the API's reply.
func ticket(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, err := client.Ticket(ctx, req.GetString("id", ""))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want: the body
	}
	return mcp.NewToolResultText(t), nil
}

// queue lists through the library's interface.
func queue(l ticketclient.Lister) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ids, err := l.List(ctx)
		if err != nil {
			return mcp.NewToolResultError("listing: " + err.Error()), nil // want: the body
		}
		return mcp.NewToolResultText(strings.Join(ids, ",")), nil
	}
}

func main() {
	s := server.NewMCPServer("tickets", "1.0.0")
	s.AddTool(mcp.NewTool("ticket"), ticket)
	s.AddTool(mcp.NewTool("queue"), queue(&ticketclient.Queue{C: client}))
	_ = server.ServeStdio(s)
}
