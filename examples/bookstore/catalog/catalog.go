// Package catalog is the bookstore's service layer: the books it stocks and
// the reservations patrons hold. It knows nothing of MCP; its failures are
// mcperr errors built WithReason, so a tool handler can return them
// unchanged and the client sees the reason the tool's contract declares.
package catalog

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Reasons the catalog fails with. Tools that call the catalog declare them
// in their contracts, marked ThrownByService.
const (
	// ReasonBookNotFound: no book has the requested id.
	ReasonBookNotFound = "book_not_found"
	// ReasonBookUnavailable: every copy of the book is reserved.
	ReasonBookUnavailable = "book_unavailable"
)

// A Book is a title the store stocks.
type Book struct {
	ID        string `json:"id" jsonschema:"the book's id, as get_book and reserve_book take it"`
	Title     string `json:"title"`
	Author    string `json:"author"`
	Year      int    `json:"year"`
	Available int    `json:"available" jsonschema:"copies that can still be reserved"`
}

// A Reservation holds one copy of a book for a patron.
type Reservation struct {
	ID     string `json:"id"`
	BookID string `json:"bookId"`
	Title  string `json:"title"`
	Patron string `json:"patron"`
}

// A Catalog is the store's stock. It is safe for concurrent use.
type Catalog struct {
	mu           sync.Mutex
	books        map[string]Book
	reservations []Reservation
}

// New returns a catalog stocked with the store's sample books.
func New() *Catalog {
	c := &Catalog{books: make(map[string]Book)}
	for _, b := range []Book{
		{ID: "b-1", Title: "Dune", Author: "Frank Herbert", Year: 1965, Available: 2},
		{ID: "b-2", Title: "The Left Hand of Darkness", Author: "Ursula K. Le Guin", Year: 1969, Available: 1},
		{ID: "b-3", Title: "Neuromancer", Author: "William Gibson", Year: 1984, Available: 0},
		{ID: "b-4", Title: "Kindred", Author: "Octavia E. Butler", Year: 1979, Available: 1},
	} {
		c.books[b.ID] = b
	}
	return c
}

// Search returns the books whose title or author contains query, ignoring
// case, ordered by id, at most limit of them.
func (c *Catalog) Search(query string, limit int) []Book {
	c.mu.Lock()
	defer c.mu.Unlock()
	query = strings.ToLower(query)
	found := []Book{} // never nil: no match is an empty list, not null
	for _, b := range c.books {
		if strings.Contains(strings.ToLower(b.Title), query) || strings.Contains(strings.ToLower(b.Author), query) {
			found = append(found, b)
		}
	}
	slices.SortFunc(found, func(a, b Book) int { return cmp.Compare(a.ID, b.ID) })
	return found[:max(0, min(len(found), limit))]
}

// Get returns the book with the given id, or a ReasonBookNotFound error.
func (c *Catalog) Get(ctx context.Context, id string) (Book, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.get(ctx, id)
}

// get is Get with c.mu held.
func (c *Catalog) get(ctx context.Context, id string) (Book, error) {
	b, ok := c.books[id]
	if !ok {
		return Book{}, mcperr.NotFound(fmt.Sprintf("No book has id %q.", id),
			mcperr.WithReason(ReasonBookNotFound),
			mcperr.WithRetryable(false),
			mcperr.RecoveryFor(ctx, ReasonBookNotFound))
	}
	return b, nil
}

// Reservations returns how many reservations patron holds.
func (c *Catalog) Reservations(patron string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, r := range c.reservations {
		if r.Patron == patron {
			n++
		}
	}
	return n
}

// Reserve holds a copy of the book for patron. It fails with
// ReasonBookNotFound or, when no copy is left, ReasonBookUnavailable.
func (c *Catalog) Reserve(ctx context.Context, id, patron string) (Reservation, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, err := c.get(ctx, id)
	if err != nil {
		return Reservation{}, err
	}
	if b.Available == 0 {
		return Reservation{}, mcperr.Conflict(fmt.Sprintf("Every copy of %q is reserved.", b.Title),
			mcperr.WithReason(ReasonBookUnavailable),
			mcperr.WithRetryable(false),
			mcperr.WithData("bookId", b.ID),
			mcperr.RecoveryFor(ctx, ReasonBookUnavailable))
	}
	b.Available--
	c.books[id] = b
	r := Reservation{ID: fmt.Sprintf("r-%d", len(c.reservations)+1), BookID: b.ID, Title: b.Title, Patron: patron}
	c.reservations = append(c.reservations, r)
	return r, nil
}
