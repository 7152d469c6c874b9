package errflow

// A handler builds its answer from what the package's helpers give it.
// A helper without an error result, or one that returns a nil error, has
// no way to say it failed but the value it returns: when it turns a
// failure into an empty value (return false, return "", a bare return
// before it fills the map it was given), the handler cannot tell the
// failure from a real, empty answer, and answers with it. The layer
// records the functions of the package a handler calls, directly or
// through other such functions, so that no-fake-empty-result can judge
// them as it judges the handler.

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A Callee is a function of the package that a handler calls, directly or
// through other callees, for its answer: a call whose value only goes
// into an error's text does not count (see onlyInErrors).
type Callee struct {
	Body *Body
	// Handler is the first handler found to reach it, on Path.
	Handler *Handler
	Path    *Path
	// Call is the handler's call that leads to it (of the callee itself,
	// or of the first callee on the way).
	Call *ast.CallExpr
	// Via names the callees between the handler and this one.
	Via []*Body
	// FailsClosed reports that every call of it in the package fails on
	// its empty answer: an access check answering "no" when it cannot
	// decide (see failclosed.go).
	FailsClosed bool
}

// maxCallees bounds how many callees a package's handlers have, and
// maxCalleeDepth how many calls deep they are followed.
const (
	maxCallees     = 10000
	maxCalleeDepth = 4
)

// findCallees records the functions of the package the handlers call,
// breadth first, so that each is reached by its shortest chain.
func (f *finder) findCallees() {
	seen := map[*Body]bool{}
	var queue []*Callee
	for _, h := range f.order {
		if h.Body == nil || len(h.Paths) == 0 || h.Candidate {
			continue
		}
		seen[h.Body] = true
	}
	// follow records the functions body calls, reached from the handler's
	// call (parent nil) or through the callee parent.
	follow := func(body *Body, h *Handler, parent *Callee) {
		for _, call := range f.callsWithin(body) {
			b := f.x.Decl(model.Callee(f.info, call))
			if b == nil || seen[b] || len(f.r.Callees) >= maxCallees || f.onlyInErrors(body, call) || f.notAnswer(body, call) {
				continue
			}
			seen[b] = true
			c := &Callee{Body: b, Handler: h, Path: h.Paths[0], Call: call, FailsClosed: f.failsClosed(b.Func)}
			if parent != nil {
				c.Path, c.Call = parent.Path, parent.Call
				c.Via = append(parent.Via[:len(parent.Via):len(parent.Via)], parent.Body)
			}
			f.r.Callees = append(f.r.Callees, c)
			queue = append(queue, c)
		}
	}
	for _, h := range f.order {
		if h.Body != nil && len(h.Paths) > 0 && !h.Candidate {
			follow(h.Body, h, nil)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if len(c.Via) < maxCalleeDepth-1 {
			follow(c.Body, c.Handler, c)
		}
	}
}

// callsWithin returns the calls written in b and in the function literals
// nested in it: a handler calls its helpers from goroutines and callbacks
// too.
func (f *finder) callsWithin(b *Body) []*ast.CallExpr {
	if len(b.Lits) == 0 {
		return b.Calls
	}
	var out []*ast.CallExpr
	for _, nb := range b.Nested() {
		out = append(out, nb.Calls...)
	}
	return out
}

// onlyInErrors reports whether the value of call, made in b, only goes
// into the text of errors: available := listNames(ctx) before
// fmt.Errorf("unknown name; available: %v", available). Such a helper's
// answer is a hint in a failure, not the handler's answer.
func (f *finder) onlyInErrors(b *Body, call *ast.CallExpr) bool {
	v := assignedLocal(f.info, b.Block, call)
	if v == nil {
		return false
	}
	uses, inErrors := 0, 0
	depth := 0 // how many error-building calls enclose the node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn := model.Callee(f.info, n); model.IsFunc(fn, "fmt", "Errorf") || model.IsFunc(fn, "errors", "New") {
				depth++
				for _, a := range n.Args {
					ast.Inspect(a, visit)
				}
				depth--
				return false
			}
		case *ast.Ident:
			if f.info.Uses[n] == v {
				uses++
				if depth > 0 {
					inErrors++
				}
			}
		}
		return true
	}
	ast.Inspect(b.Block, visit)
	return uses > 0 && uses == inErrors
}

// notAnswer reports whether the values of call, made in b, never reach
// what b returns: they are assigned to locals, and nothing those locals
// flow into — locals assigned from them, locals a call or method given
// them may fill, a struct whose field gets them — is returned. An
// analytics middleware's intent, resolved for the event it records and
// not for the tool's answer, is such a value: the helper's empty value
// on failure fails nothing the client reads. A value that leaves the
// function's locals (a field of a parameter, a package variable, a named
// result) may be the answer.
func (f *finder) notAnswer(b *Body, call *ast.CallExpr) bool {
	tracked := map[*types.Var]bool{}
	for _, v := range b.Root.Resolver.assignedFrom(outermostCall(b.Block, call)) {
		tracked[v] = true
	}
	if len(tracked) == 0 {
		return false
	}
	// local reports whether v is the function's own: a parameter
	// rebound (ctx = with(ctx, v)) is, one written through is not.
	local := func(v *types.Var, through bool) bool {
		return v != nil && !v.IsField() && !(through && IsParam(v)) && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && !isNamedResult(b.Sig, v)
	}
	mentions := func(n ast.Node) bool { return MentionsAny(f.info, n, tracked) }
	// taint marks the variable e names (the root of a selector or an
	// index, the operand of & or *) as holding a tracked value; false
	// when it is not a local of the function: the value may leave it.
	var taintVia func(e ast.Expr, through bool) bool
	taintVia = func(e ast.Expr, through bool) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := f.info.ObjectOf(e).(*types.Var)
			if e.Name == "_" || v == nil {
				return true
			}
			if !local(v, through) {
				return false
			}
			tracked[v] = true
		case *ast.SelectorExpr:
			if _, isPkg := f.info.Uses[identOf(e.X)].(*types.PkgName); isPkg {
				return false // a package's variable
			}
			return taintVia(e.X, true)
		case *ast.IndexExpr:
			return taintVia(e.X, true)
		case *ast.StarExpr:
			return taintVia(e.X, true)
		case *ast.UnaryExpr:
			return taintVia(e.X, true)
		}
		return true
	}
	taint := func(e ast.Expr) bool { return taintVia(e, false) }
	for {
		before, escaped := len(tracked), false
		ast.Inspect(b.Block, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if slices.ContainsFunc(n.Rhs, func(e ast.Expr) bool { return mentions(e) }) {
					for _, l := range n.Lhs {
						escaped = !taint(l) || escaped
					}
				}
			case *ast.ValueSpec:
				if slices.ContainsFunc(n.Values, func(e ast.Expr) bool { return mentions(e) }) {
					for _, name := range n.Names {
						escaped = !taint(name) || escaped
					}
				}
			case *ast.RangeStmt:
				if mentions(n.X) {
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if e != nil {
							escaped = !taint(e) || escaped
						}
					}
				}
			case *ast.CallExpr:
				// A call given a tracked value may fill the locals it is
				// also given, its receiver included. (What it does with
				// the value beyond them — an event it records — is not
				// the function's answer.)
				if mentions(n) {
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						// A local it may fill; not the function's own
						// receiver or parameters, whose state a method
						// keeps for itself (the events it records).
						if fn := model.Callee(f.info, n); fn != nil && fn.Signature().Recv() != nil && fillable(fn.Signature().Recv().Type()) && !rootedAtParam(f.info, sel.X) {
							taint(sel.X)
						}
					}
					for _, a := range n.Args {
						if _, addr := ast.Unparen(a).(*ast.UnaryExpr); addr || fillable(f.info.TypeOf(a)) {
							taint(a)
						}
					}
				}
			case *ast.SendStmt:
				escaped = mentions(n.Value) || escaped
			}
			return true
		})
		if escaped {
			return false
		}
		if len(tracked) == before {
			break
		}
	}
	answered := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && mentions(ret) {
			answered = true
		}
		return !answered
	})
	return !answered
}

// rootedAtParam reports whether e is a parameter (or receiver) of the
// function it is in, or a field of one.
func rootedAtParam(info *types.Info, e ast.Expr) bool {
	v := RootVar(info, e)
	return v != nil && IsParam(v)
}

// fillable reports whether a call given a value of type t can put
// something into it for its caller to read: a pointer, a map, a slice, a
// channel, an interface other than a context (which holds what it was
// made with).
func fillable(t types.Type) bool {
	if t == nil || model.IsContext(t) {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Interface:
		return true
	}
	return false
}

// outermostCall returns the call whose arguments hold call, directly or
// through other calls' (withProperties(ctx, resolve(req))), or call
// itself: the call whose value carries call's.
func outermostCall(block *ast.BlockStmt, call *ast.CallExpr) ast.Expr {
	var out ast.Expr = call
	for changed := true; changed; {
		changed = false
		ast.Inspect(block, func(n ast.Node) bool {
			outer, ok := n.(*ast.CallExpr)
			if !ok || changed {
				return !changed
			}
			for _, a := range outer.Args {
				if ast.Unparen(a) == out {
					out, changed = outer, true
					return false
				}
			}
			return true
		})
	}
	return out
}

// isNamedResult reports whether v is a named result of sig.
func isNamedResult(sig *types.Signature, v *types.Var) bool {
	if sig == nil {
		return false
	}
	for i := range sig.Results().Len() {
		if sig.Results().At(i) == v {
			return true
		}
	}
	return false
}

// identOf returns the identifier e is, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// assignedLocal returns the local variable that block assigns the one
// value of call to (v := call), or nil.
func assignedLocal(info *types.Info, block *ast.BlockStmt, call *ast.CallExpr) *types.Var {
	var v *types.Var
	ast.Inspect(block, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if v != nil || !ok {
			return v == nil
		}
		if len(as.Lhs) == 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				v, _ = info.ObjectOf(id).(*types.Var)
			}
		}
		return true
	})
	return v
}

// ZeroValue reports whether expr, returned by b, is a value that says
// nothing: an empty success (see EmptySuccess), or a constant zero value
// (false, "", 0).
func (r *Result) ZeroValue(b *Body, expr ast.Expr) bool {
	return r.EmptySuccess(b, expr) || zeroConstant(r.pass.TypesInfo, ast.Unparen(expr))
}

// FailedCall reports whether the error br handles may be one a call of
// b's function returned while doing its work: not an error it was given
// (a parameter), the caller giving up (ctx.Err()), a value it was given
// found malformed (strconv.Atoi, url.Parse: see malformedInput), nor
// json.Marshal's, whose errors are the program's mistakes (a type it
// cannot encode) rather than failures at run time.
func (r *Result) FailedCall(b *Body, br *Branch) bool {
	info := r.pass.TypesInfo
	for _, o := range b.Root.Resolver.varOrigins(br.Err) {
		call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
		if ok && !IsContextError(info, call) && !malformedInput(model.Callee(info, call)) {
			return true
		}
	}
	return false
}

// FailedValues returns the variables the calls that br's error comes
// from gave their other results to (v in v, err := f()). None when they
// give nothing else or every other result is dropped (_, err :=
// c.Delete(id)): the call was an action, and a success after it claims
// it happened.
func (r *Result) FailedValues(b *Body, br *Branch) []*types.Var {
	var out []*types.Var
	for _, o := range b.Root.Resolver.varOrigins(br.Err) {
		for _, v := range b.Root.Resolver.assignedFrom(o.Expr) {
			if v != br.Err && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// FillsParam reports whether b writes into what a parameter points to: an
// element of a map or slice, a field through a pointer, the pointee. Such
// a function's answer is what it fills in, and returning early leaves it
// empty.
func (r *Result) FillsParam(b *Body) bool {
	info := r.pass.TypesInfo
	isParam := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*types.Var)
		return ok && declares(b, v)
	}
	fills := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if fills {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, lhs := range as.Lhs {
			switch l := ast.Unparen(lhs).(type) {
			case *ast.IndexExpr:
				fills = fills || isParam(l.X)
			case *ast.SelectorExpr:
				_, ptr := info.TypeOf(l.X).Underlying().(*types.Pointer)
				fills = fills || ptr && isParam(l.X)
			case *ast.StarExpr:
				fills = fills || isParam(l.X)
			}
		}
		return true
	})
	return fills
}
