// Package bindingtest holds what the end-to-end tests of every SDK binding
// share: a tool that fails in every way a handler can, and what a client
// must receive for each way, so that runtime/mcpsdk and runtime/mcpgo are
// held to the same text and structuredContent, and a test can hold them to
// each other.
package bindingtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// GetBookArgs are the arguments of get_book.
type GetBookArgs struct {
	ID string `json:"id" jsonschema:"the book's id, as search_books returns it"`
}

// A Book is get_book's output.
type Book struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Year  int    `json:"year,omitempty"`
}

// Contract is the contract of get_book.
var Contract = []mcperr.Contract{
	{
		Reason:   "book_not_found",
		Code:     mcperr.CodeNotFound,
		When:     "No book has the requested id.",
		Recovery: "Search with search_books to find the id, then call get_book again.",
		Severity: mcperr.SeverityInfo,
	},
	{
		Reason:    "catalog_offline",
		Code:      mcperr.CodeServiceUnavailable,
		When:      "The catalog service cannot be reached.",
		Recovery:  "Wait a minute and call get_book again.",
		Retryable: true,
	},
}

// GetBook returns get_book, a tool whose handler fails in every way a
// handler can, chosen by the id it is asked for: "missing", "offline",
// "service", "closed", "mismatch", "withdrawn", "undeclared", "shelf",
// "plain", "panic"; "b-1" succeeds and any other id returns the zero Book.
func GetBook() *mcperr.Tool[GetBookArgs, Book] {
	return &mcperr.Tool[GetBookArgs, Book]{
		Name:        "get_book",
		Title:       "Get a book",
		Description: "Returns one book by id.",
		Errors:      Contract,
		Handler: func(ctx context.Context, in GetBookArgs) (Book, error) {
			switch in.ID {
			case "b-1":
				return Book{ID: "b-1", Title: "Dune", Year: 1965}, nil
			case "missing":
				return Book{}, mcperr.Fail(ctx, "book_not_found", fmt.Sprintf("No book has id %q.", in.ID),
					mcperr.RecoveryFor(ctx, "book_not_found"))
			case "offline":
				//mcperrlint:ignore error-contract-recovery-unforwarded the tests assert the text without a recovery block
				return Book{}, mcperr.Fail(ctx, "catalog_offline", "",
					mcperr.WithCause(fmt.Errorf("GET /books/offline: %w", errors.New("connection refused"))))
			case "service":
				// A service's error names the reason but not its
				// retryability: the contract supplies it.
				//mcperrlint:ignore error-contract-prefer-fail the tests assert how a service's error is sent
				return Book{}, mcperr.ServiceUnavailable("The catalog timed out.", mcperr.WithReason("catalog_offline"))
			case "closed":
				// A service's error that names the reason and states its
				// own retryability: the statement wins.
				//mcperrlint:ignore error-contract-prefer-fail the tests assert how a service's error is sent
				return Book{}, mcperr.ServiceUnavailable("The catalog is closed for good.",
					mcperr.WithReason("catalog_offline"), mcperr.WithRetryable(false))
			case "mismatch":
				// The same reason with another code than the contract's:
				// the code is kept, the mismatch logged.
				//mcperrlint:ignore error-contract-reason-code-mismatch the tests assert what a mismatch sends and logs
				return Book{}, mcperr.Timeout("The catalog timed out.", mcperr.WithReason("catalog_offline"))
			case "withdrawn":
				// A service's error given RecoveryFor: the reason, the
				// retryability and the hint of the entry.
				//mcperrlint:ignore error-contract-prefer-fail the tests assert how a service's error is sent
				return Book{}, mcperr.NotFound(fmt.Sprintf("Book %q was withdrawn.", in.ID),
					mcperr.RecoveryFor(ctx, "book_not_found"))
			case "undeclared":
				//mcperrlint:ignore error-contract-reason-undeclared,error-contract-recovery-unforwarded the tests assert what an undeclared reason sends
				return Book{}, mcperr.Fail(ctx, "book_burned", "The book burned.")
			case "shelf":
				//mcperrlint:ignore error-contract-prefer-fail the tests assert how a bare factory error is sent
				return Book{}, mcperr.NotFound(`Shelf "s-9" does not exist.`)
			case "plain":
				//mcperrlint:ignore prefer-mcp-error-in-handler the tests assert how a plain Go error is sent
				return Book{}, errors.New("the warehouse robot jammed")
			case "panic":
				var shelves []string
				_ = shelves[3] // index out of range
			}
			return Book{}, nil
		},
	}
}

// A Case is one call of get_book and what the client must receive, with
// the request id of the first failure of a server numbered req-1, req-2, ….
type Case struct {
	Name string
	// Args are the call's arguments.
	Args map[string]any
	// IsError is the result's isError.
	IsError bool
	// Text is content[0].text.
	Text string
	// Structured is structuredContent, as JSON.
	Structured string
	// Handler reports a failure the handler returns, which
	// mcperr.Tool.Call returns too, rather than one of the binding's own
	// (invalid arguments, a recovered panic).
	Handler bool
}

// invalidArgumentsTrailer ends the text of every invalid-arguments failure.
const invalidArgumentsTrailer = "\n\nRecovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
	"(reason invalid_arguments · not retryable · request req-1)"

// Cases are the calls every binding's end-to-end tests make, one per kind of
// outcome.
var Cases = []Case{{
	Name:       "success",
	Args:       map[string]any{"id": "b-1"},
	Text:       `{"id":"b-1","title":"Dune","year":1965}`,
	Structured: `{"id": "b-1", "title": "Dune", "year": 1965}`,
}, {
	Name:    "contract failure with recovery",
	Handler: true,
	Args:    map[string]any{"id": "missing"},
	IsError: true,
	Text: "Error: No book has id \"missing\".\n\n" +
		"Recovery: Search with search_books to find the id, then call get_book again.\n\n" +
		"(reason book_not_found · not retryable · request req-1)",
	Structured: `{"error": {"code": -32001, "message": "No book has id \"missing\".", "data": {
		"reason": "book_not_found", "retryable": false, "requestId": "req-1",
		"recovery": {"hint": "Search with search_books to find the id, then call get_book again."}}}}`,
}, {
	Name:    "contract failure without recovery",
	Handler: true,
	Args:    map[string]any{"id": "offline"},
	IsError: true,
	Text:    "Error: The catalog service cannot be reached.\n\n(reason catalog_offline · retryable · request req-1)",
	Structured: `{"error": {"code": -32000, "message": "The catalog service cannot be reached.", "data": {
		"reason": "catalog_offline", "retryable": true, "requestId": "req-1"}}}`,
}, {
	Name:    "service error with a reason: retryable from the contract",
	Handler: true,
	Args:    map[string]any{"id": "service"},
	IsError: true,
	Text:    "Error: The catalog timed out.\n\n(reason catalog_offline · retryable · request req-1)",
	Structured: `{"error": {"code": -32000, "message": "The catalog timed out.", "data": {
		"reason": "catalog_offline", "retryable": true, "requestId": "req-1"}}}`,
}, {
	Name:    "service error with a reason that states its retryability",
	Handler: true,
	Args:    map[string]any{"id": "closed"},
	IsError: true,
	Text:    "Error: The catalog is closed for good.\n\n(reason catalog_offline · not retryable · request req-1)",
	Structured: `{"error": {"code": -32000, "message": "The catalog is closed for good.", "data": {
		"reason": "catalog_offline", "retryable": false, "requestId": "req-1"}}}`,
}, {
	Name:    "service error with a reason and another code: the code is kept",
	Handler: true,
	Args:    map[string]any{"id": "mismatch"},
	IsError: true,
	Text:    "Error: The catalog timed out.\n\n(reason catalog_offline · retryable · request req-1)",
	Structured: `{"error": {"code": -32004, "message": "The catalog timed out.", "data": {
		"reason": "catalog_offline", "retryable": true, "requestId": "req-1"}}}`,
}, {
	Name:    "service error given RecoveryFor: the entry's reason, retryability and hint",
	Handler: true,
	Args:    map[string]any{"id": "withdrawn"},
	IsError: true,
	Text: "Error: Book \"withdrawn\" was withdrawn.\n\n" +
		"Recovery: Search with search_books to find the id, then call get_book again.\n\n" +
		"(reason book_not_found · not retryable · request req-1)",
	Structured: `{"error": {"code": -32001, "message": "Book \"withdrawn\" was withdrawn.", "data": {
		"reason": "book_not_found", "retryable": false, "requestId": "req-1",
		"recovery": {"hint": "Search with search_books to find the id, then call get_book again."}}}}`,
}, {
	Name:       "undeclared reason: the caller's message, no reason",
	Handler:    true,
	Args:       map[string]any{"id": "undeclared"},
	IsError:    true,
	Text:       "Error: The book burned.\n\n(request req-1)",
	Structured: `{"error": {"code": -32603, "message": "The book burned.", "data": {"requestId": "req-1"}}}`,
}, {
	Name:       "factory error",
	Handler:    true,
	Args:       map[string]any{"id": "shelf"},
	IsError:    true,
	Text:       "Error: Shelf \"s-9\" does not exist.\n\n(request req-1)",
	Structured: `{"error": {"code": -32001, "message": "Shelf \"s-9\" does not exist.", "data": {"requestId": "req-1"}}}`,
}, {
	Name:       "plain Go error",
	Handler:    true,
	Args:       map[string]any{"id": "plain"},
	IsError:    true,
	Text:       "Error: the warehouse robot jammed\n\n(request req-1)",
	Structured: `{"error": {"code": -32603, "message": "the warehouse robot jammed", "data": {"requestId": "req-1"}}}`,
}, {
	Name:    "argument of the wrong type",
	Args:    map[string]any{"id": 42},
	IsError: true,
	Text:    "Error: Invalid arguments: id: expected string, got integer." + invalidArgumentsTrailer,
	Structured: `{"error": {"code": -32602, "message": "Invalid arguments: id: expected string, got integer.", "data": {
		"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
		"issues": [{"path": "id", "message": "expected string, got integer"}],
		"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`,
}, {
	Name:    "missing required argument",
	Args:    map[string]any{},
	IsError: true,
	Text:    "Error: Invalid arguments: id: required property is missing." + invalidArgumentsTrailer,
	Structured: `{"error": {"code": -32602, "message": "Invalid arguments: id: required property is missing.", "data": {
		"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
		"issues": [{"path": "id", "message": "required property is missing"}],
		"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`,
}, {
	Name:    "unknown argument",
	Args:    map[string]any{"id": "b-1", "isbn": "978-0441013593"},
	IsError: true,
	Text:    "Error: Invalid arguments: isbn: unknown property; expected one of id." + invalidArgumentsTrailer,
	Structured: `{"error": {"code": -32602, "message": "Invalid arguments: isbn: unknown property; expected one of id.", "data": {
		"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
		"issues": [{"path": "isbn", "message": "unknown property; expected one of id"}],
		"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`,
}, {
	Name:       "panic",
	Args:       map[string]any{"id": "panic"},
	IsError:    true,
	Text:       "Error: Tool \"get_book\" failed unexpectedly.\n\n(request req-1)",
	Structured: `{"error": {"code": -32603, "message": "Tool \"get_book\" failed unexpectedly.", "data": {"requestId": "req-1"}}}`,
}}

// Meta is get_book's advertised contract (_meta[MetaKeyErrors]), as JSON.
const Meta = `[
	{"reason": "book_not_found", "code": -32001, "codeName": "NotFound", "when": "No book has the requested id.",
	 "recovery": "Search with search_books to find the id, then call get_book again.", "retryable": false},
	{"reason": "catalog_offline", "code": -32000, "codeName": "ServiceUnavailable", "when": "The catalog service cannot be reached.",
	 "recovery": "Wait a minute and call get_book again.", "retryable": true},
	{"reason": "invalid_arguments", "code": -32602, "codeName": "InvalidParams", "when": "The arguments do not match the tool's input schema.",
	 "recovery": "Correct the listed arguments to match the tool's input schema, then call the tool again.", "retryable": false}]`

// SequentialIDs returns a request-id generator yielding req-1, req-2, …
func SequentialIDs() func() string {
	var n atomic.Int64
	return func() string { return fmt.Sprintf("req-%d", n.Add(1)) }
}

// A Recorder is a slog.Handler that keeps every record, for assertions.
type Recorder struct {
	mu      sync.Mutex
	records []slog.Record
}

func (r *Recorder) Enabled(context.Context, slog.Level) bool { return true }

func (r *Recorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, rec.Clone())
	return nil
}

func (r *Recorder) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *Recorder) WithGroup(string) slog.Handler      { return r }

// All returns the records so far.
func (r *Recorder) All() []slog.Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]slog.Record(nil), r.records...)
}

// Attrs returns a record's attributes as a map, with values resolved.
func Attrs(rec slog.Record) map[string]any {
	m := make(map[string]any, rec.NumAttrs())
	rec.Attrs(func(a slog.Attr) bool {
		m[a.Key] = a.Value.Resolve().Any()
		return true
	})
	return m
}

// Failure returns the failure a client reads back from the case's result
// (mcperr.FromResult of its structuredContent), and false for a success.
func (c Case) Failure() (mcperr.WireError, bool) {
	if !c.IsError {
		return mcperr.WireError{}, false
	}
	return mcperr.FromResult(json.RawMessage(c.Structured), "")
}
