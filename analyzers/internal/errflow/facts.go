package errflow

// Summaries cross packages as object facts: on the functions and methods
// another package can call (a generic one by its origin), and on the
// package-level error variables it can name. A fact holds only what can be
// encoded: positions become "<package>/<file>.go:<line>" sites, parameters
// become indexes.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// summaryFact is the fact of a function or an error variable.
type summaryFact struct {
	Effects []FactEffect
	Dynamic bool
	Results []FactSlot
	Printf  int

	// summary is the fact decoded: set by the package that exports it,
	// whose importers share it when the driver hands them the fact itself
	// (the checker does; go vet's protocol encodes facts, and drops it),
	// and decoded on import otherwise. It is only read.
	summary *Summary
}

// A FactEffect is an Effect as a fact records it.
type FactEffect struct {
	Kind      uint8
	Reason    string
	Param     int
	Code      int64
	ByStatus  bool
	Inspected bool
	Site      string
}

// A FactSlot is a Slot as a fact records it.
type FactSlot struct {
	Shape                                      Shape
	NonNil, Protocol, WrapsRPC, Context, Plain bool
	NotContext                                 bool
	Params, Mentions, Shows                    []int
	Calls                                      []ParamCall
	Blobs, FailBlobs, FieldBlobs               []FactBlob
	FailFilled                                 bool
	Narrow                                     []ParamTypes
	ShowsType                                  string
}

// A FactBlob is a Blob as a fact records it.
type FactBlob struct {
	Kind              BlobKind
	What, Site, Field string
	Via               []string
	File              string
	Line              int
	ErrType           string
	Outside           bool
	InError           bool
	EntrySite         string
	EntryFile         string
	EntryLine         int
}

func (*summaryFact) AFact() {}

func (f *summaryFact) String() string {
	var parts []string
	for _, e := range f.Effects {
		parts = append(parts, effectOf(e).String())
	}
	if f.Dynamic {
		parts = append(parts, "dynamic")
	}
	for i, r := range f.Results {
		if d := r.describe(); d != "" {
			parts = append(parts, fmt.Sprintf("result %d: %s", i, d))
		}
	}
	return "summary: " + strings.Join(parts, "; ")
}

// describe says what a slot records, tersely, for tests.
func (r FactSlot) describe() string {
	var parts []string
	if r.Shape&ShapeError != 0 {
		parts = append(parts, "error result")
	}
	for _, p := range []struct {
		on   bool
		name string
	}{{r.NonNil, "non-nil"}, {r.Protocol, "protocol"}, {r.WrapsRPC, "wraps-rpc"}, {r.Context, "context"}, {r.Plain, "plain"}} {
		if p.on {
			parts = append(parts, p.name)
		}
	}
	if len(r.Params) > 0 {
		parts = append(parts, fmt.Sprintf("carries %v", r.Params))
	}
	for _, c := range r.Calls {
		if c.Method != "" {
			parts = append(parts, fmt.Sprintf("calls $%d.%s.%d", c.Param, c.Method, c.Result))
			continue
		}
		parts = append(parts, fmt.Sprintf("calls $%d.%d", c.Param, c.Result))
	}
	for _, b := range r.Blobs {
		parts = append(parts, "blob at "+b.Site)
	}
	for _, b := range r.FailBlobs {
		parts = append(parts, "blob with the error at "+b.Site)
	}
	for _, b := range r.FieldBlobs {
		parts = append(parts, "blob in field "+b.Field+" at "+b.Site)
	}
	if r.FailFilled {
		parts = append(parts, "filled with the error")
	}
	return strings.Join(parts, " ")
}

// factBlobs turns blobs into what a fact records.
func factBlobs(bs []Blob) []FactBlob {
	var out []FactBlob
	for _, b := range bs {
		out = append(out, FactBlob{Kind: b.Kind, What: b.What, Site: b.Site, Field: b.Field, Via: b.Via, File: b.File, Line: b.Line, ErrType: b.ErrType,
			Outside: b.Outside, InError: b.InError, EntrySite: b.EntrySite, EntryFile: b.EntryFile, EntryLine: b.EntryLine})
	}
	return out
}

// blobsOf turns the blobs of a fact back into blobs.
func blobsOf(fbs []FactBlob) []Blob {
	var out []Blob
	for _, b := range fbs {
		out = append(out, Blob{Kind: b.Kind, What: b.What, Site: b.Site, Field: b.Field, Via: append([]string(nil), b.Via...), File: b.File, Line: b.Line, ErrType: b.ErrType,
			Outside: b.Outside, InError: b.InError, Entry: Entry{EntrySite: b.EntrySite, EntryFile: b.EntryFile, EntryLine: b.EntryLine}})
	}
	return out
}

// factOf returns the fact recording sum, a summary of a function of
// signature sig (nil for a variable), or nil when it says nothing.
func factOf(sum *Summary, sig *types.Signature) *summaryFact {
	if sum == nil {
		return nil
	}
	fact := &summaryFact{Dynamic: sum.Dynamic, Printf: sum.Printf}
	for _, e := range sum.Effects {
		fe := FactEffect{Kind: e.Kind, Reason: e.Reason, Param: e.Param, Code: e.Code, ByStatus: e.ByStatus, Inspected: e.Inspected, Site: e.Site}
		if e.param != nil {
			i := paramIndex(sig, e.param)
			if i < 0 {
				fact.Dynamic = true
				continue
			}
			fe.Param = i + 1
		}
		fact.Effects = append(fact.Effects, fe)
	}
	says := len(fact.Effects) > 0 || fact.Dynamic || fact.Printf > 0
	for i, sl := range sum.Results {
		fs := FactSlot{
			Shape: sl.Shape, NonNil: sl.NonNil, Protocol: sl.Protocol, WrapsRPC: sl.WrapsRPC,
			Context: sl.Context, NotContext: sl.NotContext, Plain: sl.Plain, Params: sl.Params, Mentions: sl.Mentions, Shows: sl.Shows, Calls: sl.Calls,
		}
		fs.Blobs = factBlobs(sl.Blobs)
		fs.FailBlobs = factBlobs(sl.FailBlobs)
		fs.FieldBlobs = factBlobs(sl.FieldBlobs)
		fs.FailFilled = sl.FailFilled
		fs.Narrow = sl.Narrow
		fs.ShowsType = sl.ShowsType
		fact.Results = append(fact.Results, fs)
		if sig == nil || relevantResult(sig.Results().At(i).Type()) || carriesErrorParam(sl, sig) || carriesText(sl) {
			says = true
		}
	}
	if !says {
		return nil
	}
	fact.normalize()
	return fact
}

// carriesErrorParam reports whether a slot carries an error parameter of
// sig: a constructor of a result that holds the failure in a field
// (NewToolCallResult(text string, err error)), whose callers' results
// carry the error they pass.
func carriesErrorParam(sl Slot, sig *types.Signature) bool {
	for _, p := range sl.Params {
		if p < sig.Params().Len() && IsError(sig.Params().At(p).Type()) {
			return true
		}
	}
	return false
}

// carriesText reports whether a slot carries raw values or the text of a
// parameter: a text helper of another package (a sanitizer that filters
// control characters from what it is given, a reader of a response's
// body) whose callers' texts show what it returns.
func carriesText(sl Slot) bool {
	return len(sl.Shows) > 0 || len(sl.Blobs) > 0 || len(sl.FailBlobs) > 0 || len(sl.FieldBlobs) > 0
}

// relevantResult reports whether a result of type t is worth a fact: an
// error, or a tool result.
func relevantResult(t types.Type) bool {
	return IsErrorOrRuntimeError(t) || IsCallToolResult(t)
}

// normalize sorts the effects, so that equal facts encode to equal bytes.
func (f *summaryFact) normalize() {
	s := f.decodeSummary()
	s.normalize()
	f.Effects = f.Effects[:0]
	for _, e := range s.Effects {
		f.Effects = append(f.Effects, FactEffect{Kind: e.Kind, Reason: e.Reason, Param: e.Param, Code: e.Code, ByStatus: e.ByStatus, Inspected: e.Inspected, Site: e.Site})
	}
	for i := range f.Results {
		f.Results[i].Blobs = factBlobs(s.Results[i].Blobs)
		f.Results[i].FailBlobs = factBlobs(s.Results[i].FailBlobs)
		f.Results[i].FieldBlobs = factBlobs(s.Results[i].FieldBlobs)
		f.Results[i].Params = s.Results[i].Params
		f.Results[i].Mentions = s.Results[i].Mentions
		f.Results[i].Shows = s.Results[i].Shows
		f.Results[i].Calls = s.Results[i].Calls
	}
	f.summary = s // what decodeSummary would now give
}

// decode prepares an imported fact for reading.
func (f *summaryFact) decode(types.Object) {
	if f.summary == nil {
		f.summary = f.decodeSummary()
	}
}

func (f *summaryFact) decodeSummary() *Summary {
	s := &Summary{Dynamic: f.Dynamic, Printf: f.Printf}
	for _, e := range f.Effects {
		s.Effects = append(s.Effects, effectOf(e))
	}
	for _, r := range f.Results {
		sl := Slot{
			Shape: r.Shape, NonNil: r.NonNil, Protocol: r.Protocol, WrapsRPC: r.WrapsRPC, Context: r.Context, NotContext: r.NotContext, Plain: r.Plain,
			Params: append([]int(nil), r.Params...), Mentions: append([]int(nil), r.Mentions...), Shows: append([]int(nil), r.Shows...), Calls: append([]ParamCall(nil), r.Calls...),
		}
		sl.Blobs = blobsOf(r.Blobs)
		sl.FailBlobs = blobsOf(r.FailBlobs)
		sl.FieldBlobs = blobsOf(r.FieldBlobs)
		sl.FailFilled = r.FailFilled
		sl.Narrow = r.Narrow
		sl.ShowsType = r.ShowsType
		s.Results = append(s.Results, sl)
	}
	return s
}

func effectOf(e FactEffect) Effect {
	return Effect{Kind: e.Kind, Reason: e.Reason, Param: e.Param, Code: e.Code, ByStatus: e.ByStatus, Inspected: e.Inspected, Site: e.Site}
}

// entryFact is the object fact exported on a package-level mcperr.Contract
// variable that is initialised by a literal with a constant Reason and
// never reassigned, so that Fail(ctx, entry.Reason, ...) in another
// package names a known reason.
type entryFact struct {
	Reason string
}

func (*entryFact) AFact()           {}
func (f *entryFact) String() string { return fmt.Sprintf("entry %q", f.Reason) }

// exportFacts exports the facts of the functions and variables other
// packages can name, and returns the summary facts with their objects'
// names (for the dependency cache).
func (s *solver) exportFacts() []namedFact {
	var out []namedFact
	for _, fn := range s.order {
		if !fn.Exported() && !exportedMethodOfUnexported(fn) {
			continue
		}
		sum := s.atReaders(s.sums[fn])
		s.locate(sum)
		if fact := factOf(sum, fn.Signature()); fact != nil {
			s.pass.ExportObjectFact(fn, fact)
			out = append(out, namedFact{objectName(fn), *fact})
		}
	}
	for v, sum := range s.vars {
		if v.Exported() && v.Parent() == s.pass.Pkg.Scope() {
			if fact := factOf(sum, nil); fact != nil {
				s.pass.ExportObjectFact(v, fact)
				out = append(out, namedFact{objectName(v), *fact})
			}
		}
	}
	for v, reason := range s.entries {
		if v.Exported() && v.Parent() == s.pass.Pkg.Scope() {
			s.pass.ExportObjectFact(v, &entryFact{Reason: reason})
		}
	}
	sortFacts(out)
	return out
}

// atReaders returns sum with each raw value a helper of this package
// makes text of from a parameter (Blob.Reader, ReaderParam: a status
// check handed the body) placed where the helper formats it, once per
// place, and the helper last in its Via: that is the edit, in each of its
// status branches, and another package, which cannot see the helper, can
// only name it by its place. In this package the helper is the root
// itself (see handlerbody's readerRoot). sum is not changed; a copy is
// returned when anything moves.
func (s *solver) atReaders(sum *Summary) *Summary {
	if sum == nil {
		return nil
	}
	var out *Summary
	for i, sl := range sum.Results {
		for k, bs := range [][]Blob{sl.Blobs, sl.FailBlobs, sl.FieldBlobs} {
			moved, ok := s.readerEntries(bs)
			if !ok {
				continue
			}
			if out == nil {
				c := *sum
				c.Results = slices.Clone(sum.Results)
				out = &c
			}
			switch k {
			case 0:
				out.Results[i].Blobs = moved
			case 1:
				out.Results[i].FailBlobs = moved
			case 2:
				out.Results[i].FieldBlobs = moved
			}
		}
	}
	if out == nil {
		return sum
	}
	return out
}

// readerEntries returns bs with each blob of a reader placed at the
// reader's entries of its parameter (see atReaders), and whether any
// was.
func (s *solver) readerEntries(bs []Blob) ([]Blob, bool) {
	var out []Blob
	moved := false
	for _, b := range bs {
		var entries []ast.Expr
		if b.Reader != nil && b.ReaderParam > 0 && b.ReaderParam <= b.Reader.Signature().Params().Len() {
			if body := s.x.Decl(b.Reader); body != nil && body.Block != nil {
				entries = ParamEntries(s.info, body.Block, b.Reader.Signature().Params().At(b.ReaderParam-1))
			}
		}
		if len(entries) == 0 {
			out = append(out, b)
			continue
		}
		moved = true
		for _, e := range entries {
			at := b
			at.Pos, at.End, at.Site = e.Pos(), e.End(), s.site(e.Pos())
			at.File, at.Line = "", 0
			at.Via = append(slices.Clone(b.Via), model.FuncName(b.Reader)) // it builds the text
			out = append(out, at)
		}
	}
	return out, moved
}

// exportedMethodOfUnexported reports whether fn is an exported method,
// which another package can call through a value of an unexported type.
func exportedMethodOfUnexported(fn *types.Func) bool {
	return fn.Exported() && fn.Signature().Recv() != nil
}

// locate gives the blobs of a summary that enter their text in this
// package the file and line they enter it at, for the packages its fact
// goes to.
func (s *solver) locate(sum *Summary) {
	if sum == nil {
		return
	}
	for i := range sum.Results {
		for _, bs := range [][]Blob{sum.Results[i].Blobs, sum.Results[i].FailBlobs, sum.Results[i].FieldBlobs} {
			located(s.pass.Fset, bs)
		}
	}
}

// located fills in the file and line of each blob of bs, in place, and
// returns bs.
func located(fset *token.FileSet, bs []Blob) []Blob {
	for j := range bs {
		if b := &bs[j]; b.File == "" && b.Pos.IsValid() {
			p := fset.Position(b.Pos)
			b.File, b.Line = p.Filename, p.Line
		}
		if b := &bs[j]; b.EntryFile == "" && b.EntryPos.IsValid() {
			p := fset.Position(b.EntryPos)
			b.EntryFile, b.EntryLine = p.Filename, p.Line
		}
	}
	return bs
}
