package errflow

// The one fixed point of mcperrlint. Declared functions are summarised
// together: a function's summary is recomputed when that of a function it
// calls grows, so recursion between helpers terminates (summaries only
// grow, and they are finite). Function literals are summarised with the
// declaration that contains them, in each round. Functions of other
// packages are read from their facts.

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// A solver computes the summaries of one package's functions.
type solver struct {
	pass    *analysis.Pass
	info    *types.Info
	x       *Index
	model   *model.Model
	pkgBase string
	// dependency reports that the package is a dependency, summarised
	// for its facts: its returns are not where the module's own code
	// receives a library's values (see walk.entered).
	dependency bool
	// blindToSDK reports that the package's imports never reach an MCP
	// SDK: its code cannot build an SDK's protocol error (see
	// walk.unseenFuncProto).
	blindToSDK bool
	seeing     map[*types.Package]bool // see seesSDK
	// fieldProto is what an error field of the package may be: a
	// protocol error, if the package names one anywhere (see fieldProto).
	fieldProto    Proto
	fieldProtoSet bool
	// fieldParams are the interface fields the package fills from a
	// parameter (see fieldparams.go).
	fieldParams map[*types.Var]*types.Var
	buffers     map[*Root][]bufferWrite // see bufferWrites

	order []*types.Func // declared functions with a body, in source order
	sums  map[*types.Func]*Summary
	lits  map[*ast.FuncLit]*Summary // from the final computation of each root

	vars  map[*types.Var]*Summary // this package's error variables
	inits map[*types.Var]ast.Expr // their initialisers

	// entries are the constant reasons of this package's contract entry
	// variables that are never reassigned.
	entries map[*types.Var]string

	facts map[types.Object]*summaryFact // imported; nil when there is none

	// dynamic are the reason arguments that reach Fail without being
	// constant, with the function they are passed to (nil for Fail itself
	// or a function literal).
	dynamic      map[ast.Node]*types.Func
	dynamicOrder []ast.Node

	// printed are, for each Error method asked about, the fields of
	// its receiver it prints (see errorFields).
	printed map[*types.Func]map[string]bool

	errorTypes map[types.Type]bool // see isError

	callers map[*types.Func][]*types.Func
	depends map[[2]*types.Func]bool
	current *types.Func

	roots map[*Root]*rootFacts

	projectErrs map[string]bool // project handler type -> may return errors (see projectReturnsErrors)

	impls map[*types.Func][]*types.Func // interface method -> implementations (see implementations)
	// methods are the concrete methods by name (methodsNamed), those of
	// a name sorted once asked for.
	methods       map[string][]*types.Func
	methodsSorted map[string]bool

	fieldTaints    map[string][]Blob // "type.field" -> the raw values other packages say it holds (see fieldtaint.go)
	returnedFields map[string][]Blob // type -> the raw values in the fields of its values returned as errors (see walk.errorFields)
}

// rootFacts are what the effects of a root's bodies read of its syntax
// beyond the index: computed once per root.
type rootFacts struct {
	// called are the literals some call in the root resolves to.
	called map[*ast.FuncLit]bool
	// paired are the RecoveryFor calls that complete a Fail or factory
	// call naming the same constant reason: that call already names it.
	paired map[*ast.CallExpr]bool
	// inspected are the origins of the error variables the root tests.
	inspected map[ast.Expr]bool
	// fails are the calls of mcperr.Fail in the root, in source order.
	fails []*ast.CallExpr
}

func newSolver(pass *analysis.Pass, m *model.Model, x *Index) *solver {
	return &solver{
		pass:    pass,
		info:    pass.TypesInfo,
		x:       x,
		model:   m,
		pkgBase: path.Base(pass.Pkg.Path()),
		sums:    map[*types.Func]*Summary{},
		lits:    map[*ast.FuncLit]*Summary{},
		vars:    map[*types.Var]*Summary{},
		inits:   map[*types.Var]ast.Expr{},
		entries: map[*types.Var]string{},
		facts:   map[types.Object]*summaryFact{},
		dynamic: map[ast.Node]*types.Func{},
		callers: map[*types.Func][]*types.Func{},
		depends: map[[2]*types.Func]bool{},
		roots:   map[*Root]*rootFacts{},
	}
}

// solveAll summarises the package's variables, functions and literals.
func (s *solver) solveAll() {
	for _, r := range s.x.roots {
		if r.Body.Func != nil {
			s.order = append(s.order, r.Body.Func)
		}
	}
	s.scanVars()
	s.summarizeVars()
	s.solve()
	for _, r := range s.x.roots {
		if lit, ok := r.Body.Node.(*ast.FuncLit); ok { // a package-level literal
			w := s.walk(r)
			w.lit(lit)
			keepLits(s.lits, w.lits)
		}
	}
}

// keepLits records the literal summaries of a walk.
func keepLits(dst, src map[*ast.FuncLit]*Summary) {
	for lit, sum := range src {
		if sum != nil {
			dst[lit] = sum
		}
	}
}

// scanVars records the initialisers of package-level variables of an
// error type, and the constant reasons of contract entry variables.
func (s *solver) scanVars() {
	for _, file := range s.pass.Files {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Names) != len(vs.Values) {
					continue
				}
				for i, name := range vs.Names {
					v, ok := s.info.Defs[name].(*types.Var)
					switch {
					case !ok:
					case IsErrorOrRuntimeError(v.Type()):
						s.inits[v] = vs.Values[i]
					case model.IsNamed(v.Type(), model.RuntimePath, "Contract") && !s.model.Reassigned(v):
						if reason, ok := s.entryReason(vs.Values[i]); ok {
							s.entries[v] = reason
						}
					}
				}
			}
		}
	}
}

// entryReason returns the constant Reason of an mcperr.Contract literal.
func (s *solver) entryReason(expr ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(expr).(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Reason" {
				return StringConst(s.info, kv.Value)
			}
		} else if i == 0 { // unkeyed: Reason is the first field
			return StringConst(s.info, elt)
		}
	}
	return "", false
}

// summarizeVars summarises the package's error variables from their
// initialisers: sentinels built by a factory, possibly wrapped. They are
// summarised before functions, so calls in initialisers are not followed.
func (s *solver) summarizeVars() {
	vars := make([]*types.Var, 0, len(s.inits))
	for v := range s.inits {
		vars = append(vars, v)
	}
	slices.SortFunc(vars, func(a, b *types.Var) int { return model.SourceOrder(s.pass.Fset, a.Pos(), b.Pos()) })
	w := &walk{s: s, r: &Root{Resolver: &Resolver{info: s.info}}, rf: &rootFacts{}, lits: map[*ast.FuncLit]*Summary{}}
	for _, v := range vars {
		sum := &Summary{Results: make([]Slot, 1)}
		s.vars[v] = sum // a cycle through variables ends here
		w.carried(sum, s.inits[v], false)
		sum.Results[0] = w.value(s.inits[v], -1).slot(nil)
	}
}

// solve summarises every declared function, to a fixed point. Functions
// are first taken callees first, so that without recursion one round
// suffices; a function is taken again when the summary of one it calls
// grows.
func (s *solver) solve() {
	queue := s.calleesFirst()
	queued := map[*types.Func]bool{}
	for _, fn := range queue {
		queued[fn] = true
	}
	// Summaries only grow, so this terminates; the bound guards against a
	// mistake turning into a hang. Should it be reached, every summary is
	// marked incomplete, which silences the rules that need them whole.
	budget := 20*len(queue) + 100
	for ; len(queue) > 0 && budget > 0; budget-- {
		fn := queue[0]
		queue = queue[1:]
		queued[fn] = false

		s.current = fn
		body := s.x.decls[fn]
		w := s.walk(body.Root)
		sum := w.unit(body)
		keepLits(s.lits, w.lits)

		old := s.sums[fn]
		s.sums[fn] = sum
		if old != nil && old.size() == sum.size() {
			continue
		}
		for _, caller := range s.callers[fn] {
			if !queued[caller] {
				queued[caller] = true
				queue = append(queue, caller)
			}
		}
	}
	s.current = nil
	if len(queue) > 0 {
		for _, sum := range s.sums {
			sum.Dynamic = true
		}
	}
}

// calleesFirst returns the declared functions in depth-first post-order
// of the references between them, from each in source order: every
// function after those it names, but for recursion.
func (s *solver) calleesFirst() []*types.Func {
	order := make([]*types.Func, 0, len(s.order))
	visited := map[*types.Func]bool{}
	var visit func(fn *types.Func)
	visit = func(fn *types.Func) {
		visited[fn] = true
		for _, callee := range s.references(s.x.decls[fn].Root) {
			if !visited[callee] {
				visit(callee)
			}
		}
		order = append(order, fn)
	}
	for _, fn := range s.order {
		if !visited[fn] {
			visit(fn)
		}
	}
	return order
}

// references returns the functions declared in the package that a root
// names, called or not.
func (s *solver) references(r *Root) []*types.Func {
	var out []*types.Func
	for _, b := range r.Bodies {
		for _, call := range b.Calls {
			if fn := model.Callee(s.info, call); fn != nil && s.x.decls[fn] != nil {
				out = append(out, fn)
			}
		}
		for _, id := range b.Refs {
			if fn, ok := s.info.Uses[id].(*types.Func); ok && s.x.decls[fn.Origin()] != nil {
				out = append(out, fn.Origin())
			}
		}
	}
	return out
}

// Summary returns the summary of a function, from this package's fixed
// point or from another package's fact, or nil. A function of this
// package read while another is summarised is a dependency of it, even
// before it has a summary: the order callees come first in follows only
// static calls, and a method an interface call reaches, or a function
// of a recursion, may be summarised after its caller.
func (s *solver) summary(fn *types.Func) *Summary {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == s.pass.Pkg {
		s.depend(fn)
		return s.sums[fn]
	}
	if f := s.importFact(fn); f != nil {
		return f.summary
	}
	return nil
}

// importFact returns the fact of an object of another package, or nil.
func (s *solver) importFact(obj types.Object) *summaryFact {
	fact, ok := s.facts[obj]
	if !ok {
		fact = new(summaryFact)
		if s.pass.ImportObjectFact(obj, fact) || outsideFact(s.pass, obj, fact) {
			fact.decode(obj)
		} else {
			fact = nil
		}
		s.facts[obj] = fact
	}
	return fact
}

// site returns how a fact records a position.
func (s *solver) site(pos token.Pos) string {
	p := s.pass.Fset.Position(pos)
	return s.pkgBase + "/" + filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// A calleeEffect is an effect of a called function, with the index of the
// parameter its reason is passed in, or -1.
type calleeEffect struct {
	Effect
	param int
}

// calleeEffects calls yield with each effect of calling fn at call, from
// its summary when it is declared in this package, from its fact
// otherwise, and reports whether some reason of fn cannot be known. The
// summary being built by the caller is never fn's, so yield may add to it.
func (s *solver) calleeEffects(fn *types.Func, call ast.Node, yield func(calleeEffect)) (dynamic bool) {
	if fn.Pkg() == s.pass.Pkg {
		if s.x.decls[fn] == nil {
			return false
		}
		s.depend(fn)
		sum := s.sums[fn]
		if sum == nil {
			return false
		}
		sig := fn.Signature()
		for _, e := range sum.Effects {
			i := -1
			if e.param != nil {
				if i = paramIndex(sig, e.param); i < 0 {
					continue
				}
				e.param = nil
			}
			yield(calleeEffect{e, i})
		}
		return sum.Dynamic
	}
	fact := s.importFact(fn)
	if fact == nil {
		return false
	}
	for _, e := range fact.summary.Effects {
		i := e.Param - 1
		e.Param = 0
		e.At, e.Via = call, fn
		yield(calleeEffect{e, i})
	}
	return fact.summary.Dynamic
}

// depend records that the function being summarised reads fn's summary,
// so that it is summarised again when fn's grows.
func (s *solver) depend(fn *types.Func) {
	if s.current != nil && !s.depends[[2]*types.Func{fn, s.current}] {
		s.depends[[2]*types.Func{fn, s.current}] = true
		s.callers[fn] = append(s.callers[fn], s.current)
	}
}

// varSummary returns the summary of a package-level error variable, from
// this package or from its fact.
func (s *solver) varSummary(v *types.Var) *Summary {
	if v.Pkg() == s.pass.Pkg {
		return s.vars[v]
	}
	if f := s.importFact(v); f != nil {
		return f.summary
	}
	return nil
}

// varEffects returns the effects of a package-level error variable.
func (s *solver) varEffects(v *types.Var, at ast.Node) []Effect {
	sum := s.varSummary(v)
	if sum == nil {
		return nil
	}
	if v.Pkg() == s.pass.Pkg {
		return sum.Effects
	}
	var out []Effect
	for _, e := range sum.Effects {
		e.At, e.Via = at, v
		out = append(out, e)
	}
	return out
}

// noteDynamic records a reason argument that reaches Fail without being
// constant.
func (s *solver) noteDynamic(arg ast.Node, fn *types.Func) {
	if _, ok := s.dynamic[arg]; !ok {
		s.dynamic[arg] = fn
		s.dynamicOrder = append(s.dynamicOrder, arg)
	}
}

// rootFacts returns what the effects of a root read of its syntax,
// computing it on first use.
func (s *solver) rootFacts(r *Root) *rootFacts {
	rf := s.roots[r]
	if rf != nil {
		return rf
	}
	rf = &rootFacts{}
	s.roots[r] = rf
	w := &walk{s: s, r: r, rf: rf}
	for _, b := range r.Bodies {
		for _, call := range b.Calls {
			fn := model.Callee(s.info, call)
			if _, lit, _ := w.targetOf(call, fn); lit != nil {
				rf.called = setTrue(rf.called, lit)
			}
			w.pairRecoveries(call, fn)
			if model.IsRuntimeFunc(fn, "Fail") {
				rf.fails = append(rf.fails, call)
			}
		}
	}
	slices.SortFunc(rf.fails, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
	for v := range r.tested {
		for _, o := range r.Resolver.varOrigins(v) {
			rf.inspected = setTrue(rf.inspected, o.Expr)
		}
	}
	return rf
}

// isError is IsError, remembered per type: the values of a package are
// of few types, and go/types answers from their method sets.
func (s *solver) isError(t types.Type) bool {
	is, ok := s.errorTypes[t]
	if !ok {
		is = IsError(t)
		if s.errorTypes == nil {
			s.errorTypes = map[types.Type]bool{}
		}
		s.errorTypes[t] = is
	}
	return is
}

// walk returns a fresh walk of a root.
func (s *solver) walk(r *Root) *walk {
	return &walk{s: s, r: r, rf: s.rootFacts(r), lits: map[*ast.FuncLit]*Summary{}}
}

// paramIndex returns the index of v among the parameters of sig, or -1.
func paramIndex(sig *types.Signature, v *types.Var) int {
	if sig == nil {
		return -1
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return i
		}
	}
	return -1
}

// inRuntime reports whether fn belongs to the runtime package.
func inRuntime(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == model.RuntimePath
}

// isAbstract reports whether fn is an interface method, which a call
// reaches only dynamically.
func isAbstract(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// packageVar returns the package-level variable an identifier or a
// qualified identifier denotes, or nil.
func packageVar(info *types.Info, expr ast.Expr) *types.Var {
	v := model.VarOf(info, expr)
	if v == nil || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// MethodExprShift returns 1 when expr is a method expression, T.M, whose
// first argument is the receiver.
func MethodExprShift(info *types.Info, expr ast.Expr) int {
	if sel, ok := ast.Unparen(expr).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			return 1
		}
	}
	return 0
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if call == nil || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// implementations returns the concrete methods, of this package or with a
// fact from another, that implement the interface method m. An interface
// of the program's own (a registry's Tool, whose Execute each tool
// package implements) is resolved to every implementation the program
// has; one of the standard library (io.Reader, fmt.Stringer), which any
// package implements for its own ends, only while there are few.
func (s *solver) implementations(m *types.Func) []*types.Func {
	if impls, ok := s.impls[m]; ok {
		return impls
	}
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	var out []*types.Func
	if iface != nil {
		for _, c := range s.methodsNamed(m.Name()) {
			recv := c.Signature().Recv().Type()
			if types.Implements(recv, iface) || !isPointerType(recv) && types.Implements(types.NewPointer(recv), iface) {
				out = append(out, c)
			}
		}
	}
	if len(out) > maxImplementations && (m.Pkg() == nil || isStdPath(m.Pkg().Path())) {
		out = nil
	}
	if s.impls == nil {
		s.impls = map[*types.Func][]*types.Func{}
	}
	s.impls[m] = out
	return out
}

// isStdPath reports whether an import path is the standard library's:
// its first element has no dot.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// maxImplementations bounds the methods a call of a standard library
// interface's method is taken to run: beyond it, the call is as unknown
// as without them.
const maxImplementations = 16

// methodsNamed returns the concrete methods named name that the package
// declares or has summaries of.
func (s *solver) methodsNamed(name string) []*types.Func {
	if s.methods == nil {
		s.methods = map[string][]*types.Func{}
		for fn := range s.x.decls {
			if fn.Signature().Recv() != nil && !isAbstract(fn) {
				s.methods[fn.Name()] = append(s.methods[fn.Name()], fn)
			}
		}
		for _, of := range s.pass.AllObjectFacts() {
			fn, ok := of.Object.(*types.Func)
			if _, isSummary := of.Fact.(*summaryFact); !ok || !isSummary || fn.Pkg() == s.pass.Pkg || fn.Signature().Recv() == nil || isAbstract(fn) {
				continue
			}
			s.methods[fn.Name()] = append(s.methods[fn.Name()], fn)
		}
		for _, e := range outsideEntries(s.pass) {
			for _, fn := range e.methods {
				s.methods[fn.Name()] = append(s.methods[fn.Name()], fn)
			}
		}
		s.methodsSorted = map[string]bool{}
	}
	// In a fixed order, whatever the order of the maps they come from and
	// of the files in the file set (which a loader may parse in
	// parallel): the first implementation found names a finding's path.
	// Sorted when first asked for, each full name made once: building
	// them in the comparison, and for every name rather than those asked
	// for, was a tenth of a warm run on a server with many dependencies.
	ms := s.methods[name]
	if !s.methodsSorted[name] {
		s.methodsSorted[name] = true
		full := make(map[*types.Func]string, len(ms))
		for _, fn := range ms {
			full[fn] = fn.FullName()
		}
		slices.SortFunc(ms, func(a, b *types.Func) int { return cmp.Compare(full[a], full[b]) })
	}
	return ms
}

func isPointerType(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// seesSDK reports whether code of pkg can build an SDK's protocol error:
// it is an SDK's, or its imports reach one (the reachesSDK fact).
func (s *solver) seesSDK(pkg *types.Package) bool {
	if pkg == s.pass.Pkg {
		return !s.blindToSDK
	}
	if sees, ok := s.seeing[pkg]; ok {
		return sees
	}
	sees := model.IsSDKPath(pkg.Path()) || s.pass.ImportPackageFact(pkg, new(reachesSDK))
	if s.seeing == nil {
		s.seeing = map[*types.Package]bool{}
	}
	s.seeing[pkg] = sees
	return sees
}

// fieldProtocol returns which SDKs' protocol errors an error kept in a
// field (r.Err) may be. The layer does not follow what is stored in
// fields; a package that never names a protocol error type (a
// *jsonrpc.Error, mcp-go's URLElicitationRequiredError) has none to
// store, so its fields hold none of its own making.
func (s *solver) fieldProtocol() Proto {
	if !s.fieldProtoSet {
		s.fieldProtoSet = true
		for _, tv := range s.info.Types {
			if p := protocolType(tv.Type); p != 0 && !tv.IsNil() {
				s.fieldProto |= p
			}
		}
	}
	return s.fieldProto
}
