package errflow

// A handler's error rarely starts in the handler: a helper of the package
// makes the HTTP call, parses the reply, and returns an error that the
// handler passes on or wraps, and whose text the client reads. A helper
// that loses the cause it was handling loses it for the handler too. The
// layer follows a handler's returned errors (and the errors whose text its
// error results show) into the functions of the package they come from,
// helper to helper: those are its sources, and the rules about an error's
// cause judge them as they judge the handler.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A Source is a function of the package whose returned error reaches a
// handler's client: Body's error result is on a path to the client.
type Source struct {
	Body *Body
	// Handler is the first handler found whose error comes from it.
	Handler *Handler
	// Path is that handler's path.
	Path *Path
	// Error reports that the helper's error reaches the handler's error
	// result (as it is, or wrapped), rather than only the text of an error
	// result: on a path whose errors are JSON-RPC errors, so are the
	// helper's.
	Error bool
	// Forwards are the returns, of handlers and of other sources, that
	// hand the helper's error on.
	Forwards []Forward
	// Dropped reports that the helper's error does not reach the client:
	// the handler handles it and returns something else (its own lost
	// cause, reported there). What the helper loses is lost for the
	// client too once the handler keeps the error, so its causes are
	// checked; nothing else is.
	Dropped bool
}

// A Forward is a return that hands on a helper's error.
type Forward struct {
	Body *Body
	Ret  *ast.ReturnStmt
}

// maxSources bounds how many helpers a package's sources hold, and
// maxSourceDepth how deep an error is followed into nested wrapping.
const (
	maxSources     = 10000
	maxSourceDepth = 8
)

// findSources follows the errors of the package's handlers into the
// helpers they come from.
func (f *finder) findSources() {
	seen := map[*Body]*Source{}
	var queue []*Source
	// errorCalls are, for each source, the calls through which its error
	// reaches the error result of a handler or another source, with the
	// body they are in.
	errorCalls := map[*Body]map[*ast.CallExpr]*Body{}
	forwards := map[*Body][]Forward{}
	dropping := false // the sources found now are of errors handlers drop
	add := func(ref sourceRef, from *Body, ret *ast.ReturnStmt, h *Handler, p *Path, viaError bool) {
		b := ref.b
		if b == nil || len(seen) >= maxSources {
			return
		}
		viaError = viaError && !ref.flattened
		if viaError {
			if errorCalls[b] == nil {
				errorCalls[b] = map[*ast.CallExpr]*Body{}
			}
			errorCalls[b][ref.call] = from
			forwards[b] = append(forwards[b], Forward{from, ret})
		}
		if s := seen[b]; s != nil {
			if viaError && !s.Error {
				// Reached again, as the handler's error this time.
				s.Handler, s.Path, s.Error = h, p, true
				queue = append(queue, s)
			}
			return
		}
		if known, ok := f.handlers[funcValueOf(b).key()]; ok && len(known.Paths) > 0 {
			return // a handler or a delegate: judged as such
		}
		s := &Source{Body: b, Handler: h, Path: p, Error: viaError, Dropped: dropping}
		seen[b] = s
		f.r.Sources = append(f.r.Sources, s)
		queue = append(queue, s)
	}
	follow := func(b *Body, h *Handler, p *Path, errIndex, resIndex int, viaError bool) {
		w := f.r.finalWalk(b.Root)
		n := b.Sig.Results().Len()
		for _, ret := range b.Returns {
			if errIndex >= 0 {
				if o, ok := ResultOrigin(ret, errIndex, n); ok {
					for _, src := range f.errorSources(w, o.Expr, o.Index, false, 0) {
						add(src, b, ret, h, p, viaError)
					}
				}
			}
			if resIndex >= 0 {
				if o, ok := ResultOrigin(ret, resIndex, n); ok {
					for _, src := range f.errorSources(w, o.Expr, -1, true, 0) {
						add(src, b, ret, h, p, false)
					}
				}
			}
			if p.ResultErrors && b == h.Body {
				for _, e := range f.r.ResultErrors(b, ret) {
					for _, src := range f.errorSources(w, e, -1, false, 0) {
						add(src, b, ret, h, p, false)
					}
				}
			}
		}
	}
	for _, h := range f.order {
		if h.Body == nil || h.Candidate && h.Project == nil {
			continue
		}
		for _, p := range h.Paths {
			follow(h.Body, h, p, p.Error(), p.Result(), true)
		}
	}
	drain := func() {
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			follow(s.Body, s.Handler, s.Path, errorIndex(s.Body.Sig), -1, s.Error)
		}
	}
	drain()
	// Then the helpers whose error a handler tests and does not pass on.
	dropping = true
	for _, h := range f.order {
		if h.Body == nil || len(h.Paths) == 0 || h.Candidate && h.Project == nil {
			continue
		}
		w := f.r.finalWalk(h.Body.Root)
		for _, br := range h.Body.Branches {
			for _, ref := range f.testedHelpers(w, br) {
				add(ref, h.Body, nil, h, h.Paths[0], false)
			}
		}
	}
	drain()
	// A helper whose error some handler passes on and others turn into a
	// result (a shared parameter parser, say) is not where the JSON-RPC
	// errors start: those handlers are. Only a helper every call of which
	// hands its error to a handler's error result is.
	for _, s := range f.r.Sources {
		s.Forwards = forwards[s.Body]
	}
	// Settled to a fixed point: a call from a helper that is not itself
	// where JSON-RPC errors start does not count.
	for changed := true; changed; {
		changed = false
		for _, s := range f.r.Sources {
			if !s.Error {
				continue
			}
			if s.Body.Func == nil {
				s.Error, changed = false, true
				continue
			}
			for _, sc := range f.callsOf[s.Body.Func] {
				from, ok := errorCalls[s.Body][sc.call]
				if !ok || from != nil && seen[from] != nil && !seen[from].Error {
					s.Error, changed = false, true
					break
				}
			}
		}
	}
}

// testedHelpers returns the functions of the package whose error a
// branch tests: the calls the branch's error variable is assigned from.
func (f *finder) testedHelpers(w *walk, br *Branch) []sourceRef {
	var out []sourceRef
	for _, o := range w.r.Resolver.varOrigins(br.Holder()) {
		call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := model.Callee(f.info, call)
		if fn == nil {
			out = append(out, f.fieldSources(call, o.Index)...)
			continue
		}
		out = append(out, f.calledSources(fn, call, o.Index)...)
	}
	return out
}

// calledSources returns the sources a call of fn (index-th result) reaches
// in this package, and notes those of other packages: fn itself, or, for
// an interface method, the implementations the program has.
func (f *finder) calledSources(fn *types.Func, call *ast.CallExpr, index int) []sourceRef {
	fns := []*types.Func{fn}
	if isAbstract(fn) {
		fns = f.r.s.implementations(fn)
		f.noteAbstractSource(fn, call, index)
	}
	var out []sourceRef
	for _, fn := range fns {
		if b := f.x.Decl(fn); b != nil {
			if isErrorResultIndex(b.Sig, index) {
				out = append(out, sourceRef{b: b, call: call})
			}
			continue
		}
		f.noteForeignSource(fn, call, index)
	}
	return out
}

// noteAbstractSource records fn, a method of an interface called by call,
// when the call's index-th result is its error.
func (f *finder) noteAbstractSource(fn *types.Func, call *ast.CallExpr, index int) {
	if f.helpersOnly || !isErrorResultIndex(fn.Signature(), index) {
		return
	}
	if !slices.ContainsFunc(f.r.AbstractSources, func(fs ForeignSource) bool { return fs.Func == fn }) {
		f.r.AbstractSources = append(f.r.AbstractSources, ForeignSource{fn, call})
	}
}

// A ForeignSource is a function of another package whose returned error
// reaches a handler's client, or a handler tests: its package recorded
// what it loses (see handlerbody), and this one reports it.
type ForeignSource struct {
	Func *types.Func
	// Call is the first call found through which its error arrives.
	Call *ast.CallExpr
}

// noteForeignSource records fn, a function of another package called by
// call, when the call's index-th result is its error.
func (f *finder) noteForeignSource(fn *types.Func, call *ast.CallExpr, index int) {
	if fn.Pkg() == nil || fn.Pkg() == f.r.pass.Pkg || !isErrorResultIndex(fn.Signature(), index) {
		return
	}
	fn = fn.Origin()
	if f.helpersOnly {
		if !slices.ContainsFunc(f.helperForeign, func(fs ForeignSource) bool { return fs.Func == fn }) {
			f.helperForeign = append(f.helperForeign, ForeignSource{fn, call})
		}
		return
	}
	if f.foreign == nil {
		f.foreign = map[*types.Func]bool{}
	}
	if !f.foreign[fn] {
		f.foreign[fn] = true
		f.r.ForeignSources = append(f.r.ForeignSources, ForeignSource{fn, call})
	}
}

// ErrorHelpers returns the functions and literals of the package whose
// returned error the error b returns may carry, helper to helper, as a
// handler's sources are found: where a service an exported function
// offers loses a cause deep in its package, for the packages whose
// handlers call it. b is not among them.
func (r *Result) ErrorHelpers(b *Body) []*Body {
	if r.x == nil || errorIndex(b.Sig) < 0 {
		return nil
	}
	return r.helpersFrom(b, r.directHelpers(b))
}

// ExprHelpers returns the functions and literals of the package whose
// returned error the error expr, written in b, may carry, helper to
// helper, as ErrorHelpers does for b's returned error: the helpers of an
// error a function builds into its answer rather than returns.
func (r *Result) ExprHelpers(b *Body, expr ast.Expr) []*Body {
	if r.x == nil {
		return nil
	}
	f := r.helpers()
	saved := f.helperForeign
	defer func() { f.helperForeign = saved }()
	var first []*Body
	for _, ref := range f.errorSources(r.finalWalk(b.Root), expr, -1, false, 0) {
		first = append(first, ref.b)
	}
	return r.helpersFrom(b, first)
}

// helpersFrom returns first and, helper to helper, the helpers whose
// error theirs may carry, each once and none of them b, up to
// maxSources.
func (r *Result) helpersFrom(b *Body, first []*Body) []*Body {
	seen := map[*Body]bool{b: true}
	var out, queue []*Body
	add := func(hs []*Body) {
		for _, h := range hs {
			if !seen[h] {
				seen[h] = true
				out = append(out, h)
				queue = append(queue, h)
			}
		}
	}
	add(first)
	for ; len(queue) > 0 && len(out) < maxSources; queue = queue[1:] {
		add(r.directHelpers(queue[0]))
	}
	return out
}

// helpers returns the finder that follows errors into helpers only,
// made on first use.
func (r *Result) helpers() *finder {
	if r.helperFinder == nil {
		r.helperFinder = &finder{r: r, info: r.pass.TypesInfo, x: r.x, helpersOnly: true}
	}
	return r.helperFinder
}

// directHelpers returns the bodies of the package whose error b's
// returned error may carry directly, memoized: the exported functions of
// a package share their helpers.
func (r *Result) directHelpers(b *Body) []*Body {
	if hs, ok := r.helperEdges[b]; ok {
		return hs
	}
	var hs []*Body
	if errIndex := errorIndex(b.Sig); errIndex >= 0 {
		f := r.helpers()
		f.helperForeign = nil
		w := r.finalWalk(b.Root)
		n := b.Sig.Results().Len()
		for _, ret := range b.Returns {
			if o, ok := ResultOrigin(ret, errIndex, n); ok {
				for _, ref := range f.errorSources(w, o.Expr, o.Index, false, 0) {
					if !slices.Contains(hs, ref.b) {
						hs = append(hs, ref.b)
					}
				}
			}
		}
	}
	if r.helperEdges == nil {
		r.helperEdges = map[*Body][]*Body{}
		r.helperForeign = map[*Body][]ForeignSource{}
	}
	r.helperEdges[b] = hs
	if r.helperFinder != nil && len(r.helperFinder.helperForeign) > 0 {
		r.helperForeign[b] = r.helperFinder.helperForeign
		r.helperFinder.helperForeign = nil
	}
	return hs
}

// ForeignHelpers returns the functions of other packages whose returned
// error the error b returns may carry, directly or through the helpers
// ErrorHelpers gives: the services of other packages (and the
// implementations, in other packages, of the interfaces it calls) whose
// lost causes b's callers lose too. Their packages recorded what they
// lose; a package that exports b's passes that on.
func (r *Result) ForeignHelpers(b *Body) []ForeignSource {
	var out []ForeignSource
	for _, h := range append([]*Body{b}, r.ErrorHelpers(b)...) {
		for _, fs := range r.helperForeign[h] {
			if !slices.ContainsFunc(out, func(o ForeignSource) bool { return o.Func == fs.Func }) {
				out = append(out, fs)
			}
		}
	}
	return out
}

// fieldSources returns the functions of the package a call of a
// function-valued struct field may call, when its error result is index:
// deps.check(ctx, q), with the package storing only its own functions in
// that field (deviationDeps{check: checkTelemetry}), in literals or
// assignments. One stored value the layer cannot name (a parameter, a
// function of another package) and the call is not followed: which
// function runs is then not the package's to say.
func (f *finder) fieldSources(call *ast.CallExpr, index int) []sourceRef {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	selection, ok := f.info.Selections[sel]
	if !ok || selection.Kind() != types.FieldVal {
		return nil
	}
	field, ok := selection.Obj().(*types.Var)
	if !ok || field.Pkg() != f.r.pass.Pkg {
		return nil // a field of another package's type: its writes are not all here
	}
	var out []sourceRef
	for _, write := range f.writesOf(field) {
		var b *Body
		switch v := ast.Unparen(write.e).(type) {
		case *ast.FuncLit:
			b = f.x.Lit(v)
		default:
			b = f.x.Decl(model.FuncOf(f.info, v))
		}
		if b == nil {
			return nil
		}
		if isErrorResultIndex(b.Sig, index) && !slices.ContainsFunc(out, func(r sourceRef) bool { return r.b == b }) {
			out = append(out, sourceRef{b: b, call: call})
		}
	}
	return out
}

// A sourceRef is a source found through a call of it.
type sourceRef struct {
	b    *Body
	call *ast.CallExpr
	// flattened: only the text of its error travels on (fmt.Errorf's %v
	// or %s of it): the helper is on the error's path, so what it loses
	// is lost for the client too, but the JSON-RPC error starts above it.
	flattened bool
}

// funcValueOf returns the function value a body is.
func funcValueOf(b *Body) funcValue {
	if lit, ok := b.Node.(*ast.FuncLit); ok {
		return funcValue{lit: lit}
	}
	return funcValue{fn: b.Func}
}

// errorIndex returns the index of the last result of sig when it is an
// error, or -1.
func errorIndex(sig *types.Signature) int {
	if sig == nil || sig.Results().Len() == 0 || !isErrorResult(sig.Results().At(sig.Results().Len()-1).Type()) {
		return -1
	}
	return sig.Results().Len() - 1
}

// errorSources returns the bodies of the package whose returned error the
// value expr (the index-th of a multi-valued expression) may carry, or,
// with text, whose error's text it may show: through local variables,
// wrapping (%w, errors.Join, WithCause), and, for text, err.Error() and
// the operands of fmt's functions.
func (f *finder) errorSources(w *walk, expr ast.Expr, index int, text bool, depth int) []sourceRef {
	if expr == nil || depth > maxSourceDepth {
		return nil
	}
	var out []sourceRef
	origins := []Origin{{Expr: ast.Unparen(expr), Index: index}}
	if index < 0 {
		origins = w.r.Resolver.OriginsOf(expr)
		if _, isIdent := ast.Unparen(expr).(*ast.Ident); isIdent {
			origins = w.r.Resolver.reaching(ast.Unparen(expr), origins)
		}
	}
	for _, o := range origins {
		if sel, ok := ast.Unparen(o.Expr).(*ast.SelectorExpr); ok && o.Index < 0 {
			out = append(out, f.storedSources(sel, text, depth)...)
			continue
		}
		call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
		if !ok {
			continue
		}
		out = append(out, f.callSources(w, call, o.Index, text, depth)...)
	}
	return out
}

// storedSources follows an error read from a field of a type of the
// package (return t.setupErr) to what the package stores there
// (t.setupErr = checkSetup(), in a sync.Once): the functions whose errors
// those are reach the reader's caller.
func (f *finder) storedSources(sel *ast.SelectorExpr, text bool, depth int) []sourceRef {
	if s, ok := f.info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return nil
	}
	field, ok := f.info.Uses[sel.Sel].(*types.Var)
	if !ok || field.Pkg() != f.r.pass.Pkg || !IsError(field.Type()) {
		return nil
	}
	var out []sourceRef
	for _, write := range f.writesOf(field) {
		out = append(out, f.errorSources(f.r.finalWalk(write.b.Root), write.e, -1, text, depth+1)...)
	}
	return out
}

// callSources is errorSources for one call.
func (f *finder) callSources(w *walk, call *ast.CallExpr, index int, text bool, depth int) []sourceRef {
	info := f.info
	if text {
		// err.Error(), of the error interface or of a concrete error.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && len(call.Args) == 0 && IsError(info.TypeOf(sel.X)) {
			return f.errorSources(w, sel.X, -1, text, depth+1)
		}
	}
	callee := model.Callee(info, call)
	fn, lit, _ := w.targetOf(call, callee)
	switch {
	case lit != nil:
		if b := f.x.Lit(lit); b != nil && isErrorResultIndex(b.Sig, index) {
			return []sourceRef{{b: b, call: call}}
		}
		return nil
	case fn == nil && callee != nil && isAbstract(callee):
		// A method of an interface: every implementation the program has.
		return f.calledSources(callee, call, index)
	case fn == nil:
		return f.fieldSources(call, index)
	case model.IsFunc(fn, "fmt", "Errorf"):
		// Every error operand is on the error's path, whatever its verb:
		// one formatted with %v is flattened, its text travels on (see
		// sourceRef.flattened).
		var out []sourceRef
		verbs, ok := FormatOf(info, call, 0)
		for _, v := range verbs {
			arg := Operand(call, 0, v)
			if arg == nil || !ok || !IsError(info.TypeOf(arg)) {
				continue
			}
			refs := f.errorSources(w, arg, -1, text, depth+1)
			if v.Verb != 'w' && !text {
				for i := range refs {
					refs[i].flattened = true
				}
			}
			out = append(out, refs...)
		}
		return out
	case model.IsFunc(fn, "fmt", "Sprintf"), model.IsFunc(fn, "fmt", "Sprint"), model.IsFunc(fn, "fmt", "Sprintln"):
		if !text {
			return nil
		}
		return f.argSources(w, call, text, text, depth)
	case model.IsFunc(fn, "errors", "Join"):
		var out []sourceRef
		for _, a := range call.Args {
			out = append(out, f.errorSources(w, a, -1, text, depth+1)...)
		}
		return out
	case inRuntime(fn), fn.Pkg() != nil && fn.Pkg().Path() == model.MCPGoPath:
		// mcperr.WithCause(err), mcp.NewToolResultErrorFromErr(msg, err),
		// mcp.NewToolResultError(err.Error()): the errors they show.
		return f.argSources(w, call, text || !inRuntime(fn), true, depth)
	}
	callbacks := f.callbackSources(w, call, fn, index)
	if b := f.x.Decl(fn); b != nil && isErrorResultIndex(b.Sig, index) {
		// The helper, and the errors it is handed and carries on
		// (asToolError(err, code)): the callers' arguments are on the
		// path too.
		out := append([]sourceRef{{b: b, call: call}}, callbacks...)
		return append(out, f.paramSources(w, call, fn, index, text, depth)...)
	}
	f.noteForeignSource(fn, call, index)
	if out := f.paramSources(w, call, fn, index, text, depth); len(out) > 0 || len(callbacks) > 0 {
		return append(out, callbacks...)
	}
	if !text {
		return nil
	}
	// A helper given an error's text (utils.NewToolResultError(err.Error()))
	// may show it.
	return f.argSources(w, call, text, text, depth)
}

// argSources follows the arguments of a call that wraps or shows them:
// its error arguments (as errors, or with errText as text), and the text
// of the calls among them, or that the local variables among them hold
// (with callText): errMsg := fmt.Sprintf("invalid: %v", err) before
// mcp.NewToolResultError(errMsg).
func (f *finder) argSources(w *walk, call *ast.CallExpr, errText, callText bool, depth int) []sourceRef {
	var out []sourceRef
	for _, a := range call.Args {
		if IsError(f.info.TypeOf(a)) {
			out = append(out, f.errorSources(w, a, -1, errText, depth+1)...)
		} else if callText {
			out = append(out, f.errorSources(w, a, -1, callText, depth+1)...)
		}
	}
	return out
}

// errorSlot returns what fn's summary says of its index-th result (its
// error result, for -1), when that result is an error and fn has a
// summary.
func errorSlot(w *walk, fn *types.Func, index int) (Slot, bool) {
	sig := fn.Signature()
	if index < 0 {
		index = errorIndex(sig)
	}
	if !isErrorResultIndex(sig, index) {
		return Slot{}, false
	}
	sum := w.s.summary(fn)
	if sum == nil {
		return Slot{}, false
	}
	return sum.Slot(index), true
}

// paramSources follows a call of a function (a project's
// toolutil.WithHints(res, out, err), a local asToolError(err, code))
// whose error result, its summary says, carries an argument: the sources
// are those of the argument.
func (f *finder) paramSources(w *walk, call *ast.CallExpr, fn *types.Func, index int, text bool, depth int) []sourceRef {
	sig := fn.Signature()
	sl, ok := errorSlot(w, fn, index)
	if !ok {
		return nil
	}
	params := sl.Params
	if text {
		params = append(slices.Clip(params), sl.Mentions...)
	}
	var out []sourceRef
	for _, p := range params {
		for _, a := range ArgsOf(call, sig, p, MethodExprShift(f.info, call.Fun)) {
			if IsError(f.info.TypeOf(a)) {
				out = append(out, f.errorSources(w, a, -1, text, depth+1)...)
			}
		}
	}
	return out
}

// callbackSources returns the function values a call hands to fn whose
// error, fn's summary says, its own error may be: the work a circuit
// breaker or a retry loop runs, breaker.Call(func() error { … }). The
// literal (or the function of the package) is on the error's path as a
// helper called directly would be; a function of another package is
// noted as a foreign source.
func (f *finder) callbackSources(w *walk, call *ast.CallExpr, fn *types.Func, index int) []sourceRef {
	sig := fn.Signature()
	sl, ok := errorSlot(w, fn, index)
	if !ok {
		return nil
	}
	var out []sourceRef
	for _, pc := range sl.Calls {
		if pc.Method != "" {
			continue // a method of an interface value: its implementations are the solver's
		}
		for _, a := range ArgsOf(call, sig, pc.Param, MethodExprShift(f.info, call.Fun)) {
			if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
				if b := f.x.Lit(lit); b != nil && isErrorResultIndex(b.Sig, pc.Result) {
					out = append(out, sourceRef{b: b, call: call})
				}
				continue
			}
			afn := model.FuncOf(f.info, a)
			if afn == nil || isAbstract(afn) {
				continue
			}
			if b := f.x.Decl(afn); b != nil {
				if isErrorResultIndex(b.Sig, pc.Result) {
					out = append(out, sourceRef{b: b, call: call})
				}
				continue
			}
			f.noteForeignSource(afn, call, pc.Result)
		}
	}
	return out
}

// isErrorResultIndex reports whether result index (or the only result,
// for -1) of sig is an error.
func isErrorResultIndex(sig *types.Signature, index int) bool {
	if sig == nil {
		return false
	}
	n := sig.Results().Len()
	if index < 0 {
		if n != 1 {
			return false
		}
		index = 0
	}
	return index < n && isErrorResult(sig.Results().At(index).Type())
}

// isErrorResult reports whether a result of type t is an error as a
// source's is: error, *mcperr.Error, or a project's interface that
// embeds error (types.MCPError, with Code and Details besides).
func isErrorResult(t types.Type) bool {
	return IsErrorOrRuntimeError(t) || types.IsInterface(t) && IsError(t)
}
