// Package a exercises every conformance rule within one package: what
// each must report and, as importantly, what it must leave alone.
package a

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

type In struct{ ID, Kind string }
type Out struct{ Name string }

const reasonMissing = "book_missing"

var bookErrors = []mcperr.Contract{
	{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "No book has the id.", Recovery: "Search for the book first, then retry."},
	{Reason: "isbn_invalid", Code: mcperr.CodeInvalidParams, When: "The ISBN is malformed.", Recovery: "Send the 13 digits of the ISBN."},
}

// Reasons named directly in the handler, through a constant, in a closure,
// and in a helper of the package.
var lookup = mcperr.Tool[In, Out]{
	Name:   "lookup",
	Errors: bookErrors,
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.Fail(ctx, "isbn_invalid", "", mcperr.RecoveryFor(ctx, "isbn_invalid"))
		}
		if in.Kind == "x" {
			return Out{}, mcperr.Fail(ctx, "isbn_wrong", "", mcperr.RecoveryFor(ctx, "isbn_wrong")) // want `error-contract-reason-undeclared: mcperr.Fail names reason "isbn_wrong", which tool "lookup" does not declare \(declared: book_missing, isbn_invalid\): at run time Fail returns a CodeInternalError error instead`
		}
		check := func() error {
			return mcperr.Fail(ctx, "closure_reason", "", mcperr.RecoveryFor(ctx, "closure_reason")) // want `mcperr.Fail names reason "closure_reason", which tool "lookup" does not declare`
		}
		if err := check(); err != nil {
			return Out{}, err
		}
		return find(ctx, in.ID)
	},
}

// find is a helper: what it names is judged against each tool that calls
// it, where it is written.
func find(ctx context.Context, id string) (Out, error) {
	if id == "gone" {
		return Out{}, mcperr.Fail(ctx, reasonMissing, "", mcperr.RecoveryFor(ctx, reasonMissing))
	}
	return Out{}, mcperr.InternalError("store down", mcperr.RecoveryFor(ctx, "store_down")) // want `mcperr.RecoveryFor names reason "store_down", which tool "lookup" does not declare .*RecoveryFor adds no recovery hint for it`
}

// A helper whose reason is a parameter is judged at its calls.
func fail(ctx context.Context, reason, message string) error {
	return mcperr.Fail(ctx, reason, message, mcperr.RecoveryFor(ctx, reason))
}

var viaParam = mcperr.Tool[In, Out]{
	Name:   "via_param",
	Errors: bookErrors,
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, fail(ctx, "isbn_invalid", "empty")
		}
		if in.ID == "?" {
			return Out{}, fail(ctx, "no_such_reason", "what") // want `mcperr.Fail, through a.fail, names reason "no_such_reason", which tool "via_param" does not declare`
		}
		failWith := func(reason string) error {
			return mcperr.Fail(ctx, reason, "", mcperr.RecoveryFor(ctx, reason))
		}
		if in.Kind == "" {
			return Out{}, failWith("closure_param") // want `mcperr.Fail names reason "closure_param", which tool "via_param" does not declare`
		}
		return Out{}, failWith(reasonMissing)
	},
}

// A reason that is not a constant is reported where it is chosen, and
// silences error-contract-unthrown for the tool: isbn_invalid may be it.
var dynamic = mcperr.Tool[In, Out]{
	Name:   "dynamic",
	Errors: bookErrors,
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.Fail(ctx, in.Kind, "", mcperr.RecoveryFor(ctx, in.Kind)) // want `error-contract-reason-dynamic: the reason passed to mcperr.Fail is not a constant`
		}
		return Out{}, fail(ctx, in.Kind+"_x", "") // want `error-contract-reason-dynamic: the reason passed to a.fail, which passes it to mcperr.Fail, is not a constant`
	},
}

// Errors returned with a code the contract does not declare; baseline
// codes, causes and mentions are not.
var errGone = mcperr.Unauthorized("gone") // want `this Unauthorized error reaches the client, but tool "codes"`

var codes = mcperr.Tool[In, Out]{
	Name:   "codes",
	Errors: bookErrors,
	Handler: func(ctx context.Context, in In) (Out, error) {
		switch in.Kind {
		case "conflict":
			return Out{}, mcperr.Conflict("The book is lent.") // want `error-contract-conformance: this Conflict error reaches the client, but tool "codes" declares no failure with code Conflict`
		case "forbidden":
			err := mcperr.Forbidden("Members only.") // want `this Forbidden error reaches the client, but tool "codes"`
			return Out{}, err
		case "wrapped":
			return Out{}, fmt.Errorf("lookup %s: %w", in.ID, mcperr.RateLimited("slow down")) // want `this RateLimited error reaches the client`
		case "sentinel":
			return Out{}, errGone
		case "baseline":
			return Out{}, mcperr.Timeout("The store did not answer.")
		case "cause":
			return Out{}, mcperr.InternalError("failed", mcperr.WithCause(mcperr.Conflict("inner")))
		case "dynamic code":
			return Out{}, mcperr.New(mcperr.Code(len(in.ID)), "odd")
		case "declared":
			return Out{}, mcperr.Fail(ctx, reasonMissing, "", mcperr.RecoveryFor(ctx, reasonMissing))
		}
		err := lend(in.ID)
		if mcperr.CodeOf(err) == mcperr.CodeConflict { // a mention, not a production
			return Out{}, mcperr.Fail(ctx, "isbn_invalid", "", mcperr.RecoveryFor(ctx, "isbn_invalid"))
		}
		return Out{}, err // tested above: the handler may translate it
	},
}

// An entry without a Code declares no code (error-contract-code-type
// reports it); the other entries still declare theirs.
var partlyCoded = mcperr.Tool[In, Out]{
	Name: "partly_coded",
	Errors: []mcperr.Contract{
		{Reason: "busy", When: "The store is busy.", Recovery: "Retry the call in a minute."},
		{Reason: reasonMissing, Code: mcperr.CodeNotFound, When: "No book has the id.", Recovery: "Search for the book first, then retry."},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.RateLimited("slow down") // want `error-contract-conformance: this RateLimited error reaches the client, but tool "partly_coded" declares no failure with code RateLimited`
		}
		if in.Kind == "busy" {
			return Out{}, mcperr.Fail(ctx, "busy", "", mcperr.RecoveryFor(ctx, "busy"))
		}
		return Out{}, mcperr.Fail(ctx, reasonMissing, "", mcperr.RecoveryFor(ctx, reasonMissing))
	},
}

// A Code that is not a constant may be any code: nothing is reported.
var codeOf = map[string]mcperr.Code{"busy": mcperr.CodeRateLimited}

var computedCode = mcperr.Tool[In, Out]{
	Name: "computed_code",
	Errors: []mcperr.Contract{
		{Reason: "busy", Code: codeOf["busy"], When: "The store is busy.", Recovery: "Retry the call in a minute."},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.RateLimited("slow down")
		}
		return Out{}, mcperr.Fail(ctx, "busy", "", mcperr.RecoveryFor(ctx, "busy"))
	},
}

func lend(id string) error {
	if id == "" {
		return mcperr.Conflict("lent")
	}
	return nil
}

// A reason carried by a returned error, with the code the contract
// declares or another.
var carried = mcperr.Tool[In, Out]{
	Name:   "carried",
	Errors: bookErrors,
	Handler: func(ctx context.Context, in In) (Out, error) {
		switch in.Kind {
		case "ok":
			return Out{}, mcperr.NotFound("no book", mcperr.WithReason(reasonMissing))
		case "code":
			return Out{}, mcperr.Conflict("no book", mcperr.WithReason(reasonMissing)) // want `error-contract-reason-code-mismatch: this error carries reason "book_missing" with code Conflict, but tool "carried" declares reason "book_missing" with code NotFound`
		case "data":
			return Out{}, mcperr.InvalidParams("bad isbn", mcperr.WithData("reason", "isbn_invalid"))
		}
		return Out{}, mcperr.NotFound("no book", mcperr.WithReason("not_listed")) // want `error-contract-reason-undeclared: this error carries reason "not_listed", which tool "carried" does not declare .*the client would receive a reason the contract does not list`
	},
}

// An error built by mcperr.FromHTTPResponse has the code the response's
// status maps to: a reason it carries may reach the client with any code.
var catalog = mcperr.Tool[In, Out]{
	Name:   "catalog",
	Errors: []mcperr.Contract{{Reason: "catalog_offline", Code: mcperr.CodeServiceUnavailable, When: "w", Recovery: "r"}},
	Handler: func(ctx context.Context, in In) (Out, error) {
		resp, err := http.Get("http://catalog/" + in.ID)
		if err != nil {
			return Out{}, mcperr.Fail(ctx, "catalog_offline", "", mcperr.WithCause(err), mcperr.RecoveryFor(ctx, "catalog_offline"))
		}
		defer resp.Body.Close()
		switch in.Kind {
		case "override":
			// The code is fixed whatever the status.
			return Out{}, mcperr.FromHTTPResponse(resp, mcperr.WithReason("catalog_offline"),
				mcperr.WithCodeOverride(func(int) (mcperr.Code, bool) { return mcperr.CodeServiceUnavailable, true }))
		case "tested":
			if resp.StatusCode == http.StatusServiceUnavailable {
				return Out{}, mcperr.FromHTTPResponse(resp, mcperr.WithReason("catalog_offline")) // the status is known here
			}
			switch resp.StatusCode {
			case http.StatusBadGateway, http.StatusServiceUnavailable:
				return Out{}, mcperr.FromHTTPResponse(resp, mcperr.WithReason("catalog_offline")) // and here
			}
		}
		if resp.StatusCode >= 400 {
			return Out{}, mcperr.FromHTTPResponse(resp, mcperr.WithReason("catalog_offline")) // want `error-contract-reason-code-mismatch: this error carries reason "catalog_offline" with the code mcperr.FromHTTPResponse picks from the response's status \(a 429 is RateLimited, a 404 NotFound\), but tool "catalog" declares reason "catalog_offline" with code ServiceUnavailable`
		}
		return Out{}, nil
	},
}

// Unthrown reasons.
var unthrown = mcperr.Tool[In, Out]{
	Name: "unthrown",
	Errors: []mcperr.Contract{
		{Reason: "produced", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"},
		{Reason: "never", Code: mcperr.CodeConflict, When: "w", Recovery: "r"}, // want `error-contract-unthrown: tool "unthrown" declares reason "never", but nothing it runs produces it`
		{Reason: "by_service", Code: mcperr.CodeConflict, When: "w", Recovery: "r", ThrownByService: true},
		{Reason: "recovery_only", Code: mcperr.CodeForbidden, When: "w", Recovery: "r"},
		{Reason: "bare_factory", Code: mcperr.CodeRateLimited, When: "w", Recovery: "r"},
	},
	Handler: func(ctx context.Context, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, mcperr.RateLimited("slow down") // error-contract-prefer-fail's finding
		}
		if in.Kind == "" {
			return Out{}, mcperr.Forbidden("no", mcperr.RecoveryFor(ctx, "recovery_only"))
		}
		return Out{}, produce(ctx)
	},
}

func produce(ctx context.Context) error {
	return mcperr.Fail(ctx, "produced", "", mcperr.RecoveryFor(ctx, "produced"))
}

// A tool whose contract is shared: the entry it never produces is reported
// where this tool names it.
var sharedUnthrown = mcperr.Tool[In, Out]{
	Name:   "shared_unthrown",
	Errors: bookErrors, // want `tool "shared_unthrown" declares reason "isbn_invalid", but nothing it runs produces it`
	Handler: func(ctx context.Context, in In) (Out, error) {
		return Out{}, mcperr.Fail(ctx, reasonMissing, "", mcperr.RecoveryFor(ctx, reasonMissing))
	},
}

// A handler that cannot be seen, and a tool without Errors.
type server struct {
	handle func(context.Context, In) (Out, error)
}

func (s *server) tools() []any {
	return []any{
		mcperr.Tool[In, Out]{
			Name:    "invisible",
			Errors:  []mcperr.Contract{{Reason: "whatever", Code: mcperr.CodeNotFound, When: "w", Recovery: "r"}},
			Handler: s.handle,
		},
		mcperr.Tool[In, Out]{
			Name: "no_contract",
			Handler: func(ctx context.Context, in In) (Out, error) {
				if in.ID == "" {
					return Out{}, mcperr.NotFound("no book") // nothing declared, nothing promised
				}
				return Out{}, mcperr.Fail(ctx, "anything", "", mcperr.RecoveryFor(ctx, "anything")) // want `mcperr.Fail names reason "anything", but tool "no_contract" declares no Errors`
			},
		},
	}
}

// Traps: what mentions a reason or a code without producing it.
type store interface {
	Get(ctx context.Context, id string) (Out, error)
}

var errSentinel = errors.New("sentinel")

func traps(ctx context.Context, s store) mcperr.Tool[In, Out] {
	return mcperr.Tool[In, Out]{
		Name:   "traps",
		Errors: []mcperr.Contract{{Reason: "book_missing", Code: mcperr.CodeNotFound, When: "w", Recovery: "r", ThrownByService: true}},
		Handler: func(ctx context.Context, in In) (Out, error) {
			out, err := s.Get(ctx, in.ID) // an interface: not followed, never a finding
			var me *mcperr.Error
			if errors.As(err, &me) && me.Reason() == "other_reason" {
				return Out{}, err
			}
			switch mcperr.CodeOf(err) {
			case mcperr.CodeConflict, mcperr.CodeForbidden:
				return Out{}, err
			}
			if errors.Is(err, errSentinel) {
				return out, nil
			}
			return out, err
		},
	}
}
