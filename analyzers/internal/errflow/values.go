package errflow

// What a returned expression can be, for the rules and for summaries: is
// it surely non-nil? may it be a protocol error? which parameters does it
// carry? is it an error result? does its text hold a raw upstream blob?
// The value of an expression is the combination of the values of its
// origins (resolve.go); the value of a call is read from the callee's
// summary, with the callee's parameters replaced by the call's arguments.
// Every answer errs towards "unknown": a value from a callee without a
// summary, a field or an interface method is never surely anything, and
// may carry whatever it was given.

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// Proto is a set of SDKs for which a value may be an error the SDK
// deliberately sends as a JSON-RPC error with its own code.
type Proto uint8

const (
	ProtoGoSDK Proto = 1 << iota // a *jsonrpc.Error, wrapped or not
	ProtoMCPGo                   // an mcp-go URLElicitationRequiredError
	ProtoAny   = ProtoGoSDK | ProtoMCPGo
)

// A Value is what an expression can be. The "must" properties hold of
// every value it may have; the others, of some.
type Value struct {
	Shape Shape

	NonNil      bool // must: surely non-nil
	WrapsRPC    bool // must: wraps a *jsonrpc.Error without being one
	ContextOnly bool // must: the context's own error (or nil)

	Protocol Proto // may be a deliberate protocol error, or passed on from where the layer cannot tell
	Context  bool  // may be the context's own error
	Plain    bool  // may be an error built by errors.New or fmt.Errorf

	// Params are the parameters of the root's functions whose error the
	// value may carry (wrap, hold, keep with SetError); Mentions, those
	// whose text it may show.
	Params   varSet
	Mentions varSet
	// Shows are the parameters whose text the value's text surely
	// contains, as a blob would be followed (errors.New(msg),
	// fmt.Errorf("%s", body), NewToolResultError(text)): what a raw
	// value passed there becomes part of.
	Shows varSet
	// ShowsType is the error type whose Error method prints the
	// parameters in Shows, when a field of it is how they are shown
	// (e.rawBody = string(body)): a caller that tests the type away
	// with errors.As leaves out what they bring (see Blob.ErrType).
	ShowsType string
	// Calls are the function-valued parameters whose results the value
	// may be or carry (wrap, keep as a cause).
	Calls []paramCall
	// Blobs are raw upstream values its text may contain (plain errors).
	Blobs []Blob
}

type paramCall struct {
	param  *types.Var
	result int
	method string // see ParamCall
}

// unknownValue is the value of an expression the layer cannot see into.
var unknownValue = Value{Shape: ShapeUnknown}

// merge combines v with o, a further possible value.
func (v *Value) merge(o Value) {
	v.Shape |= o.Shape
	v.NonNil = v.NonNil && o.NonNil
	v.WrapsRPC = v.WrapsRPC && o.WrapsRPC
	v.ContextOnly = v.ContextOnly && o.ContextOnly
	v.Protocol |= o.Protocol
	v.Context = v.Context || o.Context
	v.Plain = v.Plain || o.Plain
	v.Params = union(v.Params, o.Params)
	v.Mentions = union(v.Mentions, o.Mentions)
	v.Shows = union(v.Shows, o.Shows)
	v.ShowsType = cmp.Or(v.ShowsType, o.ShowsType)
	v.Calls = addCalls(v.Calls, o.Calls...)
	for _, b := range o.Blobs {
		v.addBlob(b)
	}
}

func (v *Value) addBlob(b Blob) { v.Blobs = appendBlob(v.Blobs, b) }

// addBlobVia adds b, come through fn (when not nil), first on its way.
func (v *Value) addBlobVia(fn *types.Func, b Blob) {
	if fn != nil {
		b.Via = append([]string{model.FuncName(fn)}, b.Via...)
	}
	v.addBlob(b)
}

// appendBlob returns bs with b added, unless bs holds one from the same
// place or maxBlobs already; bs itself is left as it was. Of two from
// the same place, the one through fewer functions is kept: a path that
// goes round a recursion (a provider that delegates, through an
// interface, to itself) names a function twice.
func appendBlob(bs []Blob, b Blob) []Blob {
	for i, old := range bs {
		if old.Site == b.Site && old.What == b.What && old.Pos == b.Pos && old.Field == b.Field && old.EntrySite == b.EntrySite {
			if len(b.Via) < len(old.Via) {
				bs = slices.Clone(bs)
				bs[i] = b
			}
			return bs
		}
	}
	if len(bs) >= maxBlobs {
		return bs
	}
	return append(slices.Clip(bs), b)
}

// A varSet is a small set of variables: the parameters a value carries,
// mentions or shows, rarely more than two. Values share their sets and
// lists — a memoized value is handed out as it is — so none is changed in
// place: adding to one makes a new one.
type varSet []*types.Var

func (s varSet) has(v *types.Var) bool { return slices.Contains(s, v) }

// with returns the set with v added.
func (s varSet) with(v *types.Var) varSet {
	if s.has(v) {
		return s
	}
	return append(slices.Clip(s), v)
}

func union(a, b varSet) varSet {
	if len(a) == 0 {
		return b
	}
	for _, v := range b {
		a = a.with(v)
	}
	return a
}

// addCalls returns calls with cs added, leaving calls as it was.
func addCalls(calls []paramCall, cs ...paramCall) []paramCall {
	for _, c := range cs {
		if !slices.Contains(calls, c) {
			calls = append(slices.Clip(calls), c)
		}
	}
	return calls
}

// Carries reports whether the value may carry v's error; for a tool
// result, its error or its text.
func (v Value) Carries(p *types.Var, result bool) bool {
	return v.Params.has(p) || result && v.Mentions.has(p)
}

// MaybeProtocol reports whether the value may be a protocol error of the
// given SDK, judged by what is not the context's error.
func (v Value) MaybeProtocol(sdk Proto) bool { return v.Protocol&sdk != 0 }

// slot turns a value into a summary slot of a function of signature sig:
// the parameters it carries become indexes, those of other functions are
// dropped.
func (v Value) slot(sig *types.Signature) Slot {
	sl := Slot{
		Shape:      v.Shape,
		NonNil:     v.NonNil,
		WrapsRPC:   v.WrapsRPC,
		Protocol:   v.Protocol != 0,
		Context:    v.Context,
		NotContext: !v.ContextOnly,
		Plain:      v.Plain,
		Blobs:      slices.Clone(v.Blobs),
		ShowsType:  v.ShowsType,
	}
	for _, p := range v.Params {
		if i := paramIndex(sig, p); i >= 0 {
			sl.addParam(i)
		}
	}
	for _, p := range v.Mentions {
		if i := paramIndex(sig, p); i >= 0 {
			sl.addMention(i)
		}
	}
	for _, p := range v.Shows {
		if i := paramIndex(sig, p); i >= 0 && !slices.Contains(sl.Shows, i) {
			sl.Shows = append(sl.Shows, i)
		}
	}
	slices.Sort(sl.Shows)
	for _, c := range v.Calls {
		if i := paramIndex(sig, c.param); i >= 0 {
			pc := ParamCall{Param: i, Result: c.result, Method: c.method}
			if !slices.Contains(sl.Calls, pc) {
				sl.Calls = append(sl.Calls, pc)
			}
		}
	}
	slices.Sort(sl.Params)
	slices.Sort(sl.Mentions)
	return sl
}

// maxDepth bounds how deep values are followed through nested calls and
// conversions within one body.
const maxDepth = 8

// value returns what expr, the index-th value of a multi-valued expression
// when index >= 0, can be.
func (w *walk) value(expr ast.Expr, index int) Value {
	return w.valueAt(expr, index, 0)
}

func (w *walk) valueAt(expr ast.Expr, index, depth int) Value {
	if expr == nil || depth > maxDepth {
		return unknownValue
	}
	expr = ast.Unparen(expr)
	if _, ok := expr.(*ast.BasicLit); ok {
		return w.valueNow(expr, index, depth) // a constant: cheaper to see again than to remember
	}
	// Within a walk the summaries it reads do not change, so what an
	// expression can be, at a given depth, is computed once. (Reusing a
	// value computed with more depth left would make the answer depend on
	// the order of the questions, and the analyzers that ask them run in
	// any order.) The value is handed out as it is: nothing changes a
	// value's sets and lists in place.
	key := valueKey{expr, int32(index), int32(depth)}
	if m, ok := w.memo[key]; ok {
		return m.value()
	}
	v := w.valueNow(expr, index, depth)
	if w.memo == nil {
		w.memo = map[valueKey]memoValue{}
	}
	w.memo[key] = memoize(v)
	return v
}

// A valueKey is an expression, at a depth, whose value a walk memoizes.
type valueKey struct {
	expr         ast.Expr
	index, depth int32
}

// A memoValue is a Value as a walk's memo keeps it: its sets and lists,
// which most values leave empty, behind one pointer, so that an entry of
// the memo is a fraction of a Value's size. The memo holds as many
// values as the walk has expressions, at each depth.
type memoValue struct {
	shape                         Shape
	nonNil, wrapsRPC, contextOnly bool
	protocol                      Proto
	context, plain                bool
	showsType                     string
	lists                         *valueLists // nil when every one is nil
}

type valueLists struct {
	params, mentions, shows varSet
	calls                   []paramCall
	blobs                   []Blob
}

func memoize(v Value) memoValue {
	m := memoValue{
		shape:       v.Shape,
		nonNil:      v.NonNil,
		wrapsRPC:    v.WrapsRPC,
		contextOnly: v.ContextOnly,
		protocol:    v.Protocol,
		context:     v.Context,
		plain:       v.Plain,
		showsType:   v.ShowsType,
	}
	if v.Params != nil || v.Mentions != nil || v.Shows != nil || v.Calls != nil || v.Blobs != nil {
		m.lists = &valueLists{v.Params, v.Mentions, v.Shows, v.Calls, v.Blobs}
	}
	return m
}

func (m memoValue) value() Value {
	v := Value{
		Shape:       m.shape,
		NonNil:      m.nonNil,
		WrapsRPC:    m.wrapsRPC,
		ContextOnly: m.contextOnly,
		Protocol:    m.protocol,
		Context:     m.context,
		Plain:       m.plain,
		ShowsType:   m.showsType,
	}
	if l := m.lists; l != nil {
		v.Params, v.Mentions, v.Shows, v.Calls, v.Blobs = l.params, l.mentions, l.shows, l.calls, l.blobs
	}
	return v
}

func (w *walk) valueNow(expr ast.Expr, index, depth int) Value {
	if index >= 0 {
		return w.origin(Origin{Expr: expr, Index: index}, depth)
	}
	if v := localVar(w.s.info, expr); v != nil && w.r.Addressed(v) {
		return unknownValue // anything may be stored through its address
	}
	v := Value{NonNil: true, WrapsRPC: true, ContextOnly: true}
	if _, isIdent := expr.(*ast.Ident); !isIdent {
		// Not a variable: the expression is its own one origin.
		v.merge(w.origin(Origin{Expr: expr, Index: -1}, depth))
		return v
	}
	origins := w.r.Resolver.reaching(expr, w.r.Resolver.OriginsOf(expr))
	if w.r.Resolver.MayHoldZero(expr) || len(origins) == 0 {
		v.merge(Value{Shape: ShapeNil, ContextOnly: true})
	}
	for _, o := range origins {
		v.merge(w.origin(o, depth))
	}
	if lv := localVar(w.s.info, expr); lv != nil && IsError(lv.Type()) {
		// e.cause = cause; return e: an error that holds a parameter's
		// error in a field carries it (a WithCause method, a builder).
		v.Params = union(v.Params, w.heldParams(lv, expr))
		// respErr := &ResponseError{…}; respErr.Errors = []string{body}:
		// a field the error type's Error prints, filled after the literal.
		if method, fields := w.s.errorFields(lv.Type()); len(fields) > 0 {
			for _, b := range w.fieldWrites(lv, expr, depth) {
				if fields[b.Field] {
					b.Field = ""
					b.What += ", which " + model.FuncName(method) + " prints"
					b.ErrType = errTypeName(lv.Type())
					v.addBlob(b)
				}
			}
			// e.rawBody = string(body), with body a parameter: the
			// caller's argument is in the text.
			if shown := w.fieldShown(lv, expr, fields, depth); len(shown) > 0 {
				v.Shows = union(v.Shows, shown)
				v.ShowsType = cmp.Or(v.ShowsType, errTypeName(lv.Type()))
			}
		}
	}
	return v
}

// origin returns what one origin can be.
func (w *walk) origin(o Origin, depth int) Value {
	info := w.s.info
	e := ast.Unparen(o.Expr)
	if IsNil(info, e) {
		return Value{Shape: ShapeNil, ContextOnly: true}
	}
	t := info.TypeOf(e)
	if tuple, ok := t.(*types.Tuple); ok {
		if o.Index < 0 || o.Index >= tuple.Len() {
			return unknownValue // which value flows here is not known
		}
		t = tuple.At(o.Index).Type()
	}
	v := unknownValue
	switch e := e.(type) {
	case *ast.CompositeLit:
		v = w.literal(e, depth)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok {
				v = w.literal(lit, depth)
			} else {
				v = Value{Shape: ShapeValue, NonNil: true}
			}
		}
	case *ast.CallExpr:
		v = w.callValue(e, o.Index, depth)
	case *ast.Ident, *ast.SelectorExpr:
		v = w.named(e, depth)
	case *ast.TypeAssertExpr:
		if o.Index <= 0 {
			inner := w.valueAt(e.X, -1, depth+1)
			v = Value{Shape: ShapeUnknown, Params: inner.Params, Mentions: inner.Mentions, Protocol: inner.Protocol}
		}
	}
	if protocolType(t) != 0 {
		v.Protocol |= protocolType(t)
	}
	// A value of a type that has no nil — a struct, a string — is never a
	// nil error once stored in one.
	if t != nil && !nilable(t) && w.s.isError(t) {
		v.NonNil = true
	}
	return v
}

// protocolType says for which SDK a value of type t is a deliberate
// protocol error.
func protocolType(t types.Type) Proto {
	if t == nil {
		return 0
	}
	if model.IsJSONRPCError(t) {
		return ProtoGoSDK
	}
	t = model.Deref(t)
	if model.IsNamed(t, model.MCPGoPath, "URLElicitationRequiredError") {
		return ProtoMCPGo
	}
	return 0
}

// nilable reports whether a value of type t can be nil.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// literal returns what a composite literal is: for a tool result, an
// error or a success result showing what its content mentions.
func (w *walk) literal(lit *ast.CompositeLit, depth int) Value {
	v := Value{Shape: ShapeValue, NonNil: true}
	if !IsCallToolResult(w.s.info.TypeOf(lit)) {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			// A field of a basic type holds a parameter's words at most
			// (Message: fmt.Sprintf(format, args...)), never its value:
			// an error given it is not carried.
			w.mention(&v, !IsBasic(w.s.info.TypeOf(elt)), elt)
		}
		w.printedFields(&v, lit, depth)
		return v
	}
	switch LitIsError(w.s.info, lit) {
	case ShapeError:
		v.Shape = ShapeError
		v.Shows = w.contentShown(lit)
	case ShapeSuccess:
		v.Shape = ShapeSuccess
	default:
		v.Shape = ShapeUnknown
	}
	w.mention(&v, false, lit)
	return v
}

// printedFields adds to v the raw values a literal of an error type of
// the package puts in the fields its Error method prints:
// &APIError{Body: string(body)}, whose Error returns
// fmt.Sprintf("… %s", e.Body).
func (w *walk) printedFields(v *Value, lit *ast.CompositeLit, depth int) {
	method, fields := w.s.errorFields(w.s.info.TypeOf(lit))
	if len(fields) == 0 {
		return
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && fields[key.Name] {
			if shown := w.shown(kv.Value, depth+1); len(shown) > 0 && IsText(w.s.info.TypeOf(kv.Value)) {
				v.Shows = union(v.Shows, shown)
				v.ShowsType = cmp.Or(v.ShowsType, errTypeName(w.s.info.TypeOf(lit)))
			}
			for _, b := range w.blobs(kv.Value, depth+1) {
				b.What += ", which " + model.FuncName(method) + " prints"
				b.ErrType = errTypeName(w.s.info.TypeOf(lit))
				v.addBlob(b)
			}
		}
	}
}

// errorFields returns the Error method of t (or *t), and the fields of
// its receiver that it prints: those it reads in its return statements.
// The method of a type of another package is read from its source file
// (see printed.go).
func (s *solver) errorFields(t types.Type) (*types.Func, map[string]bool) {
	if t == nil {
		return nil, nil
	}
	t = model.Deref(t)
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil, nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), "Error")
	fn, ok := obj.(*types.Func)
	if !ok || !IsError(types.NewPointer(named)) {
		return nil, nil
	}
	fn = fn.Origin() // the declared method, for a generic error type
	if fields, ok := s.printed[fn]; ok {
		return fn, fields
	}
	var fields map[string]bool
	if fn.Pkg() != s.pass.Pkg {
		fields = foreignPrintedFields(s.pass.Fset, fn)
	} else if b := s.x.decls[fn]; b != nil && b.Sig.Recv() != nil {
		recv := b.Sig.Recv()
		method := func(name string) (*ast.BlockStmt, func(*ast.Ident) bool) {
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), name)
			m, ok := obj.(*types.Func)
			if !ok {
				return nil, nil
			}
			mb := s.x.decls[m.Origin()]
			if mb == nil || mb.Sig.Recv() == nil {
				return nil, nil
			}
			mrecv := mb.Sig.Recv()
			return mb.Block, func(id *ast.Ident) bool { return s.info.Uses[id] == mrecv }
		}
		fields = printedFields(b.Block, func(id *ast.Ident) bool { return s.info.Uses[id] == recv }, method)
	}
	if s.printed == nil {
		s.printed = map[*types.Func]map[string]bool{}
	}
	s.printed[fn] = fields
	return fn, fields
}

// contentShown returns the parameters whose text the text content of a
// tool result literal shows.
func (w *walk) contentShown(lit *ast.CompositeLit) varSet {
	content, ok := ast.Unparen(LitField(lit, "Content")).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out varSet
	for _, elt := range content.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if tc := model.CompositeLit(elt); tc != nil && IsTextContent(w.s.info.TypeOf(tc)) {
			out = union(out, w.shown(LitField(tc, "Text"), 0))
		} else if call, ok := ast.Unparen(elt).(*ast.CallExpr); ok && len(call.Args) == 1 &&
			model.IsFunc(model.Callee(w.s.info, call), model.MCPGoPath, "NewTextContent") {
			out = union(out, w.shown(call.Args[0], 0))
		}
	}
	return out
}

// mentioned returns the parameters of the root's functions an expression
// mentions, following the local variables it reads, and the calls of
// function-valued parameters whose results it reads.
func (w *walk) mentioned(expr ast.Expr) (varSet, []paramCall) {
	if _, ok := ast.Unparen(expr).(*ast.BasicLit); ok {
		return nil, nil // a constant, not worth remembering
	}
	// What an expression mentions depends on the syntax alone: computed
	// once per root, for every round of the fixed point and every query.
	if m, ok := w.r.mentions[expr]; ok {
		return m.params, m.calls
	}
	params, calls := w.mentionedNow(expr)
	if w.r.mentions == nil {
		w.r.mentions = map[ast.Expr]mentions{}
	}
	w.r.mentions[expr] = mentions{params, calls}
	return params, calls
}

// mentions are what an expression mentions (see mentioned).
type mentions struct {
	params varSet
	calls  []paramCall
}

func (w *walk) mentionedNow(expr ast.Expr) (varSet, []paramCall) {
	m := &mentionScan{w: w}
	ast.Walk(m, expr)
	return m.params, m.calls
}

// A mentionScan collects what an expression mentions, and what the
// values of the local variables it reads mention, transitively.
type mentionScan struct {
	w      *walk
	params varSet
	calls  []paramCall
	// seen are the variables read so far: most expressions read few, which
	// the array holds without a map.
	seen     [8]*types.Var
	nseen    int
	seenMore map[*types.Var]bool // the rest
}

// see records that v is read, and reports whether it was already.
func (m *mentionScan) see(v *types.Var) (seen bool) {
	if slices.Contains(m.seen[:m.nseen], v) || m.seenMore[v] {
		return true
	}
	if m.nseen < len(m.seen) {
		m.seen[m.nseen] = v
		m.nseen++
	} else {
		m.seenMore = setTrue(m.seenMore, v)
	}
	return false
}

func (m *mentionScan) Visit(n ast.Node) ast.Visitor {
	switch n := n.(type) {
	case *ast.CallExpr:
		if c, ok := m.w.paramCallOf(n, -1); ok && !isTuple(m.w.s.info.TypeOf(n)) {
			m.calls = append(m.calls, c)
		}
	case *ast.Ident:
		m.ident(n)
	}
	return m
}

// ident adds what a variable read mentions: itself, for a parameter; for
// a local, what it may hold.
func (m *mentionScan) ident(id *ast.Ident) {
	v, ok := m.w.s.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || m.see(v) {
		return
	}
	if IsParam(v) {
		m.params = m.params.with(v)
		return
	}
	res := m.w.r.Resolver
	local := res.followed(id)
	if local == nil {
		return // its own origin: nothing more to read
	}
	for _, o := range res.varOrigins(local) {
		if call, ok := ast.Unparen(o.Expr).(*ast.CallExpr); ok {
			if c, ok := m.w.paramCallOf(call, o.Index); ok {
				m.calls = append(m.calls, c)
				for _, a := range call.Args {
					ast.Walk(m, a)
				}
				continue
			}
		}
		ast.Walk(m, o.Expr)
	}
}

// paramCallOf returns the parameter a call calls, and which of its
// results is read: h(…) for a function-valued parameter h, op.Run(…)
// for a parameter op of an interface with one method, which is how a
// value of a function type implementing it (an http.HandlerFunc) is
// called, and qr.Query(…) for a parameter qr of an interface with
// several, by the method's name: a service handed its client by the
// package that implements it.
func (w *walk) paramCallOf(call *ast.CallExpr, index int) (paramCall, bool) {
	fun := ast.Unparen(call.Fun)
	method := ""
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		s, ok := w.s.info.Selections[sel]
		if !ok || s.Kind() != types.MethodVal || !types.IsInterface(s.Recv()) {
			return paramCall{}, false
		}
		if oneMethod(s.Recv()) == nil {
			method = sel.Sel.Name
		}
		fun = ast.Unparen(sel.X)
		if fs, ok := fun.(*ast.SelectorExpr); ok {
			// h.svc.Method(…): a field the package fills from a
			// parameter only (fieldparams.go).
			if field, ok := w.s.info.Uses[fs.Sel].(*types.Var); ok {
				if p := w.s.fieldParam(field); p != nil {
					return paramCall{param: p, result: max(index, 0), method: sel.Sel.Name}, true
				}
			}
			return paramCall{}, false
		}
	}
	id, ok := fun.(*ast.Ident)
	if !ok {
		return paramCall{}, false
	}
	p, ok := w.s.info.Uses[id].(*types.Var)
	if ok && !IsParam(p) && method == "" {
		p = w.rangedParam(id, p)
	}
	if p == nil || !IsParam(p) || method == "" && paramSig(p) == nil {
		return paramCall{}, false
	}
	if index < 0 {
		index = 0
	}
	return paramCall{param: p, result: index, method: method}, true
}

// rangedParam returns the parameter whose elements the local v ranges
// over, when v is given nothing else (for _, check := range checks), or
// v itself: calling such an element calls what the caller passed, one
// argument of a variadic parameter.
func (w *walk) rangedParam(id *ast.Ident, v *types.Var) *types.Var {
	origins := w.r.Resolver.Origins(id)
	if len(origins) != 1 {
		return v
	}
	x, ok := ast.Unparen(origins[0]).(*ast.Ident)
	if !ok {
		return v
	}
	p, ok := w.s.info.Uses[x].(*types.Var)
	if !ok || !IsParam(p) || elemSig(p) == nil || !types.Identical(sliceElem(p.Type()), v.Type()) {
		return v
	}
	return p
}

// elemSig returns the signature of the elements of a parameter that is a
// slice of functions (checks ...func(context.Context) error), or nil.
func elemSig(p *types.Var) *types.Signature {
	elem := sliceElem(p.Type())
	if elem == nil {
		return nil
	}
	sig, _ := elem.Underlying().(*types.Signature)
	return sig
}

// sliceElem returns the element type of a slice type, or nil.
func sliceElem(t types.Type) types.Type {
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return nil
}

// mention adds what exprs mention to v: the parameters to v.Mentions (or
// v.Params with asParams), the calls of parameters to v.Calls.
func (w *walk) mention(v *Value, asParams bool, exprs ...ast.Expr) {
	for _, e := range exprs {
		params, calls := w.mentioned(e)
		if asParams {
			v.Params = union(v.Params, params)
		} else {
			v.Mentions = union(v.Mentions, params)
		}
		v.Calls = addCalls(v.Calls, calls...)
	}
}

// LitIsError says whether a CallToolResult literal is an error result,
// by its IsError field: ShapeError, ShapeSuccess, or ShapeUnknown when
// the field is not constant.
func LitIsError(info *types.Info, lit *ast.CompositeLit) Shape {
	v := LitField(lit, "IsError")
	if v == nil {
		return ShapeSuccess
	}
	isError, ok := BoolConst(info, v)
	switch {
	case !ok:
		return ShapeUnknown
	case isError:
		return ShapeError
	}
	return ShapeSuccess
}

// named returns what a variable, a parameter or a package-level error
// variable can be.
func (w *walk) named(e ast.Expr, depth int) Value {
	info := w.s.info
	if pv := packageVar(info, e); pv != nil {
		return w.packageVarValue(pv, e, depth)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		v := unknownValue // a field
		v.Protocol = w.s.fieldProtocol()
		if sel, ok := e.(*ast.SelectorExpr); ok && IsError(info.TypeOf(sel)) {
			// r.err, of a local r built here: what the literal put in it.
			v.Blobs = w.fieldBlobs(sel, depth)
		}
		return v
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return unknownValue
	}
	if IsParam(v) {
		value := unknownValue
		value.Params = varSet{v}
		value.Mentions = varSet{v}
		if IsError(v.Type()) {
			value.Shows = varSet{v}
		}
		return value
	}
	return unknownValue
}

// packageVarValue returns what a package-level variable holds: for an
// error variable of this package, what its initialiser is; of another, a
// sentinel named ErrX — the convention (and staticcheck's ST1012) for
// errors that are never nil. A go-sdk variable may be a protocol error.
func (w *walk) packageVarValue(pv *types.Var, e ast.Expr, depth int) Value {
	v := unknownValue
	if pv.Pkg() != nil && strings.HasPrefix(pv.Pkg().Path(), "github.com/modelcontextprotocol/go-sdk/") {
		v.Protocol = ProtoGoSDK
	}
	if !IsError(pv.Type()) {
		return v
	}
	if pv.Pkg() != w.s.pass.Pkg {
		if sum := w.s.varSummary(pv); sum != nil {
			sl := sum.Slot(0)
			v.Blobs = sl.Blobs
		}
		v.NonNil = strings.HasPrefix(pv.Name(), "Err") && pv.Exported()
		return v
	}
	init := w.s.inits[pv]
	if init == nil || depth >= maxDepth {
		return v
	}
	inner := (&walk{s: w.s, r: &Root{Resolver: &Resolver{info: w.s.info}}, rf: &rootFacts{}, lits: w.lits}).valueAt(init, -1, depth+1)
	inner.Params, inner.Mentions, inner.Calls = nil, nil, nil
	return inner
}

// RawParam reports whether parameter p of sig is one a function makes
// text of itself: raw bytes or a value (a response, a buffer), not a text
// or an interface its caller chose the words of. Where a raw value enters
// the text is then that function, and every call that hands one to it is
// decided there.
func RawParam(sig *types.Signature, p int) bool {
	params := sig.Params()
	if p < 0 || p >= params.Len() || sig.Variadic() && p == params.Len()-1 {
		return false
	}
	t := params.At(p).Type()
	return !IsString(t) && !types.IsInterface(t)
}

// ParamEntries returns where body, a function's, puts its parameter
// param into what it makes: each returned value, and each text assigned
// to one of its locals (or their fields), that mentions it, in
// source order (a helper that formats the raw body it is handed into one
// error per status branch has an entry in each). A value written through
// a pointer (*out = string(body)) leaves by another way than the text
// the function makes, and function literals make values of their own:
// neither is an entry.
func ParamEntries(info *types.Info, body *ast.BlockStmt, param *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		var exprs []ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			exprs = n.Results
		case *ast.AssignStmt:
			if slices.ContainsFunc(n.Lhs, func(lhs ast.Expr) bool { return !ownLocal(info, lhs) }) {
				return true
			}
			for _, e := range n.Rhs {
				if IsText(info.TypeOf(e)) {
					exprs = append(exprs, e) // text kept to be returned: e.raw = string(body)
				}
			}
		}
		for _, e := range exprs {
			if Mentions(info, e, param) {
				out = append(out, e)
				return false
			}
		}
		return true
	})
	return out
}

// ownLocal reports whether lhs is a local variable of the function, not
// a parameter, or a field or element of one reached without going
// through a pointer written as such (*p, or a pointer parameter's
// field): what is assigned there stays in the function until it
// returns it.
func ownLocal(info *types.Info, lhs ast.Expr) bool {
	for {
		switch e := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			v, ok := info.ObjectOf(e).(*types.Var)
			return e.Name == "_" || ok && IsLocal(v) && !IsParam(v)
		case *ast.SelectorExpr:
			lhs = e.X
		case *ast.IndexExpr:
			lhs = e.X
		default:
			return false
		}
	}
}

// heldParams returns the error parameters the root stores into a field
// or element of v (v.cause = cause) before use.
func (w *walk) heldParams(v *types.Var, use ast.Node) varSet {
	var out varSet
	for i := range w.r.moves {
		mv := &w.r.moves[i]
		if mv.kind != moveInto || !slices.Contains(w.r.to(mv), v) || !w.r.Resolver.MayRunBefore(mv.node, use) {
			continue
		}
		for _, src := range w.r.from(mv) {
			if IsParam(src) && src != v && IsError(src.Type()) {
				out = union(out, varSet{src})
			}
		}
	}
	return out
}

// localVar returns the local variable e names, or nil.
func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	lv, _ := info.Uses[id].(*types.Var)
	if lv == nil || lv.IsField() || lv.Pkg() == nil || lv.Parent() == lv.Pkg().Scope() {
		return nil
	}
	return lv
}

// callValue returns what a call's result index (or its only result) can
// be.
func (w *walk) callValue(call *ast.CallExpr, index, depth int) Value {
	info := w.s.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) != 1 {
			return unknownValue
		}
		v := w.valueAt(call.Args[0], -1, depth+1)
		if !nilable(tv.Type) {
			v.NonNil = true // MyError("text")
		}
		return v
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			if b.Name() == "new" {
				return Value{Shape: ShapeValue, NonNil: true}
			}
			return unknownValue
		}
	}
	if IsContextError(info, call) {
		return Value{Shape: ShapeUnknown, Context: true, ContextOnly: true}
	}
	fn, lit, shift := w.target(call)
	switch {
	case lit != nil:
		return w.calleeValue(call, w.lit(lit), litSig(info, lit), index, shift, nil, depth)
	case fn == nil:
		if impls := w.implCallees(call); len(impls) > 0 {
			// A method of an interface: what its implementations return.
			v := Value{NonNil: true, WrapsRPC: true, ContextOnly: true}
			for _, c := range impls {
				v.merge(w.calleeValue(call, c.sum, c.sig, index, 0, c.fn, depth))
			}
			if c, ok := w.paramCallOf(call, index); ok {
				// A method of what the caller hands in: any
				// implementation, not only the package's own.
				v.merge(unknownValue)
				v.Calls = addCalls(v.Calls, c)
			}
			return v
		}
		return w.funcValueCall(call, index)
	case inRuntime(fn):
		return w.runtimeValue(call, fn, depth)
	case model.IsFunc(fn, "errors", "New"):
		v := Value{Shape: ShapeValue, NonNil: true, Plain: true}
		if len(call.Args) == 1 {
			w.mention(&v, false, call.Args[0])
			v.Shows = w.shown(call.Args[0], depth+1)
			for _, b := range w.blobs(call.Args[0], depth+1) {
				v.addBlob(b)
			}
		}
		return v
	case model.IsFunc(fn, "fmt", "Errorf"):
		return w.errorfValue(call, depth)
	case model.IsFunc(fn, "errors", "Join"):
		v := Value{Shape: ShapeValue}
		for _, arg := range call.Args {
			a := w.valueAt(arg, -1, depth+1)
			v.NonNil = v.NonNil || a.NonNil
			v.WrapsRPC = v.WrapsRPC || isJSONRPC(w, arg)
			a.NonNil, a.WrapsRPC, a.ContextOnly = true, true, true
			v.merge(a)
		}
		return v
	case IsMCPGoFunc(fn, MCPGoErrorResults):
		v := Value{Shape: ShapeError, NonNil: true}
		w.mention(&v, false, call.Args...)
		switch {
		case fn.Name() == "NewToolResultErrorFromErr" && len(call.Args) == 2:
			ev := w.valueAt(call.Args[1], -1, depth+1)
			v.Params, v.Shows = ev.Params, union(w.shown(call.Args[0], depth+1), ev.Shows)
		case fn.Name() == "NewToolResultError" && len(call.Args) == 1:
			v.Shows = w.shown(call.Args[0], depth+1)
		case fn.Name() == "NewToolResultErrorf":
			v.Shows = w.formatShown(call, 0, depth)
		}
		return v
	case IsMCPGoFunc(fn, MCPGoSuccessResults):
		v := Value{Shape: ShapeSuccess, NonNil: true}
		w.mention(&v, false, call.Args...)
		return v
	case fn.Pkg() != nil && fn.Pkg().Path() == model.MCPGoPath && strings.HasPrefix(fn.Name(), "NewToolResult"):
		v := Value{Shape: ShapeUnknown, NonNil: true}
		w.mention(&v, false, call.Args...)
		return v
	case fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), "github.com/modelcontextprotocol/go-sdk/"):
		v := w.unknownCall(call, depth)
		v.Protocol |= ProtoGoSDK
		return v
	}
	sum := w.s.summary(fn)
	if sum == nil {
		return w.unknownCall(call, depth)
	}
	return w.calleeValue(call, sum, fn.Signature(), index, shift, fn, depth)
}

// litSig returns a literal's signature.
func litSig(info *types.Info, lit *ast.FuncLit) *types.Signature {
	sig, _ := info.TypeOf(lit).(*types.Signature)
	return sig
}

// unknownCall is the value of a call whose callee the layer cannot see:
// it may carry whatever it is given.
func (w *walk) unknownCall(call *ast.CallExpr, depth int) Value {
	v := unknownValue
	for _, arg := range call.Args {
		if IsBasic(w.s.info.TypeOf(arg)) {
			w.mention(&v, false, arg)
			continue
		}
		a := w.valueAt(arg, -1, depth+1)
		v.Params = union(v.Params, a.Params)
		v.Calls = addCalls(v.Calls, a.Calls...)
		v.Mentions = union(v.Mentions, a.Params)
		v.Mentions = union(v.Mentions, a.Mentions)
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s, ok := w.s.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
			// err.Wrap(…), a method of a value the call may return.
			recv := w.valueAt(sel.X, -1, depth+1)
			v.Params = union(v.Params, recv.Params)
			v.Mentions = union(v.Mentions, recv.Mentions)
		}
	}
	return v
}

// funcValueCall is the value of calling a function value: a parameter's
// results pass through unchanged (a wrapper calling the handler it
// wraps), anything else is unknown. Either may be a protocol error made
// where the function is.
func (w *walk) funcValueCall(call *ast.CallExpr, index int) Value {
	v := unknownValue
	var sig *types.Signature
	if t := w.s.info.TypeOf(call.Fun); t != nil {
		sig, _ = t.Underlying().(*types.Signature)
	}
	if sig == nil || HandlerShaped(sig) || model.IsNamed(w.s.info.TypeOf(call.Fun), model.GoSDKPath, "MethodHandler") {
		v.Protocol = ProtoAny // an inner handler's error: judged where it is made
	}
	if tn := ProjectType(w.s.x.pkg, w.s.x.module, w.s.info.TypeOf(call.Fun)); tn != nil && sig != nil &&
		index == sig.Results().Len()-1 && !w.s.projectReturnsErrors(tn) {
		return Value{Shape: ShapeNil, ContextOnly: true} // every handler of the type fails in its result
	}
	if c, ok := w.paramCallOf(call, index); ok {
		v.Calls = []paramCall{c}
	}
	return v
}

// paramSig returns the signature of calling a parameter: its own, for a
// function, its one method's, for an interface with one method, or its
// elements', for a slice of functions (see rangedParam).
func paramSig(p *types.Var) *types.Signature {
	if sig, ok := p.Type().Underlying().(*types.Signature); ok {
		return sig
	}
	if m := oneMethod(p.Type()); m != nil {
		return m.Signature()
	}
	return elemSig(p)
}

// calledResult returns the type of result index of calling parameter p:
// its method named method, or, with no name, p itself (a function, the
// one method of a one-method interface, an element of a slice of
// functions); nil when it is not known.
func calledResult(p *types.Var, method string, index int) types.Type {
	var sig *types.Signature
	if method == "" {
		sig = paramSig(p)
	} else if obj, _, _ := types.LookupFieldOrMethod(p.Type(), true, p.Pkg(), method); obj != nil {
		if fn, ok := obj.(*types.Func); ok {
			sig = fn.Signature()
		}
	}
	if sig == nil || index < 0 || index >= sig.Results().Len() {
		return nil
	}
	return sig.Results().At(index).Type()
}

// mayBeProtocol reports whether a value of type t may be an SDK's
// protocol error: an interface may hold one, a concrete type only when it
// is one. Unknown (nil) may.
func mayBeProtocol(t types.Type) bool {
	return t == nil || types.IsInterface(t) || protocolType(t) != 0
}

// oneMethod returns the method of an interface type with exactly one, or
// nil.
func oneMethod(t types.Type) *types.Func {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() != 1 {
		return nil
	}
	return iface.Method(0)
}

// HandlerShaped reports whether sig returns a tool result, as handlers,
// and the functions wrappers call them through, do.
func HandlerShaped(sig *types.Signature) bool {
	res := sig.Results()
	for i := range res.Len() {
		if IsCallToolResult(res.At(i).Type()) && isPointer(res.At(i).Type()) {
			return true
		}
	}
	return false
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// calleeValue returns what result index of a call can be, from the
// callee's summary, with its parameters replaced by the call's arguments
// (shifted for a method expression). fn names the callee for the blobs'
// chains; nil for a literal.
func (w *walk) calleeValue(call *ast.CallExpr, sum *Summary, sig *types.Signature, index, shift int, fn *types.Func, depth int) Value {
	if sum == nil || sig == nil {
		return unknownValue
	}
	if index < 0 {
		if sig.Results().Len() != 1 {
			return unknownValue
		}
		index = 0
	}
	sl := sum.Slot(index)
	v := Value{
		Shape:       sl.Shape,
		NonNil:      sl.NonNil,
		WrapsRPC:    sl.WrapsRPC,
		ContextOnly: sl.Context && !sl.NotContext,
		Context:     sl.Context,
		Plain:       sl.Plain,
	}
	if sl.Protocol {
		v.Protocol = ProtoAny
	}
	for _, b := range sl.Blobs {
		v.addBlobVia(fn, b)
	}
	for _, p := range sl.Params {
		for _, a := range ArgsOf(call, sig, p, shift) {
			av := w.valueAt(a, -1, depth+1)
			v.Params = union(v.Params, av.Params)
			v.Mentions = union(v.Mentions, av.Mentions)
			v.Calls = addCalls(v.Calls, av.Calls...)
			v.Protocol |= av.Protocol
			if IsError(w.s.info.TypeOf(a)) {
				// An error carried keeps its text; what else the callee
				// may carry is followed by Shows.
				for _, b := range av.Blobs {
					if !slices.Contains(sl.narrowed(p), b.ErrType) {
						v.addBlob(b)
					}
				}
			}
		}
	}
	for _, p := range sl.Mentions {
		w.mention(&v, false, ArgsOf(call, sig, p, shift)...)
	}
	for _, p := range sl.Shows {
		for _, a := range ArgsOf(call, sig, p, shift) {
			if t := w.s.info.TypeOf(a); IsText(t) || !IsError(t) {
				v.Shows = union(v.Shows, w.shown(a, depth+1))
				v.Shows = union(v.Shows, w.readerParams(a, 0))
				for _, b := range w.argBlobs(a, fn, sl.Shape&ShapeError == 0, depth+1) {
					if sl.ShowsType != "" {
						b.ErrType = sl.ShowsType // printed by that type's Error
					}
					if b.Reader == nil && fn != nil && fn.Pkg() == w.s.pass.Pkg && RawParam(sig, p) {
						// A helper of the package that makes text of the
						// raw bytes it is handed (a status check that
						// formats a snippet of the body into its error):
						// the value enters its text there, one edit for
						// every call, at each place it is formatted.
						b.Reader, b.ReaderParam = fn, p+1
					}
					v.addBlob(b) // the callee shows the text it is given
				}
			} else {
				av := w.valueAt(a, -1, depth+1)
				v.Shows = union(v.Shows, av.Shows)
				for _, b := range av.Blobs {
					if !slices.Contains(sl.narrowed(p), b.ErrType) {
						v.addBlob(b)
					}
				}
			}
		}
	}
	for _, c := range sl.Calls {
		args, known := passedArgs(call, sig, c.Param, shift)
		if !known {
			v.Protocol |= w.unseenFuncProto(nil)
			continue
		}
		for _, a := range args {
			var inner Value
			if c.Method != "" && c.Param < sig.Params().Len() {
				inner = w.passedMethodValue(a, sig.Params().At(c.Param).Type(), c.Method, c.Result, depth)
				for _, b := range inner.Blobs {
					v.addBlobVia(fn, b) // the callee calls the method: it is on the way
				}
				inner.Blobs = nil
			} else {
				inner = w.passedFuncValue(a, c.Result, depth)
			}
			inner.NonNil, inner.WrapsRPC, inner.ContextOnly = true, true, true
			if c.Param < sig.Params().Len() && !mayBeProtocol(calledResult(sig.Params().At(c.Param), c.Method, c.Result)) {
				inner.Protocol = 0 // err.Error() gives a text, never an SDK's protocol error
			}
			v.merge(inner)
		}
	}
	if sum.Printf > 0 && shift == 0 && printsResult(sig.Results().At(index).Type()) {
		w.printfArgs(&v, call, sum.Printf-1, depth)
	}
	return v
}

// printfArgs adds to v what the text of a printf wrapper's result shows
// of the call's format and operands (see printfWrapper), as fmt.Sprintf's
// would.
func (w *walk) printfArgs(v *Value, call *ast.CallExpr, format, depth int) {
	for _, b := range w.formatBlobs(call, format, depth+1) {
		v.addBlob(b)
	}
	v.Shows = union(v.Shows, w.formatShown(call, format, depth))
	if format < len(call.Args) {
		w.mention(v, false, call.Args[format:]...)
	}
}

// printsResult reports whether a result of type t has a text a printf
// wrapper makes: a text, an error, a tool result.
func printsResult(t types.Type) bool {
	return IsText(t) || IsErrorOrRuntimeError(t) || IsCallToolResult(t)
}

// passedFuncValue is the value of result index of calling a function
// value passed as an argument.
func (w *walk) passedFuncValue(a ast.Expr, index, depth int) Value {
	a = ast.Unparen(a)
	if lit, ok := a.(*ast.FuncLit); ok {
		return w.calleeValue(&ast.CallExpr{Fun: lit}, w.lit(lit), litSig(w.s.info, lit), index, 0, nil, depth+1)
	}
	if fn := model.FuncOf(w.s.info, a); fn != nil && !isAbstract(fn) {
		if sum := w.s.summary(fn); sum != nil {
			return w.calleeValue(&ast.CallExpr{Fun: a}, sum, fn.Signature(), index, 0, fn, depth+1)
		}
	}
	v := unknownValue
	v.Protocol = w.unseenFuncProto(a)
	if id, ok := a.(*ast.Ident); ok {
		if p, ok := w.s.info.Uses[id].(*types.Var); ok && IsParam(p) {
			v.Calls = []paramCall{{param: p, result: index}}
		}
	}
	return v
}

// passedArgs returns the arguments a call passes for parameter p of sig
// (shifted for a method expression), and whether the layer knows them: a
// variadic parameter is given any number, none among them (a function
// value never passed is never called); another parameter is given one,
// unless the call is one the layer made up to stand for calling a value
// it was handed (no arguments at all).
func passedArgs(call *ast.CallExpr, sig *types.Signature, p, shift int) ([]ast.Expr, bool) {
	if !call.Lparen.IsValid() {
		return nil, false
	}
	args := ArgsOf(call, sig, p, shift)
	variadic := sig != nil && sig.Variadic() && p == sig.Params().Len()-1 && !call.Ellipsis.IsValid()
	return args, len(args) == 1 || variadic && p+shift >= 0
}

// unseenFuncProto is what the result of calling a function value the
// layer cannot follow may be, as protocol errors go; made, when it is
// known, the expression that gives the value. Only code that can name an
// SDK's protocol error can build one: a function value made by a package
// whose imports never reach an SDK — a client library's option
// (gogithub.WithHTTPClient(…)), a method of its types — can return none,
// and neither can one a package blind to the SDKs makes, keeps or is
// handed (one handed in by a caller is followed there, by Calls).
// Elsewhere it may be a deliberate protocol error made where the value is.
func (w *walk) unseenFuncProto(made ast.Expr) Proto {
	maker := w.s.pass.Pkg
	if made != nil {
		var fn *types.Func
		if call, ok := ast.Unparen(made).(*ast.CallExpr); ok {
			fn = model.Callee(w.s.info, call) // a constructor of function values
		} else {
			fn = model.FuncOf(w.s.info, made)
		}
		if fn != nil && fn.Pkg() != nil {
			maker = fn.Pkg()
		}
	}
	if w.s.seesSDK(maker) {
		return ProtoAny
	}
	return 0
}

// passedMethodValue is the value of result index of calling the method
// named method of a value passed as an argument for a parameter of
// interface type iface: the method of the argument's type when that is
// concrete, else of each type of this package or of the packages it
// knows the summaries of that implements the interface's method, as an
// interface call of the package's own is (implCallees).
func (w *walk) passedMethodValue(a ast.Expr, iface types.Type, method string, index, depth int) Value {
	v := unknownValue // as a call of a method no summary knows: not a protocol error for all that
	if depth > maxDepth {
		return v
	}
	t := w.s.info.TypeOf(a)
	if t == nil {
		return v
	}
	var pkg *types.Package
	if named, ok := types.Unalias(iface).(*types.Named); ok {
		pkg = named.Obj().Pkg() // an unexported method is its interface's package's
	}
	var fns []*types.Func
	if obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, method); obj != nil {
		if fn, ok := obj.(*types.Func); ok {
			if isAbstract(fn) {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok {
					if p, ok := w.s.info.Uses[id].(*types.Var); ok && IsParam(p) {
						// Passed on from a parameter: the caller says.
						v.Calls = []paramCall{{param: p, result: index, method: method}}
						return v
					}
				}
				fns = w.s.implementations(fn)
			} else {
				fns = []*types.Func{fn}
			}
		}
	}
	for i, c := range w.summarized(fns) {
		mv := w.calleeValue(&ast.CallExpr{Fun: a}, c.sum, c.sig, index, 0, c.fn, depth+1)
		if res := c.sig.Results(); index >= res.Len() || !IsErrorOrRuntimeError(res.At(index).Type()) {
			// Data the callee handed to a call the layer does not know
			// (json.Unmarshal(body, &v)), whose error is not that data's
			// text.
			mv.Blobs = nil
		}
		if i == 0 {
			v = mv
		} else {
			v.merge(mv)
		}
	}
	return v
}

// errorfValue is the value of a fmt.Errorf call: an error carrying what
// it wraps with %w, showing the text of every operand.
func (w *walk) errorfValue(call *ast.CallExpr, depth int) Value {
	info := w.s.info
	v := Value{Shape: ShapeValue, NonNil: true, Plain: true}
	for _, b := range w.operandBlobs(call, 0, depth+1, false) {
		v.addBlob(b)
	}
	v.Shows = w.formatShown(call, 0, depth)
	w.mention(&v, false, call.Args...)
	verbs, ok := FormatOf(info, call, 0)
	if !ok {
		// An unknown format: any operand may be wrapped.
		for _, a := range call.Args[min(1, len(call.Args)):] {
			if !IsBasic(info.TypeOf(a)) {
				av := w.valueAt(a, -1, depth+1)
				v.Params = union(v.Params, av.Params)
				v.Calls = addCalls(v.Calls, av.Calls...)
				v.Protocol |= av.Protocol
			}
		}
		return v
	}
	wrapsRuntime, cancelled := false, false
	for _, verb := range verbs {
		arg := Operand(call, 0, verb)
		if arg == nil {
			continue
		}
		isErr := IsError(info.TypeOf(arg))
		switch {
		case verb.Verb == 'w':
			av := w.valueAt(arg, -1, depth+1)
			v.Params = union(v.Params, av.Params)
			v.Calls = addCalls(v.Calls, av.Calls...)
			v.Protocol |= av.Protocol
			if av.Context && av.ContextOnly {
				cancelled = true // fmt.Errorf("…: %w", ctx.Err()): still the cancellation
			}
			for _, b := range av.Blobs {
				v.addBlob(b)
			}
			if isJSONRPC(w, arg) {
				v.WrapsRPC = true
			}
			if model.IsRuntimeError(info.TypeOf(arg)) || w.allRuntimeErrors(arg) {
				wrapsRuntime = true
			}
		case isErr && strings.ContainsRune("vsq", verb.Verb):
			for _, b := range w.valueAt(arg, -1, depth+1).Blobs {
				v.addBlob(b) // %v prints the wrapped error's text
			}
		}
	}
	if wrapsRuntime {
		v.Plain = false
	}
	if cancelled {
		v.Context, v.ContextOnly = true, true
	}
	return v
}

// isJSONRPC reports whether e is surely a *jsonrpc.Error: by its static
// type, or because every value it may hold has that type.
func isJSONRPC(w *walk, e ast.Expr) bool {
	info := w.s.info
	if model.IsJSONRPCError(info.TypeOf(e)) {
		return true
	}
	if w.r.Resolver.MayHoldZero(e) {
		return false
	}
	origins := w.r.Resolver.Origins(e)
	for _, o := range origins {
		if !model.IsJSONRPCError(info.TypeOf(o)) {
			return false
		}
	}
	return len(origins) > 0
}

// allRuntimeErrors reports whether every value e may hold is statically
// an *mcperr.Error.
func (w *walk) allRuntimeErrors(e ast.Expr) bool {
	origins := w.r.Resolver.Origins(e)
	for _, o := range origins {
		if !model.IsRuntimeError(w.s.info.TypeOf(o)) {
			return false
		}
	}
	return len(origins) > 0
}

// runtimeValue is the value of a call of the runtime: its constructors
// always build an error, which carries what WithCause is given.
func (w *walk) runtimeValue(call *ast.CallExpr, fn *types.Func, depth int) Value {
	if !model.IsRuntimeError(resultType(fn)) {
		return w.unknownCall(call, depth)
	}
	v := Value{Shape: ShapeValue, NonNil: true}
	w.mention(&v, false, call.Args...)
	for _, arg := range call.Args {
		for _, o := range w.r.Resolver.Origins(arg) {
			opt, ok := o.(*ast.CallExpr)
			if !ok || !model.IsRuntimeFunc(model.Callee(w.s.info, opt), "WithCause") || len(opt.Args) != 1 {
				continue
			}
			cause := w.valueAt(opt.Args[0], -1, depth+1)
			v.Params = union(v.Params, cause.Params)
			v.Calls = addCalls(v.Calls, cause.Calls...)
			v.Protocol |= cause.Protocol
		}
	}
	return v
}

// resultType returns the type of fn's single result, or nil.
func resultType(fn *types.Func) types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// isTuple reports whether t is the type of a multi-valued expression.
func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}

// ArgsOf returns the arguments a call gives parameter p of a function of
// signature sig (shifted for a method expression): one, or for the
// variadic parameter, every argument from p on (the slice itself with
// f(xs...)).
func ArgsOf(call *ast.CallExpr, sig *types.Signature, p, shift int) []ast.Expr {
	i := p + shift
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	if sig != nil && sig.Variadic() && p == sig.Params().Len()-1 && !call.Ellipsis.IsValid() {
		return call.Args[i:]
	}
	return call.Args[i : i+1]
}

// A calleeSummary is a function a call may run, with its summary.
type calleeSummary struct {
	fn  *types.Func // nil for a literal
	sig *types.Signature
	sum *Summary
}

// callees returns the functions with a summary that a call may run: its
// static callee, a literal of the root, or, for a call of an interface
// method, the methods implementing it that the package knows of (its
// own, and those of the packages it imports whose facts say something).
func (w *walk) callees(call *ast.CallExpr) []calleeSummary {
	fn, lit, _ := w.target(call)
	switch {
	case lit != nil:
		return []calleeSummary{{sig: litSig(w.s.info, lit), sum: w.lit(lit)}}
	case fn != nil:
		if sum := w.s.summary(fn); sum != nil {
			return []calleeSummary{{fn: fn, sig: fn.Signature(), sum: sum}}
		}
		return nil
	}
	return w.implCallees(call)
}

// implCallees returns, for a call of an interface method, the methods
// implementing it that the package knows of, with their summaries.
func (w *walk) implCallees(call *ast.CallExpr) []calleeSummary {
	m := model.Callee(w.s.info, call)
	if m == nil || !isAbstract(m) {
		return nil
	}
	return w.summarized(w.s.implementations(m))
}

// summarized returns those of fns that have a summary, with it.
func (w *walk) summarized(fns []*types.Func) []calleeSummary {
	var out []calleeSummary
	for _, fn := range fns {
		if sum := w.s.summary(fn); sum != nil {
			out = append(out, calleeSummary{fn: fn, sig: fn.Signature(), sum: sum})
		}
	}
	return out
}
