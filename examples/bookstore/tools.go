package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/examples/bookstore/catalog"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/reviews"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Limits of this server's tools.
const (
	minQueryLength           = 2
	defaultSearchLimit       = 10
	defaultReviewLimit       = 5
	maxReservationsPerPatron = 2
)

// bookNotFound is the contract entry every tool that takes a book id
// shares: the catalog (or the reviews service) reports it.
var bookNotFound = mcperr.Contract{
	Reason:          catalog.ReasonBookNotFound,
	Code:            mcperr.CodeNotFound,
	When:            "No book has the given id.",
	Recovery:        "Call search_books to find the book's id, then call this tool again with that id.",
	Severity:        mcperr.SeverityInfo,
	ThrownByService: true,
}

// tools holds what the handlers need.
type tools struct {
	catalog *catalog.Catalog
	reviews *reviews.Client
}

// newServer returns the bookstore's MCP server with its four tools. opts
// configure how the tools are bound (logger, request ids).
func newServer(cat *catalog.Catalog, rev *reviews.Client, opts ...mcpsdk.Option) *mcp.Server {
	t := &tools{catalog: cat, reviews: rev}
	server := mcp.NewServer(&mcp.Implementation{Name: "bookstore", Version: "v1.0.0"}, nil)
	readOnly := append(slices.Clone(opts), mcpsdk.WithTool(markReadOnly))
	mcpsdk.AddTool(server, t.searchBooks(), readOnly...)
	mcpsdk.AddTool(server, t.getBook(), readOnly...)
	mcpsdk.AddTool(server, t.reserveBook(), opts...)
	mcpsdk.AddTool(server, t.fetchReviews(), readOnly...)
	return server
}

// markReadOnly tells clients a tool changes nothing, so they may call it
// without asking the user first.
func markReadOnly(tool *mcp.Tool) {
	tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
}

type searchArgs struct {
	Query string `json:"query" jsonschema:"words from the title or the author's name"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many books to return at most (default 10)"`
}

type searchResult struct {
	Books []catalog.Book `json:"books"`
}

// searchBooks finds books by title or author.
func (t *tools) searchBooks() *mcperr.Tool[searchArgs, searchResult] {
	return &mcperr.Tool[searchArgs, searchResult]{
		Name:        "search_books",
		Title:       "Search books",
		Description: "Finds books whose title or author contains the query. Use it to find the id other tools take.",
		Errors: []mcperr.Contract{{
			Reason:   "query_too_short",
			Code:     mcperr.CodeValidationError,
			When:     "The query has fewer than two letters.",
			Recovery: "Search with at least two letters of the title or of the author's name.",
			Severity: mcperr.SeverityInfo,
		}},
		Handler: func(ctx context.Context, in searchArgs) (searchResult, error) {
			query := strings.TrimSpace(in.Query)
			if len([]rune(query)) < minQueryLength {
				return searchResult{}, mcperr.Fail(ctx, "query_too_short",
					fmt.Sprintf("The query %q is too short to search with.", in.Query),
					mcperr.RecoveryFor(ctx, "query_too_short"))
			}
			limit := in.Limit
			if limit <= 0 {
				limit = defaultSearchLimit
			}
			return searchResult{Books: t.catalog.Search(query, limit)}, nil
		},
	}
}

type bookArgs struct {
	ID string `json:"id" jsonschema:"the book's id, from search_books"`
}

// getBook returns one book.
func (t *tools) getBook() *mcperr.Tool[bookArgs, catalog.Book] {
	return &mcperr.Tool[bookArgs, catalog.Book]{
		Name:        "get_book",
		Title:       "Get a book",
		Description: "Returns a book's details, including how many copies can still be reserved.",
		Errors:      []mcperr.Contract{bookNotFound},
		Handler: func(ctx context.Context, in bookArgs) (catalog.Book, error) {
			return t.catalog.Get(ctx, in.ID)
		},
	}
}

type reserveArgs struct {
	ID     string `json:"id" jsonschema:"the book's id, from search_books"`
	Patron string `json:"patron" jsonschema:"the library card number of the patron the copy is for"`
}

// reserveBook holds a copy of a book for a patron.
func (t *tools) reserveBook() *mcperr.Tool[reserveArgs, catalog.Reservation] {
	return &mcperr.Tool[reserveArgs, catalog.Reservation]{
		Name:        "reserve_book",
		Title:       "Reserve a book",
		Description: fmt.Sprintf("Holds one copy of a book for a patron, who may hold %d reservations at a time.", maxReservationsPerPatron),
		Errors: []mcperr.Contract{
			bookNotFound,
			{
				Reason:          catalog.ReasonBookUnavailable,
				Code:            mcperr.CodeConflict,
				When:            "Every copy of the book is already reserved.",
				Recovery:        "Tell the patron the book is fully reserved, and offer another title from search_books.",
				Severity:        mcperr.SeverityInfo,
				ThrownByService: true,
			},
			{
				Reason:   "reservation_limit_reached",
				Code:     mcperr.CodeForbidden,
				When:     "The patron already holds as many reservations as allowed.",
				Recovery: "Ask the patron to collect or cancel a reservation at the desk before reserving another book.",
				Severity: mcperr.SeverityWarning,
			},
		},
		Handler: func(ctx context.Context, in reserveArgs) (catalog.Reservation, error) {
			if held := t.catalog.Reservations(in.Patron); held >= maxReservationsPerPatron {
				return catalog.Reservation{}, mcperr.Fail(ctx, "reservation_limit_reached",
					fmt.Sprintf("Patron %s already holds %d reservations, the most allowed.", in.Patron, held),
					mcperr.WithData("held", held),
					mcperr.RecoveryFor(ctx, "reservation_limit_reached"))
			}
			return t.catalog.Reserve(ctx, in.ID, in.Patron)
		},
	}
}

type reviewsArgs struct {
	ID    string `json:"id" jsonschema:"the book's id, from search_books"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many reviews to return at most (default 5)"`
}

type reviewList struct {
	BookID  string           `json:"bookId"`
	Reviews []reviews.Review `json:"reviews"`
}

// fetchReviews returns readers' reviews of a book, from the reviews service.
func (t *tools) fetchReviews() *mcperr.Tool[reviewsArgs, reviewList] {
	return &mcperr.Tool[reviewsArgs, reviewList]{
		Name:        "fetch_reviews",
		Title:       "Fetch reviews",
		Description: "Returns readers' reviews of a book, with their star ratings.",
		Errors: []mcperr.Contract{
			bookNotFound,
			{
				Reason:          reviews.ReasonReviewsUnavailable,
				Code:            mcperr.CodeServiceUnavailable,
				When:            "The reviews service cannot answer right now.",
				Recovery:        "Answer without reviews for now, or call fetch_reviews again in a minute.",
				Retryable:       true,
				ThrownByService: true,
			},
		},
		Handler: func(ctx context.Context, in reviewsArgs) (reviewList, error) {
			if _, err := t.catalog.Get(ctx, in.ID); err != nil {
				return reviewList{}, err
			}
			limit := in.Limit
			if limit <= 0 {
				limit = defaultReviewLimit
			}
			list, err := t.reviews.List(ctx, in.ID, limit)
			if err != nil {
				return reviewList{}, err
			}
			return reviewList{BookID: in.ID, Reviews: list}, nil
		},
	}
}
