package mcperr_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// printWire prints what a client receives for err: the text content and
// the structured error.
func printWire(err error) {
	fmt.Println(mcperr.Text(err))
	raw, _ := json.Marshal(mcperr.ToWire(err))
	fmt.Println(string(raw))
}

func ExampleNew() {
	cause := errors.New("sql: no rows in result set")
	err := mcperr.NotFound("No invoice INV-7.",
		mcperr.WithCause(cause), // for errors.Is and logs; never sent
		mcperr.WithData("invoiceId", "INV-7"),
		mcperr.WithRecovery("List invoices to find a valid id."),
	)
	fmt.Println(errors.Is(err, cause))
	fmt.Printf("%+v\n", err) // logs see the cause
	printWire(err)
	// Output:
	// true
	// No invoice INV-7.: sql: no rows in result set
	// Error: No invoice INV-7.
	//
	// Recovery: List invoices to find a valid id.
	// {"code":-32001,"message":"No invoice INV-7.","data":{"invoiceId":"INV-7","recovery":{"hint":"List invoices to find a valid id."}}}
}

// errNoInvoice stands for a store's not-found sentinel.
var errNoInvoice = errors.New("store: no such invoice")

func ExampleFail() {
	getInvoice := &mcperr.Tool[string, string]{
		Name: "get_invoice",
		Errors: []mcperr.Contract{{
			Reason:   "invoice_not_found",
			Code:     mcperr.CodeNotFound,
			When:     "No invoice has the given id.",
			Recovery: "List invoices to find a valid id, then call again.",
		}},
		Handler: func(ctx context.Context, id string) (string, error) {
			return "", mcperr.Fail(ctx, "invoice_not_found", "",
				mcperr.RecoveryFor(ctx, "invoice_not_found"),
				mcperr.WithCause(errNoInvoice),
				mcperr.WithData("requestId", "req-42"))
		},
	}
	_, err := getInvoice.Call(context.Background(), "INV-7")
	printWire(err)

	// Outside the tool's contract, or with a reason it does not declare,
	// Fail never panics: the client gets an InternalError without a reason,
	// and the mistake is the error's cause, for the server's log.
	undeclared := mcperr.Fail(context.Background(), "invoice_not_found", "No invoice INV-7.")
	fmt.Println(undeclared.Code(), undeclared.Reason() == "")
	fmt.Printf("%+v\n", undeclared)
	// Output:
	// Error: No invoice has the given id.
	//
	// Recovery: List invoices to find a valid id, then call again.
	//
	// (reason invoice_not_found · not retryable · request req-42)
	// {"code":-32001,"message":"No invoice has the given id.","data":{"reason":"invoice_not_found","recovery":{"hint":"List invoices to find a valid id, then call again."},"requestId":"req-42","retryable":false}}
	// InternalError true
	// No invoice INV-7.: mcperr.Fail: reason "invoice_not_found" was raised outside any tool contract
}

func ExampleFromHTTPResponse() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, `{"error":"maintenance"}`)
	}))
	defer srv.Close()

	resp, err := http.Get(srv.URL + "/v1/invoices/INV-7")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close() // the caller owns the body
	e := mcperr.FromHTTPResponse(resp, mcperr.WithService("Billing"))
	fmt.Println(e.Code(), mcperr.Retryable(e))
	printWire(e)
	// Output:
	// ServiceUnavailable true
	// Error: Billing returned HTTP 503 Service Unavailable.
	// {"code":-32000,"message":"Billing returned HTTP 503 Service Unavailable.","data":{"retryAfter":30,"status":503,"statusText":"Service Unavailable"}}
}

func ExampleRetry() {
	attempts := 0
	fetch := func(ctx context.Context) (string, error) {
		attempts++
		if attempts < 3 {
			return "", mcperr.ServiceUnavailable("Billing is down.")
		}
		return "INV-7", nil
	}
	inv, err := mcperr.Retry(context.Background(), mcperr.RetryPolicy{BaseDelay: time.Millisecond}, fetch)
	fmt.Println(inv, err, attempts)

	// A permanent failure is not retried.
	attempts = 0
	_, err = mcperr.Retry(context.Background(), mcperr.RetryPolicy{},
		func(ctx context.Context) (string, error) {
			attempts++
			return "", mcperr.NotFound("No invoice INV-7.")
		})
	fmt.Println(err, attempts)

	// When the attempts run out, the error says how many were made.
	_, err = mcperr.Retry(context.Background(), mcperr.RetryPolicy{MaxRetries: 1, BaseDelay: -1},
		func(ctx context.Context) (string, error) {
			return "", mcperr.Timeout("Billing did not answer.")
		})
	fmt.Println(err)
	// Output:
	// INV-7 <nil> 3
	// No invoice INV-7. 1
	// Billing did not answer. (failed after 2 attempts)
}

func ExampleClassify() {
	fmt.Println(mcperr.Classify(context.DeadlineExceeded))
	fmt.Println(mcperr.Classify(fmt.Errorf("open config: %w", fs.ErrNotExist)))
	fmt.Println(mcperr.Classify(errors.New("ThrottlingException: Rate exceeded")))
	fmt.Println(mcperr.Classify(errors.New("the flux capacitor overheated")))
	// Output:
	// Timeout
	// NotFound
	// RateLimited
	// InternalError
}

func ExampleHTTPStatusCode() {
	for _, status := range []int{200, 404, 429, 503, 504} {
		code, ok := mcperr.HTTPStatusCode(status)
		fmt.Println(status, code, ok)
	}
	// Output:
	// 200 Code(0) false
	// 404 NotFound true
	// 429 RateLimited true
	// 503 ServiceUnavailable true
	// 504 Timeout true
}

func ExampleToWire() {
	err := mcperr.Unauthorized("The API key was rejected.",
		mcperr.WithData("apiKey", "sk-live-123"), // credential keys never reach the wire
		mcperr.WithData("account", "acme"),
		mcperr.WithCause(errors.New("401 from auth.example")), // nor does the cause
	)
	raw, _ := json.Marshal(mcperr.ToWire(err))
	fmt.Println(string(raw))

	// An error that is not an *Error gives its code and text only.
	raw, _ = json.Marshal(mcperr.ToWire(errors.New("connection refused")))
	fmt.Println(string(raw))
	// Output:
	// {"code":-32006,"message":"The API key was rejected.","data":{"account":"acme"}}
	// {"code":-32000,"message":"connection refused"}
}
