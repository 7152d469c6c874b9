package mcperr

import "strconv"

// A Code classifies a failure. Its values are JSON-RPC error codes: the five
// the JSON-RPC 2.0 specification defines, and implementation-defined ones in
// the -32000 to -32099 server range. Codes are part of a server's public
// contract: once released, a reason's code does not change.
type Code int64

// The codes an MCP server built on mcperr can report.
const (
	CodeParseError     Code = -32700 // the request was not valid JSON
	CodeInvalidRequest Code = -32600 // the request is not one the server accepts
	CodeMethodNotFound Code = -32601 // no such method
	CodeInvalidParams  Code = -32602 // the arguments are malformed or wrong
	CodeInternalError  Code = -32603 // this server failed

	CodeServiceUnavailable   Code = -32000 // an upstream is down or unreachable
	CodeNotFound             Code = -32001 // the thing asked for does not exist
	CodeConflict             Code = -32002 // the request conflicts with current state
	CodeRateLimited          Code = -32003 // too many requests, here or upstream
	CodeTimeout              Code = -32004 // the work did not finish in time
	CodeForbidden            Code = -32005 // the caller may not do this
	CodeUnauthorized         Code = -32006 // the caller is not authenticated
	CodeValidationError      Code = -32007 // the input is well formed but not valid
	CodeConfigurationError   Code = -32008 // the server is misconfigured
	CodeInitializationFailed Code = -32009 // the server could not start a component
	CodeDatabaseError        Code = -32010 // a database operation failed
	CodeSerializationError   Code = -32070 // data could not be encoded or decoded
	CodeUnknownError         Code = -32099 // nothing more specific is known
)

// codeNames holds the name of every known code. It is the single table
// String and Known read, so adding a code is one line.
var codeNames = map[Code]string{
	CodeParseError:           "ParseError",
	CodeInvalidRequest:       "InvalidRequest",
	CodeMethodNotFound:       "MethodNotFound",
	CodeInvalidParams:        "InvalidParams",
	CodeInternalError:        "InternalError",
	CodeServiceUnavailable:   "ServiceUnavailable",
	CodeNotFound:             "NotFound",
	CodeConflict:             "Conflict",
	CodeRateLimited:          "RateLimited",
	CodeTimeout:              "Timeout",
	CodeForbidden:            "Forbidden",
	CodeUnauthorized:         "Unauthorized",
	CodeValidationError:      "ValidationError",
	CodeConfigurationError:   "ConfigurationError",
	CodeInitializationFailed: "InitializationFailed",
	CodeDatabaseError:        "DatabaseError",
	CodeSerializationError:   "SerializationError",
	CodeUnknownError:         "UnknownError",
}

// String returns the code's name without the "Code" prefix ("NotFound"), or
// "Code(<n>)" for a value that is not a known code.
func (c Code) String() string {
	if name, ok := codeNames[c]; ok {
		return name
	}
	return "Code(" + strconv.FormatInt(int64(c), 10) + ")"
}

// Known reports whether c is one of the codes declared by this package.
func (c Code) Known() bool {
	_, ok := codeNames[c]
	return ok
}

// Transient reports whether a failure with this code may succeed when tried
// again unchanged: ServiceUnavailable, Timeout and RateLimited.
func (c Code) Transient() bool {
	switch c {
	case CodeServiceUnavailable, CodeTimeout, CodeRateLimited:
		return true
	}
	return false
}
