// Package api is an upstream client library's error types, in a module
// of its own.
package api

import "fmt"

// StatusError prints the status text it holds, whatever the caller put
// there.
type StatusError struct {
	Code   int
	Status string
}

func (e StatusError) Error() string { return fmt.Sprintf("upstream error: %s", e.Status) }

// CodeError keeps the response body for the logs: its Error prints only
// the code.
type CodeError struct {
	Code int
	Body string
}

func (e *CodeError) Error() string { return fmt.Sprintf("upstream error %d", e.Code) }

// OpaqueError's Error names no receiver: it prints none of its fields.
type OpaqueError struct{ Body string }

func (OpaqueError) Error() string { return "upstream failed" }
