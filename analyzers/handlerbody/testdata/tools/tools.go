// Package tools has mcperr tool handlers: literals, a method, a generic
// function, a factory's literal, and closures inside handlers.
package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID string }
type Out struct {
	Name     string
	Items    []string
	Warnings []string
	Warning  string
	OK       bool
}

type store struct{}

func (store) Get(ctx context.Context, id string) (Out, error) { return Out{}, nil }
func (store) List(ctx context.Context) ([]string, error)      { return nil, nil }

var ErrGone = errors.New("gone")

// wrap is a helper that keeps the cause.
func wrap(err error) error { return mcperr.InternalError("lookup failed", mcperr.WithCause(err)) }

// describe turns an error into text: passing err.Error() to it keeps no
// cause.
func describe(msg string) string { return msg }

var errorsContract = []mcperr.Contract{{Reason: "book_not_found", Code: mcperr.CodeNotFound, When: "No such book.", Recovery: "Search for the book first, then retry with its id."}}

func literals(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name:   "get",
		Errors: errorsContract,
		Handler: func(ctx context.Context, in In) (Out, error) {
			if in.ID == "" {
				return Out{}, errors.New("id is required") // want `prefer-mcp-error-in-handler: the mcperr tool handler returns a plain error built by errors.New`
			}
			if len(in.ID) > 100 {
				return Out{}, fmt.Errorf("id %q is too long", in.ID) // want `prefer-mcp-error-in-handler: .* built by fmt.Errorf`
			}
			out, err := s.Get(ctx, in.ID)
			if err != nil {
				return Out{}, mcperr.InternalError("could not load the book") // want `preserve-cause-on-rethrow: this mcperr.InternalError error is returned while handling err but does not carry it: add mcperr.WithCause\(err\)`
			}
			items, err := s.List(ctx)
			if err != nil {
				return Out{}, mcperr.Fail(ctx, "book_not_found", "the book list failed: "+err.Error()) // want `preserve-cause-on-rethrow: this mcperr.Fail error`
			}
			if len(items) == 0 {
				// Two rules, one expression: Fail owns the fix.
				return Out{}, mcperr.New(mcperr.CodeNotFound, "no books") // want `prefer-error-factory: mcperr.New\(mcperr.CodeNotFound, …\) has a factory: write mcperr.NotFound\(…\), which builds the same error; error-contract-prefer-fail's fix rewrites it to mcperr.Fail instead`
			}
			out.Items = items
			return out, nil
		},
	}
}

// propagates returns errors unchanged, wraps them, or keeps the cause:
// nothing to report.
func propagates(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name: "propagate",
		Handler: func(ctx context.Context, in In) (Out, error) {
			out, err := s.Get(ctx, in.ID)
			if err != nil {
				return Out{}, err
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, mcperr.ServiceUnavailable("the list is down", mcperr.WithCause(err))
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, wrap(err) // a cause passed to a helper
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, errors.Join(err, ErrGone)
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, mcperr.InternalError(describe(err.Error())) // want `preserve-cause-on-rethrow: this mcperr.InternalError error`
			}
			if _, err := s.List(ctx); err != nil {
				opts := []mcperr.Option{mcperr.WithRetryable(true)}
				opts = append(opts, mcperr.WithCause(err))
				return Out{}, mcperr.ServiceUnavailable("down", opts...)
			}
			if _, err := s.List(ctx); err != nil {
				e := mcperr.InternalError("failed")
				wrapped := fmt.Errorf("list: %w", e) // wraps an *mcperr.Error: the client sees e
				_ = err
				return Out{}, wrapped // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
			}
			return out, nil
		},
	}
}

// branches: sentinel branches translate; the innermost branch's error is
// the cause to keep.
func branches(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name: "branches",
		Handler: func(ctx context.Context, in In) (Out, error) {
			out, err := s.Get(ctx, in.ID)
			if errors.Is(err, fs.ErrNotExist) {
				return Out{}, mcperr.NotFound("no such book")
			}
			if err != nil {
				if errors.Is(err, ErrGone) {
					return Out{}, nil // a sentinel branch: not a fake empty result
				}
				if _, err2 := s.List(ctx); err2 != nil {
					return Out{}, mcperr.InternalError("both failed", mcperr.WithCause(err2))
				}
				if ctx.Err() != nil {
					return Out{}, ctx.Err() // the context's error is the cause
				}
				if cause := context.Cause(ctx); cause != nil {
					return Out{}, context.Cause(ctx)
				}
				return Out{}, mcperr.InternalError("failed", mcperr.WithCause(err))
			}
			switch err := validate(in); {
			case err == ErrGone:
				return Out{}, mcperr.InvalidParams("gone")
			case err != nil:
				return Out{}, mcperr.InvalidParams("invalid") // want `preserve-cause-on-rethrow: this mcperr.InvalidParams error`
			}
			return out, nil
		},
	}
}

func validate(in In) error { return nil }

// isTransient is the code's own classifier of errors.
func isTransient(err error) bool { return false }

// classified: a return chosen by the code's own test of which error it is
// translates a known condition; negations, else and default keep the
// unknown failures.
func classified(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name: "classified",
		Handler: func(ctx context.Context, in In) (Out, error) {
			out, err := s.Get(ctx, in.ID)
			if err != nil && isTransient(err) {
				return Out{}, nil
			}
			if err != nil && !isTransient(err) {
				return Out{}, mcperr.InternalError("lookup failed") // want `preserve-cause-on-rethrow`
			}
			if _, err := s.List(ctx); err != nil {
				if isTransient(err) {
					return Out{}, mcperr.Timeout("slow; try again")
				} else {
					return Out{}, nil // want `no-fake-empty-result`
				}
			}
			if _, err := s.List(ctx); err != nil {
				switch {
				case isTransient(err):
					return Out{}, nil
				default:
					return Out{}, nil // want `no-fake-empty-result`
				}
			}
			if _, err := s.List(ctx); err != nil {
				if msg := err.Error(); len(msg) > 0 && msg[0] == 'x' {
					return Out{}, mcperr.InvalidParams("x is not allowed")
				}
			}
			return out, nil
		},
	}
}

// notes is a service whose errors are mcperr errors.
type notes struct{}

func (notes) Find(ctx context.Context, id string) (Out, error) {
	if id == "" {
		return Out{}, mcperr.NotFound("No note has this id.", mcperr.WithReason("book_not_found"))
	}
	return Out{}, nil
}

// wrapsService wraps a service's mcperr errors with %w: the client gets
// the service's code, reason and message (the text fmt.Errorf adds is
// the logs'), so it is not a plain error to replace.
func wrapsService(n notes) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name:   "wraps_service",
		Errors: errorsContract,
		Handler: func(ctx context.Context, in In) (Out, error) {
			out, err := n.Find(ctx, in.ID)
			if err != nil {
				return Out{}, fmt.Errorf("lookup %s: %w", in.ID, err)
			}
			if _, err := (store{}).List(ctx); err != nil {
				return Out{}, fmt.Errorf("listing: %w", err) // want `prefer-mcp-error-in-handler: .*fmt.Errorf`
			}
			return out, nil
		},
	}
}

// errorf: %v and %s copy the text; %w carries the error.
func errorf(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name: "errorf",
		Handler: func(ctx context.Context, in In) (Out, error) {
			if _, err := s.List(ctx); err != nil {
				return Out{}, fmt.Errorf("listing %s: %v", in.ID, err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %v` `prefer-mcp-error-in-handler`
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, fmt.Errorf("listing: %s", err) // want `preserve-cause-on-rethrow: fmt.Errorf formats err with %s` `prefer-mcp-error-in-handler`
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, fmt.Errorf("listing: %w", err) // want `prefer-mcp-error-in-handler: .*fmt.Errorf`
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, fmt.Errorf("listing: %+v", err) // want `preserve-cause-on-rethrow: the error returned while handling err` `prefer-mcp-error-in-handler`
			}
			if _, err := s.List(ctx); err != nil {
				return Out{}, fmt.Errorf("listing: %v (%v)", err, err) // want `preserve-cause-on-rethrow: the error returned while handling err` `prefer-mcp-error-in-handler`
			}
			return Out{}, nil
		},
	}
}

// empties: an empty success in a failure branch is a fake answer, logged
// or not.
func empties(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name: "empties",
		Handler: func(ctx context.Context, in In) (Out, error) {
			items, err := s.List(ctx)
			if err != nil {
				log.Printf("list: %v", err)
				return Out{}, nil // want `no-fake-empty-result: the mcperr tool handler returns an empty success while handling err`
			}
			if _, err := s.List(ctx); err != nil {
				return Out{Items: []string{}}, nil // want `no-fake-empty-result`
			}
			if _, err := s.List(ctx); err != nil {
				var none Out
				return none, nil // want `no-fake-empty-result`
			}
			if _, err := s.List(ctx); err != nil {
				return Out{Items: items, Warning: err.Error()}, nil // a partial success carrying the error
			}
			if _, err := s.List(ctx); err != nil {
				var partial Out
				partial.Warnings = append(partial.Warnings, err.Error())
				return partial, nil // carries the error in a field
			}
			if _, err := s.List(ctx); err != nil {
				return Out{OK: false}, nil // states a fact
			}
			if _, err := s.List(ctx); err != nil {
				return Out{Items: items}, nil // not surely empty
			}
			return Out{Items: items}, nil
		},
	}
}

// closures: returns of nested literals are theirs, not the handler's; a
// value assigned in a closure still flows to the handler's return.
func closures(s store) *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{
		Name: "closures",
		Handler: func(ctx context.Context, in In) (Out, error) {
			check := func() error {
				return errors.New("inner") // a nested literal's return
			}
			var err error
			func() {
				err = errors.New("set in a closure") // want `prefer-mcp-error-in-handler`
			}()
			if check() != nil {
				return Out{}, err
			}
			return Out{}, nil
		},
	}
}

// The handler of a tool is a method.
type server struct{ s store }

func (sv *server) tool() *mcperr.Tool[In, Out] {
	return &mcperr.Tool[In, Out]{Name: "method", Handler: sv.get}
}

func (sv *server) get(ctx context.Context, in In) (Out, error) {
	out, err := sv.s.Get(ctx, in.ID)
	if err != nil {
		return Out{}, mcperr.DatabaseError("could not read") // want `preserve-cause-on-rethrow: this mcperr.DatabaseError error`
	}
	if out.Name == "" {
		return Out{}, errors.New("nameless") // want `prefer-mcp-error-in-handler: mcperr tool handler get returns a plain error`
	}
	return out, nil
}

// A generic handler, instantiated in the tool.
func generic[T any](ctx context.Context, in T) (Out, error) {
	if _, err := (store{}).List(ctx); err != nil {
		return Out{}, mcperr.Timeout("slow") // want `preserve-cause-on-rethrow: this mcperr.Timeout error`
	}
	return Out{}, nil
}

var genericTool = &mcperr.Tool[In, Out]{Name: "generic", Handler: generic[In]}

// A factory returns the handler literal.
func newHandler(s store) func(context.Context, In) (Out, error) {
	return func(ctx context.Context, in In) (Out, error) {
		msg := "no " + in.ID
		err := errors.New(msg) // want `prefer-mcp-error-in-handler`
		return Out{}, err
	}
}

var factoryTool = &mcperr.Tool[In, Out]{Name: "factory", Handler: newHandler(store{})}

// notAHandler has a handler's shape but no tool: a plain function may
// return plain errors.
func notAHandler(ctx context.Context, in In) (Out, error) {
	if _, err := (store{}).List(ctx); err != nil {
		return Out{}, errors.New("x")
	}
	return Out{}, nil
}

var _ = notAHandler
