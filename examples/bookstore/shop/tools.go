// Package shop defines the bookstore's four MCP tools (search_books,
// get_book, reserve_book, fetch_reviews) with their error contracts, once,
// for any SDK: examples/bookstore serves them on the go-sdk with
// runtime/mcpsdk, examples/bookstore-mcpgo on mcp-go with runtime/mcpgo, and
// an agent cannot tell the two apart.
package shop

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcperrlint/mcperrlint/examples/bookstore/catalog"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/reviews"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
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

// Tools holds what the handlers need. Its methods return the tools, to
// register with a binding.
type Tools struct {
	catalog *catalog.Catalog
	reviews *reviews.Client
}

// New returns the tools of a store with the given catalog and reviews
// service.
func New(cat *catalog.Catalog, rev *reviews.Client) *Tools {
	return &Tools{catalog: cat, reviews: rev}
}

// SearchArgs are search_books' arguments.
type SearchArgs struct {
	Query string `json:"query" jsonschema:"words from the title or the author's name"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many books to return at most (default 10)"`
}

// SearchResult is search_books' output.
type SearchResult struct {
	Books []catalog.Book `json:"books"`
}

// SearchBooks finds books by title or author.
func (t *Tools) SearchBooks() *mcperr.Tool[SearchArgs, SearchResult] {
	return &mcperr.Tool[SearchArgs, SearchResult]{
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
		Handler: func(ctx context.Context, in SearchArgs) (SearchResult, error) {
			query := strings.TrimSpace(in.Query)
			if len([]rune(query)) < minQueryLength {
				return SearchResult{}, mcperr.Fail(ctx, "query_too_short",
					fmt.Sprintf("The query %q is too short to search with.", in.Query),
					mcperr.RecoveryFor(ctx, "query_too_short"))
			}
			limit := in.Limit
			if limit <= 0 {
				limit = defaultSearchLimit
			}
			return SearchResult{Books: t.catalog.Search(query, limit)}, nil
		},
	}
}

// BookArgs are get_book's arguments.
type BookArgs struct {
	ID string `json:"id" jsonschema:"the book's id, from search_books"`
}

// GetBook returns one book.
func (t *Tools) GetBook() *mcperr.Tool[BookArgs, catalog.Book] {
	return &mcperr.Tool[BookArgs, catalog.Book]{
		Name:        "get_book",
		Title:       "Get a book",
		Description: "Returns a book's details, including how many copies can still be reserved.",
		Errors:      []mcperr.Contract{bookNotFound},
		Handler: func(ctx context.Context, in BookArgs) (catalog.Book, error) {
			return t.catalog.Get(ctx, in.ID)
		},
	}
}

// ReserveArgs are reserve_book's arguments.
type ReserveArgs struct {
	ID     string `json:"id" jsonschema:"the book's id, from search_books"`
	Patron string `json:"patron" jsonschema:"the library card number of the patron the copy is for"`
}

// ReserveBook holds a copy of a book for a patron.
func (t *Tools) ReserveBook() *mcperr.Tool[ReserveArgs, catalog.Reservation] {
	return &mcperr.Tool[ReserveArgs, catalog.Reservation]{
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
		Handler: func(ctx context.Context, in ReserveArgs) (catalog.Reservation, error) {
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

// ReviewsArgs are fetch_reviews' arguments.
type ReviewsArgs struct {
	ID    string `json:"id" jsonschema:"the book's id, from search_books"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many reviews to return at most (default 5)"`
}

// ReviewList is fetch_reviews' output.
type ReviewList struct {
	BookID  string           `json:"bookId"`
	Reviews []reviews.Review `json:"reviews"`
}

// FetchReviews returns readers' reviews of a book, from the reviews service.
func (t *Tools) FetchReviews() *mcperr.Tool[ReviewsArgs, ReviewList] {
	return &mcperr.Tool[ReviewsArgs, ReviewList]{
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
		Handler: func(ctx context.Context, in ReviewsArgs) (ReviewList, error) {
			if _, err := t.catalog.Get(ctx, in.ID); err != nil {
				return ReviewList{}, err
			}
			limit := in.Limit
			if limit <= 0 {
				limit = defaultReviewLimit
			}
			list, err := t.reviews.List(ctx, in.ID, limit)
			if err != nil {
				return ReviewList{}, err
			}
			return ReviewList{BookID: in.ID, Reviews: list}, nil
		},
	}
}
