// Package shoptest holds what the tests of both bookstore examples share:
// the store's tools with the reviews stand-in served in-process, and the
// calls each example's test makes with exactly what an agent must read
// back, so that the go-sdk server and the mcp-go server are held to the
// same answers.
package shoptest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/mcperrlint/mcperrlint/examples/bookstore/catalog"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/reviews"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/shop"
)

// Tools returns a fresh store's tools, whose reviews service is the
// stand-in, reached without opening a socket.
func Tools() *shop.Tools {
	rev := reviews.NewClient("http://reviews.test", &http.Client{Transport: inProcess{reviews.NewUpstream()}})
	return shop.New(catalog.New(), rev)
}

// inProcess is an http.RoundTripper that serves requests with a handler.
type inProcess struct{ handler http.Handler }

func (t inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.handler.ServeHTTP(rec, req)
	return rec.Result(), nil
}

// SequentialIDs returns a request-id generator yielding req-1, req-2, …
func SequentialIDs() func() string {
	var n atomic.Int64
	return func() string { return fmt.Sprintf("req-%d", n.Add(1)) }
}

// A Call is a tool call.
type Call struct {
	Tool string
	Args map[string]any
}

// A Scenario is a call of a fresh store, after calls that set the scene,
// and the text an agent reads in content[0]; the first failure is req-1.
type Scenario struct {
	Name    string
	Before  []Call // calls that set the scene; each must succeed
	Tool    string
	Args    map[string]any
	IsError bool
	Text    string
}

// Scenarios call each tool on its success paths and on its failure paths.
var Scenarios = []Scenario{{
	Name: "search finds a book",
	Tool: "search_books",
	Args: map[string]any{"query": "dune"},
	Text: `{"books":[{"id":"b-1","title":"Dune","author":"Frank Herbert","year":1965,"available":2}]}`,
}, {
	Name: "search finds nothing",
	Tool: "search_books",
	Args: map[string]any{"query": "cookbook"},
	Text: `{"books":[]}`,
}, {
	Name:    "search with a one-letter query",
	Tool:    "search_books",
	Args:    map[string]any{"query": " x "},
	IsError: true,
	Text: "Error: The query \" x \" is too short to search with.\n\n" +
		"Recovery: Search with at least two letters of the title or of the author's name.\n\n" +
		"(reason query_too_short · not retryable · request req-1)",
}, {
	Name: "get a book",
	Tool: "get_book",
	Args: map[string]any{"id": "b-2"},
	Text: `{"id":"b-2","title":"The Left Hand of Darkness","author":"Ursula K. Le Guin","year":1969,"available":1}`,
}, {
	Name:    "get a book that does not exist",
	Tool:    "get_book",
	Args:    map[string]any{"id": "b-99"},
	IsError: true,
	Text: "Error: No book has id \"b-99\".\n\n" +
		"Recovery: Call search_books to find the book's id, then call this tool again with that id.\n\n" +
		"(reason book_not_found · not retryable · request req-1)",
}, {
	Name: "reserve a book",
	Tool: "reserve_book",
	Args: map[string]any{"id": "b-1", "patron": "P-100"},
	Text: `{"id":"r-1","bookId":"b-1","title":"Dune","patron":"P-100"}`,
}, {
	Name:    "reserve a fully reserved book",
	Tool:    "reserve_book",
	Args:    map[string]any{"id": "b-3", "patron": "P-100"},
	IsError: true,
	Text: "Error: Every copy of \"Neuromancer\" is reserved.\n\n" +
		"Recovery: Tell the patron the book is fully reserved, and offer another title from search_books.\n\n" +
		"(reason book_unavailable · not retryable · request req-1)",
}, {
	Name: "reserve beyond the patron's limit",
	Before: []Call{
		{Tool: "reserve_book", Args: map[string]any{"id": "b-1", "patron": "P-100"}},
		{Tool: "reserve_book", Args: map[string]any{"id": "b-2", "patron": "P-100"}},
	},
	Tool:    "reserve_book",
	Args:    map[string]any{"id": "b-4", "patron": "P-100"},
	IsError: true,
	Text: "Error: Patron P-100 already holds 2 reservations, the most allowed.\n\n" +
		"Recovery: Ask the patron to collect or cancel a reservation at the desk before reserving another book.\n\n" +
		"(reason reservation_limit_reached · not retryable · request req-1)",
}, {
	Name:    "reserve with arguments of the wrong shape",
	Tool:    "reserve_book",
	Args:    map[string]any{"id": 7},
	IsError: true,
	Text: "Error: Invalid arguments: id: expected string, got integer; patron: required property is missing.\n\n" +
		"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
		"(reason invalid_arguments · not retryable · request req-1)",
}, {
	Name: "fetch reviews",
	Tool: "fetch_reviews",
	Args: map[string]any{"id": "b-1", "limit": 1},
	Text: `{"bookId":"b-1","reviews":[{"reader":"ada","rating":5,"text":"The desert planet feels real."}]}`,
}, {
	Name: "fetch reviews of a book nobody reviewed",
	Tool: "fetch_reviews",
	Args: map[string]any{"id": "b-3"},
	Text: `{"bookId":"b-3","reviews":[]}`,
}, {
	Name:    "fetch reviews while the reviews service is down",
	Tool:    "fetch_reviews",
	Args:    map[string]any{"id": "b-4"},
	IsError: true,
	Text: "Error: The reviews service is not answering right now.\n\n" +
		"Recovery: Answer without reviews for now, or call fetch_reviews again in a minute.\n\n" +
		"(reason reviews_unavailable · retryable · request req-1)",
}, {
	Name:    "fetch reviews of a book that does not exist",
	Tool:    "fetch_reviews",
	Args:    map[string]any{"id": "b-99"},
	IsError: true,
	Text: "Error: No book has id \"b-99\".\n\n" +
		"Recovery: Call search_books to find the book's id, then call this tool again with that id.\n\n" +
		"(reason book_not_found · not retryable · request req-1)",
}}

// UpstreamSecrets are parts of the reviews stand-in's error body (an internal
// host name) that must reach no part of any result.
var UpstreamSecrets = []string{"reviews-db-2", "pool exhausted"}

// Contracts are the reasons each tool advertises, in order: its contract's,
// then invalid_arguments, which the binding produces.
var Contracts = map[string][]string{
	"search_books":  {"query_too_short", "invalid_arguments"},
	"get_book":      {"book_not_found", "invalid_arguments"},
	"reserve_book":  {"book_not_found", "book_unavailable", "reservation_limit_reached", "invalid_arguments"},
	"fetch_reviews": {"book_not_found", "reviews_unavailable", "invalid_arguments"},
}
