package conformance

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// An effect is an effectFact as this package sees it: where it is, and how
// it arrives.
type effect struct {
	effectFact

	// param, when set, is the parameter the reason is passed in: of the
	// function summarised, or of a function literal in it. Param is unused.
	param *types.Var

	// at is, in this package, where the effect is written or the call
	// through which it arrives from another package; via is the function
	// (or error variable) it arrives through, or nil.
	at  ast.Node
	via types.Object
}

type effectKey struct {
	effectFact
	param *types.Var
}

// A summary is what a function's failures can carry: its effects, in the
// order found, without duplicates.
type summary struct {
	effects []effect
	seen    map[effectKey]bool // the effects' keys, once there are more than smallSummary
	dynamic bool               // some reason cannot be known statically
}

// smallSummary is how many effects a summary holds before it indexes them:
// most have a handful, which a scan finds faster than a map is built.
const smallSummary = 8

func (s *summary) add(e effect) {
	k := effectKey{e.effectFact, e.param}
	if s.seen != nil {
		if s.seen[k] {
			return
		}
		s.seen[k] = true
	} else {
		for i := range s.effects {
			if s.effects[i].param == e.param && s.effects[i].effectFact == e.effectFact {
				return
			}
		}
		if len(s.effects) == smallSummary {
			s.seen = make(map[effectKey]bool, 2*smallSummary)
			for _, old := range s.effects {
				s.seen[effectKey{old.effectFact, old.param}] = true
			}
			s.seen[k] = true
		}
	}
	s.effects = append(s.effects, e)
}

// A summarizer computes the summaries of one package's functions and
// exports the facts of those that other packages can call.
//
// Declared functions are summarised together, to a fixed point: a
// function's summary is recomputed when that of a function it calls grows,
// so recursion between helpers terminates (summaries only grow, and they
// are finite). Function literals are summarised with the declaration that
// contains them.
type summarizer struct {
	pass    *analysis.Pass
	info    *types.Info
	flows   *errflow.Index // errflow's answers, shared with the other analyzers through the model
	pkgBase string

	decls map[*types.Func]*ast.FuncDecl
	order []*types.Func // decls in source order
	sums  map[*types.Func]*summary
	roots map[ast.Node]*root

	// rootOrder are the bodies no other contains, in source order: the
	// declared functions' and the package-level literals'.
	rootOrder []ast.Node

	vars  map[*types.Var]*summary // this package's error variables
	inits map[*types.Var]ast.Expr

	// entries are the constant reasons of this package's contract entry
	// variables that are never reassigned, so that entry.Reason is as
	// constant as the literal it was initialised with.
	entries map[*types.Var]string

	facts map[types.Object]*errorsFact // imported; nil when there is none

	// lits are the summaries of function literals, from the final
	// computation of the body containing each.
	lits map[*ast.FuncLit]*summary

	// dynamic are the reason arguments that reach Fail without being
	// constant, with the function they are passed to (nil for Fail
	// itself or a function literal).
	dynamic      map[ast.Node]*types.Func
	dynamicOrder []ast.Node

	callers map[*types.Func][]*types.Func
	depends map[[2]*types.Func]bool
	current *types.Func

	callees map[*ast.Ident]bool // scratch of newRoot: the identifiers naming the function a call calls
	scan    unitScan            // scratch of scanUnits
}

// summarize computes the summaries of the package's functions and exports
// their facts.
func summarize(pass *analysis.Pass, m *model.Model) *summarizer {
	s := &summarizer{
		pass:    pass,
		info:    pass.TypesInfo,
		flows:   m.Flows(),
		pkgBase: path.Base(pass.Pkg.Path()),
		decls:   map[*types.Func]*ast.FuncDecl{},
		sums:    map[*types.Func]*summary{},
		roots:   map[ast.Node]*root{},
		vars:    map[*types.Var]*summary{},
		inits:   map[*types.Var]ast.Expr{},
		entries: map[*types.Var]string{},
		facts:   map[types.Object]*errorsFact{},
		lits:    map[*ast.FuncLit]*summary{},
		dynamic: map[ast.Node]*types.Func{},
		callers: map[*types.Func][]*types.Func{},
		depends: map[[2]*types.Func]bool{},
		callees: map[*ast.Ident]bool{},
	}
	var topLits []*ast.FuncLit
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if fn, ok := s.info.Defs[decl.Name].(*types.Func); ok && decl.Body != nil {
					s.decls[fn] = decl
					s.order = append(s.order, fn)
					s.rootOrder = append(s.rootOrder, decl)
				}
			case *ast.GenDecl:
				s.scanVars(decl)
				ast.Inspect(decl, func(n ast.Node) bool {
					if lit, ok := n.(*ast.FuncLit); ok {
						topLits = append(topLits, lit)
						s.rootOrder = append(s.rootOrder, lit)
						return false
					}
					return true
				})
			}
		}
	}
	s.keepConstantEntries(m)
	s.summarizeVars()
	s.solve()
	for _, lit := range topLits {
		w := s.walk(lit)
		w.lit(lit)
		keepLits(s.lits, w.lits)
	}
	s.exportFacts()
	return s
}

// keepLits records the literal summaries of a walk.
func keepLits(dst, src map[*ast.FuncLit]*summary) {
	for lit, sum := range src {
		if sum != nil {
			dst[lit] = sum
		}
	}
}

// scanVars records the initialisers of package-level variables of an
// error type.
func (s *summarizer) scanVars(decl *ast.GenDecl) {
	if decl.Tok != token.VAR {
		return
	}
	for _, spec := range decl.Specs {
		vs, ok := spec.(*ast.ValueSpec)
		if !ok || len(vs.Names) != len(vs.Values) {
			continue
		}
		for i, name := range vs.Names {
			v, ok := s.info.Defs[name].(*types.Var)
			switch {
			case !ok:
			case isErrorResult(v.Type()):
				s.inits[v] = vs.Values[i]
			case model.IsNamed(v.Type(), model.RuntimePath, "Contract"):
				if reason, ok := s.entryReason(vs.Values[i]); ok {
					s.entries[v] = reason
				}
			}
		}
	}
}

// entryReason returns the constant Reason of an mcperr.Contract literal.
func (s *summarizer) entryReason(expr ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(expr).(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Reason" {
				return constString(s.info, kv.Value)
			}
		} else if i == 0 { // unkeyed: Reason is the first field
			return constString(s.info, elt)
		}
	}
	return "", false
}

// keepConstantEntries drops the contract entry variables the package
// writes to or takes the address of, as the model found them.
func (s *summarizer) keepConstantEntries(m *model.Model) {
	for v := range s.entries {
		if m.Reassigned(v) {
			delete(s.entries, v)
		}
	}
}

// entryVarReason returns the reason of expr when it reads the Reason of a
// contract entry variable known to be constant: entry.Reason.
func (s *summarizer) entryVarReason(expr ast.Expr) (string, bool) {
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

// summarizeVars summarises the package's error variables from their
// initialisers: sentinels built by a factory, possibly wrapped. They are
// summarised before functions, so calls in initialisers are not followed.
func (s *summarizer) summarizeVars() {
	vars := make([]*types.Var, 0, len(s.inits))
	for v := range s.inits {
		vars = append(vars, v)
	}
	slices.SortFunc(vars, func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) })
	w := &walk{s: s, r: &root{resolver: errflow.NewResolver(s.info, nil)}, lits: map[*ast.FuncLit]*summary{}}
	for _, v := range vars {
		sum := &summary{}
		s.vars[v] = sum // a cycle through variables ends here
		w.carried(sum, s.inits[v], false)
	}
}

// solve summarises every declared function, to a fixed point. Functions
// are first taken callees first, so that without recursion one round
// suffices; a function is taken again when the summary of one it calls
// grows.
func (s *summarizer) solve() {
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
		decl := s.decls[fn]
		w := s.walk(decl)
		sum := w.unit(fn.Signature(), decl.Body)
		keepLits(s.lits, w.lits)

		old := s.sums[fn]
		s.sums[fn] = sum
		if old != nil && len(old.effects) == len(sum.effects) && old.dynamic == sum.dynamic {
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
			sum.dynamic = true
		}
	}
}

// calleesFirst returns the declared functions in depth-first post-order
// of the calls between them, from each in source order: every function
// after those it calls, but for recursion.
func (s *summarizer) calleesFirst() []*types.Func {
	order := make([]*types.Func, 0, len(s.order))
	visited := map[*types.Func]bool{}
	var visit func(fn *types.Func)
	visit = func(fn *types.Func) {
		visited[fn] = true
		for _, callee := range s.root(s.decls[fn]).refs {
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

// exportFacts exports the facts of the functions and variables other
// packages can name.
func (s *summarizer) exportFacts() {
	for _, fn := range s.order {
		if !fn.Exported() {
			continue
		}
		if fact := s.factOf(s.sums[fn], fn.Signature()); fact != nil {
			s.pass.ExportObjectFact(fn, fact)
		}
	}
	for v, sum := range s.vars {
		if v.Exported() && v.Parent() == s.pass.Pkg.Scope() {
			if fact := s.factOf(sum, nil); fact != nil {
				s.pass.ExportObjectFact(v, fact)
			}
		}
	}
	for v, reason := range s.entries {
		if v.Exported() && v.Parent() == s.pass.Pkg.Scope() {
			s.pass.ExportObjectFact(v, &entryFact{Reason: reason})
		}
	}
}

// factOf returns the fact recording sum, or nil when it says nothing.
func (s *summarizer) factOf(sum *summary, sig *types.Signature) *errorsFact {
	if sum == nil {
		return nil
	}
	fact := &errorsFact{Dynamic: sum.dynamic}
	for _, e := range sum.effects {
		ef := e.effectFact
		if e.param != nil {
			i := paramIndex(sig, e.param)
			if i < 0 {
				fact.Dynamic = true
				continue
			}
			ef.Param = i + 1
		}
		fact.Effects = append(fact.Effects, ef)
	}
	if len(fact.Effects) == 0 && !fact.Dynamic {
		return nil
	}
	fact.normalize()
	return fact
}

// importFact returns the fact of an object of another package, or nil.
func (s *summarizer) importFact(obj types.Object) *errorsFact {
	fact, ok := s.facts[obj]
	if !ok {
		fact = new(errorsFact)
		if !s.pass.ImportObjectFact(obj, fact) {
			fact = nil
		}
		s.facts[obj] = fact
	}
	return fact
}

// site returns how a fact records a position.
func (s *summarizer) site(pos token.Pos) string {
	p := s.pass.Fset.Position(pos)
	return s.pkgBase + "/" + filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
}

// A calleeEffect is an effect of a called function, with the index of the
// parameter its reason is passed in, or -1.
type calleeEffect struct {
	effect
	param int
}

// calleeEffects calls yield with each effect of calling fn at call, from
// its summary when it is declared in this package, from its fact
// otherwise, and reports whether some reason of fn cannot be known. The
// summary being built by the caller is never fn's, so yield may add to it.
func (s *summarizer) calleeEffects(fn *types.Func, call ast.Node, yield func(calleeEffect)) (dynamic bool) {
	if fn.Pkg() == s.pass.Pkg {
		if s.decls[fn] == nil {
			return false
		}
		if s.current != nil && !s.depends[[2]*types.Func{fn, s.current}] {
			s.depends[[2]*types.Func{fn, s.current}] = true
			s.callers[fn] = append(s.callers[fn], s.current)
		}
		sum := s.sums[fn]
		if sum == nil {
			return false
		}
		sig := fn.Signature()
		for _, e := range sum.effects {
			i := -1
			if e.param != nil {
				if i = paramIndex(sig, e.param); i < 0 {
					continue
				}
				e.param = nil
			}
			yield(calleeEffect{e, i})
		}
		return sum.dynamic
	}
	fact := s.importFact(fn)
	if fact == nil {
		return false
	}
	for _, ef := range fact.Effects {
		i := ef.Param - 1
		ef.Param = 0
		yield(calleeEffect{effect{effectFact: ef, at: call, via: fn}, i})
	}
	return fact.Dynamic
}

// varEffects returns the effects of a package-level error variable.
func (s *summarizer) varEffects(v *types.Var, at ast.Node) []effect {
	if v.Pkg() == s.pass.Pkg {
		if sum := s.vars[v]; sum != nil {
			return sum.effects
		}
		return nil
	}
	fact := s.importFact(v)
	if fact == nil {
		return nil
	}
	var out []effect
	for _, ef := range fact.Effects {
		out = append(out, effect{effectFact: ef, at: at, via: v})
	}
	return out
}

// noteDynamic records a reason argument that reaches Fail without being
// constant.
func (s *summarizer) noteDynamic(arg ast.Node, fn *types.Func) {
	if _, ok := s.dynamic[arg]; !ok {
		s.dynamic[arg] = fn
		s.dynamicOrder = append(s.dynamicOrder, arg)
	}
}

// A root is a function body no other body contains: a declared function's,
// or a function literal's at package level. What is syntactic about it is
// computed once, in one walk of the body; local variables are resolved per
// root, by the resolver the model shares with the other analyzers.
type root struct {
	// node is the declaration or literal; lits, the literals in its body.
	node     ast.Node
	ftype    *ast.FuncType
	body     *ast.BlockStmt
	lits     []*ast.FuncLit
	resolver *errflow.Resolver

	// The maps are allocated on first write.

	// called are the literals some call in the root resolves to.
	called map[*ast.FuncLit]bool
	// paired are the RecoveryFor calls that complete a Fail or factory
	// call naming the same constant reason: that call already names it.
	paired map[*ast.CallExpr]bool
	// inspected are the origins of the error variables the body tests.
	inspected map[ast.Expr]bool

	// main and units are what the summaries of the root's bodies read of
	// them: its own body's, and its literals'.
	main  *unitSyntax
	units map[*ast.BlockStmt]*unitSyntax
	// refs are the functions declared in the package that the root names,
	// called or not, in source order: calleesFirst's edges.
	refs []*types.Func
	// fails are the calls of mcperr.Fail in the root, in source order.
	fails []*ast.CallExpr
}

// A unitSyntax is what the summary of one function body reads of its
// syntax, recorded in source order by the walk of its root, so that each
// round of the fixed point reads two lists rather than walking the body.
type unitSyntax struct {
	// events are the function literals directly in the body (not in a
	// nested literal), its calls, and the identifiers naming a function
	// without calling it.
	events  []ast.Node
	returns []*ast.ReturnStmt // as errflow.Returns
}

// walk returns a fresh walk of the body of a declaration or package-level
// literal, computing its root on first use.
func (s *summarizer) walk(node ast.Node) *walk {
	return &walk{s: s, r: s.root(node), lits: map[*ast.FuncLit]*summary{}}
}

// root returns the root of a declaration or package-level literal,
// computing it on first use.
func (s *summarizer) root(node ast.Node) *root {
	r := s.roots[node]
	if r == nil {
		r = s.newRoot(node)
		s.roots[node] = r
	}
	return r
}

func (s *summarizer) newRoot(node ast.Node) *root {
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	switch n := node.(type) {
	case *ast.FuncDecl:
		ftype, body = n.Type, n.Body
	case *ast.FuncLit:
		ftype, body = n.Type, n.Body
	}
	r := &root{node: node, ftype: ftype, body: body, resolver: s.flows.Func(body).Resolver()}
	if body == nil {
		return r
	}
	w := &walk{s: s, r: r}
	clear(s.callees)
	units := s.scanUnits(r, body, s.callees)
	defer units.done()
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		units.node(n)
		switch n := n.(type) {
		case *ast.FuncLit:
			r.lits = append(r.lits, n)
		case *ast.CallExpr:
			fn := model.Callee(s.info, n)
			if _, lit, _ := w.targetOf(n, fn); lit != nil {
				r.called = setTrue(r.called, lit)
			}
			w.pairRecoveries(n, fn)
			w.noteTests(n, fn)
			if model.IsRuntimeFunc(fn, "Fail") {
				r.fails = append(r.fails, n)
			}
		case *ast.TypeAssertExpr:
			w.inspect(n.X)
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				if !errflow.IsNil(s.info, n.Y) {
					w.inspect(n.X)
				}
				if !errflow.IsNil(s.info, n.X) {
					w.inspect(n.Y)
				}
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				w.inspect(n.Tag)
			}
		}
		return true
	})
	return r
}

// A unitScan records the unitSyntax of a body and of the literals in it,
// fed the nodes of one walk of the body in ast.Inspect's order. It
// collects into scratch lists, and gives each body its share of one
// allocation when done.
type unitScan struct {
	s *summarizer
	r *root
	// units are the bodies met, in order; frames, those enclosing the
	// node being recorded, innermost last: the root's, then its literals'.
	units  []*unitSyntax
	frames []unitFrame
	// events and returns are the nodes recorded, with their body's index
	// in units.
	events  []unitNode
	returns []unitNode
	// callees are the identifiers naming the function a call calls, which
	// are not references; nil when they are not told apart.
	callees map[*ast.Ident]bool
}

type unitFrame struct {
	unit       int       // index in units
	start, end token.Pos // the body's
}

type unitNode struct {
	unit int
	node ast.Node
}

// scanUnits starts recording the syntax of body and its literals into r.
// There is one scan at a time: call done when the walk is over.
func (s *summarizer) scanUnits(r *root, body *ast.BlockStmt, callees map[*ast.Ident]bool) *unitScan {
	sc := &s.scan
	*sc = unitScan{
		s: s, r: r, callees: callees,
		units: sc.units[:0], frames: sc.frames[:0], events: sc.events[:0], returns: sc.returns[:0],
	}
	sc.enter(body)
	return sc
}

func (sc *unitScan) enter(body *ast.BlockStmt) {
	u := &unitSyntax{}
	if body == sc.r.body {
		sc.r.main = u
	} else {
		if sc.r.units == nil {
			sc.r.units = map[*ast.BlockStmt]*unitSyntax{}
		}
		sc.r.units[body] = u
	}
	sc.frames = append(sc.frames, unitFrame{len(sc.units), body.Pos(), body.End()})
	sc.units = append(sc.units, u)
}

// node records n, the next node of the walk.
func (sc *unitScan) node(n ast.Node) {
	for len(sc.frames) > 1 && n.Pos() >= sc.frames[len(sc.frames)-1].end {
		sc.frames = sc.frames[:len(sc.frames)-1]
	}
	top := sc.frames[len(sc.frames)-1]
	// In a literal's signature, a node belongs to no body.
	inBody := n.Pos() >= top.start
	switch n := n.(type) {
	case *ast.FuncLit:
		if inBody {
			sc.events = append(sc.events, unitNode{top.unit, n})
		}
		sc.enter(n.Body)
	case *ast.CallExpr:
		if inBody {
			sc.events = append(sc.events, unitNode{top.unit, n})
		}
		if sc.callees != nil {
			if id := calleeIdent(n.Fun); id != nil {
				sc.callees[id] = true
			}
		}
	case *ast.Ident:
		fn, ok := sc.s.info.Uses[n].(*types.Func)
		if !ok {
			return
		}
		if decl := fn.Origin(); sc.s.decls[decl] != nil {
			sc.r.refs = append(sc.r.refs, decl)
		}
		if inBody && !sc.callees[n] {
			sc.events = append(sc.events, unitNode{top.unit, n})
		}
	case *ast.ReturnStmt:
		sc.returns = append(sc.returns, unitNode{top.unit, n})
	}
}

// done ends the scan, handing each body its events and returns.
func (sc *unitScan) done() {
	if len(sc.units) == 1 { // no literal: no need to sort the lists out
		u := sc.units[0]
		u.events = make([]ast.Node, len(sc.events))
		for i, e := range sc.events {
			u.events[i] = e.node
		}
		u.returns = make([]*ast.ReturnStmt, len(sc.returns))
		for i, e := range sc.returns {
			u.returns[i] = e.node.(*ast.ReturnStmt)
		}
	} else {
		counts := make([]int, len(sc.units))
		for _, e := range sc.events {
			counts[e.unit]++
		}
		all := make([]ast.Node, 0, len(sc.events))
		for i, u := range sc.units {
			u.events, all = all[:0:counts[i]], all[counts[i]:cap(all)]
		}
		for _, e := range sc.events {
			u := sc.units[e.unit]
			u.events = append(u.events, e.node)
		}
		for _, e := range sc.returns {
			u := sc.units[e.unit]
			u.returns = append(u.returns, e.node.(*ast.ReturnStmt))
		}
	}
	clear(sc.units)
	clear(sc.events)
	clear(sc.returns)
	sc.r, sc.callees = nil, nil
}

// syntax returns what the summary of body reads of it. The roots' bodies
// and literals were recorded by newRoot; a literal of a package variable's
// initialiser, which belongs to no root, is recorded on first use, without
// telling callees from references.
func (w *walk) syntax(body *ast.BlockStmt) *unitSyntax {
	if body == w.r.body && w.r.main != nil {
		return w.r.main
	}
	if u := w.r.units[body]; u != nil {
		return u
	}
	sc := w.s.scanUnits(w.r, body, nil)
	ast.Inspect(body, func(n ast.Node) bool {
		if n != nil {
			sc.node(n)
		}
		return true
	})
	sc.done()
	return w.r.units[body]
}

// owner returns the function whose parameter v is when it is the root or
// one of its literals, or nil.
func (r *root) owner(v *types.Var) ast.Node {
	if v == nil || v.Kind() != types.ParamVar || r.node == nil ||
		v.Pos() < r.node.Pos() || v.Pos() >= r.node.End() {
		return nil
	}
	var fn ast.Node
	if declares(r.ftype, v) {
		fn = r.node
	}
	for _, lit := range r.lits {
		if declares(lit.Type, v) {
			fn = lit // the innermost, should a literal be written in a signature
		}
	}
	return fn
}

// declares reports whether v is one of the parameters ftype lists.
func declares(ftype *ast.FuncType, v *types.Var) bool {
	return ftype != nil && ftype.Params != nil && ftype.Params.Pos() <= v.Pos() && v.Pos() < ftype.Params.End()
}

// A walk summarises the functions of one root, for one round of the fixed
// point: the literals' summaries depend on the callees' of the round.
type walk struct {
	s    *summarizer
	r    *root
	lits map[*ast.FuncLit]*summary // nil value: being computed
}

// unit summarises one function body: the reasons named when it runs,
// by itself, the literals in it and the functions it calls, and the errors
// it returns.
func (w *walk) unit(sig *types.Signature, body *ast.BlockStmt) *summary {
	sum := &summary{}
	if body == nil || sig == nil {
		return sum
	}
	syntax := w.syntax(body)
	for _, n := range syntax.events {
		switch n := n.(type) {
		case *ast.FuncLit:
			w.include(sum, n)
		case *ast.CallExpr:
			w.call(sum, n)
		case *ast.Ident:
			w.reference(sum, n)
		}
	}
	results := sig.Results()
	for _, ret := range syntax.returns {
		for i := 0; i < results.Len(); i++ {
			if !isErrorResult(results.At(i).Type()) {
				continue
			}
			if expr := errflow.Result(ret, i, results.Len()); expr != nil {
				w.carried(sum, expr, false)
			}
		}
	}
	return sum
}

// lit returns the summary of a function literal of the root.
func (w *walk) lit(lit *ast.FuncLit) *summary {
	if sum, ok := w.lits[lit]; ok {
		if sum == nil { // a literal that calls itself
			return &summary{}
		}
		return sum
	}
	w.lits[lit] = nil
	sig, _ := w.s.info.TypeOf(lit).(*types.Signature)
	sum := w.unit(sig, lit.Body)
	w.lits[lit] = sum
	return sum
}

// include adds what a literal nested in a function names: it runs with
// the function's context. Reasons passed in the literal's own parameters
// are read at the calls of the literal instead; when none can be found,
// they are unknown. A literal that escapes (a callback, a goroutine) may
// hand its errors back some other way: they count as produced, but are
// not held against a contract.
func (w *walk) include(sum *summary, lit *ast.FuncLit) {
	child := w.lit(lit)
	sum.dynamic = sum.dynamic || child.dynamic
	escapes := !w.r.called[lit]
	for _, e := range child.effects {
		own := e.param != nil && w.r.owner(e.param) == lit
		switch {
		case own && escapes:
			sum.dynamic = true
		case own:
		case e.Kind == returnKind && escapes:
			e.Inspected = true
			sum.add(e)
		case e.Kind == returnKind:
		default:
			sum.add(e)
		}
	}
}

// reference adds what a function referenced without being called (a
// method value or a function passed as a callback) names and returns, as
// include does for an escaping literal.
func (w *walk) reference(sum *summary, id *ast.Ident) {
	fn, ok := w.s.info.Uses[id].(*types.Func)
	if !ok || isAbstract(fn) || inRuntime(fn) {
		return
	}
	dynamic := w.s.calleeEffects(fn.Origin(), id, func(ce calleeEffect) {
		if ce.param >= 0 {
			sum.dynamic = true
			return
		}
		if ce.Kind == returnKind {
			ce.Inspected = true
		}
		sum.add(ce.effect)
	})
	sum.dynamic = sum.dynamic || dynamic
}

// call adds the reasons a call names: Fail and RecoveryFor by themselves,
// other functions by their summaries.
func (w *walk) call(sum *summary, call *ast.CallExpr) {
	fn, lit, shift := w.target(call)
	switch {
	case lit != nil:
		child := w.lit(lit)
		sum.dynamic = sum.dynamic || child.dynamic
		for _, e := range child.effects {
			if e.Kind == returnKind {
				continue
			}
			if e.param != nil && w.r.owner(e.param) == lit {
				w.substitute(sum, e, call, litParamIndex(w.s.info, lit, e.param), nil)
				continue
			}
			sum.add(e)
		}
	case fn == nil:
	case model.IsRuntimeFunc(fn, "Fail"):
		if len(call.Args) >= 2 {
			w.name(sum, failKind, call.Args[1])
		}
	case model.IsRuntimeFunc(fn, "RecoveryFor"):
		if len(call.Args) >= 2 && !w.r.paired[call] {
			w.name(sum, recoveryKind, call.Args[1])
		}
	case inRuntime(fn):
	default:
		dynamic := w.s.calleeEffects(fn, call, func(ce calleeEffect) {
			switch {
			case ce.Kind == returnKind:
			case ce.param >= 0:
				w.substitute(sum, ce.effect, call, ce.param+shift, fn)
			default:
				sum.add(ce.effect)
			}
		})
		sum.dynamic = sum.dynamic || dynamic
	}
}

// name adds the reasons an expression passed to Fail or RecoveryFor can
// be.
func (w *walk) name(sum *summary, kind uint8, expr ast.Expr) {
	for _, r := range w.reasons(expr) {
		switch {
		case r.dynamic:
			sum.dynamic = true
			if kind == failKind {
				w.s.noteDynamic(r.node, nil)
			}
		case r.param != nil:
			sum.add(effect{effectFact: effectFact{Kind: kind, Site: w.s.site(r.node.Pos())}, param: r.param, at: r.node})
		default:
			sum.add(effect{effectFact: effectFact{Kind: kind, Reason: r.name, Site: w.s.site(r.node.Pos())}, at: r.node})
		}
	}
}

// substitute adds an effect whose reason is a parameter of the function
// called, reading the reason from the call's argument.
func (w *walk) substitute(sum *summary, e effect, call *ast.CallExpr, arg int, fn *types.Func) {
	if arg < 0 || arg >= len(call.Args) || call.Ellipsis.IsValid() && arg == len(call.Args)-1 {
		sum.dynamic = true
		return
	}
	for _, r := range w.reasons(call.Args[arg]) {
		ne := e
		ne.param, ne.Param, ne.Reason = nil, 0, ""
		switch {
		case r.dynamic:
			sum.dynamic = true
			if e.Kind == failKind {
				w.s.noteDynamic(r.node, fn)
			}
			continue
		case r.param != nil:
			ne.param = r.param
		default:
			ne.Reason = r.name
		}
		ne.Site = w.s.site(r.node.Pos())
		ne.at = r.node
		if fn != nil {
			ne.via = fn // the reason is passed to fn here
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
	if s, ok := constString(w.s.info, expr); ok {
		return []reasonRef{{name: s, node: expr}}
	}
	var out []reasonRef
	for _, o := range w.r.resolver.Origins(expr) {
		if s, ok := constString(w.s.info, o); ok {
			out = append(out, reasonRef{name: s, node: o})
			continue
		}
		if s, ok := w.s.entryVarReason(o); ok {
			out = append(out, reasonRef{name: s, node: o})
			continue
		}
		if id, ok := o.(*ast.Ident); ok {
			if v, ok := w.s.info.Uses[id].(*types.Var); ok && w.r.owner(v) != nil {
				out = append(out, reasonRef{param: v, node: expr})
				continue
			}
		}
		out = append(out, reasonRef{dynamic: true, node: expr})
	}
	return out
}

// carried adds the errors built by the runtime that an error expression
// can hold: created by a factory or New, wrapped with %w or errors.Join,
// or returned by a function called. An error passed as another's cause is
// not carried: CodeOf and the wire see the outer error first.
func (w *walk) carried(sum *summary, expr ast.Expr, inspected bool) {
	for _, o := range w.r.resolver.Origins(expr) {
		in := inspected || w.r.inspected[o]
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

func (w *walk) carriedCall(sum *summary, call *ast.CallExpr, inspected bool) {
	if tv, ok := w.s.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 { // error(e)
			w.carried(sum, call.Args[0], inspected)
		}
		return
	}
	fn, lit, shift := w.target(call)
	switch {
	case lit != nil:
		for _, e := range w.lit(lit).effects {
			if e.Kind != returnKind {
				continue
			}
			e.Inspected = e.Inspected || inspected
			if e.param != nil && w.r.owner(e.param) == lit {
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
			code, _ := constInt(w.s.info, argAt(call, 0))
			w.produce(sum, call, code, 2, inspected)
		} else if model.IsRuntimeFunc(fn, "FromHTTPResponse") {
			w.produce(sum, call, 0, 1, inspected)
		}
	case model.IsFunc(fn, "fmt", "Errorf"):
		for _, i := range wrappedArgs(w.s.info, call) {
			w.carried(sum, call.Args[i], inspected)
		}
	case model.IsFunc(fn, "errors", "Join"):
		if !call.Ellipsis.IsValid() {
			for _, arg := range call.Args {
				w.carried(sum, arg, inspected)
			}
		}
	default:
		dynamic := w.s.calleeEffects(fn, call, func(ce calleeEffect) {
			if ce.Kind != returnKind {
				return
			}
			ce.Inspected = ce.Inspected || inspected
			if ce.param >= 0 {
				w.substitute(sum, ce.effect, call, ce.param+shift, fn)
				return
			}
			sum.add(ce.effect)
		})
		sum.dynamic = sum.dynamic || dynamic
	}
}

// produce adds the error a runtime constructor call builds, with the
// reasons its options give it; opts is the index of its first option.
func (w *walk) produce(sum *summary, call *ast.CallExpr, code int64, opts int, inspected bool) {
	refs, known := w.optionReasons(call, opts)
	if !known {
		sum.dynamic = true
		return
	}
	if len(refs) == 0 {
		if code != 0 {
			sum.add(effect{effectFact: effectFact{Kind: returnKind, Code: code, Inspected: inspected, Site: w.s.site(call.Pos())}, at: call})
		}
		return
	}
	for _, r := range refs {
		e := effect{effectFact: effectFact{Kind: returnKind, Code: code, Inspected: inspected, Site: w.s.site(r.node.Pos())}, at: r.node}
		switch {
		case r.dynamic:
			sum.dynamic = true
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
		for _, o := range w.r.resolver.Origins(call.Args[i]) {
			if errflow.IsNil(w.s.info, o) {
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
				key, ok := constString(w.s.info, opt.Args[0])
				if !ok {
					return nil, false
				}
				if key == "reason" && isString(w.s.info.TypeOf(opt.Args[1])) {
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
		return fn, nil, methodExprShift(w.s.info, call.Fun)
	}
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		return nil, fun, 0
	case *ast.Ident:
		origins := w.r.resolver.Origins(fun)
		if len(origins) != 1 || origins[0] == fun {
			return nil, nil, 0
		}
		switch o := origins[0].(type) {
		case *ast.FuncLit:
			return nil, o, 0
		default:
			if fn := model.FuncOf(w.s.info, o); fn != nil && !isAbstract(fn) {
				return fn, nil, methodExprShift(w.s.info, o)
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
		if s, ok := constString(w.s.info, argAt(call, 1)); ok {
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
		for _, o := range w.r.resolver.Origins(call.Args[i]) {
			opt, ok := o.(*ast.CallExpr)
			if !ok {
				continue
			}
			switch optFn := model.Callee(w.s.info, opt); {
			case model.IsRuntimeFunc(optFn, "WithReason"):
				if s, ok := constString(w.s.info, argAt(opt, 0)); ok {
					named[s] = true
				}
			case model.IsRuntimeFunc(optFn, "RecoveryFor"):
				recoveries = append(recoveries, opt)
			}
		}
	}
	for _, rec := range recoveries {
		if s, ok := constString(w.s.info, argAt(rec, 1)); ok && named[s] {
			w.r.paired = setTrue(w.r.paired, rec)
		}
	}
}

// noteTests records the error variables a call tests: errors.Is and As,
// os.IsNotExist and its kind, CodeOf and Classify, and the Code and Reason
// methods of an *mcperr.Error. fn is the call's static callee.
func (w *walk) noteTests(call *ast.CallExpr, fn *types.Func) {
	if fn == nil {
		return
	}
	switch {
	case model.IsFunc(fn, "errors", "Is"), model.IsFunc(fn, "errors", "As"),
		model.IsFunc(fn, "os", "IsNotExist"), model.IsFunc(fn, "os", "IsExist"),
		model.IsFunc(fn, "os", "IsPermission"), model.IsFunc(fn, "os", "IsTimeout"),
		model.IsRuntimeFunc(fn, "CodeOf", "Classify"):
		w.inspect(argAt(call, 0))
	case model.IsMethod(fn, model.RuntimePath, "Error", "Code"), model.IsMethod(fn, model.RuntimePath, "Error", "Reason"):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			w.inspect(sel.X)
		}
	}
}

// inspect records that the values an error variable holds are tested.
func (w *walk) inspect(expr ast.Expr) {
	id, ok := ast.Unparen(expr).(*ast.Ident)
	if !ok || !isErrorResult(w.s.info.TypeOf(id)) {
		return
	}
	for _, o := range w.r.resolver.Origins(id) {
		w.r.inspected = setTrue(w.r.inspected, o)
	}
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

// calleeIdent returns the identifier that names the function a call's Fun
// denotes: F, pkg.F, x.M, F[T].
func calleeIdent(fun ast.Expr) *ast.Ident {
	switch f := ast.Unparen(fun).(type) {
	case *ast.IndexExpr:
		return calleeIdent(f.X)
	case *ast.IndexListExpr:
		return calleeIdent(f.X)
	case *ast.SelectorExpr:
		return f.Sel
	case *ast.Ident:
		return f
	}
	return nil
}

// methodExprShift returns 1 when expr is a method expression, T.M, whose
// first argument is the receiver.
func methodExprShift(info *types.Info, expr ast.Expr) int {
	if sel, ok := ast.Unparen(expr).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			return 1
		}
	}
	return 0
}

// isErrorResult reports whether t is error or *mcperr.Error, the types a
// function returns runtime errors as.
func isErrorResult(t types.Type) bool {
	return t != nil && (model.IsErrorType(t) || model.IsRuntimeError(t))
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

func litParamIndex(info *types.Info, lit *ast.FuncLit, v *types.Var) int {
	sig, _ := info.TypeOf(lit).(*types.Signature)
	return paramIndex(sig, v)
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

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if call == nil || i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}

// constString returns the value of a string constant expression.
func constString(info *types.Info, expr ast.Expr) (string, bool) {
	if expr == nil {
		return "", false
	}
	tv, ok := info.Types[expr]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// constInt returns the value of an integer constant expression.
func constInt(info *types.Info, expr ast.Expr) (int64, bool) {
	if expr == nil {
		return 0, false
	}
	tv, ok := info.Types[expr]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// setTrue sets m[k], allocating m if it is nil, and returns m.
func setTrue[K comparable](m map[K]bool, k K) map[K]bool {
	if m == nil {
		m = map[K]bool{}
	}
	m[k] = true
	return m
}
