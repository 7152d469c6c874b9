package main

import (
	"context"
	"strings"
	"sync"
)

// Book is a book in the catalog.
type Book struct {
	ISBN   string `json:"isbn"`
	Title  string `json:"title"`
	Author string `json:"author"`
}

// Loan is a book lent to a member.
type Loan struct {
	ISBN   string `json:"isbn"`
	Member string `json:"member"`
}

// library is the in-memory state the tools work on.
type library struct {
	mu    sync.Mutex
	books map[string]Book
	loans map[string]Loan // by ISBN
}

func newLibrary() *library {
	return &library{
		books: map[string]Book{
			"9780262033848": {ISBN: "9780262033848", Title: "Introduction to Algorithms", Author: "Cormen"},
			"9780134190440": {ISBN: "9780134190440", Title: "The Go Programming Language", Author: "Donovan"},
		},
		loans: map[string]Loan{},
	}
}

func (l *library) find(ctx context.Context, query string) []Book {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Book
	for _, b := range l.books {
		if strings.Contains(strings.ToLower(b.Title), strings.ToLower(query)) {
			out = append(out, b)
		}
	}
	return out
}
