// Package notesserver registers the notes tools through the instrumented
// wrapper.
package notesserver

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/instrument"
	"fixtures/notes"
)

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	instrument.AddTool(s, &mcp.Tool{Name: "note_get"}, notes.Get)
	instrument.AddTool(s, &mcp.Tool{Name: "note_peek"}, notes.Peek)
	instrument.AddTool(s, &mcp.Tool{Name: "notes_list"}, notes.List)
	instrument.AddTool(s, &mcp.Tool{Name: "note_delete"}, notes.Delete)
	return s
}
