package errflow

// What a return means is decided by the path its values take to the SDK:
// which API receives them, which of them it reads, and whether something
// on the way turns errors into results. Real servers rarely hand their
// handlers to the SDK directly; the layer follows them through:
//
//   - registrations: mcp.AddTool, (*mcp.Server).AddTool, mcp-go's
//     (*server.MCPServer).AddTool and AddTools, server.ServerTool{},
//     mcp.NewTypedToolHandler and NewStructuredToolHandler, mcperr.Tool;
//   - adapters: a function that hands a function-valued parameter to an
//     SDK, directly, in a closure that returns its results, or through
//     another adapter. An adapter's fact says, for each result of the
//     parameter, where it ends, so that a handler passed to an adapter of
//     another package is judged as the SDK will see it;
//   - delegates: a handler that returns another function's results
//     unchanged makes that function's returns its own;
//   - implementations: an adapter that calls the one method of an
//     interface parameter makes the methods implementing it, and the
//     functions converted to a function type implementing it, handlers
//     (see implementations.go);
//   - project handler types: functions a package stores in a field of a
//     handler type of the module's own, which an adapter in another
//     package calls (see projects.go);
//   - the server: an mcp-go server built with a tool handler middleware
//     that turns handlers' errors into tool results converts every
//     handler registered on it;
//   - middlewares: what a tool-call middleware returns itself is on every
//     tool's path (see middleware.go).
//
// Where the path cannot be resolved the layer says so (Path.Deferred), and
// the rules that depend on it stay silent.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A Role is what one result of a handler becomes on its way to the client.
type Role uint8

const (
	RoleDropped Role = iota // discarded
	RoleResult              // the tool result the client reads
	RoleOutput              // the structured output
	RoleError               // the error
)

// A Path is how a handler's results reach the client.
type Path struct {
	// Kind is the API the values finally reach.
	Kind model.HandlerKind
	// Roles say what each result of the handler becomes.
	Roles []Role
	// Converting reports that the handler's errors are turned into tool
	// results before the SDK sees them: by the runtime, mcp-go's
	// structured handlers, an adapter or a middleware of the server.
	Converting bool
	// Deferred reports that the server the handler is registered on is not
	// known here, so neither is whether it converts errors.
	Deferred bool
	// Via are the steps that give the path its meaning: adapters,
	// delegating handlers, the registration; the handler's own first.
	Via []Step
	// Tool is the mcperr tool the path serves, or nil.
	Tool *model.Tool
	// Wrapped reports that the handler is called by a function it is
	// passed to, which may translate what it returns on the way.
	Wrapped bool
	// ResultErrors reports that the errors the handler's results carry in
	// their fields (a project result type's Err) reach the client as its
	// failure.
	ResultErrors bool
	// Middleware reports that the handler is one a tool-call middleware
	// returns: what it returns itself, rather than from next, is on
	// every tool's path (see middleware.go).
	Middleware bool
	// Built, on a path of an mcp-go server that passes errors on with no
	// middleware and no adapter between, is the call of this package that
	// builds the server: the one place where a middleware would turn every
	// handler's error into a result (see report.Root).
	Built *ast.CallExpr
	// Shown are the results, other than the error, whose text the client
	// reads in the error message when the error is not nil: an adapter
	// that appends an operation's output to its error (aks-mcp's
	// CreateToolHandler).
	Shown []int
}

// A Step is one place that decides a path.
type Step struct {
	Pos  token.Pos // in this package; NoPos for a step of another package
	Site string    // "pkg/file.go:line" of a step of another package
	What string
	// Forwards reports a return that hands on the values of what it
	// calls unchanged (an adapter's return res, err): every value on the
	// path passes there, and an edit there changes them all.
	Forwards bool
	// Delegates reports a forwarding return of a handler that returns one
	// function's results as its own (return p.handleEdit(ctx, req)): a
	// root of that function's returns alone, where the server the
	// handler is built on (Path.Built) decides every handler's.
	Delegates bool
}

// Root returns the step nearest the SDK that forwards the handler's
// values unchanged, and whether there is one: where one edit decides
// every return of the handler (see report.Root).
func (p *Path) Root() (Step, bool) {
	for i := len(p.Via) - 1; i >= 0; i-- {
		if p.Via[i].Forwards {
			return p.Via[i], true
		}
	}
	return Step{}, false
}

// Error returns the index of the result that becomes the error, or -1.
func (p *Path) Error() int { return slices.Index(p.Roles, RoleError) }

// Result returns the index of the result that becomes the tool result, or
// -1.
func (p *Path) Result() int { return slices.Index(p.Roles, RoleResult) }

// Output returns the index of the result that becomes the output, or -1.
func (p *Path) Output() int { return slices.Index(p.Roles, RoleOutput) }

// Protocol reports whether an error the SDK receives on this path is sent
// as a JSON-RPC error the model never sees.
func (p *Path) Protocol() bool {
	switch p.Kind {
	case model.GoSDKRaw, model.MCPGoPlain, model.MCPGoTyped:
		return !p.Converting
	}
	return false
}

// Adapted reports whether the path ends in an adapter the layer cannot see
// into: its results reach the client somehow.
func (p *Path) Adapted() bool { return p.Kind == model.Adapted }

func (p *Path) key() string {
	return fmt.Sprint(p.Kind, p.Roles, p.Converting, p.Deferred, p.Wrapped, p.Tool, p.Shown, p.ResultErrors, p.Middleware)
}

// A Handler is a function whose results reach an MCP client.
type Handler struct {
	// Exactly one of Lit and Func is set. Body is nil for a handler of
	// another package, which is judged through its facts.
	Lit  *ast.FuncLit
	Func *types.Func
	Body *Body
	Sig  *types.Signature

	Paths []*Path
	// Tools are the mcperr tools it serves.
	Tools []*model.Tool
	// Registered reports that a registration, an adapter or a delegating
	// handler was seen, rather than the handler being found by its
	// signature alone.
	Registered bool
	// Candidate reports that nothing in this package makes the function a
	// handler, but a tool of another package may: an exported function
	// shaped like an mcperr tool's handler. Its one path is what it would
	// be then; the rules record their findings on it for that package to
	// report (see report.Pending) rather than report them here.
	Candidate bool
	// Factory reports that the handler stands for the handlers Func, a
	// function of another package, returns (or returns in a value): its
	// facts hold what the rules found in them there.
	Factory bool
	// Project is, for a candidate stored in a field of a project handler
	// type, that type (see projects.go).
	Project *types.TypeName
	// Delegators are the returns of the handlers that hand this
	// function's results on as their own (return resultJSON(res)), in
	// the order found, each once: what it returns, each of them returns.
	// Unlike Paths, which keep one path per distinct meaning, they are
	// all kept.
	Delegators []Step
}

// Kind returns the kind of the handler's first path.
func (h *Handler) Kind() model.HandlerKind {
	if len(h.Paths) == 0 {
		return 0
	}
	return h.Paths[0].Kind
}

// Name describes the handler for messages: its function name, or
// "function literal".
func (h *Handler) Name() string {
	if h.Func != nil {
		return h.Func.Name()
	}
	return "function literal"
}

// Node returns the handler's syntax, or nil.
func (h *Handler) Node() ast.Node {
	if h.Body != nil {
		return h.Body.Node
	}
	return nil
}

// rolesOf returns the roles of a handler of kind k with n results.
func rolesOf(k model.HandlerKind, n int) []Role {
	var roles []Role
	switch k {
	case model.GoSDKTyped:
		roles = []Role{RoleResult, RoleOutput, RoleError}
	case model.GoSDKRaw, model.MCPGoPlain, model.MCPGoTyped:
		roles = []Role{RoleResult, RoleError}
	default: // mcperr tools, structured and adapted handlers
		roles = []Role{RoleOutput, RoleError}
	}
	if len(roles) != n {
		return nil
	}
	return roles
}

// kindPath returns the path of a handler of kind k with n results,
// reaching the SDK directly.
func kindPath(k model.HandlerKind, n int, step Step) *Path {
	roles := rolesOf(k, n)
	if roles == nil {
		return nil
	}
	p := &Path{Kind: k, Roles: roles, Via: []Step{step}}
	switch k {
	case model.ToolHandler, model.MCPGoStructured:
		p.Converting = true
	case model.MCPGoPlain, model.MCPGoTyped:
		p.Deferred = true // until a server is found
	}
	return p
}

// A funcValue is what a function-valued expression can be: a function
// literal, a declared function or method, or a function-valued parameter
// of a body of the package.
type funcValue struct {
	lit   *ast.FuncLit
	fn    *types.Func
	param *types.Var
	// structured: the value is passed through mcp.NewStructuredToolHandler,
	// which turns its errors into results; typed, through
	// mcp.NewTypedToolHandler.
	structured, typed bool
	// factory: the value is whatever handlers the results of fn, a
	// function of another package, hold (registry.SearchModules(logger)):
	// fn's facts say what they are.
	factory bool
}

// A factoryKey keys the handlers a function of another package yields.
type factoryKey struct{ fn *types.Func }

func (v funcValue) key() any {
	switch {
	case v.lit != nil:
		return v.lit
	case v.factory:
		return factoryKey{v.fn}
	case v.fn != nil:
		return v.fn
	}
	return v.param
}

// A finder finds the package's handlers and their paths.
type finder struct {
	r    *Result
	info *types.Info
	x    *Index

	handlers map[any]*Handler
	order    []*Handler
	queue    []queued

	// params are the paths given to function-valued parameters of the
	// package's functions: adapters.
	params map[*types.Var][]*Path
	// callsOf are the calls of each function of the package.
	callsOf map[*types.Func][]siteCall
	// called are the functions and literals the package calls directly.
	called map[any]bool
	// fieldWrites are the values assigned to each field, for servers kept
	// in a struct.
	fieldWrites map[*types.Var][]siteExpr
	servers     map[ast.Expr]serverConversion
	reading     map[ast.Expr]bool // option slices being read
	// serverCtors are the exported functions that build a server with
	// the options their callers elsewhere give (see callersOptions), with
	// the index of that parameter.
	serverCtors map[*types.Func]int
	// ctorCandidates collects them while one server's options are read.
	ctorCandidates map[*types.Func]int
	following      map[followKey]bool   // expressions funcValues is following
	named          map[*types.Func]bool // functions the package names without calling them (see unreachable)
	foreign        map[*types.Func]bool // the functions of ForeignSources
	// helpersOnly: the finder follows a service's errors (ErrorHelpers),
	// not a handler's, and records no ForeignSources: the functions of
	// other packages it meets go to helperForeign instead.
	helpersOnly   bool
	helperForeign []ForeignSource
	// errorText are, by body, the calls written inside the arguments of
	// a call that builds an error (see inErrorText).
	errorText map[*Body]map[*ast.CallExpr]bool
	// conds are, by body, the conditions of its if statements (see
	// chooses).
	conds map[*Body][]ast.Expr
}

type queued struct {
	h *Handler
	p *Path
}

// A siteCall is a call and the body it is written in.
type siteCall struct {
	b    *Body
	call *ast.CallExpr
}

// A siteExpr is an expression and the body it is written in (nil at
// package level).
type siteExpr struct {
	b *Body
	e ast.Expr
}

// maxPaths bounds the paths one handler or parameter keeps.
const maxPaths = 4

// findHandlers finds the package's handlers, from their registrations,
// their adapters and their signatures, and the paths their values take.
func (r *Result) findHandlers() {
	f := &finder{
		r: r, info: r.pass.TypesInfo, x: r.x,
		handlers: map[any]*Handler{},
		params:   map[*types.Var][]*Path{},
		callsOf:  map[*types.Func][]siteCall{},
		called:   map[any]bool{},
		servers:  map[ast.Expr]serverConversion{},
	}
	f.indexCalls()
	r.callsOf = f.callsOf
	f.seedTools()
	f.seedCalls()
	f.seedMiddlewares()
	f.drain()
	f.seedSignatures()
	f.drain()
	f.seedAdapted()
	f.drain()
	// Implementations: first of the interfaces, whose methods' receivers
	// then give the function types implementing them their paths.
	f.seedImplementations(f.importedTypePaths())
	f.seedImplementations(f.typePaths())
	f.drain()
	local := f.typePaths()
	f.seedConversions(local)
	f.drain()
	f.seedCandidates()
	f.noteProjectCalls()
	f.seedProjectHandlers()
	f.drain()
	f.seedResultHelpers() // last: only what no other seed reached
	f.splitReads()
	f.findSources()
	f.findCallees()
	f.noteServers()
	r.Handlers = f.order
	f.exportAdapters()
	f.exportImplementations(local)
	f.exportProjectErrors()
}

// indexCalls records the calls of each function of the package and the
// functions and literals called directly.
func (f *finder) indexCalls() {
	// What a call calls needs a root's resolver, not its final walk: one
	// walk serves every root, and roots no query asks about get none.
	w := &walk{s: f.r.s}
	for _, root := range f.x.roots {
		w.r = root
		for _, b := range root.Bodies {
			for _, call := range b.Calls {
				callee := model.Callee(f.info, call)
				fn, lit, _ := w.targetOf(call, callee)
				switch {
				case lit != nil:
					f.called[lit] = true
				case fn != nil:
					f.called[fn] = true
				}
				if callee != nil {
					f.callsOf[callee] = append(f.callsOf[callee], siteCall{b, call})
				}
			}
		}
	}
	for _, call := range f.x.pkgCalls {
		if callee := model.Callee(f.info, call); callee != nil {
			f.callsOf[callee] = append(f.callsOf[callee], siteCall{nil, call})
		}
	}
}

// handler returns the handler for a literal or function, creating it.
func (f *finder) handler(v funcValue) *Handler {
	key := v.key()
	if h, ok := f.handlers[key]; ok {
		return h
	}
	h := &Handler{Lit: v.lit, Func: v.fn, Factory: v.factory}
	switch {
	case v.factory:
		h.Sig = v.fn.Signature()
	case v.lit != nil:
		h.Body = f.x.Lit(v.lit)
		h.Sig, _ = f.info.TypeOf(v.lit).(*types.Signature)
	case v.fn != nil:
		h.Body = f.x.Decl(v.fn)
		h.Sig = v.fn.Signature()
	}
	if h.Body != nil && h.Body.Sig != nil {
		h.Sig = h.Body.Sig
	}
	f.handlers[key] = h
	f.order = append(f.order, h)
	return h
}

// add gives a function value a path.
func (f *finder) add(v funcValue, p *Path, tool *model.Tool) {
	if p == nil {
		return
	}
	if v.typed && p.Kind == model.MCPGoPlain {
		q := *p
		q.Kind = model.MCPGoTyped
		p = &q
	}
	if v.structured {
		q := *p
		q.Kind, q.Converting, q.Deferred = model.MCPGoStructured, true, false
		q.Roles = rolesOf(model.MCPGoStructured, len(p.Roles))
		if q.Roles == nil {
			return
		}
		p = &q
	}
	if v.param != nil {
		if !hasPath(f.params[v.param], p) && len(f.params[v.param]) < maxPaths {
			f.params[v.param] = append(f.params[v.param], p)
			f.adapterCalls(v.param, p)
		}
		return
	}
	h := f.handler(v)
	if h.Sig == nil || !h.Factory && len(p.Roles) != h.Sig.Results().Len() {
		return
	}
	h.Registered = h.Registered || !p.bySignature()
	if tool == nil {
		tool = p.Tool
	}
	if tool != nil && !slices.Contains(h.Tools, tool) {
		h.Tools = append(h.Tools, tool)
	}
	if hasPath(h.Paths, p) || len(h.Paths) >= maxPaths {
		return
	}
	h.Paths = append(h.Paths, p)
	f.queue = append(f.queue, queued{h, p})
}

func hasPath(paths []*Path, p *Path) bool {
	for _, q := range paths {
		if q.key() == p.key() {
			return true
		}
	}
	return false
}

// bySignature reports whether the path was given by the handler's
// signature alone.
func (p *Path) bySignature() bool {
	return len(p.Via) == 1 && p.Via[0].BySignature()
}

// bySignature ends the step of a handler found by its signature: "a go-sdk
// raw handler by its signature" says, at the end of a path through the
// project's adapters, what the last of them returns.
const bySignature = "by its signature"

// BySignature reports whether the step is the one of a handler found by
// its signature, which points at the handler itself.
func (s Step) BySignature() bool { return strings.HasSuffix(s.What, bySignature) }

// drain propagates paths until none is new: through delegates, and to
// the parameters a handler calls.
func (f *finder) drain() {
	for budget := 10000; len(f.queue) > 0 && budget > 0; budget-- {
		q := f.queue[0]
		f.queue = f.queue[1:]
		f.propagate(q.h, q.p)
	}
}

// propagate follows the returns of a handler on path p: a value returned
// unchanged from a call of a function-valued parameter gives that
// parameter a path; one returned unchanged from a call of a function of
// the package makes that function a delegate on the same path.
func (f *finder) propagate(h *Handler, p *Path) {
	b := h.Body
	if b == nil {
		return
	}
	w := f.r.finalWalk(b.Root)
	n := len(p.Roles)
	type target struct {
		v     funcValue
		roles []Role
		shown []int
		at    ast.Node
	}
	targets := map[any]*target{}
	var order []*target // the targets as they are found, which is the order they are added in
	note := func(v funcValue, sig *types.Signature, result int, role Role, at ast.Node) {
		if sig == nil || result >= sig.Results().Len() {
			return
		}
		t := targets[v.key()]
		if t == nil {
			t = &target{v: v, roles: make([]Role, sig.Results().Len()), at: at}
			targets[v.key()] = t
			order = append(order, t)
		}
		if role == RoleResult && !IsCallToolResult(sig.Results().At(result).Type()) {
			role = RoleOutput // a value the path turns into the tool result
		}
		if _, generic := sig.Results().At(result).Type().(*types.TypeParam); generic && role == RoleError {
			// A wrapper's Out, which reaches its error only through a
			// check of it (a budget that the output exceeds): the value
			// is the output, not the error.
			return
		}
		if t.roles[result] == RoleDropped || role == RoleError {
			t.roles[result] = role
		}
	}
	// show notes that result of v is shown in the error text when v's
	// error is not nil: it is mentioned by an error result, or returned as
	// a result the path shows.
	show := func(v funcValue, sig *types.Signature, result int) {
		if t := targets[v.key()]; t != nil && sig != nil && result < sig.Results().Len() &&
			IsText(sig.Results().At(result).Type()) && !slices.Contains(t.shown, result) {
			t.shown = append(t.shown, result)
		}
	}
	for _, ret := range b.Returns {
		// Calls several results come from, unchanged: delegates.
		type slot struct{ result, i int }
		from := map[*ast.CallExpr][]slot{}
		for i := 0; i < n; i++ {
			role := p.Roles[i]
			o, ok := ResultOrigin(ret, i, n)
			if !ok {
				continue
			}
			if role == RoleDropped {
				// A dropped result still tells a delegate from a helper.
				for _, d := range w.r.Resolver.OriginsOf(o.Expr) {
					if call, ok := ast.Unparen(d.Expr).(*ast.CallExpr); ok {
						result := d.Index
						if result < 0 {
							result = o.Index
						}
						if result >= 0 {
							from[call] = append(from[call], slot{result, i})
						}
					}
				}
				continue
			}
			value := w.value(o.Expr, o.Index)
			for _, c := range value.Calls {
				sig := paramSig(c.param)
				note(funcValue{param: c.param}, sig, c.result, role, ret)
				if role == RoleResult && value.Shape == ShapeError || slices.Contains(p.Shown, i) {
					show(funcValue{param: c.param}, sig, c.result)
				}
			}
			for _, d := range w.r.Resolver.OriginsOf(o.Expr) {
				call, ok := ast.Unparen(d.Expr).(*ast.CallExpr)
				if !ok {
					continue
				}
				result := d.Index
				if result < 0 {
					result = o.Index
				}
				if result >= 0 {
					from[call] = append(from[call], slot{result, i})
				}
			}
		}
		// In source order: the order handlers are found in decides which
		// path a finding reached by several names.
		calls := slices.SortedFunc(maps.Keys(from), func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
		for _, call := range calls {
			slots := from[call]
			// A delegate gives the handler several of its results (return
			// f(...), res, err := f(...); return res, err), not just an
			// error a helper builds.
			if len(slots) < 2 && !(len(ret.Results) == 1 && n > 1) {
				continue
			}
			fn, lit, _ := w.target(call)
			for _, sl := range slots {
				var v funcValue
				var sig *types.Signature
				switch {
				case lit != nil:
					v, sig = funcValue{lit: lit}, litSig(f.info, lit)
				case fn != nil && (f.x.Decl(fn) != nil || f.foreignResultHelper(fn)):
					v, sig = funcValue{fn: fn.Origin()}, fn.Signature()
				default:
					continue
				}
				note(v, sig, sl.result, p.Roles[sl.i], ret)
				if slices.Contains(p.Shown, sl.i) {
					show(v, sig, sl.result)
				}
			}
		}
	}
	for _, t := range order {
		slices.Sort(t.shown)
		q := &Path{Kind: p.Kind, Roles: t.roles, Converting: p.Converting, Deferred: p.Deferred, Tool: p.Tool, Wrapped: p.Wrapped || t.v.param != nil, Shown: t.shown, Built: p.Built}
		if i := errorResult(t.v, f.info); i >= 0 && p.Error() >= 0 && t.roles[i] != RoleError {
			// h does not pass the value's error on: it turns it into a
			// result (whose text the client reads) or drops it.
			t.roles[i] = RoleError
			q.Converting = true
		}
		step := Step{Pos: t.at.Pos(), What: "its results are returned by " + describeHandler(h), Forwards: true, Delegates: t.v.param == nil}
		q.Via = append([]Step{step}, p.Via...)
		if t.v.param == nil {
			if th := f.handler(t.v); !slices.ContainsFunc(th.Delegators, func(s Step) bool { return s.Pos == step.Pos }) {
				th.Delegators = append(th.Delegators, step)
			}
		}
		f.add(t.v, q, nil)
	}
}

// errorResult returns the index of the error result of a function value,
// or -1.
func errorResult(v funcValue, info *types.Info) int {
	var sig *types.Signature
	switch {
	case v.lit != nil:
		sig, _ = info.TypeOf(v.lit).(*types.Signature)
	case v.fn != nil:
		sig = v.fn.Signature()
	case v.param != nil:
		sig = paramSig(v.param)
	}
	if sig == nil {
		return -1
	}
	for i := range sig.Results().Len() {
		if IsErrorOrRuntimeError(sig.Results().At(i).Type()) {
			return i
		}
	}
	return -1
}

// describeHandler names a handler for a path's steps.
func describeHandler(h *Handler) string {
	if h.Func != nil {
		return model.FuncName(h.Func)
	}
	return "a function literal"
}

// adapterCalls gives the arguments of the package's calls of an adapter
// the path its parameter p takes.
func (f *finder) adapterCalls(p *types.Var, path *Path) {
	fn := f.paramOwner(p)
	if fn == nil {
		return
	}
	i := paramIndex(fn.Signature(), p)
	for _, sc := range f.callsOf[fn] {
		arg := argAt(sc.call, i+MethodExprShift(f.info, sc.call.Fun))
		if arg == nil {
			continue
		}
		q := *path
		q.Via = append([]Step{{Pos: sc.call.Pos(), What: "passed to " + model.FuncName(fn)}}, path.Via...)
		for _, v := range f.funcValues(sc.b, arg, 0) {
			f.add(v, &q, nil)
		}
	}
}

// paramOwner returns the declared function of the package whose parameter
// p is, or nil (a literal's parameter).
func (f *finder) paramOwner(p *types.Var) *types.Func {
	for _, root := range f.x.roots {
		b := root.Body
		if b.Func != nil && b.Node.Pos() <= p.Pos() && p.Pos() < b.Block.Pos() && paramIndex(b.Sig, p) >= 0 {
			return b.Func
		}
	}
	return nil
}

// maxFuncDepth only guards against a mistake turning into a stack
// overflow: funcValues ends a cycle (a variable assigned from itself, a
// function returning its own call) where it meets an expression it is
// already following, so that how far a value is followed — through a
// local, the call that built a struct, the literal it returns, the field
// that holds the handler — never changes what is found.
const maxFuncDepth = 64

// A followKey is an expression funcValues is following, in its body.
type followKey struct {
	b *Body
	e ast.Expr
}

// funcValues returns the function values an expression of body b (nil at
// package level) can be: followed through local variables, the fields and
// elements of composite literals, the results of the package's functions,
// and mcp-go's typed and structured handler constructors.
func (f *finder) funcValues(b *Body, e ast.Expr, depth int) []funcValue {
	if e == nil || depth > maxFuncDepth {
		return nil
	}
	e = ast.Unparen(e)
	k := followKey{b, e}
	if f.following[k] {
		return nil // a cycle: what it can be is found where it started
	}
	if f.following == nil {
		f.following = map[followKey]bool{}
	}
	f.following[k] = true
	defer delete(f.following, k)
	var out []funcValue
	if b != nil {
		if id, ok := e.(*ast.Ident); ok && localVar(f.info, id) != nil && !IsParam(f.info.Uses[id].(*types.Var)) {
			w := f.r.finalWalk(b.Root)
			for _, o := range w.r.Resolver.Origins(id) {
				if o != ast.Expr(id) {
					out = append(out, f.funcValues(b, o, depth+1)...)
				}
			}
			return out
		}
	}
	switch e := e.(type) {
	case *ast.FuncLit:
		return []funcValue{{lit: e}}
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			out = append(out, f.funcValues(b, elt, depth+1)...)
		}
		return out
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return f.funcValues(b, e.X, depth+1)
		}
	case *ast.CallExpr:
		return f.callFuncValues(b, e, depth)
	case *ast.SelectorExpr:
		if s, ok := f.info.Selections[e]; ok && s.Kind() == types.FieldVal {
			// Field-insensitive: what the struct holds, of the field's type.
			want := f.info.TypeOf(e)
			for _, v := range f.funcValues(b, e.X, depth+1) {
				if f.fits(v, want) {
					out = append(out, v)
				}
			}
			return out
		}
	case *ast.IndexExpr:
		if _, isFunc := f.info.Types[e.X].Type.(*types.Signature); !isFunc {
			return f.funcValues(b, e.X, depth+1) // an element of a slice or map
		}
	}
	if fn := model.FuncOf(f.info, e); fn != nil && !isAbstract(fn) {
		return []funcValue{{fn: fn}}
	}
	if v := packageVar(f.info, e); v != nil && v.Pkg() == f.r.pass.Pkg {
		// A package variable initialised once, with a function.
		if init := f.r.model.Init(v); init != nil {
			return f.funcValues(nil, init, depth+1)
		}
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := f.info.Uses[id].(*types.Var); ok && IsParam(v) && paramSig(v) != nil {
			return []funcValue{{param: v}}
		}
	}
	return nil
}

// fits reports whether a function value can be stored in a place of type
// want: the right signature.
func (f *finder) fits(v funcValue, want types.Type) bool {
	wantSig, ok := want.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	var sig *types.Signature
	switch {
	case v.lit != nil:
		sig, _ = f.info.TypeOf(v.lit).(*types.Signature)
	case v.fn != nil:
		sig = v.fn.Signature()
	case v.param != nil:
		sig = paramSig(v.param)
	}
	return v.factory || sig != nil && sig.Params().Len() == wantSig.Params().Len() && sig.Results().Len() == wantSig.Results().Len()
}

// callFuncValues returns the function values a call can return: mcp-go's
// handler constructors give their argument; a function of the package,
// what its returns give.
func (f *finder) callFuncValues(b *Body, call *ast.CallExpr, depth int) []funcValue {
	fn := model.Callee(f.info, call)
	switch {
	case fn == nil:
		return nil
	case model.IsFunc(fn, model.MCPGoPath, "NewTypedToolHandler") && len(call.Args) == 1:
		var out []funcValue
		for _, v := range f.funcValues(b, call.Args[0], depth+1) {
			v.typed = true
			out = append(out, v)
		}
		return out
	case model.IsFunc(fn, model.MCPGoPath, "NewStructuredToolHandler") && len(call.Args) == 1:
		var out []funcValue
		for _, v := range f.funcValues(b, call.Args[0], depth+1) {
			v.structured = true
			out = append(out, v)
		}
		return out
	}
	callee := f.x.Decl(fn)
	if callee == nil {
		if fn.Pkg() != f.r.pass.Pkg && !ownPackage(fn.Pkg()) && yieldsHandlers(fn.Signature()) {
			return []funcValue{{fn: fn.Origin(), factory: true}}
		}
		return nil
	}
	var out []funcValue
	n := callee.Sig.Results().Len()
	for _, ret := range callee.Returns {
		for i := range n {
			if e := ResultExpr(ret, i, n); e != nil && len(ret.Results) == n {
				for _, v := range f.funcValues(callee, e, depth+1) {
					if v.param == nil { // a parameter of the callee is its caller's argument: an adapter's business
						out = append(out, v)
					}
				}
			}
		}
	}
	return out
}

// seedTools gives the handlers of mcperr tools their path.
func (f *finder) seedTools() {
	for _, t := range f.r.model.Tools {
		if t.HandlerExpr == nil || f.inTest(t.Lit) {
			continue
		}
		b := f.x.Enclosing(t.Lit.Pos())
		for _, v := range f.funcValues(b, t.HandlerExpr, 0) {
			n := 0
			if sig := f.sigOf(v); sig != nil {
				n = sig.Results().Len()
			}
			p := kindPath(model.ToolHandler, n, Step{Pos: t.Lit.Pos(), What: "the Handler of mcperr tool " + toolName(t)})
			if p != nil {
				p.Tool = t
			}
			f.add(v, p, t)
		}
	}
}

func toolName(t *model.Tool) string {
	if t.Name == "" {
		return "(unnamed)"
	}
	return fmt.Sprintf("%q", t.Name)
}

// sigOf returns the signature of a function value.
func (f *finder) sigOf(v funcValue) *types.Signature {
	switch {
	case v.lit != nil:
		sig, _ := f.info.TypeOf(v.lit).(*types.Signature)
		return sig
	case v.fn != nil:
		return v.fn.Signature()
	case v.param != nil:
		sig := paramSig(v.param)
		return sig
	}
	return nil
}

// inTest reports whether a node lies in a test file.
func (f *finder) inTest(n ast.Node) bool {
	return isTestPos(f.r.pass.Fset, n.Pos())
}

// seedCalls gives the arguments of registrations and adapter calls their
// paths.
func (f *finder) seedCalls() {
	for _, call := range f.x.pkgCalls {
		f.seedCall(nil, call)
	}
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			for _, call := range b.Calls {
				f.seedCall(b, call)
			}
			for _, lit := range b.serverTools {
				if h := LitField(lit, "Handler"); h != nil {
					for _, v := range f.funcValues(b, h, 0) {
						f.add(v, kindPath(model.MCPGoPlain, f.resultsOf(v), Step{Pos: lit.Pos(), What: "the Handler of an mcp-go server.ServerTool"}), nil)
					}
				}
			}
		}
	}
}

func (f *finder) resultsOf(v funcValue) int {
	if sig := f.sigOf(v); sig != nil {
		return sig.Results().Len()
	}
	return 0
}

// seedCall gives the arguments of one call their paths, when it is a
// registration or a call of an adapter of another package.
func (f *finder) seedCall(b *Body, call *ast.CallExpr) {
	fn := model.Callee(f.info, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	register := func(arg ast.Expr, kind model.HandlerKind, what string, server ast.Expr) {
		if arg == nil {
			return
		}
		for _, v := range f.funcValues(b, arg, 0) {
			p := kindPath(kind, f.resultsOf(v), Step{Pos: call.Pos(), What: what})
			if p != nil && server != nil {
				f.onServer(p, b, server)
			}
			f.add(v, p, nil)
		}
	}
	recv := func() ast.Expr {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	switch {
	case model.IsFunc(fn, model.GoSDKPath, "AddTool"):
		register(argAt(call, 2), model.GoSDKTyped, "registered with mcp.AddTool", nil)
	case model.IsMethod(fn, model.GoSDKPath, "Server", "AddTool"):
		register(argAt(call, 1), model.GoSDKRaw, "registered with (*mcp.Server).AddTool", nil)
	case model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddTool"):
		register(argAt(call, 1), model.MCPGoPlain, "registered with (*server.MCPServer).AddTool", recv())
	case model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddTools"), model.IsMethod(fn, model.MCPGoServer, "MCPServer", "SetTools"):
		for _, arg := range call.Args {
			register(arg, model.MCPGoPlain, "registered with (*server.MCPServer)."+fn.Name(), recv())
		}
	case model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddResource"), model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddResourceTemplate"):
		register(argAt(call, 1), model.ResourceHandler, "registered with (*server.MCPServer)."+fn.Name(), nil)
	case model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddPrompt"):
		register(argAt(call, 1), model.PromptHandler, "registered with (*server.MCPServer).AddPrompt", nil)
	case model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddResources"), model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddResourceTemplates"),
		model.IsMethod(fn, model.MCPGoServer, "MCPServer", "SetResources"):
		for _, arg := range call.Args {
			register(arg, model.ResourceHandler, "registered with (*server.MCPServer)."+fn.Name(), nil)
		}
	case model.IsMethod(fn, model.MCPGoServer, "MCPServer", "AddPrompts"), model.IsMethod(fn, model.MCPGoServer, "MCPServer", "SetPrompts"):
		for _, arg := range call.Args {
			register(arg, model.PromptHandler, "registered with (*server.MCPServer)."+fn.Name(), nil)
		}
	case model.IsMethod(fn, model.GoSDKPath, "Server", "AddResource"), model.IsMethod(fn, model.GoSDKPath, "Server", "AddResourceTemplate"):
		register(argAt(call, 1), model.ResourceHandler, "registered with (*mcp.Server)."+fn.Name(), nil)
	case model.IsMethod(fn, model.GoSDKPath, "Server", "AddPrompt"):
		register(argAt(call, 1), model.PromptHandler, "registered with (*mcp.Server).AddPrompt", nil)
	case fn.Pkg() != f.r.pass.Pkg:
		f.foreignAdapter(b, call, fn)
	}
}

// splitReads takes the handlers that answer only reads of resources and
// prompts out of the tool handlers, into Result.ReadHandlers, and the
// paths of reads out of the adapters' parameters: a read has no error
// result to fail with, so only the rules about an answer that hides a
// failure judge it, as they judge the functions a tool handler answers
// with (see findCallees). A read handler of another package is not
// followed there.
func (f *finder) splitReads() {
	var tools []*Handler
	for _, h := range f.order {
		var toolPaths []*Path
		reads := false
		for _, p := range h.Paths {
			if p.Kind.Reads() {
				reads = true
			} else {
				toolPaths = append(toolPaths, p)
			}
		}
		if reads && len(toolPaths) == 0 {
			if h.Body != nil {
				f.r.ReadHandlers = append(f.r.ReadHandlers, h)
			}
			continue
		}
		h.Paths = toolPaths
		tools = append(tools, h)
	}
	f.order = tools
	for p, paths := range f.params {
		f.params[p] = slices.DeleteFunc(paths, func(p *Path) bool { return p.Kind.Reads() })
		if len(f.params[p]) == 0 {
			delete(f.params, p)
		}
	}
}

// onServer settles whether the server an mcp-go handler is registered on
// converts its errors.
func (f *finder) onServer(p *Path, b *Body, server ast.Expr) {
	switch f.serverConversion(b, server) {
	case converts:
		p.Converting, p.Deferred = true, false
	case passesErrors:
		p.Deferred = false
		if step, ok := f.serverForwarder(b, server); ok {
			p.Via = append(p.Via, step)
		} else if _, ok := p.Root(); !ok {
			p.Built = f.builtServer(b, server, 0)
		}
	}
}

// seedSignatures gives a path to every function of the package with an
// SDK handler's signature that nothing else gave one and that the package
// does not call as a helper: another package registers it.
func (f *finder) seedSignatures() {
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			if b.Sig == nil {
				continue
			}
			kind := model.KindOf(b.Sig)
			if kind == 0 {
				continue
			}
			v := funcValue{fn: b.Func}
			if lit, ok := b.Node.(*ast.FuncLit); ok {
				v = funcValue{lit: lit}
			}
			if _, known := f.handlers[v.key()]; known || f.called[v.key()] || f.calledVar(b) || f.unreachable(b) {
				continue
			}
			f.add(v, kindPath(kind, b.Sig.Results().Len(), Step{Pos: b.Node.Pos(), What: kind.WithArticle() + " " + bySignature}), nil)
		}
	}
}

// unreachable reports whether b is a function literal written in an
// unexported function that nothing in the package names: a handler
// factory no other package can reach either, so the handlers it would
// make are never registered (code kept for later, as //nolint:unused
// says).
func (f *finder) unreachable(b *Body) bool {
	fn := b.Root.Body.Func
	if b.Func != nil || fn == nil || fn.Exported() || fn.Name() == "init" || fn.Name() == "main" || len(f.callsOf[fn]) > 0 {
		return false
	}
	if recv := fn.Signature().Recv(); recv != nil {
		return false // a method may be reached through an interface
	}
	if f.named == nil {
		f.named = map[*types.Func]bool{}
		for _, root := range f.x.roots {
			for _, rb := range root.Bodies {
				for _, id := range rb.Refs {
					if ref, ok := f.info.Uses[id].(*types.Func); ok {
						f.named[ref.Origin()] = true
					}
				}
			}
		}
		for _, call := range f.x.pkgCalls {
			ast.Inspect(call, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if ref, ok := f.info.Uses[id].(*types.Func); ok {
						f.named[ref.Origin()] = true
					}
				}
				return true
			})
		}
	}
	return !f.named[fn]
}

// calledVar reports whether a literal is assigned to a variable the
// package calls: a helper.
func (f *finder) calledVar(b *Body) bool {
	lit, ok := b.Node.(*ast.FuncLit)
	if !ok {
		return false
	}
	return f.called[lit]
}

// seedCandidates adds, as candidates, the exported functions and methods
// shaped like an mcperr tool's handler, func(context.Context, In) (Out,
// error), that nothing in the package registers, in a package whose
// imports reach the runtime: a tool of another package may use them.
func (f *finder) seedCandidates() {
	if !f.r.model.ReachesRuntime {
		return
	}
	for _, root := range f.x.roots {
		b := root.Body
		if b.Func == nil || !b.Func.Exported() || b.Sig == nil || !model.IsToolHandlerSignature(b.Sig) || model.KindOf(b.Sig) != 0 {
			continue
		}
		if _, known := f.handlers[b.Func]; known || !inputObject(b.Sig.Params().At(1).Type()) || !namesReason(f.info, root) {
			continue
		}
		h := f.handler(funcValue{fn: b.Func})
		h.Candidate = true
		h.Paths = []*Path{kindPath(model.ToolHandler, 2, Step{Pos: b.Node.Pos(), What: "shaped like an mcperr tool's handler"})}
	}
}

// seedResultHelpers gives the exported functions and methods of the
// package that answer as a plain handler does, with (*mcp.CallToolResult,
// error) and nothing else (client.Request(v), jsonResult(v)), and that
// the package itself never calls, a deferred path of the plain handler of
// their SDK:
// a handler of another package that returns their results makes their
// returns its own, and reports what the package records of them (see
// foreignResultHelper).
func (f *finder) seedResultHelpers() {
	for _, root := range f.x.roots {
		b := root.Body
		if b.Func == nil || !b.Func.Exported() || b.Sig == nil {
			continue
		}
		kind := resultHelperKind(b.Sig)
		if kind == 0 {
			continue
		}
		if _, known := f.handlers[funcValue{fn: b.Func}.key()]; known || len(f.callsOf[b.Func]) > 0 || f.called[funcValue{fn: b.Func}.key()] {
			continue // its own package's handlers, or helpers, use it: judged there
		}
		h := f.handler(funcValue{fn: b.Func})
		h.Candidate = true
		h.Paths = []*Path{kindPath(kind, 2, Step{Pos: b.Node.Pos(), What: "answers as " + kind.WithArticle() + " does"})}
	}
}

// resultHelperKind returns the plain handler kind of the SDK whose
// (*CallToolResult, error) sig returns, or 0.
func resultHelperKind(sig *types.Signature) model.HandlerKind {
	res := sig.Results()
	if res.Len() != 2 || !IsError(res.At(1).Type()) {
		return 0
	}
	switch t := res.At(0).Type(); {
	case model.IsPointerTo(t, model.MCPGoPath, "CallToolResult"):
		return model.MCPGoPlain
	case model.IsPointerTo(t, model.GoSDKPath, "CallToolResult"):
		return model.GoSDKRaw
	}
	return 0
}

// foreignResultHelper reports whether fn is a result helper of another
// package of the module (see seedResultHelpers), whose package recorded
// what its returns do on a handler's path.
func (f *finder) foreignResultHelper(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg() != f.r.pass.Pkg && fn.Exported() && sameModule(f.r.pass, fn.Pkg()) && resultHelperKind(fn.Signature()) != 0
}

// inputObject reports whether t can be a tool's input: an object (a
// struct, a map, a pointer to one) or a type parameter. A tool's input
// schema is an object, so a function of a string or a number is a
// service, not a handler.
func inputObject(t types.Type) bool {
	t = model.Deref(t)
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Map:
		return true
	}
	return false
}

// namesReason reports whether a root calls mcperr.Fail or
// mcperr.RecoveryFor, which only mean something in a tool's handler or
// what it runs.
func namesReason(info *types.Info, root *Root) bool {
	for _, b := range root.Bodies {
		for _, call := range b.Calls {
			if model.IsRuntimeFunc(model.Callee(info, call), "Fail", "RecoveryFor") {
				return true
			}
		}
	}
	return false
}

// yieldsHandlers reports whether a function returns an SDK handler or
// middleware, or a value holding one in a field or element.
func yieldsHandlers(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		if holdsHandler(sig.Results().At(i).Type(), 0) {
			return true
		}
	}
	return false
}

// holdsHandler reports whether a value of type t is or holds an SDK
// handler or middleware.
func holdsHandler(t types.Type, depth int) bool {
	if depth > 3 {
		return false
	}
	if model.IsNamed(t, model.MCPGoServer, "ServerTool") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		if model.KindOf(u) != 0 {
			return true
		}
		return u.Results().Len() == 1 && u.Params().Len() == 1 && holdsHandler(u.Results().At(0).Type(), depth+1)
	case *types.Pointer:
		return holdsHandler(u.Elem(), depth+1)
	case *types.Slice:
		return holdsHandler(u.Elem(), depth+1)
	case *types.Struct:
		for i := range u.NumFields() {
			if holdsHandler(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// ownPackage reports whether pkg is the runtime's or an SDK's, whose
// functions are known by name.
func ownPackage(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	p := pkg.Path()
	for _, prefix := range []string{"github.com/mcperrlint/mcperrlint/runtime/", "github.com/modelcontextprotocol/go-sdk/", "github.com/mark3labs/mcp-go/"} {
		if rest, ok := strings.CutPrefix(p, prefix); ok {
			// The SDKs' example servers are servers like any other.
			return rest != "examples" && !strings.HasPrefix(rest, "examples/")
		}
	}
	return false
}
