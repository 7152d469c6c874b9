package main

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type SearchArgs struct {
	Query string `json:"query" jsonschema:"words from the title"`
}

type SearchResult struct {
	Books []Book `json:"books"`
}

func (l *library) searchBooks() *mcperr.Tool[SearchArgs, SearchResult] {
	return &mcperr.Tool[SearchArgs, SearchResult]{
		Name:        "search_books",
		Description: "Search the catalog by title.",
		Errors: []mcperr.Contract{
			{Reason: "query_too_short", When: "The query has fewer than three letters.", Recovery: "Try again.", Code: mcperr.CodeInvalidParams},                                          // demo: error-contract-recovery-min-words
			{Reason: "QueryTooLong", When: "The query is longer than 200 letters.", Recovery: "Shorten the query to the distinctive words of the title.", Code: mcperr.CodeInvalidParams}, // demo: error-contract-reason-format,error-contract-unthrown
		},
		Handler: func(ctx context.Context, in SearchArgs) (SearchResult, error) {
			if len(in.Query) < 3 {
				return SearchResult{}, mcperr.Fail(ctx, "query_too_short", "", mcperr.RecoveryFor(ctx, "query_too_short"))
			}
			return SearchResult{Books: l.find(ctx, in.Query)}, nil
		},
	}
}

type GetBookArgs struct {
	ISBN string `json:"isbn"`
}

func (l *library) getBook() *mcperr.Tool[GetBookArgs, Book] {
	return &mcperr.Tool[GetBookArgs, Book]{
		Name: "get_book",
		Errors: []mcperr.Contract{
			{Reason: "book_not_found", When: "No book has the given ISBN.", Recovery: "Search by title with search_books, then use one of the ISBNs it returns.", Code: mcperr.CodeNotFound},
			{Reason: "book_not_found", When: "The book was withdrawn.", Recovery: "Search by title with search_books for another edition.", Code: mcperr.CodeNotFound}, // demo: error-contract-reason-unique
			{Reason: "isbn_invalid", When: "   ", Code: mcperr.CodeInvalidParams},                                                                                      // demo: error-contract-when-required,error-contract-recovery-required,error-contract-unthrown
		},
		Handler: func(ctx context.Context, in GetBookArgs) (Book, error) {
			l.mu.Lock()
			defer l.mu.Unlock()
			b, ok := l.books[in.ISBN]
			if !ok {
				return Book{}, mcperr.Fail(ctx, "book_not_found", "", mcperr.RecoveryFor(ctx, "book_not_found"))
			}
			return b, nil
		},
	}
}

type ReserveArgs struct {
	ISBN   string `json:"isbn"`
	Member string `json:"member"`
}

type Reservation struct {
	ISBN string `json:"isbn"`
}

func (l *library) reserveBook() *mcperr.Tool[ReserveArgs, Reservation] {
	return &mcperr.Tool[ReserveArgs, Reservation]{
		Name: "reserve_book",
		Errors: []mcperr.Contract{
			{Reason: "member_unknown", When: "No member has the given id.", Recovery: "Ask the user for their library card number and retry.", Code: mcperr.CodeInvalidParams, Retryable: true}, // demo: error-contract-retryable-mismatch,error-contract-unthrown
			{Reason: "already_lent", When: "The book is lent to someone else.", Recovery: "Offer to put the member on the waiting list instead.", Code: mcperr.CodeUnknownError},                // demo: error-contract-code-unknown-error
			{Reason: "desk_closed", When: "The loans desk is closed.", Recovery: "Reserve again during opening hours, 9:00 to 17:00.", Code: -32050, Severity: mcperr.Severity(7)},              // demo: error-contract-code-unknown,error-contract-severity-unknown,error-contract-unthrown
			{When: "The reservation could not be stored.", Recovery: "Wait a minute, then reserve the book again.", Code: mcperr.CodeDatabaseError},                                             // demo: error-contract-reason-required
			{Reason: "quota_reached", When: "The member has five books already.", Recovery: ""},                                                                                                 // demo: error-contract-code-type,error-contract-recovery-empty,error-contract-unthrown
		},
		Handler: func(ctx context.Context, in ReserveArgs) (Reservation, error) {
			l.mu.Lock()
			defer l.mu.Unlock()
			if _, lent := l.loans[in.ISBN]; lent {
				return Reservation{}, mcperr.Fail(ctx, "already_lent", "") // demo: error-contract-recovery-unforwarded
			}
			l.loans[in.ISBN] = Loan{ISBN: in.ISBN, Member: in.Member}
			return Reservation{ISBN: in.ISBN}, nil
		},
	}
}

type ListLoansArgs struct {
	Member string `json:"member"`
}

type Loans struct {
	Loans []Loan `json:"loans"`
}

func (l *library) listLoans() *mcperr.Tool[ListLoansArgs, Loans] {
	return &mcperr.Tool[ListLoansArgs, Loans]{
		Name:   "list_loans",
		Errors: []mcperr.Contract{}, // demo: error-contract-empty
		Handler: func(ctx context.Context, in ListLoansArgs) (Loans, error) {
			l.mu.Lock()
			defer l.mu.Unlock()
			var out Loans
			for _, loan := range l.loans {
				if loan.Member == in.Member {
					out.Loans = append(out.Loans, loan)
				}
			}
			return out, nil
		},
	}
}

type RenewArgs struct {
	ISBN string `json:"isbn"`
}

// loanErrors builds the renewal contract at run time, which the linter
// cannot see into.
func loanErrors() []mcperr.Contract {
	return []mcperr.Contract{{Reason: "not_lent", When: "The book is not on loan.", Recovery: "Check the ISBN with list_loans and try again.", Code: mcperr.CodeNotFound}}
}

func (l *library) renewLoan() *mcperr.Tool[RenewArgs, Loan] {
	return &mcperr.Tool[RenewArgs, Loan]{
		Name:   "renew_loan",
		Errors: loanErrors(), // demo: error-contract-not-static
		Handler: func(ctx context.Context, in RenewArgs) (Loan, error) {
			l.mu.Lock()
			defer l.mu.Unlock()
			loan, ok := l.loans[in.ISBN]
			if !ok {
				return Loan{}, mcperr.Fail(ctx, "not_lent", "") // demo: error-contract-recovery-unforwarded
			}
			return loan, nil
		},
	}
}
