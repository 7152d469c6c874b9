package errflow

// Methods an interface parameter is called with, whose errors a text
// shows. A package that registers its tools from a function handed the
// service they call (RegisterAll(s, b port.Exchange), its handlers
// printing b.Ticker's error into their error results) cannot know what
// that error holds: the implementation is in a package it does not
// import, wired to it by a third (main: RegisterAll(s, venue.New(…))).
// The handler's package records where each such text is; the package
// that hands a concrete implementation judges it there, from the
// method's summary (handlerbody's implSinkFact).

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A ParamMethod is a method of an interface parameter of a declared
// function, called for one of its results.
type ParamMethod struct {
	Func   *types.Func
	Param  int // index among Func's parameters
	Method string
	Result int
}

// ShownMethods returns the methods of the interface parameters of b's
// root whose errors the text of expr, written in b, may show: with index
// >= 0, the operands of the printf-like call expr whose format is
// argument index.
func (r *Result) ShownMethods(b *Body, expr ast.Expr, index int) []ParamMethod {
	w := r.finalWalk(b.Root)
	var calls []paramCall
	w.shownCalls = &calls
	defer func() { w.shownCalls = nil }()
	switch call, _ := ast.Unparen(expr).(*ast.CallExpr); {
	case index >= 0 && call != nil:
		w.formatBlobs(call, index, 0)
	default:
		w.blobs(expr, 0)
	}
	return r.paramMethods(b, calls)
}

// ErrorMethods returns the methods of the interface parameters of b's
// root whose errors the error expr (the index-th value of a multi-valued
// one, when index >= 0) may be or carry.
func (r *Result) ErrorMethods(b *Body, expr ast.Expr, index int) []ParamMethod {
	v := r.finalWalk(b.Root).value(expr, index)
	if v.Shape&^ShapeNil == 0 {
		return nil // surely nil: a helper's error result that never fails
	}
	return r.paramMethods(b, v.Calls)
}

// paramMethods turns calls of interface methods of parameters of b's
// root's declared function (which its literals capture) into
// ParamMethods.
func (r *Result) paramMethods(b *Body, calls []paramCall) []ParamMethod {
	fn := b.Root.Body.Func
	if fn == nil {
		return nil
	}
	var out []ParamMethod
	for _, c := range calls {
		if c.method == "" {
			continue
		}
		owner := fn
		if !holdsParam(fn, c.param) {
			// A parameter of another function, stored in a field the
			// root calls (fieldparams.go).
			owner = r.paramFunc(c.param)
		}
		if owner == nil {
			continue
		}
		params := owner.Signature().Params()
		for i := range params.Len() {
			if params.At(i) == c.param {
				pm := ParamMethod{Func: owner, Param: i, Method: c.method, Result: c.result}
				if !slices.Contains(out, pm) {
					out = append(out, pm)
				}
			}
		}
	}
	return out
}

// holdsParam reports whether p is a parameter of fn.
func holdsParam(fn *types.Func, p *types.Var) bool {
	for v := range fn.Signature().Params().Variables() {
		if v == p {
			return true
		}
	}
	return false
}

// paramFunc returns the declared function of the package p is a
// parameter of, or nil.
func (r *Result) paramFunc(p *types.Var) *types.Func {
	for _, root := range r.x.roots {
		if fn := root.Body.Func; fn != nil && holdsParam(fn, p) {
			return fn
		}
	}
	return nil
}

// MethodBlobs returns the raw upstream values the index-th result of a
// call of fn, a concrete method of this package or of another with a
// summary, may hold in its text, each named as coming through fn.
func (r *Result) MethodBlobs(fn *types.Func, index int) []Blob {
	sum := r.Summary(fn)
	if sum == nil {
		return nil
	}
	var out []Blob
	for _, b := range sum.Slot(index).Blobs {
		b.Via = append([]string{model.FuncName(fn)}, b.Via...)
		b.Pos, b.End = 0, 0
		out = append(out, b)
	}
	return sortedBlobs(out)
}

// StructBlobs returns the raw upstream values the text fields of the
// struct value expr (or the struct it points to), written in b, may
// hold, each with its Field: of a literal, of a local's later writes, of
// a called function's struct result as its summary says.
func (r *Result) StructBlobs(b *Body, expr ast.Expr) []Blob {
	w := r.finalWalk(b.Root)
	var out []Blob
	for _, o := range b.Root.Resolver.OriginsOf(expr) {
		out = appendBlobs(out, w.structBlobs(o, 0)...)
	}
	return sortedBlobs(out)
}
