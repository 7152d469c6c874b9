package main

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"

	"example.com/library/legacy"
	"example.com/library/opac"
)

// The in-memory back ends the legacy, terminal, staff and kiosk tools run
// against, so that the demo server works without a database.

// errNoSuchBook is what the back ends return for an unknown ISBN.
var errNoSuchBook = errors.New("no such book")

// ledger implements legacy.Ledger over the library's loans.
type ledger struct{ lib *library }

func (l ledger) Overdue(ctx context.Context, now time.Time) ([]legacy.Loan, error) {
	l.lib.mu.Lock()
	defer l.lib.mu.Unlock()
	var out []legacy.Loan
	for _, loan := range l.lib.loans {
		out = append(out, legacy.Loan{ISBN: loan.ISBN, Member: loan.Member, Due: now.Add(-24 * time.Hour)})
	}
	return out, nil
}

func (l ledger) Notify(ctx context.Context, loan legacy.Loan) error { return nil }

func (l ledger) Hold(ctx context.Context, member string) (int, error) { return 1, nil }

// catalog implements opac.Catalog and the staff server's catalog.
type catalog struct{ lib *library }

func (c catalog) Record(ctx context.Context, isbn string) (opac.Record, error) {
	c.lib.mu.Lock()
	defer c.lib.mu.Unlock()
	b, ok := c.lib.books[isbn]
	if !ok {
		return opac.Record{}, errNoSuchBook
	}
	return opac.Record{ISBN: b.ISBN, Title: b.Title, Copies: []string{b.ISBN + "-1"}}, nil
}

func (c catalog) OnShelf(ctx context.Context, isbn string) ([]string, error) {
	r, err := c.Record(ctx, isbn)
	if err != nil {
		return nil, err
	}
	return r.Copies, nil
}

func (c catalog) Validate(ctx context.Context, r opac.Record) error {
	if r.Title == "" {
		return errors.New("record has no title")
	}
	return nil
}

func (c catalog) Withdraw(ctx context.Context, isbn string) error {
	c.lib.mu.Lock()
	defer c.lib.mu.Unlock()
	if _, ok := c.lib.books[isbn]; !ok {
		return errNoSuchBook
	}
	delete(c.lib.books, isbn)
	return nil
}

func (c catalog) Count(ctx context.Context) (books, loans int, err error) {
	c.lib.mu.Lock()
	defer c.lib.mu.Unlock()
	return len(c.lib.books), len(c.lib.loans), nil
}

func (c catalog) Members(ctx context.Context, prefix string) ([]string, error) {
	c.lib.mu.Lock()
	defer c.lib.mu.Unlock()
	var out []string
	for _, loan := range c.lib.loans {
		if strings.HasPrefix(loan.Member, prefix) {
			out = append(out, loan.Member)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Waiting implements kiosk.Holds: the books lent to member are the ones it
// waits for in this toy library.
func (c catalog) Waiting(ctx context.Context, member string) ([]string, error) {
	c.lib.mu.Lock()
	defer c.lib.mu.Unlock()
	var out []string
	for _, loan := range c.lib.loans {
		if loan.Member == member {
			out = append(out, loan.ISBN)
		}
	}
	return out, nil
}
