package logged

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Answers given through a helper of the package: one whose only failure
// is encoding the answer gives a success whenever the work is done, so a
// loop that skips a failed read before it passes a part off as the whole.

// jsonAnswer answers v as JSON; its one failure is the encoding's.
func jsonAnswer(v any) (*mcp.CallToolResult, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding the answer: %w", err)
	}
	return mcp.NewToolResultText(string(data)), nil
}

// savedAnswer stores v before it answers: its failure is work that
// failed, and the answer it gives then is no success.
func savedAnswer(path string, v any) (*mcp.CallToolResult, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding the answer: %w", err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return nil, fmt.Errorf("saving the answer: %w", err)
	}
	return mcp.NewToolResultText(string(data)), nil
}

// lengths skips the files it cannot read and answers through jsonAnswer.
func lengths(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var sizes []int
	for _, name := range strings.Split(req.GetString("files", ""), ",") {
		data, err := os.ReadFile(name)
		if err != nil { // want `no-fake-empty-result: mcp-go handler lengths skips to the next iteration when err is not nil and answers with what the loop found`
			continue
		}
		sizes = append(sizes, len(data))
	}
	return jsonAnswer(sizes)
}

// savedLengths answers through savedAnswer, whose error is the save's
// too: what it returns is not surely a success.
func savedLengths(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var sizes []int
	for _, name := range strings.Split(req.GetString("files", ""), ",") {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		sizes = append(sizes, len(data))
	}
	return savedAnswer("lengths.json", sizes)
}

// RegisterAnswered registers the tools.
func RegisterAnswered(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lengths"), lengths)
	s.AddTool(mcp.NewTool("saved_lengths"), savedLengths)
	s.AddTool(mcp.NewTool("note_list"), noteList)
	s.AddTool(mcp.NewTool("note_list_or_fail"), noteListOrFail)
}

// noteList skips what it cannot read, and answers "No notes found", in
// a short form or a long one, or a page of the list: each a success made
// of what the loop found.
func noteList(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var notes []string
	for _, name := range strings.Split(req.GetString("files", ""), ",") {
		data, err := os.ReadFile(name)
		if err != nil { // want `no-fake-empty-result: mcp-go handler noteList skips to the next iteration when err is not nil and answers with what the loop found`
			continue
		}
		notes = append(notes, string(data))
	}
	if len(notes) == 0 {
		if req.GetBool("short", false) {
			return jsonAnswer(map[string]any{"notes": []string{}})
		}
		return mcp.NewToolResultText("No notes found"), nil
	}
	if offset := req.GetInt("offset", 0); offset > 0 {
		if offset >= len(notes) {
			return jsonAnswer(map[string]any{"notes": []string{}, "offset": offset})
		}
		notes = notes[offset:]
	}
	return jsonAnswer(notes)
}

// noteListOrFail answers the failure when nothing could be read.
func noteListOrFail(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var notes []string
	for _, name := range strings.Split(req.GetString("files", ""), ",") {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		notes = append(notes, string(data))
	}
	if len(notes) == 0 {
		return mcp.NewToolResultError("no note could be read"), nil
	}
	return jsonAnswer(notes)
}
