// Package bookstools registers handlers declared in package books.
package bookstools

import (
	"fixtures/books"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

var contract = []mcperr.Contract{{Reason: "book_not_found", Code: mcperr.CodeNotFound, When: "No such book.", Recovery: "Search for the book first, then retry with its id."}}

var (
	get  = &mcperr.Tool[books.In, books.Book]{Name: "get", Errors: contract, Handler: books.GetBook}
	find = &mcperr.Tool[books.In, books.Book]{Name: "find", Errors: contract, Handler: books.Service{}.Find}
)
