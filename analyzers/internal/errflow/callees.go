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
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

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

// IsHandler reports whether the callee is a read's handler itself (see
// Result.ReadHandlers), not a function a handler calls.
func (c *Callee) IsHandler() bool { return c.Handler != nil && c.Handler.Body == c.Body }

// maxCallees bounds how many callees a package's handlers have, and
// maxCalleeDepth how many calls deep they are followed.
const (
	maxCallees     = 10000
	maxCalleeDepth = 4
)

// findCallees records the functions of the package the handlers call,
// breadth first, so that each is reached by its shortest chain, and the
// functions of other packages they call for their answer (see
// ForeignCallees).
func (f *finder) findCallees() {
	seen := map[*Body]bool{}
	var queue []*Callee
	for _, h := range f.order {
		if h.Body == nil || len(h.Paths) == 0 || h.Candidate {
			continue
		}
		seen[h.Body] = true
	}
	for _, h := range f.r.ReadHandlers {
		seen[h.Body] = true
	}
	noted := map[*types.Func]bool{}
	// follow records the functions body calls, reached from the handler's
	// call (parent nil) or through the callee parent.
	follow := func(body *Body, h *Handler, parent *Callee) {
		local, foreign := f.answerCalls(body, func(b *Body) bool { return seen[b] }, func(fn *types.Func) bool { return noted[fn] })
		for _, fs := range foreign {
			if !noted[fs.Func] {
				noted[fs.Func] = true
				f.r.ForeignCallees = append(f.r.ForeignCallees, fs)
			}
		}
		for _, ac := range local {
			b := ac.b
			if seen[b] || len(f.r.Callees) >= maxCallees {
				continue
			}
			seen[b] = true
			c := &Callee{Body: b, Handler: h, Path: h.Paths[0], Call: ac.call, FailsClosed: f.failsClosed(b.Func)}
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
	// A read's handler answers as a tool handler's callee does: it is
	// judged as one, and so are the functions it answers with.
	for _, h := range f.r.ReadHandlers {
		c := &Callee{Body: h.Body, Handler: h, Path: h.Paths[0]}
		f.r.Callees = append(f.r.Callees, c)
		follow(h.Body, h, nil)
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if len(c.Via) < maxCalleeDepth-1 {
			follow(c.Body, c.Handler, c)
		}
	}
}

// answerCalls returns the calls of body whose value may be its answer:
// of functions of the package (with their bodies), and of exported
// functions of other packages of the program whose results are more
// than an error (GetDeals(ctx, params) of the client package, which
// returns the deals). A call whose value only goes into an error's text,
// or never reaches the answer, is neither. The calls of functions known
// (a body of the package, a function of another) are passed over before
// the costlier questions are asked.
func (f *finder) answerCalls(body *Body, knownBody func(*Body) bool, knownFunc func(*types.Func) bool) (local []siteCall, foreign []ForeignSource) {
	for _, call := range f.callsWithin(body) {
		fn := model.Callee(f.info, call)
		if fn == nil {
			continue
		}
		// An interface's method runs the implementations the program has
		// (store.Count(), a RemoteStore's among them).
		targets := []*types.Func{fn}
		var funcs []*types.Func
		if isAbstract(fn) {
			targets = f.r.answerImplementations(fn)
			if len(targets) == 0 && f.r.WiredElsewhere(fn) && !knownFunc(fn) {
				funcs = append(funcs, fn) // its package and the program's main know more
			}
		}
		var bodies []*Body
		for _, t := range targets {
			if b := f.x.Decl(t); b != nil {
				if !knownBody(b) {
					bodies = append(bodies, b)
				}
			} else if f.foreignAnswer(t) && !knownFunc(t.Origin()) {
				funcs = append(funcs, t.Origin())
			}
		}
		if len(bodies)+len(funcs) == 0 || f.r.servesOnly(fn) || f.chooses(body, fn, call) || f.onlyInErrors(body, call) || f.notAnswer(body, call) {
			continue
		}
		for _, b := range bodies {
			local = append(local, siteCall{b, call})
		}
		for _, fn := range funcs {
			if !slices.ContainsFunc(foreign, func(fs ForeignSource) bool { return fs.Func == fn }) {
				foreign = append(foreign, ForeignSource{fn, call})
			}
		}
	}
	return local, foreign
}

// chooses reports whether call, of a predicate, is written in the
// condition of an if statement of body: its answer chooses what body
// does (a feature flag treated as off when it cannot be read), and is not
// itself the answer. A predicate whose value is stored or returned is.
func (f *finder) chooses(body *Body, fn *types.Func, call *ast.CallExpr) bool {
	if res := fn.Signature().Results(); res.Len() != 1 || !IsBool(res.At(0).Type()) {
		return false
	}
	if f.conds == nil {
		f.conds = map[*Body][]ast.Expr{}
	}
	conds, ok := f.conds[body]
	if !ok {
		ast.Inspect(body.Block, func(n ast.Node) bool {
			if is, ok := n.(*ast.IfStmt); ok {
				conds = append(conds, is.Cond)
			}
			return true
		})
		f.conds[body] = conds
	}
	for _, c := range conds {
		if Within(call, c) {
			return true
		}
	}
	return false
}

// foreignAnswer reports whether fn is a function of another package of
// the program (not the standard library's, an SDK's or the runtime's)
// whose package may have recorded the empty answers it gives on failure:
// a concrete function with a result other than an error.
func (f *finder) foreignAnswer(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == f.r.pass.Pkg || ownPackage(fn.Pkg()) || isAbstract(fn) || !fn.Exported() {
		return false
	}
	// Only the module's own packages record answers (their handlerbody
	// runs in full).
	if !sameModule(f.r.pass, fn.Pkg()) {
		return false
	}
	// Whether a predicate fails closed is for its callers to say (see
	// failsClosed), and they are in other packages than its own.
	res := fn.Signature().Results()
	if res.Len() == 1 && IsBool(res.At(0).Type()) {
		return false
	}
	return AnswersValue(fn.Signature())
}

// AnswersValue reports whether a function of signature sig answers with
// more than an error.
func AnswersValue(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 1 || res.Len() == 1 && !IsError(res.At(0).Type())
}

// IsBool reports whether t is a boolean type.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// servesOnly reports whether every result of fn other than an error is a
// service rather than data: an interface other than the empty one, a
// function, a channel, or a type with a method that can fail or takes a
// context (a client, a transport, a credential store). What a handler
// answers with is what it gets from calling such a value, judged on its
// own; the value is not the answer, and an empty part of its
// configuration (a credential helper's name) is not an empty answer.
func servesOnly(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	res := fn.Signature().Results()
	services := 0
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		switch {
		case IsError(t):
			continue
		case isService(t):
			services++
		default:
			return false
		}
	}
	return services > 0
}

// servesOnly is the function servesOnly, memoized: a method set is made
// for each result.
func (r *Result) servesOnly(fn *types.Func) bool {
	v, ok := r.serves[fn]
	if !ok {
		v = servesOnly(fn)
		if r.serves == nil {
			r.serves = map[*types.Func]bool{}
		}
		r.serves[fn] = v
	}
	return v
}

// isService reports whether t is a service's type (see servesOnly).
func isService(t types.Type) bool {
	if IsCallToolResult(t) {
		return false // a tool result is the answer itself, GetError and all
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return !u.Empty()
	case *types.Signature, *types.Chan:
		return true
	}
	mset := types.NewMethodSet(t)
	if _, isPtr := t.(*types.Pointer); !isPtr {
		if _, isNamed := types.Unalias(t).(*types.Named); isNamed {
			mset = types.NewMethodSet(types.NewPointer(t))
		}
	}
	for i := 0; i < mset.Len(); i++ {
		sig, ok := mset.At(i).Type().(*types.Signature)
		if !ok || dataHook.MatchString(mset.At(i).Obj().Name()) {
			continue
		}
		if n := sig.Results().Len(); n > 0 && IsError(sig.Results().At(n-1).Type()) {
			return true
		}
		if sig.Params().Len() > 0 && model.IsNamed(sig.Params().At(0).Type(), "context", "Context") {
			return true
		}
	}
	return false
}

// dataHook matches the names of the methods data has for the libraries
// that encode, store and check it (MarshalJSON, Scan, Validate): they can
// fail without making the value a service.
var dataHook = regexp.MustCompile(`^(Marshal|Unmarshal|Gob|Encode|Decode|Scan$|Value$|Valid|Error$|String$|Format$|Append)`)

// sameModule reports whether pkg is a package of the pass's module, by
// its path: the module's path, or under it. Without a module (GOPATH, a
// driver that does not say), the first elements of the paths decide.
func sameModule(pass *analysis.Pass, pkg *types.Package) bool {
	p := pkg.Path()
	if pass.Module != nil && pass.Module.Path != "" {
		m := pass.Module.Path
		return p == m || strings.HasPrefix(p, m+"/")
	}
	first, _, _ := strings.Cut(p, "/")
	own, _, _ := strings.Cut(pass.Pkg.Path(), "/")
	return !isStdPath(p) && first == own
}

// An AnswerCall is a call, written in Body, whose value may be Body's
// answer.
type AnswerCall struct {
	Body *Body
	Call *ast.CallExpr
}

// AnswerCallers returns the calls of fn in the package whose value may be
// the answer of the function they are written in (see answerCalls),
// memoized. A package records, for each of its exported functions, the
// empty answers it or the functions its answer comes from give on
// failure, found from those functions up, for the packages whose
// handlers answer with it.
func (r *Result) AnswerCallers(fn *types.Func) []AnswerCall {
	if r.x == nil || fn == nil {
		return nil
	}
	if out, ok := r.answerCallers[fn]; ok {
		return out
	}
	f := r.answerFinderOf()
	var out []AnswerCall
	if !r.servesOnly(fn) {
		for _, sc := range r.callsOf[fn] {
			// A caller that fails on the empty answer passes no empty
			// answer on.
			if sc.b != nil && !f.chooses(sc.b, fn, sc.call) && !f.onlyInErrors(sc.b, sc.call) && !f.notAnswer(sc.b, sc.call) && !(fn.Signature().Results().Len() == 1 && f.failsOnEmpty(sc.b, sc.call)) {
				out = append(out, AnswerCall{sc.b, sc.call})
			}
		}
	}
	r.answerCallers[fn] = out
	return out
}

// FailsClosed reports whether every call of fn in the package fails on
// its empty answer (see failsClosed).
func (r *Result) FailsClosed(fn *types.Func) bool {
	if r.x == nil {
		return false
	}
	return r.answerFinderOf().failsClosed(fn)
}

// answerFinderOf returns the finder the queries about answers share, made
// on first use from the call index the handler finder built.
func (r *Result) answerFinderOf() *finder {
	if r.answerFinder == nil {
		r.answerFinder = &finder{r: r, info: r.pass.TypesInfo, x: r.x, callsOf: r.callsOf}
		r.answerCallers = map[*types.Func][]AnswerCall{}
	}
	return r.answerFinder
}

// answerImplementations returns the methods an interface method m may
// run: those the solver knows (of this package, and those of others with
// a summary), and the methods of the named types of the module's packages
// this one imports, directly or not, that implement m's interface. A
// method that answers a count has no summary, and its package may have
// recorded that it answers 0 on failure.
func (r *Result) answerImplementations(m *types.Func) []*types.Func {
	if impls, ok := r.answerImpls[m]; ok {
		return impls
	}
	out := slices.Clone(r.s.implementations(m))
	// Only an interface of the module is scanned for: its own types
	// implementing a library's interface (an io.Writer) answer nothing a
	// handler shows, and scanning for every such method costs.
	if iface, ok := m.Signature().Recv().Type().Underlying().(*types.Interface); ok && m.Pkg() != nil && sameModule(r.pass, m.Pkg()) && answersData(m) {
		for _, pkg := range r.modulePackages() {
			scope := pkg.Scope()
			for _, name := range scope.Names() {
				tn, ok := scope.Lookup(name).(*types.TypeName)
				if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
					continue
				}
				if named, ok := tn.Type().(*types.Named); !ok || named.TypeParams().Len() > 0 {
					continue // Implements is unspecified for a generic type
				}
				t := tn.Type()
				if !types.Implements(t, iface) {
					if t = types.NewPointer(t); !types.Implements(t, iface) {
						continue
					}
				}
				if obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name()); obj != nil {
					if fn, ok := obj.(*types.Func); ok && !slices.Contains(out, fn) {
						out = append(out, fn)
					}
				}
			}
		}
	}
	if r.answerImpls == nil {
		r.answerImpls = map[*types.Func][]*types.Func{}
	}
	r.answerImpls[m] = out
	return out
}

// WiredElsewhere reports whether m is a method of an exported interface
// of the module, answering with data, that no type the package can see
// implements: a port (outbound.HelmPort) whose adapter is in a package
// that does not import this one, and that the program's main wires in; or
// an interface of this package whose implementations are in the packages
// that import it and hand them in (a server builder taking a Provider
// that each provider package passes itself to). The callers of its
// exported functions, and whoever wires an implementation in, are told
// of it (handlerbody's abstract answers).
func (r *Result) WiredElsewhere(m *types.Func) bool {
	if !isAbstract(m) || m.Pkg() == nil || ownPackage(m.Pkg()) || !m.Exported() || !sameModule(r.pass, m.Pkg()) || !answersData(m) {
		return false
	}
	if m.Pkg() == r.pass.Pkg && len(r.answerImplementations(m)) > 0 {
		return false
	}
	named, ok := types.Unalias(m.Signature().Recv().Type()).(*types.Named)
	return ok && named.Obj().Exported()
}

// answersData reports whether fn answers with more than an error or a
// boolean: what an empty answer of it could be.
func answersData(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if t := res.At(i).Type(); !IsError(t) && !IsBool(t) {
			return true
		}
	}
	return false
}

// modulePackages returns the packages of the module the package imports,
// directly or through other packages of the module.
func (r *Result) modulePackages() []*types.Package {
	if r.modulePkgs != nil {
		return *r.modulePkgs
	}
	var out []*types.Package
	seen := map[*types.Package]bool{r.pass.Pkg: true}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if !seen[imp] && sameModule(r.pass, imp) {
				seen[imp] = true
				out = append(out, imp)
				visit(imp)
			}
		}
	}
	visit(r.pass.Pkg)
	r.modulePkgs = &out
	return out
}

// A ForeignCall is a function of another package of the module, Func,
// that the package's calls of Called run: Func itself, or an
// implementation of the interface method Called.
type ForeignCall struct {
	Func, Called *types.Func
}

// ForeignCalled returns the functions of the module's other packages the
// package calls (directly, or as implementations of an interface method
// it calls) that answer with more than an error (see foreignAnswer), in
// the order of their first call: their packages recorded the empty
// answers they give on failure.
func (r *Result) ForeignCalled() []ForeignCall {
	if r.x == nil {
		return nil
	}
	f := &finder{r: r, info: r.pass.TypesInfo, x: r.x}
	var out []ForeignCall
	seen := map[*types.Func]bool{}
	for _, root := range r.x.roots {
		for _, b := range root.Bodies {
			for _, fn := range b.CallFuncs {
				if fn == nil || seen[fn] {
					continue
				}
				seen[fn] = true
				targets := []*types.Func{fn}
				if isAbstract(fn) {
					targets = r.answerImplementations(fn)
					if len(targets) == 0 && r.WiredElsewhere(fn) {
						out = append(out, ForeignCall{fn, fn})
					}
				}
				for _, t := range targets {
					if f.foreignAnswer(t) {
						out = append(out, ForeignCall{t.Origin(), fn})
					}
				}
			}
		}
	}
	return out
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
		return f.inErrorText(b, call)
	}
	uses, inErrors := 0, 0
	depth := 0 // how many error-building calls enclose the node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if f.buildsError(n) {
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

// inErrorText reports whether call, made in b, is written inside an
// argument of a call that builds an error or an error result:
// failure("the page answered " + bodyText(resp)). The calls of a body so
// written are found once.
func (f *finder) inErrorText(b *Body, call *ast.CallExpr) bool {
	if f.errorText == nil {
		f.errorText = map[*Body]map[*ast.CallExpr]bool{}
	}
	calls, ok := f.errorText[b]
	if !ok {
		calls = map[*ast.CallExpr]bool{}
		for _, c := range b.Calls {
			if !f.buildsError(c) {
				continue
			}
			for _, a := range c.Args {
				ast.Inspect(a, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncLit:
						return false
					case *ast.CallExpr:
						calls[n] = true
					}
					return true
				})
			}
		}
		f.errorText[b] = calls
	}
	return calls[call]
}

// buildsError reports whether call builds an error or an error result
// from its arguments: fmt.Errorf, errors.New, a function whose only
// result is an error, an SDK's error result constructor, a helper whose
// result is an error result.
func (f *finder) buildsError(call *ast.CallExpr) bool {
	fn := model.Callee(f.info, call)
	if fn == nil {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	if IsError(res.At(0).Type()) {
		return true
	}
	if !IsCallToolResult(res.At(0).Type()) {
		return false
	}
	if model.IsFunc(fn, model.MCPGoPath, fn.Name()) {
		return MCPGoErrorResults[fn.Name()]
	}
	if sum := f.r.s.summary(fn); sum != nil && len(sum.Results) == 1 {
		sl := sum.Results[0]
		return sl.Shape != 0 && sl.Shape&^ShapeError == 0
	}
	return false
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
// cannot encode) rather than failures at run time. A parse of what an
// upstream answered (json.Unmarshal of a response's body, here or in the
// function that hands it to b) is the upstream failing: see
// parsesUpstream.
func (r *Result) FailedCall(b *Body, br *Branch) bool {
	return r.failedCall(b, br, true)
}

// Probes reports whether every value the error br handles may hold is
// the error of a probe (see probes in models.go): a call that says
// whether something is there, whose error mostly says it is not.
func (r *Result) Probes(b *Body, br *Branch) bool {
	return r.onlyErrorsOf(b, br, func(fn *types.Func) bool { return probes[libraryName(fn)] })
}

// Encodes reports whether every value the error br handles may hold is
// the error of an encoder (json.Marshal of the answer): a failure of
// writing down what the function already has, not of getting it.
func (r *Result) Encodes(b *Body, br *Branch) bool {
	return r.onlyErrorsOf(b, br, IsEncoder)
}

// onlyErrorsOf reports whether the error br handles may hold values, and
// each is the error of a call of a function kind accepts.
func (r *Result) onlyErrorsOf(b *Body, br *Branch, kind func(*types.Func) bool) bool {
	origins := handledOrigins(b, br)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
		if !ok || !kind(model.Callee(r.pass.TypesInfo, call)) {
			return false
		}
	}
	return true
}

// FailedWork is FailedCall where a parse never counts, even of what an
// upstream answered: the call that failed is work that went out (a
// request, a command, a store's query). A part of an answer left out
// because a field the upstream sent does not parse (a timestamp shown
// beside the data) leaves out what the upstream said wrongly; it does
// not pass a failure to fetch for an answer.
func (r *Result) FailedWork(b *Body, br *Branch) bool {
	return r.failedCall(b, br, false)
}

// failedCall is FailedCall, counting parses of upstream values when
// upstream says so.
func (r *Result) failedCall(b *Body, br *Branch, upstream bool) bool {
	for _, o := range handledOrigins(b, br) {
		if call, ok := ast.Unparen(o.Expr).(*ast.CallExpr); ok && r.failsAtRunTime(b, call, upstream) {
			return true
		}
	}
	return r.walkFailure(b, br)
}

// walkFailure reports whether the error br handles is the error
// parameter of b, a callback handed to a walk (callsPerItem): what the
// walk failed to read — a directory it could not list, a file it could
// not stat — handed to the callback to decide; returning nil there drops
// it, as a loop's continue drops a failed read.
func (r *Result) walkFailure(b *Body, br *Branch) bool {
	lit, ok := b.Node.(*ast.FuncLit)
	v := br.Holder()
	if !ok || v == nil || !IsParam(v) || !declares(b, v) || b.Root.Body == nil || b.Root.Body.Block == nil {
		return false
	}
	return WalkOf(r.pass.TypesInfo, PathTo(b.Root.Body.Block, lit)) != nil
}

// WalkOf returns the walk (callsPerItem) a function literal is the
// callback of, given the path to it (PathTo); nil when it is not one.
func WalkOf(info *types.Info, path []ast.Node) *types.Func {
	if len(path) < 2 {
		return nil
	}
	call, ok := path[len(path)-2].(*ast.CallExpr)
	if !ok || call.Fun == path[len(path)-1] {
		return nil
	}
	if fn := model.Callee(info, call); callsPerItem(fn) {
		return fn
	}
	return nil
}

// DiscardedFailure reports whether the error call returns, which its
// caller drops, may be one of a failure at run time, as FailedCall
// counts them: not the caller giving up, not a malformed value it was
// given, not a probe's "it is not there". Dropping the error of a parse
// of what an upstream answered drops that upstream's failure.
func (r *Result) DiscardedFailure(b *Body, call *ast.CallExpr) bool {
	return !probes[libraryName(model.Callee(r.pass.TypesInfo, call))] && r.failsAtRunTime(b, call, true)
}

// failsAtRunTime is failedCall for one call.
func (r *Result) failsAtRunTime(b *Body, call *ast.CallExpr, upstream bool) bool {
	info := r.pass.TypesInfo
	if IsContextError(info, call) {
		return false
	}
	fn := model.Callee(info, call)
	if fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == model.MCPGoPath || fn.Pkg().Path() == model.GoSDKPath) {
		return false // request.RequireInt("priority"): reading the tool's input, not work
	}
	return !malformedInput(fn) || upstream && r.parsesUpstream(b, fn, call)
}

// handledOrigins returns the values the error br handles may hold there:
// of the values assigned to it anywhere in b's root, those of the
// statement that tests it (if _, err := url.Parse(s); err != nil) or of
// the statement just before the if, when one of them assigns it (u, err
// := url.Parse(s); if err != nil), and all of them otherwise. An err
// assigned again further on (robots, err := c.fetch(u)) is not the one
// this branch handles.
func handledOrigins(b *Body, br *Branch) []Origin {
	origins := b.Root.Resolver.varOrigins(br.Holder())
	if len(origins) < 2 || br.Cond == nil {
		return origins
	}
	var stmt ast.Node
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if stmt != nil || n == nil {
			return false
		}
		if n.Pos() > br.Cond.Pos() || n.End() < br.Cond.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return n.Body == b.Block
		case *ast.IfStmt:
			if n.Cond == br.Cond && n.Init != nil {
				stmt = n.Init
			}
		case *ast.BlockStmt:
			for i, st := range n.List {
				if is, ok := st.(*ast.IfStmt); ok && is.Cond == br.Cond && is.Init == nil && i > 0 {
					stmt = n.List[i-1]
				}
			}
		}
		return true
	})
	if stmt == nil {
		return origins
	}
	var near []Origin
	for _, o := range origins {
		if Within(o.Expr, stmt) {
			near = append(near, o)
		}
	}
	if len(near) == 0 {
		return origins
	}
	return near
}

// parsesUpstream reports whether call, a parser's (see malformedInput),
// parses a value an upstream gave: json.Unmarshal(body, &v) of the body
// a request returned. An encoder's errors are the program's, whatever it
// encodes.
func (r *Result) parsesUpstream(b *Body, fn *types.Func, call *ast.CallExpr) bool {
	if IsEncoder(fn) {
		return false
	}
	for _, a := range call.Args {
		if r.upstream(b, a, 0) {
			return true
		}
	}
	return false
}

// maxUpstreamDepth bounds how far upstream follows a value: through
// locals, conversions, calls and stores, and from a parameter to the
// arguments the package's calls give it.
const maxUpstreamDepth = 8

// upstream reports whether e, in b, is made from what a call that can
// fail gave: the body io.ReadAll read, the data c.get(ctx, path)
// returned, a field of a response, through locals, conversions,
// slicing, and calls that cannot fail (string(body), bytes.TrimSpace);
// or a parameter of b that one of the package's calls of b gives such a
// value. A call of the SDKs (the request's arguments) or of a parser (a
// value decoded from another) is not a source of its own.
func (r *Result) upstream(b *Body, e ast.Expr, depth int) bool {
	if depth > maxUpstreamDepth {
		return false
	}
	info := r.pass.TypesInfo
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return false // a package variable, a field
		}
		if IsParam(v) && declares(b, v) {
			return r.upstreamParam(b, v, depth+1)
		}
		for _, o := range b.Root.Resolver.Origins(e) {
			if o != ast.Expr(e) && r.upstream(b, o, depth+1) {
				return true
			}
		}
		return r.upstreamStoredAny(b, v, depth+1)
	case *ast.SelectorExpr:
		return r.upstream(b, e.X, depth+1)
	case *ast.IndexExpr:
		return r.upstream(b, e.X, depth+1)
	case *ast.SliceExpr:
		return r.upstream(b, e.X, depth+1)
	case *ast.StarExpr:
		return r.upstream(b, e.X, depth+1)
	case *ast.UnaryExpr:
		return r.upstream(b, e.X, depth+1)
	case *ast.BinaryExpr:
		return r.upstream(b, e.X, depth+1) || r.upstream(b, e.Y, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return len(e.Args) == 1 && r.upstream(b, e.Args[0], depth+1)
		}
		fn := model.Callee(info, e)
		if fn == nil || fn.Pkg() == nil || ownPackage(fn.Pkg()) {
			return false
		}
		sig := fn.Signature()
		if n := sig.Results().Len(); n > 1 && IsError(sig.Results().At(n-1).Type()) && !malformedInput(fn) {
			return true // what a call that can fail answered
		}
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil && r.upstream(b, sel.X, depth+1) {
			return true // buf.Bytes(), resp.String()
		}
		for _, a := range e.Args {
			if r.upstream(b, a, depth+1) {
				return true
			}
		}
	}
	return false
}

// upstreamStored reports whether a statement of b's root stores into the
// local v what an upstream gave: an element or a field (results[i] =
// page{items: items}, with items decoded from a body), or what a call
// fills in through &v from a value it is given (json.Unmarshal(body,
// &v)). A list gathered from responses, or a value decoded from one,
// holds what the upstream sent.
//
// The answer is memoized per variable, and a variable being asked about
// counts as not stored from upstream while it is: a root's moves may
// store variables into one another in a cycle, and a function with many
// moves would otherwise be walked again for every path to the variable.
// (The first question's depth decides a variable's answer: one first
// reached near the bound may be answered no where a shallower question
// would find more.)
func (r *Result) upstreamStored(b *Body, v *types.Var, depth int) bool {
	if depth > maxUpstreamDepth {
		return false
	}
	if known, ok := r.storedUpstream[v]; ok {
		return known
	}
	if r.storedUpstream == nil {
		r.storedUpstream = map[*types.Var]bool{}
	}
	r.storedUpstream[v] = false
	root := b.Root
	if r.pointsOutputAt(root, v) {
		r.storedUpstream[v] = true // cmd.Stdout = &out: what the command wrote
		return true
	}
	for i := range root.moves {
		mv := &root.moves[i]
		if mv.kind != moveInto && mv.kind != moveCall || !slices.Contains(root.to(mv), v) {
			continue
		}
		for _, u := range root.from(mv) {
			if u != v && !IsError(u.Type()) && r.upstreamVar(b, u, depth+1) {
				r.storedUpstream[v] = true
				return true
			}
		}
	}
	return false
}

// pointsOutputAt reports whether a statement of root points an output
// field (outputFields) at v: the call that runs fills v with what it
// produced (cmd.Stdout = &out; cmd.Run()).
func (r *Result) pointsOutputAt(root *Root, v *types.Var) bool {
	return slices.ContainsFunc(r.s.bufferWrites(root), func(bw bufferWrite) bool { return bw.field != "" && bw.dst == v })
}

// OutputFilled returns the locals call, a method call of b, writes what
// it produces into through its receiver's output fields, pointed there
// before the call: cmd.Stdout = &out; _ = cmd.Run() fills out as surely
// as cmd.Output() would answer it.
func (r *Result) OutputFilled(b *Body, call *ast.CallExpr) []*types.Var {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	recv := RootVar(r.pass.TypesInfo, sel.X)
	if recv == nil || !IsLocal(recv) {
		return nil
	}
	var out []*types.Var
	for _, bw := range r.s.bufferWrites(b.Root) {
		if bw.field != "" && bw.recv == recv && bw.at.Pos() < call.Pos() && !slices.Contains(out, bw.dst) {
			out = append(out, bw.dst)
		}
	}
	return out
}

// upstreamVar is upstream for a variable read by a move.
func (r *Result) upstreamVar(b *Body, v *types.Var, depth int) bool {
	if depth > maxUpstreamDepth || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	if IsParam(v) && declares(b, v) {
		return r.upstreamParam(b, v, depth+1)
	}
	for _, o := range b.Root.Resolver.varOrigins(v) {
		if r.upstream(b, o.Expr, depth+1) {
			return true
		}
	}
	return r.upstreamStoredAny(b, v, depth+1)
}

// upstreamStoredAny is upstreamStored for v and the locals v's value
// comes from (see Resolver.Followed): for _, r := range results reads
// what was stored into results.
func (r *Result) upstreamStoredAny(b *Body, v *types.Var, depth int) bool {
	for _, u := range b.Root.Resolver.Followed(v) {
		if r.upstreamStored(b, u, depth) {
			return true
		}
	}
	return false
}

// upstreamParam reports whether one of the package's calls of b's
// function gives its parameter v a value an upstream gave.
func (r *Result) upstreamParam(b *Body, v *types.Var, depth int) bool {
	if b.Func == nil || b.Sig.Variadic() {
		return false
	}
	i := paramIndex(b.Sig, v)
	if i < 0 {
		return false
	}
	for _, sc := range r.callsOf[b.Func] {
		if sc.b != nil && i < len(sc.call.Args) && len(sc.call.Args) == b.Sig.Params().Len() && r.upstream(sc.b, sc.call.Args[i], depth) {
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
	for _, o := range b.Root.Resolver.varOrigins(br.Holder()) {
		for _, v := range b.Root.Resolver.assignedFrom(o.Expr) {
			if v != br.Err && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// FilledByFailure returns the variables of b that the calls br's error
// comes from fill in (see FilledByCall): what a failed call was to add,
// and did not.
func (r *Result) FilledByFailure(b *Body, br *Branch) []*types.Var {
	var out []*types.Var
	for _, o := range handledOrigins(b, br) {
		if call, ok := ast.Unparen(o.Expr).(*ast.CallExpr); ok {
			for _, v := range r.FilledByCall(b, call) {
				if !slices.Contains(out, v) {
					out = append(out, v)
				}
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
	return slices.Contains(r.paramFills(b), true)
}

// FillsParamAt reports whether b fills in what its i'th parameter points
// to: it writes through it (as FillsParam), or hands it to a function of
// the package that fills it (searchDir(sub, q, results), which appends
// to *results in searchFile, or in itself, one directory down).
func (r *Result) FillsParamAt(b *Body, i int) bool {
	fills := r.paramFills(b)
	return i >= 0 && i < len(fills) && fills[i]
}

// FillsVar reports whether v is a parameter of b that b fills in (see
// FillsParamAt): what b writes into it is b's answer, whatever b returns.
func (r *Result) FillsVar(b *Body, v *types.Var) bool {
	return declares(b, v) && r.FillsParamAt(b, paramIndex(b.Sig, v))
}

// paramFills computes, once per body, which of b's parameters it fills
// in. A body that is still being computed when a call reaches it again
// (recursion) fills what its own writes fill: the call adds nothing. In
// mutual recursion the body computed meanwhile keeps what it saw then: a
// fill may be missed, none is made up.
func (r *Result) paramFills(b *Body) []bool {
	if b == nil || b.Sig == nil || b.Block == nil {
		return nil
	}
	if r.fills == nil {
		r.fills = map[*Body][]bool{}
	}
	if fills, ok := r.fills[b]; ok {
		return fills
	}
	info := r.pass.TypesInfo
	fills := make([]bool, b.Sig.Params().Len())
	r.fills[b] = fills
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || !declares(b, v) {
			return -1
		}
		return paramIndex(b.Sig, v)
	}
	mark := func(i int) {
		if i >= 0 {
			fills[i] = true
		}
	}
	var calls []*ast.CallExpr
	ast.Inspect(b.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			calls = append(calls, n)
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				switch l := ast.Unparen(lhs).(type) {
				case *ast.IndexExpr:
					mark(param(l.X))
				case *ast.SelectorExpr:
					if _, ptr := info.TypeOf(l.X).Underlying().(*types.Pointer); ptr {
						mark(param(l.X))
					}
				case *ast.StarExpr:
					mark(param(l.X))
				}
			}
		}
		return true
	})
	for _, call := range calls {
		callee := r.x.Decl(model.Callee(info, call))
		if callee == nil {
			continue
		}
		for j, a := range call.Args {
			if i := param(a); i >= 0 && !fills[i] && r.FillsParamAt(callee, j) {
				fills[i] = true
			}
		}
	}
	return fills
}

// FilledByCall returns the variables of b that call fills in: a local
// handed by address to a function that fills its parameter, or to one of
// another package that takes a pointer or an empty interface there
// (json.Unmarshal(data, &page)); a pointer of b handed to a function of
// the package that fills it (searchFile(path, q, results)).
func (r *Result) FilledByCall(b *Body, call *ast.CallExpr) []*types.Var {
	info := r.pass.TypesInfo
	fn := model.Callee(info, call)
	if fn == nil {
		return nil
	}
	callee := r.x.Decl(fn)
	var out []*types.Var
	for j, a := range call.Args {
		addr := false
		if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
			a, addr = u.X, true
		}
		id, ok := ast.Unparen(a).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || !IsLocal(v) {
			continue
		}
		switch {
		case callee != nil:
			if !r.FillsParamAt(callee, j) {
				continue
			}
		case !addr || !Fillable(ParamType(fn.Signature(), j)):
			continue
		}
		out = append(out, v)
	}
	return out
}

// ParamType returns the type of sig's parameter that takes the i'th
// argument, an element of the variadic one included; nil past the end.
func ParamType(sig *types.Signature, i int) types.Type {
	params := sig.Params()
	n := params.Len()
	switch {
	case sig.Variadic() && i >= n-1:
		if s, ok := params.At(n - 1).Type().(*types.Slice); ok {
			return s.Elem()
		}
		return nil
	case i < n:
		return params.At(i).Type()
	}
	return nil
}

// Fillable reports whether a parameter of type t is one a call may fill
// in: a pointer, or an empty interface.
func Fillable(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Interface:
		return u.Empty()
	}
	return false
}
