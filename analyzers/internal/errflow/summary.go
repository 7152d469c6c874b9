package errflow

// A Summary is what one function's results can be, computed once per
// function by the package's fixed point (see solve.go) and exported as a
// fact for the functions another package can call, so that a handler is
// judged on what a helper or a service two packages away really returns.
//
// Every property is monotone, so the fixed point terminates: the "may"
// properties (a value may be a protocol error, may carry parameter 2, may
// contain an HTTP body) only grow as callees' summaries grow, and so do
// the "must" properties (every value is non-nil), which start false —
// the least fixed point, in which a function that only returns its own
// recursive call is surely nothing.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// A Summary is what a function's failures can carry to a client.
type Summary struct {
	// Effects are the contract reasons the function names when it runs
	// (Fail, RecoveryFor, wherever in its body) and the runtime errors it
	// returns (built by a factory or New, possibly wrapped, or returned by
	// a function it calls), in the order found, without duplicates.
	Effects []Effect
	// Dynamic reports that some reason it names or returns cannot be
	// known statically, so the effects listed may not be all of them.
	Dynamic bool
	// Results describe each result, by index.
	Results []Slot
	// Printf is 1 + the index of the format parameter of a printf
	// wrapper (see printfWrapper), whose results' text is its format
	// applied to its variadic arguments; 0 for any other function.
	Printf int

	seen map[effectKey]bool // the effects' keys, once there are many
}

// A Shape is a set of what a returned value may be.
type Shape uint8

const (
	ShapeNil     Shape = 1 << iota // nil
	ShapeValue                     // a non-nil value (for a result: neither an error nor a success result is known)
	ShapeError                     // an error result: IsError set, SetError called, an SDK error constructor
	ShapeSuccess                   // a result that is surely not an error result
	ShapeUnknown                   // something the layer cannot see into
)

// A Slot is what one result of a function can be, over all its returns.
type Slot struct {
	Shape Shape

	// NonNil: every value returned is surely non-nil.
	NonNil bool
	// Protocol: a value may be an error the SDK deliberately sends as a
	// JSON-RPC error with its own code (a go-sdk *jsonrpc.Error, an mcp-go
	// URLElicitationRequiredError), or may be passed on from where the
	// layer cannot tell: the go-sdk, a function value being wrapped.
	Protocol bool
	// WrapsRPC: every value wraps a *jsonrpc.Error without being one.
	WrapsRPC bool
	// Context: a value may be the context's own error.
	Context bool
	// NotContext: a non-nil value may be an error other than the
	// context's own. A helper that only ever fails with ctx.Err() has
	// Context and not NotContext: its caller returning that error returns
	// the context's error, which a client that cancelled reads as such.
	// (Stated as the exception, so that summaries only grow.)
	NotContext bool
	// Plain: a value may be an error built by errors.New or fmt.Errorf
	// (not wrapping an *mcperr.Error).
	Plain bool

	// Params are the parameters (by index) whose value the result may
	// carry: an error it wraps or holds, or for a tool result, an error or
	// a text it shows or keeps with SetError.
	Params []int
	// Mentions are the parameters whose text the value may show; Shows,
	// those whose text it surely contains (see Value.Shows).
	Mentions []int
	Shows    []int
	// ShowsType is Value.ShowsType.
	ShowsType string
	// Calls are the function-valued parameters whose result the value
	// may be, unchanged: h's error in "res, err := h(ctx, req); return
	// res, err".
	Calls []ParamCall
	// Blobs are raw upstream values the value's text may contain.
	Blobs []Blob
	// Narrow lists, of the error parameters the value carries, the error
	// types none of their values here can be: every return that carries
	// the parameter follows an errors.As test for the type whose branch
	// always returns (a helper that translates the client's error in
	// words and returns any other error as it is). A caller leaves out
	// the raw values those types print (Blob.ErrType).
	Narrow []ParamTypes
	// FailBlobs are, for a text result, the raw upstream values it may
	// hold when the function's error is not nil: a command runner that
	// returns what the command wrote to stderr with its error. An adapter
	// that shows the text with the error (Path.Shown) shows them.
	FailBlobs []Blob
	// FieldBlobs are, for a struct result (or a pointer to one), the raw
	// upstream values its text fields may hold, each with Field set: a
	// command runner's &Result{Stderr: stderr.String()}, whose caller
	// formats r.Stderr into its error.
	FieldBlobs []Blob
	// FailFilled: the result is returned filled (a composite literal with
	// elements) with a surely non-nil error, by some return: a poller
	// that returns what it saw with the failure. A typed go-sdk handler
	// that returns both loses it.
	FailFilled bool
}

// A ParamCall is result Result of calling the function-valued parameter
// Param, or, with Method, of calling that method of the interface-valued
// parameter Param (an interface with several methods: one with a single
// method is called as a function value is).
type ParamCall struct {
	Param, Result int
	Method        string
}

// A Blob is a raw upstream value in the text of an error or of an error
// result: JSON-encoded data, an HTTP body read in full, a dump, a
// subprocess's output, a struct printed field by field.
type Blob struct {
	Kind BlobKind
	What string // what it is, for messages
	// Site is where it enters the text, as "pkg/file.go:line"; Pos is that
	// position when it is in this package, and Via the functions it
	// comes through, the one that builds it last.
	Site string
	Pos  token.Pos
	End  token.Pos
	// File and Line are where it enters the text, as a file name and a
	// line, once a fact has carried it to another package: where a
	// finding there can point.
	File string
	Line int
	// Source is where the raw value is produced, when in this package.
	Source, SourceEnd token.Pos
	Via               []string
	// Field is, in a Slot's FieldBlobs, the field of the struct result
	// that holds the value.
	Field string
	// InError reports, of a blob found in a text (BlobsIn, FormatBlobs),
	// that it enters the text through an error's (err.Error(), %v of
	// err): a failure's story, not the data a tool exists to return.
	InError bool
	// Reader is, of a raw value a helper of the package puts into the text
	// it returns (an error result helper handed resp, a describe(resp)
	// that formats the body it reads), that helper: one edit there keeps
	// it out of every call's text (see report.Root). It is forgotten once
	// a caller builds a text of its own with the value. Not recorded in
	// facts.
	Reader *types.Func
	// ReaderParam is, when Reader makes the text from a raw value it is
	// handed (sanitizeBodySnippet(body) in the error it returns), 1 + the
	// index of that parameter; 0 otherwise.
	ReaderParam int
	// ErrType is, of a raw value an error type's Error method prints, that
	// type ("path.Name", pointers dropped): an errors.As test for it that
	// answers in its own words keeps the value out of what follows
	// (Slot.Narrow).
	ErrType string
	// Outside reports that the value comes from a dependency, another
	// module (keepUpstream marks what leaves one): the module's own code
	// receives it from a library's call.
	Outside bool
	// Entry is, of a value from outside, the first return of the module
	// that hands it on (an error or a text returned from a call of the
	// library): where the module could translate it into words of its
	// own. EntrySite names it as Site does, EntryPos is it in this
	// package, and EntryFile and EntryLine once a fact carried it away.
	Entry
}

// An Entry is where a raw value from another module enters this one: the
// first return of the module that hands it on.
type Entry struct {
	EntrySite string
	EntryPos  token.Pos
	EntryFile string
	EntryLine int
}

// A BlobKind is what a raw value is.
type BlobKind uint8

const (
	BlobBody   BlobKind = iota + 1 // an HTTP response body, read in full or decoded whole
	BlobOutput                     // a subprocess's output
	BlobDump                       // an HTTP dump
	BlobJSON                       // JSON the program encodes
	BlobStruct                     // a value printed field by field
)

// Upstream reports whether a raw value comes from outside the program
// (a response, a command): what a dependency's summary carries on. JSON a
// library encodes and structs it prints are its own business.
func (k BlobKind) Upstream() bool { return k == BlobBody || k == BlobOutput || k == BlobDump }

// Kinds of effect: how a reason or a code reaches a tool's client.
const (
	FailKind     uint8 = iota + 1 // a reason passed to mcperr.Fail
	RecoveryKind                  // a reason passed to mcperr.RecoveryFor alone
	ReturnKind                    // an error built by mcperr.New or a factory, returned
)

// An Effect is one way a function's failures can reach a tool's client.
type Effect struct {
	Kind uint8 // FailKind, RecoveryKind or ReturnKind

	// Reason is the constant reason, or "". When Param is set the reason
	// is the function's parameter Param (1-based) instead, to be read at
	// each call. A returned error with neither carries no reason.
	Reason string
	Param  int

	// Code is a returned error's constant code, or 0.
	Code int64
	// ByStatus reports a returned error whose code mcperr.FromHTTPResponse
	// picks from the response's status at run time (no WithCodeOverride):
	// any code a status maps to.
	ByStatus bool

	// Inspected reports that a returned error reaches the result only
	// through a variable the function tests (errors.Is or As, CodeOf, a
	// comparison, a type switch): the function may translate it.
	Inspected bool

	// Site is where the reason, or the error without one, is written:
	// "<package>/<file>.go:<line>", with the last element of the package
	// path and the file's base name, so facts do not depend on where the
	// code lies on disk.
	Site string

	// In this package: param is the parameter the reason is passed in
	// (of the function summarised, or of a literal in it); At is where the
	// effect is written, or the call through which it arrives from
	// another package; Via is the function (or error variable) it arrives
	// through, or nil.
	param *types.Var
	At    ast.Node
	Via   types.Object
}

type effectKey struct {
	kind      uint8
	reason    string
	param     int
	code      int64
	byStatus  bool
	inspected bool
	site      string
	paramVar  *types.Var
}

// ParamReason reports whether the effect's reason is a parameter of the
// function summarised, to be read at each call.
func (e Effect) ParamReason() bool { return e.param != nil || e.Param > 0 }

func (e Effect) key() effectKey {
	return effectKey{e.Kind, e.Reason, e.Param, e.Code, e.ByStatus, e.Inspected, e.Site, e.param}
}

// smallSummary is how many effects a summary holds before it indexes them.
const smallSummary = 8

// add adds e unless an equal effect is there.
func (s *Summary) add(e Effect) {
	k := e.key()
	if s.seen != nil {
		if s.seen[k] {
			return
		}
		s.seen[k] = true
	} else {
		for i := range s.Effects {
			if s.Effects[i].key() == k {
				return
			}
		}
		if len(s.Effects) == smallSummary {
			s.seen = make(map[effectKey]bool, 2*smallSummary)
			for _, old := range s.Effects {
				s.seen[old.key()] = true
			}
			s.seen[k] = true
		}
	}
	s.Effects = append(s.Effects, e)
}

// Slot returns the summary of result i, or the zero Slot.
func (s *Summary) Slot(i int) Slot {
	if s == nil || i < 0 || i >= len(s.Results) {
		return Slot{Shape: ShapeUnknown}
	}
	return s.Results[i]
}

// size is a measure that grows whenever the summary does, so the fixed
// point can tell a summary changed.
func (s *Summary) size() int {
	n := len(s.Effects)
	if s.Dynamic {
		n++
	}
	if s.Printf > 0 {
		n++
	}
	for _, r := range s.Results {
		n += r.size()
	}
	return n
}

func (sl Slot) size() int {
	n := len(sl.Params) + len(sl.Mentions) + len(sl.Shows) + len(sl.Calls) + len(sl.Blobs) + len(sl.FailBlobs) + len(sl.FieldBlobs)
	for _, b := range []bool{sl.NonNil, sl.Protocol, sl.WrapsRPC, sl.Context, sl.NotContext, sl.Plain, sl.FailFilled} {
		if b {
			n++
		}
	}
	for s := sl.Shape; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// String describes an effect for facts' test expectations.
func (e Effect) String() string {
	var b strings.Builder
	switch e.Kind {
	case FailKind:
		b.WriteString("fail")
	case RecoveryKind:
		b.WriteString("recovery")
	case ReturnKind:
		b.WriteString("return")
		if e.Code != 0 {
			b.WriteString(" " + CodeName(e.Code))
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
func compareEffects(a, b Effect) int {
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

// CodeName names a code for messages: "NotFound", or the number when it
// is not one of the runtime's codes.
func CodeName(code int64) string {
	c := mcperr.Code(code)
	if c.Known() {
		return c.String()
	}
	return fmt.Sprint(code)
}

func (sl *Slot) addParam(p int) {
	if !slices.Contains(sl.Params, p) {
		sl.Params = append(sl.Params, p)
	}
}

func (sl *Slot) addMention(p int) {
	if !slices.Contains(sl.Mentions, p) {
		sl.Mentions = append(sl.Mentions, p)
	}
}

// maxBlobs bounds the blobs a value keeps: one is enough to report it,
// and a helper reached from hundreds of places must not carry hundreds.
const maxBlobs = 128

// normalize sorts what a summary lists, so that equal summaries encode to
// equal facts.
func (s *Summary) normalize() {
	slices.SortFunc(s.Effects, compareEffects)
	s.Effects = slices.CompactFunc(s.Effects, func(a, b Effect) bool { return compareEffects(a, b) == 0 })
	for i := range s.Results {
		r := &s.Results[i]
		slices.Sort(r.Params)
		slices.Sort(r.Mentions)
		slices.Sort(r.Shows)
		slices.SortFunc(r.Calls, func(a, b ParamCall) int {
			return cmp.Or(cmp.Compare(a.Param, b.Param), cmp.Compare(a.Result, b.Result), cmp.Compare(a.Method, b.Method))
		})
		slices.SortFunc(r.Blobs, compareBlobs)
		slices.SortFunc(r.FailBlobs, compareBlobs)
		slices.SortFunc(r.FieldBlobs, compareBlobs)
	}
}

// ParamTypes are error types a parameter's value is known not to be.
type ParamTypes struct {
	Param int
	Types []string
}

// narrowed returns the types the value of parameter p is known not to be.
func (sl *Slot) narrowed(p int) []string {
	for _, n := range sl.Narrow {
		if n.Param == p {
			return n.Types
		}
	}
	return nil
}

func compareBlobs(a, b Blob) int {
	return cmp.Or(cmp.Compare(a.Field, b.Field), cmp.Compare(a.Site, b.Site), cmp.Compare(a.What, b.What), slices.Compare(a.Via, b.Via))
}
