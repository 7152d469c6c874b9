package mcperr

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"net/url"
	"regexp"
	"runtime"
	"strings"
	"syscall"
)

// CodeOf returns the code of the first *Error in err's chain, or Classify(err)
// when there is none. CodeOf(nil) is 0, which is not a known code.
func CodeOf(err error) Code {
	if err == nil {
		return 0
	}
	if e := firstError(err); e != nil {
		return e.code
	}
	return Classify(err)
}

// Classify guesses the code of an error that was not built by this package,
// so that a failure from the standard library or a client library still
// reaches the agent with a code it can act on. It never panics; Classify(nil)
// is 0 and every other error gets a known code.
//
// Go's own error types and sentinels are consulted first, because they are
// exact; the message patterns of the TypeScript original come second:
//
//   - a runtime.Error (a recovered nil dereference, an index out of range):
//     CodeInternalError, before any pattern, since its text ("invalid memory
//     address") would otherwise read as a validation failure;
//   - context.DeadlineExceeded and context.Canceled: CodeTimeout (the
//     original maps abort and cancel to Timeout);
//   - fs.ErrNotExist: CodeNotFound; fs.ErrPermission: CodeForbidden;
//   - *json.SyntaxError and *json.UnmarshalTypeError: CodeSerializationError;
//   - a net.Error whose Timeout method reports true: CodeTimeout;
//   - syscall.ECONNREFUSED, syscall.ECONNRESET and *net.DNSError:
//     CodeServiceUnavailable;
//   - a *url.Error: the code of its inner error, or CodeServiceUnavailable
//     when that says nothing more specific.
//
// Then err.Error() is matched, ignoring case, against the provider patterns
// and the common patterns listed in messagePatterns; the first match wins.
// An error nothing matches is CodeInternalError.
func Classify(err error) Code {
	if err == nil {
		return 0
	}
	return guarded(CodeInternalError, func() Code {
		if code, ok := classify(err); ok {
			return code
		}
		return CodeInternalError
	})
}

// classify returns the code err's type or message implies, and whether
// anything specific was found.
func classify(err error) (Code, bool) {
	if code, ok := classifyNative(err); ok {
		return code, true
	}
	if text, ok := safeErrorText(err); ok {
		return classifyMessage(text)
	}
	return 0, false
}

// classifyNative recognises the standard library's error types and sentinels,
// in the order Classify documents.
func classifyNative(err error) (Code, bool) {
	var runtimeErr runtime.Error
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	var netErr net.Error
	var dnsErr *net.DNSError
	var urlErr *url.Error
	switch {
	case errors.As(err, &runtimeErr):
		return CodeInternalError, true
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return CodeTimeout, true
	case errors.Is(err, fs.ErrNotExist):
		return CodeNotFound, true
	case errors.Is(err, fs.ErrPermission):
		return CodeForbidden, true
	case errors.As(err, &syntaxErr), errors.As(err, &typeErr):
		return CodeSerializationError, true
	case errors.As(err, &netErr) && netErr.Timeout():
		return CodeTimeout, true
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.As(err, &dnsErr):
		return CodeServiceUnavailable, true
	case errors.As(err, &urlErr):
		// The URL error's own text quotes the URL, whose path may read like
		// anything ("/invalid-items"); only the inner error is evidence.
		if urlErr.Err != nil {
			if code, ok := classify(urlErr.Err); ok {
				return code, true
			}
		}
		return CodeServiceUnavailable, true
	}
	return 0, false
}

// A messagePattern maps error text matching expr to a code.
type messagePattern struct {
	expr *regexp.Regexp
	code Code
	// literals holds, lower-cased, one literal of each top-level branch of
	// expr that every match of that branch contains, so that a text whose
	// case-folded form contains none of them cannot match. Nil disables
	// the check. It spares running thirty case-insensitive regexps, tens of
	// microseconds, over a message that matches none of them.
	literals []string
}

// mayMatch reports whether folded, a text folded by foldText, can match.
func (p *messagePattern) mayMatch(folded string) bool {
	if p.literals == nil {
		return true
	}
	for _, lit := range p.literals {
		if strings.Contains(folded, lit) {
			return true
		}
	}
	return false
}

// messagePatterns is the TypeScript original's classification by message:
// PROVIDER_ERROR_PATTERNS followed by COMMON_ERROR_PATTERNS, in their order,
// from cyanheads/mcp-ts-core src/utils/internal/error-handler/mappings.ts.
// Provider patterns are more specific ("status code 429" before "rate
// limit"), so they come first; the first match wins. The expressions are the
// original's, unchanged: all are valid RE2. Every one is matched ignoring
// case, as the original compiles them with the i flag.
var messagePatterns = compilePatterns([]struct {
	expr string
	code Code
}{
	// Provider patterns. AWS service errors.
	{`ThrottlingException|TooManyRequestsException`, CodeRateLimited},
	{`AccessDenied|UnauthorizedOperation`, CodeForbidden},
	{`ResourceNotFoundException`, CodeNotFound},
	// HTTP status codes quoted in messages.
	{`status code 401`, CodeUnauthorized},
	{`status code 403`, CodeForbidden},
	{`status code 404`, CodeNotFound},
	{`status code 409`, CodeConflict},
	{`status code 429`, CodeRateLimited},
	{`status code 5\d\d`, CodeServiceUnavailable},
	// Database connection and constraint errors.
	{`ECONNREFUSED|connection refused`, CodeServiceUnavailable},
	{`ETIMEDOUT|connection timeout`, CodeTimeout},
	{`unique constraint|duplicate key`, CodeConflict},
	{`foreign key constraint`, CodeValidationError},
	// Supabase.
	{`JWT expired`, CodeUnauthorized},
	{`row level security`, CodeForbidden},
	// LLM providers.
	{`insufficient_quota|quota exceeded`, CodeRateLimited},
	{`model_not_found`, CodeNotFound},
	{`context_length_exceeded`, CodeValidationError},
	// Network errors.
	{`ENOTFOUND|DNS`, CodeServiceUnavailable},
	{`ECONNRESET|connection reset`, CodeServiceUnavailable},

	// Common patterns.
	{`unauthorized|unauthenticated|not\s+authorized|not.*logged.*in|invalid[\s_-]+token|expired[\s_-]+token`, CodeUnauthorized},
	{`permission|forbidden|access.*denied|not.*allowed`, CodeForbidden},
	{`not found|no such|doesn't exist|couldn't find`, CodeNotFound},
	{`invalid|validation|malformed|bad request|wrong format|missing\s+(?:required|param|field|input|value|arg)`, CodeValidationError},
	{`conflict|already exists|duplicate|unique constraint`, CodeConflict},
	{`rate limit|too many requests|throttled`, CodeRateLimited},
	{`timeout|timed out|deadline exceeded`, CodeTimeout},
	{`abort(ed)?|cancell?ed`, CodeTimeout},
	{`service unavailable|bad gateway|gateway timeout|upstream error`, CodeServiceUnavailable},
	{`zod|zoderror|schema validation`, CodeValidationError},
})

// compilePatterns compiles the table once, at package initialisation. The
// expressions are constants checked by the tests, so MustCompile cannot fail
// at run time.
func compilePatterns(table []struct {
	expr string
	code Code
}) []messagePattern {
	out := make([]messagePattern, len(table))
	for i, p := range table {
		out[i] = messagePattern{
			expr:     regexp.MustCompile(`(?i)` + p.expr),
			code:     p.code,
			literals: requiredLiterals(p.expr),
		}
	}
	return out
}

// classifyMessage returns the code of the first pattern text matches.
func classifyMessage(text string) (Code, bool) {
	var buf [256]byte
	folded := string(foldText(buf[:0], text))
	for i := range messagePatterns {
		p := &messagePatterns[i]
		if p.mayMatch(folded) && p.expr.MatchString(text) {
			return p.code, true
		}
	}
	return 0, false
}

// safeErrorText returns err.Error(), and false if that panics (a nil pointer
// of a type whose Error method dereferences it, say).
func safeErrorText(err error) (text string, ok bool) {
	defer func() {
		if recover() != nil {
			text, ok = "", false
		}
	}()
	return err.Error(), true
}
