package a

import (
	"context"

	"fixtures/consts"
	"fixtures/shared"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ISBN string }
type Out struct{ Title string }

func handle(ctx context.Context, in In) (Out, error) { return Out{}, nil }

const recovery = "Search by title with search_books, then retry with one of the returned ISBNs."

// Good declares every kind of statically known value: nothing is reported.
var Good = mcperr.Tool[In, Out]{
	Name: "good",
	Errors: []mcperr.Contract{
		{Reason: "book_not_found", When: "No book has the given ISBN.", Recovery: recovery, Code: mcperr.CodeNotFound},
		{Reason: consts.ReasonMissing, When: "The book was removed.", Recovery: recovery, Code: -32001},
		{Reason: consts.Prefix + consts.Suffix, When: "The book was withdrawn.", Recovery: recovery, Code: consts.Gone},
		{Reason: string(consts.KindOverdue), When: "A loan is overdue.", Recovery: recovery, Code: mcperr.Code(-32002)},
		{Reason: "catalog_slow", When: "The catalog timed out.", Recovery: recovery, Code: mcperr.CodeTimeout, Retryable: true, Severity: mcperr.SeverityWarning},
		{Reason: "loan_rejected", When: "The loan was refused.", Recovery: recovery, Code: mcperr.CodeForbidden, Retryable: false, Severity: mcperr.SeverityDebug, ThrownByService: true},
		{"positional", "Written without keys.", recovery, mcperr.CodeConflict, false, mcperr.SeverityInfo, false},
		{Reason: "unicode_space", When: "Recovery words are split on Unicode white space.", Recovery: "one\u00a0two\u2003three\u3000four five", Code: mcperr.CodeConflict},
	},
	Handler: handle,
}

var NoContract = mcperr.Tool[In, Out]{Name: "no_contract", Handler: handle}

var NilContract = mcperr.Tool[In, Out]{Name: "nil_contract", Errors: nil, Handler: handle}

var Empty = mcperr.Tool[In, Out]{Name: "empty", Errors: []mcperr.Contract{}, Handler: handle} // want `error-contract-empty: tool "empty" declares an empty contract`

var none = []mcperr.Contract{}

var EmptyVar = mcperr.Tool[In, Out]{Name: "empty_var", Errors: none} // want `error-contract-empty`

func defaults() []mcperr.Contract { return shared.Common }

var Computed = mcperr.Tool[In, Out]{Name: "computed", Errors: defaults()} // want `error-contract-not-static: the contract of tool "computed" is not statically known`

var reasonVar = "book_not_found"

// contractFor builds a contract at run time: one problem, reported once,
// where a tool uses it, not again at each field it cannot know.
func contractFor(op string) []mcperr.Contract {
	return []mcperr.Contract{
		{Reason: op + "_failed", When: "The " + op + " failed.", Recovery: "Retry the " + op + " in a minute.", Code: mcperr.CodeServiceUnavailable},
		entry(),
	}
}

var Publish = mcperr.Tool[In, Out]{Name: "publish", Errors: contractFor("publish")} // want `error-contract-not-static: the contract of tool "publish" is not statically known`

func entry() mcperr.Contract { return shared.Common[0] }

var DynamicParts = mcperr.Tool[In, Out]{
	Name: "dynamic_parts",
	Errors: []mcperr.Contract{
		{Reason: reasonVar, When: "w", Recovery: recovery, Code: mcperr.CodeNotFound}, // want `error-contract-not-static: this contract field is not a constant`
		entry(), // want `error-contract-not-static: this contract entry is not statically known`
	},
}

// bookErrors is shared by two tools; its entry is reported once.
var bookErrors = []mcperr.Contract{
	{Reason: "BookMissing", When: "No such book.", Recovery: recovery, Code: mcperr.CodeNotFound}, // want `error-contract-reason-format: reason "BookMissing" is not snake_case: write reasons like API constants, e.g. "book_missing"`
}

var SharedOne = mcperr.Tool[In, Out]{Name: "shared_one", Errors: bookErrors, Handler: handle}
var SharedTwo = mcperr.Tool[In, Out]{Name: "shared_two", Errors: bookErrors, Handler: handle}

var grown = []mcperr.Contract{
	{Reason: "grown", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound},
}

func init() { grown = append(grown, shared.Common...) }

var Grown = mcperr.Tool[In, Out]{Name: "grown", Errors: grown} // want `error-contract-not-static`

var Foreign = mcperr.Tool[In, Out]{Name: "foreign", Errors: shared.Common, Handler: handle}

var ForeignGrown = mcperr.Tool[In, Out]{Name: "foreign_grown", Errors: shared.Grown} // want `error-contract-not-static`

var notFound = mcperr.Contract{Reason: "not_found", When: "Nothing matched.", Recovery: recovery, Code: mcperr.CodeNotFound}

var EntryVars = mcperr.Tool[In, Out]{
	Name: "entry_vars",
	Errors: []mcperr.Contract{
		notFound,
		shared.Common[0], // want `error-contract-not-static: this contract entry`
	},
}

var Fields = mcperr.Tool[In, Out]{
	Name: "fields",
	Errors: []mcperr.Contract{
		{Reason: "no_code", When: "w", Recovery: recovery},                                               // want `error-contract-code-type: entry "no_code" has no Code`
		{Reason: "bad_code", When: "w", Recovery: recovery, Code: -32050},                                // want `error-contract-code-unknown: Code -32050 of entry "bad_code" is not an mcperr.Code`
		{Reason: "vague", When: "w", Recovery: recovery, Code: mcperr.CodeUnknownError},                  // want `error-contract-code-unknown-error: entry "vague" declares CodeUnknownError`
		{When: "w", Recovery: recovery, Code: mcperr.CodeNotFound},                                       // want `error-contract-reason-required: this entry has no Reason`
		{Reason: "", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound},                           // want `error-contract-reason-required: this entry's Reason is empty`
		{Reason: "Bad-Reason", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound},                 // want `error-contract-reason-format`
		{Reason: "2fast", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound},                      // want `error-contract-reason-format`
		{Reason: "no_when", Recovery: recovery, Code: mcperr.CodeNotFound},                               // want `error-contract-when-required: entry "no_when" has no When`
		{Reason: "blank_when", When: " \t\n", Recovery: recovery, Code: mcperr.CodeNotFound},             // want `error-contract-when-required: entry "blank_when" has a blank When`
		{Reason: "no_recovery", When: "w", Code: mcperr.CodeNotFound},                                    // want `error-contract-recovery-required: entry "no_recovery" has no Recovery`
		{Reason: "empty_recovery", When: "w", Recovery: "", Code: mcperr.CodeNotFound},                   // want `error-contract-recovery-empty`
		{Reason: "blank_recovery", When: "w", Recovery: "   ", Code: mcperr.CodeNotFound},                // want `error-contract-recovery-empty`
		{Reason: "short_recovery", When: "w", Recovery: "Try again.", Code: mcperr.CodeNotFound},         // want `error-contract-recovery-min-words: the Recovery of entry "short_recovery" has 2 word\(s\), fewer than 5`
		{Reason: "four_words", When: "w", Recovery: "Search by title first.", Code: mcperr.CodeNotFound}, // want `error-contract-recovery-min-words`
		{Reason: "five_words", When: "w", Recovery: "Search by the title first.", Code: mcperr.CodeNotFound},
		{Reason: "retry_bad", When: "w", Recovery: recovery, Code: mcperr.CodeInvalidParams, Retryable: true}, // want `error-contract-retryable-mismatch: entry "retry_bad" is Retryable but its code InvalidParams cannot be fixed by retrying`
		{Reason: "retry_auth", When: "w", Recovery: recovery, Code: mcperr.CodeUnauthorized, Retryable: true}, // want `error-contract-retryable-mismatch`
		{Reason: "retry_ok", When: "w", Recovery: recovery, Code: mcperr.CodeRateLimited, Retryable: true},
		{Reason: "no_retry", When: "w", Recovery: recovery, Code: mcperr.CodeInvalidParams, Retryable: false},
		{Reason: "loud", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound, Severity: mcperr.Severity(9)}, // want `error-contract-severity-unknown: Severity 9 of entry "loud" is not an mcperr.Severity`
		{Reason: "quiet", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound, Severity: -1},                // want `error-contract-severity-unknown`
	},
}

var Duplicates = mcperr.Tool[In, Out]{
	Name: "duplicates",
	Errors: []mcperr.Contract{
		{Reason: "dup", When: "w", Recovery: recovery, Code: mcperr.CodeNotFound},
		{Reason: "dup", When: "w", Recovery: recovery, Code: mcperr.CodeConflict}, // want `error-contract-reason-unique: reason "dup" is declared again`
		{Reason: "other", When: "w", Recovery: recovery, Code: mcperr.CodeConflict},
		{Reason: "dup", When: "w", Recovery: recovery, Code: mcperr.CodeTimeout}, // want `error-contract-reason-unique`
		notFound,
		notFound, // want `error-contract-reason-unique: reason "not_found"`
	},
}

// Page and NewListTool: a generic tool with several type arguments, built
// inside a function and returned.
type Page[T any] struct{ Items []T }

func NewListTool[T any, F ~string](name F) *mcperr.Tool[map[string]F, Page[T]] {
	return &mcperr.Tool[map[string]F, Page[T]]{
		Name: string(name),
		Errors: []mcperr.Contract{
			{Reason: "page_gone", When: "The cursor expired.", Recovery: "Start over.", Code: mcperr.CodeNotFound}, // want `error-contract-recovery-min-words`
		},
	}
}

// Tools in a slice literal, with elided types.
var List = []*mcperr.Tool[In, Out]{
	{Name: "listed", Errors: []mcperr.Contract{}}, // want `error-contract-empty`
}

// Contracts built inside functions are checked too.
func local() mcperr.Tool[In, Out] {
	errs := []mcperr.Contract{
		{Reason: "local", When: "w", Recovery: "Do it.", Code: mcperr.CodeNotFound}, // want `error-contract-recovery-min-words`
	}
	return mcperr.Tool[In, Out]{Name: "local", Errors: errs, Handler: handle}
}
