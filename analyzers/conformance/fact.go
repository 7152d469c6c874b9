package conformance

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Kinds of effect: how a reason or a code reaches a tool's client.
const (
	failKind     uint8 = iota + 1 // a reason passed to mcperr.Fail
	recoveryKind                  // a reason passed to mcperr.RecoveryFor alone
	returnKind                    // an error built by mcperr.New or a factory, returned
)

// errorsFact is the object fact exported on a function or method (a
// generic one by its origin), or on a package-level error variable, of a
// package whose imports reach the runtime: what its failures can carry to a
// tool's client. It is exported only when it says something: a function
// that neither names a reason nor returns a runtime error has none.
//
// A fact records effects, not call sites: a function that only passes on
// the errors of the functions it calls gets their effects, with the sites
// where they are written, so a handler two packages away is judged on what
// really reaches it.
type errorsFact struct {
	Effects []effectFact // sorted, without duplicates
	// Dynamic reports that some reason it names or returns cannot be known
	// statically, so the reasons listed may not be all of them.
	Dynamic bool
}

// An effectFact is one effect of a function.
type effectFact struct {
	Kind uint8 // failKind, recoveryKind or returnKind

	// Reason is the constant reason, or "". When Param is set the reason is
	// the function's parameter Param (1-based) instead, to be read at each
	// call. A returned error with neither carries no reason.
	Reason string
	Param  int

	// Code is a returned error's constant code, or 0.
	Code int64

	// Inspected reports that a returned error reaches the result only
	// through a variable the function tests (errors.Is or As, CodeOf, a
	// comparison, a type switch): the function may translate it on the way.
	Inspected bool

	// Site is where the reason, or the error without one, is written:
	// "<package>/<file>.go:<line>", with the last element of the package
	// path and the file's base name, so facts do not depend on where the
	// code lies on disk.
	Site string
}

func (*errorsFact) AFact() {}

// entryFact is the object fact exported on a package-level mcperr.Contract
// variable that is initialised by a literal with a constant Reason and
// never reassigned, so that Fail(ctx, entry.Reason, ...) in another
// package names a known reason.
type entryFact struct {
	Reason string
}

func (*entryFact) AFact()           {}
func (f *entryFact) String() string { return fmt.Sprintf("entry %q", f.Reason) }

func (f *errorsFact) String() string {
	var parts []string
	for _, e := range f.Effects {
		parts = append(parts, e.String())
	}
	if f.Dynamic {
		parts = append(parts, "dynamic")
	}
	return "errors: " + strings.Join(parts, "; ")
}

func (e effectFact) String() string {
	var b strings.Builder
	switch e.Kind {
	case failKind:
		b.WriteString("fail")
	case recoveryKind:
		b.WriteString("recovery")
	case returnKind:
		b.WriteString("return")
		if e.Code != 0 {
			b.WriteString(" " + codeName(e.Code))
		}
	}
	switch {
	case e.Param > 0:
		fmt.Fprintf(&b, " $%d", e.Param)
	case e.Reason != "":
		fmt.Fprintf(&b, " %q", e.Reason)
	}
	if e.Inspected {
		b.WriteString(" inspected")
	}
	b.WriteString(" at " + e.Site)
	return b.String()
}

// compareEffects orders effects for facts and for reporting.
func compareEffects(a, b effectFact) int {
	return cmp.Or(
		cmp.Compare(a.Kind, b.Kind),
		cmp.Compare(a.Reason, b.Reason),
		cmp.Compare(a.Param, b.Param),
		cmp.Compare(a.Code, b.Code),
		cmp.Compare(boolInt(a.Inspected), boolInt(b.Inspected)),
		cmp.Compare(a.Site, b.Site),
	)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// normalize sorts the effects and removes duplicates, so that equal facts
// encode to equal bytes.
func (f *errorsFact) normalize() {
	slices.SortFunc(f.Effects, compareEffects)
	f.Effects = slices.Compact(f.Effects)
}

// codeName names a code for messages: "NotFound", or the number when it is
// not one of the runtime's codes.
func codeName(code int64) string {
	c := mcperr.Code(code)
	if c.Known() {
		return c.String()
	}
	return fmt.Sprint(code)
}
