// Package notes holds typed go-sdk handlers, registered by another
// package through a wrapper of mcp.AddTool.
package notes

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"fixtures/hints"
)

type Note struct {
	ID   string
	Text string
}

type GetIn struct{ ID string }

var errMissing = errors.New("missing")

func load(id string) (Note, error) {
	if id == "" {
		return Note{}, errMissing
	}
	return Note{ID: id}, nil
}

// Get loses the cause with %v. A missing note, chosen by errors.Is, is
// an empty note on purpose.
func Get(ctx context.Context, req *mcp.CallToolRequest, in GetIn) (*mcp.CallToolResult, Note, error) {
	n, err := load(in.ID)
	if errors.Is(err, errMissing) {
		return nil, Note{}, nil
	}
	if err != nil {
		return nil, Note{}, fmt.Errorf("note %s: %v", in.ID, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v`
	}
	return nil, n, nil
}

// Peek passes any failure off as an empty note.
func Peek(ctx context.Context, req *mcp.CallToolRequest, in GetIn) (*mcp.CallToolResult, Note, error) {
	n, err := load(in.ID)
	if err != nil {
		log.Printf("note %s: %v", in.ID, err)
		return nil, Note{}, nil // want `no-fake-empty-result`
	}
	return nil, n, nil
}

type ListIn struct{ Since string }

// list parses the request; it drops the parse error it handles.
func list(in ListIn) ([]Note, error) {
	if in.Since != "" {
		if _, err := time.Parse(time.RFC3339, in.Since); err != nil {
			return nil, errors.New("since must be an RFC 3339 time") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
		}
	}
	return []Note{{ID: "1"}}, nil
}

type ListOut struct{ Notes []Note }

// List hands list's error on through another package's helper.
func List(ctx context.Context, req *mcp.CallToolRequest, in ListIn) (*mcp.CallToolResult, ListOut, error) {
	notes, err := list(in)
	return hints.With(nil, ListOut{Notes: notes}, err)
}

// Delete returns errors that keep their cause, and the context's error.
func Delete(ctx context.Context, req *mcp.CallToolRequest, in GetIn) (*mcp.CallToolResult, struct{}, error) {
	if _, err := load(in.ID); err != nil {
		if ctx.Err() != nil {
			return nil, struct{}{}, ctx.Err()
		}
		return nil, struct{}{}, fmt.Errorf("delete note %s: %w", in.ID, err)
	}
	return nil, struct{}{}, nil
}
