package errflow

// What a function names and returns of the runtime: the contract reasons
// it passes to Fail and RecoveryFor (when it runs, wherever in its body),
// the runtime errors it returns (built by a factory or New, possibly
// wrapped, or returned by a function it calls), and, for each result, what
// the value can be (values.go). A walk computes them for the bodies of one
// root, for one round of the fixed point: the literals' summaries depend
// on the callees' of the round.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A walk summarises the functions of one root.
type walk struct {
	s    *solver
	r    *Root
	rf   *rootFacts
	lits map[*ast.FuncLit]*Summary // nil value: being computed
	memo map[valueKey]memoValue    // see valueAt
	// carrying are the expressions carried has followed into a summary:
	// an error re-wrapped in a loop (err = fmt.Errorf("retry: %w", err))
	// is followed once.
	carrying map[carryKey]bool
	// shownCalls, while a query of the methods a text shows runs (see
	// ShownMethods), collects the calls of interface parameters' methods
	// whose errors the text may show.
	shownCalls *[]paramCall
}

type carryKey struct {
	sum  *Summary
	expr ast.Expr
}

// unit summarises one function body: the reasons named when it runs, by
// itself, the literals in it and the functions it calls, the errors it
// returns, and what each of its results can be.
func (w *walk) unit(b *Body) *Summary {
	sum := &Summary{}
	if b == nil || b.Sig == nil {
		return sum
	}
	for _, lit := range b.Lits {
		w.include(sum, lit)
	}
	for _, call := range b.Calls {
		w.call(sum, call)
	}
	for _, id := range b.Refs {
		w.reference(sum, id)
	}
	sum.Printf = w.printfWrapper(b)
	results := b.Sig.Results()
	sum.Results = make([]Slot, results.Len())
	var few [4]Value // as many results as most functions have, not allocated
	values := few[:]
	if results.Len() > len(few) {
		values = make([]Value, results.Len())
	}
	values = values[:results.Len()]
	for i := range values {
		values[i] = Value{NonNil: true, WrapsRPC: true, ContextOnly: true}
	}
	returns := 0
	var fieldBlobs [][]Blob // by result, for struct results
	narrow := narrowing{b: b, info: w.s.info}
	for _, ret := range b.Returns {
		for i := 0; i < results.Len(); i++ {
			origins, zero, ok := w.returned(ret, i, results)
			if !ok {
				values[i].merge(Value{Shape: ShapeUnknown}) // a bare return of an unnamed result
				continue
			}
			if zero {
				values[i].merge(Value{Shape: ShapeNil, ContextOnly: true})
			}
			for _, o := range origins {
				rv := w.value(o.Expr, o.Index)
				rv.Blobs = w.entered(rv.Blobs, ret)
				if IsErrorOrRuntimeError(results.At(i).Type()) {
					w.carried(sum, o.Expr, false)
					w.errorFields(o)
					narrow.add(i, ret, rv)
					rv.Blobs = narrow.local(ret, o, rv.Blobs)
				}
				values[i].merge(rv)
				if IsText(results.At(i).Type()) {
					for _, b := range w.entered(w.textBlobs(o, 0), ret) {
						values[i].addBlob(b)
					}
					values[i].Shows = union(values[i].Shows, w.shownAt(o))
				} else if isStructResult(results.At(i).Type()) {
					for _, bl := range w.structBlobs(o, 0) {
						if fieldBlobs == nil {
							fieldBlobs = make([][]Blob, results.Len())
						}
						fieldBlobs[i] = appendBlob(fieldBlobs[i], bl)
					}
				}
			}
		}
		returns++
	}
	changed := deferredResults(w.s.info, b)
	for i := range values {
		switch {
		case returns == 0:
			values[i] = Value{Shape: ShapeUnknown}
		case changed != nil && changed[i]:
			// A deferred function may give the result another value
			// (if err == nil && cerr != nil { err = cerr }): it may also
			// be one the layer cannot see, besides what is returned.
			values[i].merge(Value{Shape: ShapeUnknown})
		}
		sum.Results[i] = values[i].slot(b.Sig)
		sum.Results[i].Narrow = narrow.slot(i)
		if fieldBlobs != nil && (changed == nil || !changed[i]) {
			sum.Results[i].FieldBlobs = fieldBlobs[i]
		}
	}
	w.failBlobs(sum, b)
	return sum
}

// errorFields records the raw values the text fields of a struct value
// hold when a function returns it as its error: a client library's
// checkResponse sets errorResponse.RawBody to the body it read and returns
// errorResponse. Its callers see an error; one that finds the type with
// errors.As and reads the field shows the body. The package's field
// taints (fieldtaint.go) say so of every value of the type.
func (w *walk) errorFields(o Origin) {
	t := w.s.info.TypeOf(o.Expr)
	if !isStructResult(t) {
		return
	}
	key := typeKey(t)
	if key == "" {
		return
	}
	for _, b := range w.structBlobs(o, 0) {
		if w.s.returnedFields == nil {
			w.s.returnedFields = map[string][]Blob{}
		}
		w.s.returnedFields[key] = appendBlob(w.s.returnedFields[key], b)
	}
}

// failBlobs records, for each text result of a function that also returns
// an error, the raw values it returns with a surely non-nil error — return
// stderr.String(), err in an err != nil branch — and for each other
// result, whether it is returned filled with such an error (return out,
// fmt.Errorf(…)); and the same of the functions whose results it returns
// unchanged (return process.Run(args)).
func (w *walk) failBlobs(sum *Summary, b *Body) {
	n := b.Sig.Results().Len()
	errIndex := errorIndex(b.Sig)
	if errIndex < 0 || NamedResultsDeferred(b) {
		return
	}
	for i := range n {
		if i == errIndex {
			continue
		}
		text := IsText(b.Sig.Results().At(i).Type())
		sl := &sum.Results[i]
		for _, ret := range b.Returns {
			switch {
			case len(ret.Results) == n:
				if !errNonNil(w.s.info, b, ret, ret.Results[errIndex], func(e ast.Expr) bool { return w.value(e, -1).NonNil }) {
					continue
				}
				if ev := w.value(ret.Results[errIndex], -1); ev.Context && ev.ContextOnly {
					continue // cancelled: nobody reads what comes with it
				}
				if !text {
					sl.FailFilled = sl.FailFilled || filled(w.s.info, b, ret.Results[i])
				} else {
					sl.FailBlobs = appendBlobs(sl.FailBlobs, w.textBlobs(Origin{Expr: ret.Results[i], Index: -1}, 0)...)
				}
			case len(ret.Results) == 1:
				call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
				if !ok {
					continue
				}
				for _, c := range w.callees(call) {
					if i >= len(c.sum.Results) {
						continue
					}
					sl.FailFilled = sl.FailFilled || c.sum.Results[i].FailFilled
					for _, bl := range c.sum.Results[i].FailBlobs {
						if c.fn != nil {
							bl.Via = append([]string{model.FuncName(c.fn)}, bl.Via...)
						}
						sl.FailBlobs = appendBlob(sl.FailBlobs, bl)
					}
				}
			}
		}
	}
}

// lit returns the summary of a function literal of the root.
func (w *walk) lit(lit *ast.FuncLit) *Summary {
	if sum, ok := w.lits[lit]; ok {
		if sum == nil { // a literal that calls itself
			return &Summary{}
		}
		return sum
	}
	w.lits[lit] = nil
	sum := w.unit(w.s.x.Lit(lit))
	w.lits[lit] = sum
	return sum
}

// entered returns bs with ret as the entry of each raw value from another
// module that has none yet: in the module's own code, the first return
// that hands on what a library's call gave. A dependency's own returns
// are not entries. bs itself is not changed: values share their lists.
func (w *walk) entered(bs []Blob, ret *ast.ReturnStmt) []Blob {
	if w.s.dependency {
		return bs
	}
	var out []Blob
	for i, b := range bs {
		if !b.Outside || b.EntrySite != "" {
			continue
		}
		if out == nil {
			out = slices.Clone(bs)
		}
		out[i].Entry = Entry{EntrySite: w.s.site(ret.Pos()), EntryPos: ret.Pos()}
	}
	if out == nil {
		return bs
	}
	return out
}

// returned returns what ret gives for result i: the one expression it
// names, or, for a bare return, what the named result may hold there
// (BareResult), and whether that may be its zero value. A library's
// func (c *Client) Create(…) (resp Response, err error) { …; err =
// c.send(req, &resp); return } returns send's error. ok is false for a
// bare return of a result with no name.
func (w *walk) returned(ret *ast.ReturnStmt, i int, results *types.Tuple) (origins []Origin, zero, ok bool) {
	if o, ok := ResultOrigin(ret, i, results.Len()); ok {
		return []Origin{o}, false, true
	}
	v := results.At(i)
	if v.Name() == "" || v.Name() == "_" {
		return nil, false, false
	}
	origins, zero = w.r.Resolver.BareResult(ret, v)
	return origins, zero, true
}

// include adds what a literal nested in a function names: it runs with
// the function's context. Reasons passed in the literal's own parameters
// are read at the calls of the literal instead; when none can be found,
// they are unknown. A literal that escapes (a callback, a goroutine) may
// hand its errors back some other way: they count as produced, but are
// not held against a contract.
func (w *walk) include(sum *Summary, lit *ast.FuncLit) {
	child := w.lit(lit)
	sum.Dynamic = sum.Dynamic || child.Dynamic
	escapes := !w.rf.called[lit]
	for _, e := range child.Effects {
		own := e.param != nil && w.owner(e.param) == ast.Node(lit)
		switch {
		case own && escapes:
			sum.Dynamic = true
		case own:
		case e.Kind == ReturnKind && escapes:
			e.Inspected = true
			sum.add(e)
		case e.Kind == ReturnKind:
		default:
			sum.add(e)
		}
	}
}

// reference adds what a function referenced without being called (a
// method value or a function passed as a callback) names and returns, as
// include does for an escaping literal.
func (w *walk) reference(sum *Summary, id *ast.Ident) {
	fn, ok := w.s.info.Uses[id].(*types.Func)
	if !ok || isAbstract(fn) || inRuntime(fn) {
		return
	}
	dynamic := w.s.calleeEffects(fn.Origin(), id, func(ce calleeEffect) {
		if ce.param >= 0 {
			sum.Dynamic = true
			return
		}
		if ce.Kind == ReturnKind {
			ce.Inspected = true
		}
		sum.add(ce.Effect)
	})
	sum.Dynamic = sum.Dynamic || dynamic
}

// call adds the reasons a call names: Fail and RecoveryFor by themselves,
// other functions by their summaries.
func (w *walk) call(sum *Summary, call *ast.CallExpr) {
	fn, lit, shift := w.target(call)
	switch {
	case lit != nil:
		child := w.lit(lit)
		sum.Dynamic = sum.Dynamic || child.Dynamic
		for _, e := range child.Effects {
			if e.Kind == ReturnKind {
				continue
			}
			if e.param != nil && w.owner(e.param) == ast.Node(lit) {
				w.substitute(sum, e, call, litParamIndex(w.s.info, lit, e.param), nil)
				continue
			}
			sum.add(e)
		}
	case fn == nil:
	case model.IsRuntimeFunc(fn, "Fail"):
		if len(call.Args) >= 2 {
			w.name(sum, FailKind, call.Args[1])
		}
	case model.IsRuntimeFunc(fn, "RecoveryFor"):
		if len(call.Args) >= 2 && !w.rf.paired[call] {
			w.name(sum, RecoveryKind, call.Args[1])
		}
	case inRuntime(fn):
	default:
		dynamic := w.s.calleeEffects(fn, call, func(ce calleeEffect) {
			switch {
			case ce.Kind == ReturnKind:
			case ce.param >= 0:
				w.substitute(sum, ce.Effect, call, ce.param+shift, fn)
			default:
				sum.add(ce.Effect)
			}
		})
		sum.Dynamic = sum.Dynamic || dynamic
	}
}

// name adds the reasons an expression passed to Fail or RecoveryFor can
// be.
func (w *walk) name(sum *Summary, kind uint8, expr ast.Expr) {
	for _, r := range w.reasons(expr) {
		switch {
		case r.dynamic:
			sum.Dynamic = true
			if kind == FailKind {
				w.s.noteDynamic(r.node, nil)
			}
		case r.param != nil:
			sum.add(Effect{Kind: kind, Site: w.s.site(r.node.Pos()), param: r.param, At: r.node})
		default:
			sum.add(Effect{Kind: kind, Reason: r.name, Site: w.s.site(r.node.Pos()), At: r.node})
		}
	}
}

// substitute adds an effect whose reason is a parameter of the function
// called, reading the reason from the call's argument.
func (w *walk) substitute(sum *Summary, e Effect, call *ast.CallExpr, arg int, fn *types.Func) {
	if arg < 0 || arg >= len(call.Args) || call.Ellipsis.IsValid() && arg == len(call.Args)-1 {
		sum.Dynamic = true
		return
	}
	for _, r := range w.reasons(call.Args[arg]) {
		ne := e
		ne.param, ne.Param, ne.Reason = nil, 0, ""
		switch {
		case r.dynamic:
			sum.Dynamic = true
			if e.Kind == FailKind {
				w.s.noteDynamic(r.node, fn)
			}
			continue
		case r.param != nil:
			ne.param = r.param
		default:
			ne.Reason = r.name
		}
		ne.Site = w.s.site(r.node.Pos())
		ne.At = r.node
		if fn != nil {
			ne.Via = fn // the reason is passed to fn here
		}
		sum.add(ne)
	}
}

// A reasonRef is what a reason expression can be: a constant, a parameter
// of the root or of a literal in it, or neither.
type reasonRef struct {
	name    string
	param   *types.Var
	dynamic bool
	node    ast.Expr // where it is written
}

// reasons returns what a reason expression can be, following local
// variables: reason := "a"; if x { reason = "b" } names both.
func (w *walk) reasons(expr ast.Expr) []reasonRef {
	if s, ok := StringConst(w.s.info, expr); ok {
		return []reasonRef{{name: s, node: expr}}
	}
	var out []reasonRef
	for _, o := range w.r.Resolver.Origins(expr) {
		if s, ok := StringConst(w.s.info, o); ok {
			out = append(out, reasonRef{name: s, node: o})
			continue
		}
		if s, ok := w.s.entryVarReason(o); ok {
			out = append(out, reasonRef{name: s, node: o})
			continue
		}
		if id, ok := o.(*ast.Ident); ok {
			if v, ok := w.s.info.Uses[id].(*types.Var); ok && w.owner(v) != nil {
				out = append(out, reasonRef{param: v, node: expr})
				continue
			}
		}
		out = append(out, reasonRef{dynamic: true, node: expr})
	}
	return out
}

// entryVarReason returns the reason of expr when it reads the Reason of a
// contract entry variable known to be constant: entry.Reason.
func (s *solver) entryVarReason(expr ast.Expr) (string, bool) {
	sel, ok := expr.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Reason" {
		return "", false
	}
	if sl, ok := s.info.Selections[sel]; !ok || sl.Kind() != types.FieldVal || len(sl.Index()) != 1 {
		return "", false
	}
	v := packageVar(s.info, ast.Unparen(sel.X))
	if v == nil || !model.IsNamed(v.Type(), model.RuntimePath, "Contract") {
		return "", false
	}
	if v.Pkg() == s.pass.Pkg {
		reason, ok := s.entries[v]
		return reason, ok
	}
	fact := new(entryFact)
	if !s.pass.ImportObjectFact(v, fact) {
		return "", false
	}
	return fact.Reason, true
}

// carried adds the errors built by the runtime that an error expression
// can hold: created by a factory or New, wrapped with %w or errors.Join,
// or returned by a function called. An error passed as another's cause is
// not carried: CodeOf and the wire see the outer error first.
func (w *walk) carried(sum *Summary, expr ast.Expr, inspected bool) {
	k := carryKey{sum, ast.Unparen(expr)}
	if w.carrying[k] {
		return
	}
	if w.carrying == nil {
		w.carrying = map[carryKey]bool{}
	}
	w.carrying[k] = true
	for _, o := range w.r.Resolver.Origins(expr) {
		in := inspected || w.rf.inspected[o]
		switch o := o.(type) {
		case *ast.CallExpr:
			w.carriedCall(sum, o, in)
		case *ast.TypeAssertExpr:
			if o.Type != nil {
				w.carried(sum, o.X, in)
			}
		case *ast.Ident, *ast.SelectorExpr:
			if v := packageVar(w.s.info, o); v != nil {
				for _, e := range w.s.varEffects(v, o) {
					e.Inspected = e.Inspected || in
					sum.add(e)
				}
			}
		}
	}
}

func (w *walk) carriedCall(sum *Summary, call *ast.CallExpr, inspected bool) {
	if tv, ok := w.s.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 { // error(e)
			w.carried(sum, call.Args[0], inspected)
		}
		return
	}
	fn, lit, shift := w.target(call)
	switch {
	case lit != nil:
		for _, e := range w.lit(lit).Effects {
			if e.Kind != ReturnKind {
				continue
			}
			e.Inspected = e.Inspected || inspected
			if e.param != nil && w.owner(e.param) == ast.Node(lit) {
				w.substitute(sum, e, call, litParamIndex(w.s.info, lit, e.param), nil)
				continue
			}
			sum.add(e)
		}
	case fn == nil:
	case inRuntime(fn):
		if code, ok := model.FactoryCode(fn); ok {
			w.produce(sum, call, int64(code), 1, inspected)
		} else if model.IsRuntimeFunc(fn, "New") {
			code, _ := IntConst(w.s.info, argAt(call, 0))
			w.produce(sum, call, code, 2, inspected)
		} else if model.IsRuntimeFunc(fn, "FromHTTPResponse") {
			w.produceByStatus(sum, call, inspected)
		} else if model.IsRuntimeFunc(fn, "Retry") && len(call.Args) == 3 {
			w.retried(sum, call.Args[2], inspected)
		}
	case model.IsFunc(fn, "fmt", "Errorf"):
		wrapped, _ := Wrapped(w.s.info, call)
		for _, arg := range wrapped {
			w.carried(sum, arg, inspected)
		}
	case model.IsFunc(fn, "errors", "Join"):
		if !call.Ellipsis.IsValid() {
			for _, arg := range call.Args {
				w.carried(sum, arg, inspected)
			}
		}
	default:
		dynamic := w.s.calleeEffects(fn, call, func(ce calleeEffect) {
			if ce.Kind != ReturnKind {
				return
			}
			ce.Inspected = ce.Inspected || inspected
			if ce.param >= 0 {
				w.substitute(sum, ce.Effect, call, ce.param+shift, fn)
				return
			}
			sum.add(ce.Effect)
		})
		sum.Dynamic = sum.Dynamic || dynamic
	}
}

// retried adds the errors of the function given to mcperr.Retry, which
// returns the last attempt's error, or an error with its code and reason
// that wraps it: a literal's returns, or a named function's or method
// value's summary. The function's one parameter is Retry's context, never
// an error.
func (w *walk) retried(sum *Summary, arg ast.Expr, inspected bool) {
	if lit, ok := ast.Unparen(arg).(*ast.FuncLit); ok {
		for _, e := range w.lit(lit).Effects {
			if e.Kind != ReturnKind || e.param != nil && w.owner(e.param) == ast.Node(lit) {
				continue
			}
			e.Inspected = e.Inspected || inspected
			sum.add(e)
		}
		return
	}
	fn := model.FuncOf(w.s.info, arg)
	if fn == nil || isAbstract(fn) {
		return // a function value: what it returns cannot be known
	}
	dynamic := w.s.calleeEffects(fn, arg, func(ce calleeEffect) {
		if ce.Kind != ReturnKind || ce.param >= 0 {
			return
		}
		ce.Inspected = ce.Inspected || inspected
		sum.add(ce.Effect)
	})
	sum.Dynamic = sum.Dynamic || dynamic
}

// produceByStatus adds the error mcperr.FromHTTPResponse builds: its
// code is the response status's, unless an option overrides it.
func (w *walk) produceByStatus(sum *Summary, call *ast.CallExpr, inspected bool) {
	var from Summary
	w.produce(&from, call, 0, 1, inspected)
	byStatus := !w.overridesCode(call.Args[1:]) && !statusTested(w.r.Body.Block, call)
	for _, e := range from.Effects {
		e.ByStatus = byStatus
		sum.add(e)
	}
	sum.Dynamic = sum.Dynamic || from.Dynamic
}

// statusTested reports whether call lies in an if or a case chosen by
// comparing a response's StatusCode with a value: if resp.StatusCode ==
// http.StatusNotFound { return mcperr.FromHTTPResponse(resp,
// mcperr.WithReason("not_found")) } knows the code it builds; a range
// (>= 400) does not.
func statusTested(block *ast.BlockStmt, call *ast.CallExpr) bool {
	isStatus := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "StatusCode"
	}
	compares := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.EQL && (isStatus(b.X) || isStatus(b.Y)) {
				found = true
			}
			return !found
		})
		return found
	}
	found, tagged := false, false
	ast.Inspect(block, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > call.Pos() || n.End() < call.End() {
			return false // only nodes enclosing the call
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			found = Within(call, n.Body) && compares(n.Cond)
		case *ast.SwitchStmt:
			tagged = n.Tag != nil && isStatus(n.Tag)
		case *ast.CaseClause:
			found = tagged && len(n.List) > 0
			for _, e := range n.List {
				found = found || compares(e)
			}
		}
		return !found
	})
	return found
}

// overridesCode reports whether options may set FromHTTPResponse's code:
// WithCodeOverride, or an option it cannot see into.
func (w *walk) overridesCode(opts []ast.Expr) bool {
	for _, arg := range opts {
		opt, ok := ast.Unparen(arg).(*ast.CallExpr)
		if !ok {
			return true
		}
		fn := model.Callee(w.s.info, opt)
		if fn == nil || !inRuntime(fn) || model.IsRuntimeFunc(fn, "WithCodeOverride") {
			return true
		}
	}
	return false
}

// produce adds the error a runtime constructor call builds, with the
// reasons its options give it; opts is the index of its first option.
func (w *walk) produce(sum *Summary, call *ast.CallExpr, code int64, opts int, inspected bool) {
	refs, known := w.optionReasons(call, opts)
	if !known {
		sum.Dynamic = true
		return
	}
	if len(refs) == 0 {
		if code != 0 {
			sum.add(Effect{Kind: ReturnKind, Code: code, Inspected: inspected, Site: w.s.site(call.Pos()), At: call})
		}
		return
	}
	for _, r := range refs {
		e := Effect{Kind: ReturnKind, Code: code, Inspected: inspected, Site: w.s.site(r.node.Pos()), At: r.node}
		switch {
		case r.dynamic:
			sum.Dynamic = true
			continue
		case r.param != nil:
			e.param = r.param
		default:
			e.Reason = r.name
		}
		sum.add(e)
	}
}

// optionReasons returns the reasons the options of a constructor call
// (from index first) give the error: WithReason, or WithData("reason",
// ...). It reports false when an option cannot be known: a variadic
// argument, or an option from anywhere but the runtime.
func (w *walk) optionReasons(call *ast.CallExpr, first int) (refs []reasonRef, known bool) {
	for i := first; i < len(call.Args); i++ {
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
			return nil, false
		}
		for _, o := range w.r.Resolver.Origins(call.Args[i]) {
			if IsNil(w.s.info, o) {
				continue
			}
			opt, ok := o.(*ast.CallExpr)
			if !ok {
				return nil, false
			}
			fn := model.Callee(w.s.info, opt)
			switch {
			case model.IsRuntimeFunc(fn, "WithReason") && len(opt.Args) == 1:
				refs = append(refs, w.reasons(opt.Args[0])...)
			case model.IsRuntimeFunc(fn, "WithData") && len(opt.Args) == 2:
				key, ok := StringConst(w.s.info, opt.Args[0])
				if !ok {
					return nil, false
				}
				if key == "reason" && IsString(w.s.info.TypeOf(opt.Args[1])) {
					refs = append(refs, w.reasons(opt.Args[1])...)
				}
			case inRuntime(fn):
				// Any other option of the runtime (WithCause, WithRecovery,
				// RecoveryFor...) leaves the reason alone.
			default:
				return nil, false
			}
		}
	}
	return refs, true
}

// target returns what a call calls: a declared function or method (with
// the offset of its parameters in the arguments: 1 for a method
// expression), or a literal of the root. Interface methods and function
// values that cannot be resolved to one function give neither.
func (w *walk) target(call *ast.CallExpr) (fn *types.Func, lit *ast.FuncLit, shift int) {
	return w.targetOf(call, model.Callee(w.s.info, call))
}

// targetOf is target, given the call's static callee (model.Callee).
func (w *walk) targetOf(call *ast.CallExpr, callee *types.Func) (fn *types.Func, lit *ast.FuncLit, shift int) {
	if fn := callee; fn != nil {
		if isAbstract(fn) {
			return nil, nil, 0
		}
		return fn, nil, MethodExprShift(w.s.info, call.Fun)
	}
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return nil, fun, 0
	case *ast.Ident:
		origins := w.r.Resolver.Origins(fun)
		if len(origins) != 1 || origins[0] == ast.Expr(fun) {
			return nil, nil, 0
		}
		switch o := origins[0].(type) {
		case *ast.FuncLit:
			return nil, o, 0
		default:
			if fn := model.FuncOf(w.s.info, o); fn != nil && !isAbstract(fn) {
				return fn, nil, MethodExprShift(w.s.info, o)
			}
		}
	}
	return nil, nil, 0
}

// pairRecoveries records the RecoveryFor options of a Fail or constructor
// call (fn, its static callee) that name the reason the call itself names.
func (w *walk) pairRecoveries(call *ast.CallExpr, fn *types.Func) {
	if !inRuntime(fn) {
		return
	}
	named := map[string]bool{}
	first := 0
	switch {
	case model.IsRuntimeFunc(fn, "Fail"):
		if s, ok := StringConst(w.s.info, argAt(call, 1)); ok {
			named[s] = true
		}
		first = 3
	case model.IsRuntimeFunc(fn, "New"):
		first = 2
	case model.IsRuntimeFunc(fn, "FromHTTPResponse"):
		first = 1
	default:
		if _, ok := model.FactoryCode(fn); !ok {
			return
		}
		first = 1
	}
	var recoveries []*ast.CallExpr
	for i := first; i < len(call.Args); i++ {
		for _, o := range w.r.Resolver.Origins(call.Args[i]) {
			opt, ok := o.(*ast.CallExpr)
			if !ok {
				continue
			}
			switch optFn := model.Callee(w.s.info, opt); {
			case model.IsRuntimeFunc(optFn, "WithReason"):
				if s, ok := StringConst(w.s.info, argAt(opt, 0)); ok {
					named[s] = true
				}
			case model.IsRuntimeFunc(optFn, "RecoveryFor"):
				recoveries = append(recoveries, opt)
			}
		}
	}
	for _, rec := range recoveries {
		if s, ok := StringConst(w.s.info, argAt(rec, 1)); ok && named[s] {
			w.rf.paired = setTrue(w.rf.paired, rec)
		}
	}
}

// owner returns the body of the root whose parameter v is, or nil.
func (w *walk) owner(v *types.Var) ast.Node {
	if v == nil || v.Kind() != types.ParamVar {
		return nil
	}
	var owner ast.Node
	for _, b := range w.r.Bodies {
		if declares(b, v) {
			owner = b.Node // the innermost, should a literal be written in a signature
		}
	}
	return owner
}

// declares reports whether v is one of the parameters b's function lists.
func declares(b *Body, v *types.Var) bool {
	ftype := b.FuncType()
	return ftype != nil && ftype.Params != nil && ftype.Params.Pos() <= v.Pos() && v.Pos() < ftype.Params.End()
}

func litParamIndex(info *types.Info, lit *ast.FuncLit, v *types.Var) int {
	sig, _ := info.TypeOf(lit).(*types.Signature)
	return paramIndex(sig, v)
}

// deferredResults reports, for each result of a function with named
// results, whether a call it defers may change it: a deferred literal
// that assigns it, or a deferred call given its address (defer
// recoverInto(&err)). A deferred call that names no result (defer
// res.Body.Close()) changes none.
func deferredResults(info *types.Info, b *Body) []bool {
	if !NamedResultsDeferred(b) {
		return nil
	}
	results := b.Sig.Results()
	index := map[*types.Var]int{}
	for i := range results.Len() {
		index[results.At(i)] = i
	}
	changed := make([]bool, results.Len())
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				if i, ok := index[v]; ok {
					changed[i] = true
				}
			}
		}
	}
	ast.Inspect(b.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				ast.Inspect(lit.Body, func(m ast.Node) bool {
					switch m := m.(type) {
					case *ast.AssignStmt:
						for _, lhs := range m.Lhs {
							mark(lhs)
						}
					case *ast.UnaryExpr:
						if m.Op == token.AND {
							mark(m.X)
						}
					}
					return true
				})
			} else if _, isIdent := ast.Unparen(n.Call.Fun).(*ast.Ident); isIdent && model.Callee(info, n.Call) == nil {
				// defer cleanup(), a local function value: what it
				// assigns is not read here.
				for i := range changed {
					changed[i] = true
				}
			}
			for _, a := range n.Call.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
					mark(u.X)
				}
			}
		}
		return true
	})
	return changed
}

// NamedResultsDeferred reports whether a function with named results
// defers a call: the deferred function may change what is returned.
func NamedResultsDeferred(b *Body) bool {
	if b.Sig == nil || b.Sig.Results().Len() == 0 || b.Sig.Results().At(0).Name() == "" {
		return false
	}
	found := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// printfWrapper returns 1 + the index of the format parameter of a
// function that hands its format and its variadic arguments on to a
// printf-like function — fmt.Sprintf, fmt.Errorf, mcp-go's
// NewToolResultErrorf, or another such wrapper — as go vet's printf check
// finds wrappers: errorResult(format string, args ...any) builds its
// result's text with fmt.Sprintf(format, args...). Its callers' format
// and operands are then read as the wrapped function's would be. 0 for
// any other function.
func (w *walk) printfWrapper(b *Body) int {
	params := b.Sig.Params()
	n := params.Len()
	if !b.Sig.Variadic() || n < 2 || !IsString(params.At(n-2).Type()) {
		return 0
	}
	if elem, ok := params.At(n - 1).Type().(*types.Slice); !ok || !types.IsInterface(elem.Elem()) {
		return 0
	}
	format, args := params.At(n-2), params.At(n-1)
	for _, call := range b.Calls {
		k := len(call.Args)
		if !call.Ellipsis.IsValid() || k < 2 || localVar(w.s.info, call.Args[k-1]) != args || localVar(w.s.info, call.Args[k-2]) != format {
			continue
		}
		fn := model.Callee(w.s.info, call)
		switch {
		case fn == nil:
		case model.IsFunc(fn, "fmt", "Sprintf"), model.IsFunc(fn, "fmt", "Errorf"), model.IsFunc(fn, model.MCPGoPath, "NewToolResultErrorf"):
			return n - 1
		default:
			if sum := w.s.summary(fn); sum != nil && sum.Printf == k-1 {
				return n - 1
			}
		}
	}
	return 0
}
