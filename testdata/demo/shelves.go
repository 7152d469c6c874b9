package main

import (
	"context"
	"strings"

	"example.com/library/storage"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The shelving tools: where a book stands, and moving it. Their handlers
// return the storage service's errors, so what storage produces must match
// what the tools declare.

type shelving struct{ shelves *storage.Shelves }

// addShelvingTools registers the shelving tools on server.
func addShelvingTools(server *mcp.Server, shelves *storage.Shelves) {
	s := &shelving{shelves: shelves}
	mcpsdk.AddTool(server, s.locateBook())
	mcpsdk.AddTool(server, s.moveBook())
}

type LocateArgs struct {
	ISBN string `json:"isbn"`
}

type Location struct {
	ISBN  string `json:"isbn"`
	Shelf string `json:"shelf"`
}

func (s *shelving) locateBook() *mcperr.Tool[LocateArgs, Location] {
	return &mcperr.Tool[LocateArgs, Location]{
		Name: "locate_book",
		Errors: []mcperr.Contract{
			{Reason: "isbn_missing", When: "No ISBN was given.", Recovery: "Ask for the book's ISBN, or find it with search_books.", Code: mcperr.CodeInvalidParams},
			// storage reports a book nobody shelved as "book_not_shelved",
			// which this contract forgot.
			{Reason: "book_not_found", When: "No book has the given ISBN.", Recovery: "Search by title with search_books, then use one of the ISBNs it returns.", Code: mcperr.CodeNotFound, ThrownByService: true},
		},
		Handler: func(ctx context.Context, in LocateArgs) (Location, error) {
			if strings.TrimSpace(in.ISBN) == "" {
				return Location{}, mcperr.InvalidParams("Give the book's ISBN.") // demo: error-contract-prefer-fail
			}
			shelf, err := s.shelves.Locate(ctx, in.ISBN) // demo: error-contract-reason-undeclared
			if err != nil {
				return Location{}, err
			}
			return Location{ISBN: in.ISBN, Shelf: shelf}, nil
		},
	}
}

type MoveArgs struct {
	ISBN    string `json:"isbn"`
	Shelf   string `json:"shelf"`
	Section string `json:"section"`
}

func (s *shelving) moveBook() *mcperr.Tool[MoveArgs, Location] {
	return &mcperr.Tool[MoveArgs, Location]{
		Name: "move_book",
		Errors: []mcperr.Contract{
			{Reason: "shelf_full", When: "The shelf has no free place.", Recovery: "Pick another shelf of the same section and move the book there.", Code: mcperr.CodeRateLimited, ThrownByService: true},
			{Reason: "section_closed_rare_books", When: "The rare books section is closed.", Recovery: "Ask a librarian with a rare books key to move it.", Code: mcperr.CodeForbidden},
		},
		Handler: func(ctx context.Context, in MoveArgs) (Location, error) {
			if in.Section != "" && in.Section != "general" {
				// One reason per closed section, chosen at run time.
				reason := "section_closed_" + in.Section
				return Location{}, mcperr.Fail(ctx, reason, "", mcperr.RecoveryFor(ctx, reason)) // demo: error-contract-reason-dynamic
			}
			if strings.HasPrefix(in.Shelf, "X") {
				return Location{}, mcperr.Unauthorized("Shelves of the X row belong to the archive.") // demo: error-contract-conformance
			}
			if err := s.shelves.Move(ctx, in.ISBN, in.Shelf); err != nil { // demo: error-contract-reason-code-mismatch
				return Location{}, err
			}
			return Location{ISBN: in.ISBN, Shelf: in.Shelf}, nil
		},
	}
}
