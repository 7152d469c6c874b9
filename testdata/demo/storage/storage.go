// Package storage knows where the library's books stand. It is a service:
// it knows nothing of MCP, and names the contract reasons of its failures
// with mcperr.WithReason so the tools can return its errors unchanged.
package storage

import (
	"context"
	"fmt"
	"sync"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Shelves maps each book to the shelf it stands on. It is safe for
// concurrent use.
type Shelves struct {
	mu       sync.Mutex
	shelf    map[string]string // by ISBN
	capacity map[string]int    // free places by shelf
}

// NewShelves returns the library's shelving.
func NewShelves() *Shelves {
	return &Shelves{
		shelf:    map[string]string{"9780262033848": "A1", "9780134190440": "B4"},
		capacity: map[string]int{"A1": 3, "B4": 0, "C2": 12},
	}
}

// Locate returns the shelf a book stands on. A book that was never shelved
// is reported with its own reason, which the tools calling Locate must
// declare.
func (s *Shelves) Locate(ctx context.Context, isbn string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	shelf, ok := s.shelf[isbn]
	if !ok {
		return "", mcperr.NotFound(fmt.Sprintf("No shelf holds the book %s.", isbn),
			mcperr.WithReason("book_not_shelved"),
			mcperr.RecoveryFor(ctx, "book_not_shelved"))
	}
	return shelf, nil
}

// Move puts a book on another shelf.
func (s *Shelves) Move(ctx context.Context, isbn, to string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.capacity[to] == 0 {
		return mcperr.Conflict(fmt.Sprintf("Shelf %s is full.", to),
			mcperr.WithReason("shelf_full"),
			mcperr.RecoveryFor(ctx, "shelf_full"))
	}
	if from, ok := s.shelf[isbn]; ok {
		s.capacity[from]++
	}
	s.capacity[to]--
	s.shelf[isbn] = to
	return nil
}
