// Package factory calls mcperr.New with codes that have factories, in
// handlers and out of them.
package factory

import (
	"context"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

const notFound = mcperr.CodeNotFound // a named constant of a known value

const (
	myCode  mcperr.Code = -32005
	unknown             = mcperr.CodeUnknownError
)

// lookup is a service function, not a handler: the rule applies anywhere.
func lookup(id string) error {
	if id == "" {
		return mcperr.New(mcperr.CodeInvalidParams, "id is required") // want `prefer-error-factory: mcperr.New\(mcperr.CodeInvalidParams, …\) has a factory: write mcperr.InvalidParams\(…\)`
	}
	if id == "0" {
		return mcperr.New(notFound, "no such id", mcperr.WithData("id", id)) // want `prefer-error-factory: .*mcperr.NotFound`
	}
	if id == "1" {
		return mcperr.New(-32603, "untyped") // want `prefer-error-factory: .*mcperr.InternalError`
	}
	if id == "2" {
		return mcperr.New(myCode, "typed constant") // want `prefer-error-factory: .*mcperr.Forbidden`
	}
	// Every occurrence on one line is rewritten.
	_, _ = mcperr.New(mcperr.CodeTimeout, "a"), mcperr.New(mcperr.CodeConflict, "b") // want `prefer-error-factory: .*mcperr.Timeout` `prefer-error-factory: .*mcperr.Conflict`
	opts := []mcperr.Option{mcperr.WithRetryable(true)}
	_ = mcperr.New(mcperr.CodeRateLimited, "slow down", opts...) // want `prefer-error-factory: .*mcperr.RateLimited`
	_ = mcperr.New(                                              // want `prefer-error-factory: .*mcperr.ServiceUnavailable`
		mcperr.CodeServiceUnavailable,
		"down",
	)
	return nil
}

// noFactory: codes without a factory, and codes that are not constants.
func noFactory(code mcperr.Code) []error {
	return []error{
		mcperr.New(mcperr.CodeParseError, "parse"),
		mcperr.New(mcperr.CodeMethodNotFound, "method"),
		mcperr.New(mcperr.CodeInitializationFailed, "init"),
		mcperr.New(unknown, "unknown"),
		mcperr.New(-1, "not a code"),
		mcperr.New(code, "variable"),
		mcperr.NotFound("already a factory"),
	}
}

type In struct{}
type Out struct{}

var tool = &mcperr.Tool[In, Out]{
	Name: "t",
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, mcperr.New(mcperr.CodeValidationError, "bad input") // want `prefer-error-factory: .*mcperr.ValidationError`
	},
}

// newFunc is New as a value: not a call to rewrite.
var newFunc = mcperr.New
