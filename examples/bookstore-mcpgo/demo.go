package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// demoCall is one failing call the demo makes.
type demoCall struct {
	tool string
	args map[string]any
}

// demoCalls are the failing calls the demo makes, one per kind of failure:
// examples/bookstore's.
var demoCalls = []demoCall{
	{"get_book", map[string]any{"id": "b-99"}},
	{"fetch_reviews", map[string]any{"id": "b-4"}},
	{"reserve_book", map[string]any{"id": 7}},
}

// runDemo connects mcp-go's in-process client to s and prints, for each
// demo call, the text and structuredContent an agent receives.
func runDemo(s *server.MCPServer) error {
	ctx := context.Background()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		return fmt.Errorf("creating the client: %w", err)
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		return fmt.Errorf("starting the client: %w", err)
	}
	var init mcp.InitializeRequest
	init.Params.ClientInfo = mcp.Implementation{Name: "demo", Version: "v1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		return fmt.Errorf("initializing the client: %w", err)
	}
	for _, call := range demoCalls {
		var req mcp.CallToolRequest
		req.Params.Name, req.Params.Arguments = call.tool, call.args
		res, err := c.CallTool(ctx, req)
		if err != nil {
			return fmt.Errorf("calling %s: %w", call.tool, err)
		}
		if err := printResult(call, res); err != nil {
			return err
		}
	}
	return nil
}

// printResult prints one call and what came back.
func printResult(call demoCall, res *mcp.CallToolResult) error {
	args, err := json.Marshal(call.args)
	if err != nil {
		return fmt.Errorf("encoding the arguments of %s: %w", call.tool, err)
	}
	structured, err := json.MarshalIndent(res.StructuredContent, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the structuredContent of %s: %w", call.tool, err)
	}
	text := ""
	if len(res.Content) > 0 {
		if tc, ok := mcp.AsTextContent(res.Content[0]); ok {
			text = tc.Text
		}
	}
	_, err = fmt.Fprintf(os.Stdout, "── %s %s → isError %v\n\ncontent[0].text:\n%s\n\nstructuredContent:\n%s\n\n",
		call.tool, args, res.IsError, text, structured)
	return err
}
