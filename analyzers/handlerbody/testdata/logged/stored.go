package logged

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// What an upstream sent travels through what it is stored in: a list
// gathered from responses, a value decoded from a body. A loop that
// skips an entry of it that does not decode passes the upstream's
// failure off as an answer.

// A rawPage is one response's entries, still to decode.
type rawPage struct {
	name    string
	entries []json.RawMessage
}

// stages gathers each pipeline's raw stages, then decodes them one by
// one; one that does not decode is left out of an answer that reads as
// complete.
func stages(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	pages := make([]rawPage, 2)
	for i, name := range []string{"a", "b"} {
		resp, err := http.Get("https://crm.example/stages/" + name)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("stages", err), nil
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return mcp.NewToolResultErrorFromErr("stages", err), nil
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(body, &entries); err != nil {
			return mcp.NewToolResultErrorFromErr("stages", err), nil
		}
		pages[i] = rawPage{name: name, entries: entries}
	}
	var names []string
	for _, p := range pages {
		for _, raw := range p.entries {
			var stage struct{ Name string }
			if err := json.Unmarshal(raw, &stage); err != nil { // want `no-fake-empty-result: mcp-go handler stages skips to the next iteration`
				continue
			}
			names = append(names, stage.Name)
		}
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// defaults decodes the server's own list of defaults: a malformed one is
// the program's, not an upstream's, and skipping it loses no answer.
func defaults(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	builtin := make([]rawPage, 1)
	builtin[0] = rawPage{name: "builtin", entries: []json.RawMessage{json.RawMessage(`{"Name":"new"}`)}}
	var names []string
	for _, p := range builtin {
		for _, raw := range p.entries {
			var stage struct{ Name string }
			if err := json.Unmarshal(raw, &stage); err != nil {
				continue
			}
			names = append(names, stage.Name)
		}
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

func RegisterStored(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("stages"), stages)
	s.AddTool(mcp.NewTool("defaults"), defaults)
}
