package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// demoCalls are the failing calls the demo makes, one per kind of failure.
var demoCalls = []mcp.CallToolParams{
	{Name: "get_book", Arguments: map[string]any{"id": "b-99"}},
	{Name: "fetch_reviews", Arguments: map[string]any{"id": "b-4"}},
	{Name: "reserve_book", Arguments: map[string]any{"id": 7}},
}

// runDemo connects a client to server in-process and prints, for each demo
// call, the text and structuredContent an agent receives.
func runDemo(ctx context.Context, server *mcp.Server) error {
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	serverSession, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		return fmt.Errorf("connecting the server: %w", err)
	}
	defer serverSession.Close()
	client := mcp.NewClient(&mcp.Implementation{Name: "demo", Version: "v1.0.0"}, nil)
	session, err := client.Connect(ctx, clientTransport, nil)
	if err != nil {
		return fmt.Errorf("connecting the client: %w", err)
	}
	defer session.Close()
	for _, params := range demoCalls {
		res, err := session.CallTool(ctx, &params)
		if err != nil {
			return fmt.Errorf("calling %s: %w", params.Name, err)
		}
		if err := printResult(params, res); err != nil {
			return err
		}
	}
	return nil
}

// printResult prints one call and what came back.
func printResult(params mcp.CallToolParams, res *mcp.CallToolResult) error {
	args, err := json.Marshal(params.Arguments)
	if err != nil {
		return fmt.Errorf("encoding the arguments of %s: %w", params.Name, err)
	}
	structured, err := json.MarshalIndent(res.StructuredContent, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the structuredContent of %s: %w", params.Name, err)
	}
	text := ""
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			text = tc.Text
		}
	}
	_, err = fmt.Fprintf(os.Stdout, "── %s %s → isError %v\n\ncontent[0].text:\n%s\n\nstructuredContent:\n%s\n\n",
		params.Name, args, res.IsError, text, structured)
	return err
}
