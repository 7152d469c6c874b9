package mcperr

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
)

// A Contract entry declares one way a tool can fail: a stable reason the
// client can switch on, the code it surfaces as, when it happens and what the
// agent should do about it.
//
// Contracts are checked at build time by mcperrlint: reasons are snake_case
// and unique, every field is filled, handlers fail only with declared reasons.
type Contract struct {
	// Reason is the stable, machine-readable name of the failure mode
	// (snake_case). Clients switch on it; treat it as public API.
	Reason string
	// When says, for people, in which situation the failure happens. Fail
	// uses it as the message when it is given none.
	When string
	// Recovery tells the agent what to do next. It is not sent unless a Fail
	// call opts in with RecoveryFor or WithRecovery, because the call site
	// usually knows better.
	Recovery string
	// Code is the code the failure surfaces as.
	Code Code
	// Retryable states whether trying again unchanged can succeed. Fail sends
	// it as data.retryable; a WithRetryable option overrides it per call.
	Retryable bool
	// Severity is the log level a failure of this kind is logged at. It
	// changes nothing the client sees.
	Severity Severity
	// ThrownByService marks a reason produced below the handler, by a
	// service returning an error built WithReason, so mcperrlint does not
	// expect the handler itself to fail with it.
	ThrownByService bool
}

// A Severity is the log level of a declared failure mode. The zero value is
// SeverityError: declaring a lower one says the failure is an expected
// outcome, not an incident.
type Severity int

// The severities, from the default down.
const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityNotice
	SeverityInfo
	SeverityDebug
)

var severityNames = [...]string{"error", "warning", "notice", "info", "debug"}

// String returns the severity's lower-case name, or "Severity(<n>)".
func (s Severity) String() string {
	if s >= 0 && int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// Level returns the log/slog level for the severity. Notice, which slog does
// not name, sits between Info and Warn. An unknown severity logs as an error.
func (s Severity) Level() slog.Level {
	switch s {
	case SeverityWarning:
		return slog.LevelWarn
	case SeverityNotice:
		return slog.LevelInfo + 2
	case SeverityInfo:
		return slog.LevelInfo
	case SeverityDebug:
		return slog.LevelDebug
	}
	return slog.LevelError
}

// A Tool is an MCP tool together with its error contract. Register it with a
// binding such as runtime/mcpsdk, or run it directly with Call.
type Tool[In, Out any] struct {
	// Name is the tool's MCP name, unique within a server (get_invoice).
	Name string
	// Title is a short human-readable name, for clients that show one.
	Title string
	// Description tells the model what the tool does and when to use it.
	Description string
	// Errors is the tool's contract: every way Handler may fail on purpose.
	Errors []Contract
	// Handler does the work. It fails through Fail with a declared reason.
	Handler func(ctx context.Context, in In) (Out, error)
}

// Call runs the handler with the tool's contract installed in ctx, so that
// Fail and RecoveryFor inside it resolve reasons against Errors. A tool with
// no handler fails with CodeInternalError rather than panicking.
//
// The error Call returns is the one the bindings send: ToWire and Text of it
// give exactly their structuredContent.error and text, but for the request
// id they add. So an error that names a reason Errors declares (a service's,
// built WithReason) and does not state whether it is retryable gets the
// entry's Retryable, as Fail's would; it keeps its own code, even one that
// differs from the entry's. Such an error is returned wrapped: its text, its
// %+v and errors.Is are the handler's error's, while errors.As finds the
// *Error as the client sees it. Any other error is returned as it is.
func (t *Tool[In, Out]) Call(ctx context.Context, in In) (Out, error) {
	if t == nil || t.Handler == nil {
		var zero Out
		name := ""
		if t != nil {
			name = t.Name
		}
		return zero, InternalError(fmt.Sprintf("Tool %q has no handler.", name))
	}
	contract := &installedContract{tool: t.Name, entries: t.Errors}
	out, err := t.Handler(contract.install(ctx), in)
	return out, contract.resolve(err)
}

// contractKey is the context key WithContract stores the contract under.
type contractKey struct{}

// installedContract is what WithContract stores: the tool name and its
// entries, searched linearly because contracts are short.
type installedContract struct {
	tool    string
	entries []Contract
}

// WithContract returns a context in which Fail and RecoveryFor resolve reasons
// against errors, the contract of the named tool. Bindings call it; handlers
// rarely need to.
func WithContract(ctx context.Context, tool string, errors []Contract) context.Context {
	return (&installedContract{tool: tool, entries: errors}).install(ctx)
}

// install returns a context carrying the contract.
func (c *installedContract) install(ctx context.Context) context.Context {
	if ctx == nil {
		ctx = context.Background()
	}
	return context.WithValue(ctx, contractKey{}, c)
}

// contractFrom returns the contract installed in ctx, or nil.
func contractFrom(ctx context.Context) *installedContract {
	if ctx == nil {
		return nil
	}
	c, _ := ctx.Value(contractKey{}).(*installedContract)
	return c
}

// lookup returns the entry for reason. When a reason is declared twice the
// last entry wins, as a later map key would.
func (c *installedContract) lookup(reason string) *Contract {
	for i := len(c.entries) - 1; i >= 0; i-- {
		if c.entries[i].Reason == reason {
			return &c.entries[i]
		}
	}
	return nil
}

// resolve returns err as the client of the tool receives it: when the first
// *Error of its chain names a declared reason without stating whether it is
// retryable, err wrapped with a copy of that *Error stating the entry's
// Retryable; otherwise err itself. Fail and RecoveryFor already resolve
// what they build, so only a service's WithReason reaches the wrapping.
func (c *installedContract) resolve(err error) error {
	e := firstError(err)
	if e == nil || e.reason == "" || e.retryable != unstated {
		return err
	}
	entry := c.lookup(e.reason)
	if entry == nil {
		return err
	}
	resolved := *e // an Error is immutable: its data may be shared
	resolved.retryable = stated(entry.Retryable)
	return &resolvedError{err: err, resolved: &resolved}
}

// A resolvedError is an error Tool.Call returns with its *Error completed by
// the contract (see resolve). It reads as the handler's error, err: the
// same text, the same %v and %+v, the same chain for errors.Is and
// errors.Unwrap. What renders it for a client (ToWire, Text, CodeOf,
// Retryable) and errors.As with a **Error find resolved instead of err's
// own *Error.
type resolvedError struct {
	err      error
	resolved *Error
}

func (r *resolvedError) Error() string { return r.err.Error() }
func (r *resolvedError) Unwrap() error { return r.err }

// As gives errors.As the resolved *Error, so that a caller reading the
// error's data sees what the client does.
func (r *resolvedError) As(target any) bool {
	if p, ok := target.(**Error); ok {
		*p = r.resolved
		return true
	}
	return false
}

// Format formats the handler's error, flags and verb included.
func (r *resolvedError) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), r.err)
}

// reasons lists the declared reasons, in declaration order, for messages.
func (c *installedContract) reasons() string {
	if len(c.entries) == 0 {
		return "none"
	}
	names := make([]string, len(c.entries))
	for i, e := range c.entries {
		names[i] = e.Reason
	}
	return strings.Join(names, ", ")
}

// Fail returns the error the tool's contract declares for reason.
//
// The code, data.reason and data.retryable come from the contract entry;
// message, when empty, falls back to the entry's When. Options add data, a
// cause or a recovery hint; data.reason always stays the contract reason, and
// a WithRetryable option overrides the entry's Retryable. The entry's Recovery
// is sent only when the call opts in with RecoveryFor(ctx, reason) or passes
// WithRecovery.
//
// A reason the contract does not declare, or a call outside any contract, is
// a programming error the model can do nothing about, so it is not shown
// one: Fail never panics, and returns a CodeInternalError error that keeps
// the caller's message (or "Tool <name> failed." when it is empty), data and
// hint, without data.reason. The violation (the reason and the declared ones)
// is the error's cause, wrapping the caller's cause: the bindings log it,
// and never send it. mcperrlint reports such calls at build time.
func Fail(ctx context.Context, reason, message string, opts ...Option) *Error {
	contract := contractFrom(ctx)
	if contract == nil {
		return undeclared(&undeclaredReason{reason: reason}, message, opts)
	}
	entry := contract.lookup(reason)
	if entry == nil {
		return undeclared(&undeclaredReason{reason: reason, contract: contract}, message, opts)
	}
	if message == "" {
		message = entry.When
	}
	e := &Error{code: entry.Code, message: message, retryable: stated(entry.Retryable)}
	for _, opt := range opts {
		if opt != nil {
			opt.apply(e)
		}
	}
	e.entry = nil
	e.reason = reason // applied last: the contract reason cannot be overridden
	return e
}

// undeclared builds the error Fail returns for a reason it cannot resolve.
// The options still apply, so the caller's data, hint and cause are kept,
// but no reason is attached: an agent switching on data.reason must not see
// one the tool never declared.
func undeclared(violation *undeclaredReason, message string, opts []Option) *Error {
	if message == "" {
		message = violation.fallbackMessage()
	}
	e := &Error{code: CodeInternalError, message: message}
	for _, opt := range opts {
		if opt != nil {
			opt.apply(e)
		}
	}
	e.entry = nil
	e.reason = ""
	violation.next, e.cause = e.cause, violation
	return e
}

// An undeclaredReason is the cause of the error Fail returns for a reason
// the tool's contract does not declare: what the server's log should say
// about the mistake. It wraps the caller's cause.
type undeclaredReason struct {
	reason   string
	contract *installedContract // nil: Fail was called outside any tool
	next     error
}

func (u *undeclaredReason) Error() string {
	if u.contract == nil {
		return fmt.Sprintf("mcperr.Fail: reason %q was raised outside any tool contract", u.reason)
	}
	return fmt.Sprintf("mcperr.Fail: tool %q does not declare reason %q (declared: %s)",
		u.contract.tool, u.reason, u.contract.reasons())
}

func (u *undeclaredReason) Unwrap() error { return u.next }

// Format prints the violation for %v and %s, and the caller's cause after it
// for %+v, as *Error does.
func (u *undeclaredReason) Format(f fmt.State, verb rune) {
	fmt.Fprint(f, u.Error())
	if verb == 'v' && f.Flag('+') && u.next != nil {
		fmt.Fprintf(f, ": %+v", u.next)
	}
}

// fallbackMessage is the message of an undeclared failure given none.
func (u *undeclaredReason) fallbackMessage() string {
	if u.contract == nil || u.contract.tool == "" {
		return "The tool failed."
	}
	return fmt.Sprintf("Tool %q failed.", u.contract.tool)
}

// RecoveryFor returns an option that attaches the recovery hint the contract
// in ctx declares for reason. It is a no-op when ctx carries no contract or
// the reason is not declared, so a service can always pass it.
//
// Passed to New, a factory or FromHTTPResponse, it also names the reason:
// the error carries data.reason (unless WithReason names another) and the
// entry's Retryable (unless WithRetryable states otherwise), exactly as
// Fail(ctx, reason, ...) would. Passed to Fail, it only adds the hint: Fail's
// own reason decides the rest.
func RecoveryFor(ctx context.Context, reason string) Option {
	if contract := contractFrom(ctx); contract != nil {
		return contractRecovery{contract.lookup(reason)}
	}
	return contractRecovery{}
}

// contractRecovery is RecoveryFor's option: the entry whose Recovery to
// attach, resolved when the option is made, or nil for none. A single
// pointer, it is stored in an Option without allocating.
type contractRecovery struct{ entry *Contract }

func (o contractRecovery) apply(e *Error) {
	if o.entry == nil {
		return
	}
	if o.entry.Recovery != "" {
		e.recovery = o.entry.Recovery
	}
	e.entry = o.entry
}
func (o contractRecovery) applyHTTP(c *httpConfig) { deferOption(c, o) }
