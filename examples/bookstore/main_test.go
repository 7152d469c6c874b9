package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/catalog"
	"github.com/mcperrlint/mcperrlint/examples/bookstore/reviews"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// inProcess is an http.RoundTripper that serves requests with a handler,
// so the tests reach the reviews stand-in without opening a socket.
type inProcess struct{ handler http.Handler }

func (t inProcess) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	t.handler.ServeHTTP(rec, req)
	return rec.Result(), nil
}

// connect starts a fresh bookstore and returns a client session to it over
// in-memory transports. Failures are numbered req-1, req-2, … in order.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	var n atomic.Int64
	ids := func() string { return fmt.Sprintf("req-%d", n.Add(1)) }
	rev := reviews.NewClient("http://reviews.test", &http.Client{Transport: inProcess{reviews.NewUpstream()}})
	server := newServer(catalog.New(), rev, mcpsdk.WithLogger(slog.New(slog.DiscardHandler)), mcpsdk.WithRequestIDs(ids))
	serverTransport, clientTransport := mcp.NewInMemoryTransports()
	serverSession, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	session, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1.0.0"}, nil).Connect(ctx, clientTransport, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = session.Close()
		_ = serverSession.Wait()
	})
	return session
}

// TestTools calls each tool once on a success path and on its failure
// paths, and checks the text an agent reads in content[0].
func TestTools(t *testing.T) {
	tests := []struct {
		name     string
		before   []mcp.CallToolParams // calls that set the scene
		tool     string
		args     map[string]any
		wantErr  bool
		wantText string
	}{{
		name:     "search finds a book",
		tool:     "search_books",
		args:     map[string]any{"query": "dune"},
		wantText: `{"books":[{"id":"b-1","title":"Dune","author":"Frank Herbert","year":1965,"available":2}]}`,
	}, {
		name:     "search finds nothing",
		tool:     "search_books",
		args:     map[string]any{"query": "cookbook"},
		wantText: `{"books":[]}`,
	}, {
		name:    "search with a one-letter query",
		tool:    "search_books",
		args:    map[string]any{"query": " x "},
		wantErr: true,
		wantText: "Error: The query \" x \" is too short to search with.\n\n" +
			"Recovery: Search with at least two letters of the title or of the author's name.\n\n" +
			"(reason query_too_short · not retryable · request req-1)",
	}, {
		name:     "get a book",
		tool:     "get_book",
		args:     map[string]any{"id": "b-2"},
		wantText: `{"id":"b-2","title":"The Left Hand of Darkness","author":"Ursula K. Le Guin","year":1969,"available":1}`,
	}, {
		name:    "get a book that does not exist",
		tool:    "get_book",
		args:    map[string]any{"id": "b-99"},
		wantErr: true,
		wantText: "Error: No book has id \"b-99\".\n\n" +
			"Recovery: Call search_books to find the book's id, then call this tool again with that id.\n\n" +
			"(reason book_not_found · not retryable · request req-1)",
	}, {
		name:     "reserve a book",
		tool:     "reserve_book",
		args:     map[string]any{"id": "b-1", "patron": "P-100"},
		wantText: `{"id":"r-1","bookId":"b-1","title":"Dune","patron":"P-100"}`,
	}, {
		name:    "reserve a fully reserved book",
		tool:    "reserve_book",
		args:    map[string]any{"id": "b-3", "patron": "P-100"},
		wantErr: true,
		wantText: "Error: Every copy of \"Neuromancer\" is reserved.\n\n" +
			"Recovery: Tell the patron the book is fully reserved, and offer another title from search_books.\n\n" +
			"(reason book_unavailable · not retryable · request req-1)",
	}, {
		name: "reserve beyond the patron's limit",
		before: []mcp.CallToolParams{
			{Name: "reserve_book", Arguments: map[string]any{"id": "b-1", "patron": "P-100"}},
			{Name: "reserve_book", Arguments: map[string]any{"id": "b-2", "patron": "P-100"}},
		},
		tool:    "reserve_book",
		args:    map[string]any{"id": "b-4", "patron": "P-100"},
		wantErr: true,
		wantText: "Error: Patron P-100 already holds 2 reservations, the most allowed.\n\n" +
			"Recovery: Ask the patron to collect or cancel a reservation at the desk before reserving another book.\n\n" +
			"(reason reservation_limit_reached · not retryable · request req-1)",
	}, {
		name:    "reserve with arguments of the wrong shape",
		tool:    "reserve_book",
		args:    map[string]any{"id": 7},
		wantErr: true,
		wantText: "Error: Invalid arguments: id: expected string, got integer; patron: required property is missing.\n\n" +
			"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
			"(reason invalid_arguments · not retryable · request req-1)",
	}, {
		name:     "fetch reviews",
		tool:     "fetch_reviews",
		args:     map[string]any{"id": "b-1", "limit": 1},
		wantText: `{"bookId":"b-1","reviews":[{"reader":"ada","rating":5,"text":"The desert planet feels real."}]}`,
	}, {
		name:     "fetch reviews of a book nobody reviewed",
		tool:     "fetch_reviews",
		args:     map[string]any{"id": "b-3"},
		wantText: `{"bookId":"b-3","reviews":[]}`,
	}, {
		name:    "fetch reviews while the reviews service is down",
		tool:    "fetch_reviews",
		args:    map[string]any{"id": "b-4"},
		wantErr: true,
		wantText: "Error: The reviews service is not answering right now.\n\n" +
			"Recovery: Answer without reviews for now, or call fetch_reviews again in a minute.\n\n" +
			"(reason reviews_unavailable · retryable · request req-1)",
	}, {
		name:    "fetch reviews of a book that does not exist",
		tool:    "fetch_reviews",
		args:    map[string]any{"id": "b-99"},
		wantErr: true,
		wantText: "Error: No book has id \"b-99\".\n\n" +
			"Recovery: Call search_books to find the book's id, then call this tool again with that id.\n\n" +
			"(reason book_not_found · not retryable · request req-1)",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			session := connect(t)
			ctx := context.Background()
			for _, params := range tt.before {
				if res, err := session.CallTool(ctx, &params); err != nil || res.IsError {
					t.Fatalf("setting the scene with %s %v: %v, %+v", params.Name, params.Arguments, err, res)
				}
			}
			res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: tt.tool, Arguments: tt.args})
			if err != nil {
				t.Fatalf("CallTool: protocol error %v; want a result", err)
			}
			if res.IsError != tt.wantErr {
				t.Errorf("isError = %v, want %v", res.IsError, tt.wantErr)
			}
			if diff := cmp.Diff(tt.wantText, textOf(t, res)); diff != "" {
				t.Errorf("content[0].text mismatch (-want +got):\n%s", diff)
			}
			if !tt.wantErr {
				return
			}
			if _, ok := res.StructuredContent.(map[string]any)["error"]; !ok {
				t.Errorf("structuredContent = %v, want an error object", res.StructuredContent)
			}
		})
	}
}

// TestUpstreamBodyStaysOnServer checks that what the reviews service says
// in its error body (an internal host name) reaches no part of the result.
func TestUpstreamBodyStaysOnServer(t *testing.T) {
	session := connect(t)
	res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "fetch_reviews", Arguments: map[string]any{"id": "b-4"}})
	if err != nil {
		t.Fatal(err)
	}
	wire, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(wire), "reviews-db-2") || strings.Contains(string(wire), "pool exhausted") {
		t.Errorf("the upstream's error body leaked into the result: %s", wire)
	}
}

// TestContracts checks that every tool advertises its contract, with the
// reasons its handler and services fail with.
func TestContracts(t *testing.T) {
	session := connect(t)
	list, err := session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string][]string)
	for _, tool := range list.Tools {
		entries, _ := tool.Meta[mcpsdk.MetaKeyErrors].([]any)
		for _, e := range entries {
			got[tool.Name] = append(got[tool.Name], e.(map[string]any)["reason"].(string))
		}
	}
	want := map[string][]string{ // and invalid_arguments, which the binding produces
		"search_books":  {"query_too_short", "invalid_arguments"},
		"get_book":      {"book_not_found", "invalid_arguments"},
		"reserve_book":  {"book_not_found", "book_unavailable", "reservation_limit_reached", "invalid_arguments"},
		"fetch_reviews": {"book_not_found", "reviews_unavailable", "invalid_arguments"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("advertised reasons mismatch (-want +got):\n%s", diff)
	}
}

// textOf returns content[0].text of a result.
func textOf(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatal("result has no content")
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content[0] is %T, want text", res.Content[0])
	}
	return text.Text
}
