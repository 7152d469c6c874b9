package errflow

// The resolver is syntactic and flow-insensitive: a local variable may
// hold any value assigned to it anywhere in its root, closures included.
// That over-approximates what reaches a return, which is the safe
// direction for rules that ask "can this error carry X?" and, for rules
// that ask "is X surely so?", is what a reader of the function would
// assume too: they ask of every value a variable may hold.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// An Origin is a value a variable may hold: an expression, and, when the
// expression has several values (v, err := f(); v, ok := m[k]), which of
// them. Index is -1 for an expression of one value.
type Origin struct {
	Expr  ast.Expr
	Index int
}

// A Resolver follows local variables of one root back to the expressions
// assigned to them.
type Resolver struct {
	info    *types.Info
	body    *ast.BlockStmt
	assigns map[*types.Var][]Origin
	zero    map[*types.Var]bool // locals declared without a value
	// results are the named results of the root's bodies: locals that
	// start at their zero value, followed like any other
	// (func f() (err error) { err = g(); return err }).
	results map[*types.Var]bool
	blocks  map[ast.Expr]ast.Node // see blockOf
	// sends are the values sent on each local channel, sent the send of
	// each such value, and channels whether a channel is followed (see
	// channel): a value received may be any value sent.
	sends    map[*types.Var][]Origin
	sent     map[ast.Expr]*ast.SendStmt
	channels map[*types.Var]bool
}

// namedResults records the named results of a body of the root.
func (r *Resolver) namedResults(sig *types.Signature) {
	if sig == nil {
		return
	}
	for i := range sig.Results().Len() {
		if v := sig.Results().At(i); v.Name() != "" && v.Name() != "_" {
			r.results = setTrue(r.results, v)
			r.zero = setTrue(r.zero, v)
		}
	}
}

// record indexes one assignment or declaration.
func (r *Resolver) record(n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			if v := r.localVar(lhs); v != nil {
				if o, ok := assignedOrigin(n.Lhs, n.Rhs, i); ok {
					r.assign(v, o)
				}
			}
		}
	case *ast.SendStmt:
		if v := r.localVar(n.Chan); v != nil {
			if r.sends == nil {
				r.sends, r.sent = map[*types.Var][]Origin{}, map[ast.Expr]*ast.SendStmt{}
			}
			r.sends[v] = append(r.sends[v], Origin{Expr: n.Value, Index: -1})
			r.sent[ast.Unparen(n.Value)] = n
		}
	case *ast.RangeStmt:
		// for k, v := range x: both hold parts of x.
		for _, lhs := range []ast.Expr{n.Key, n.Value} {
			if v := r.localVar(lhs); v != nil {
				r.assign(v, Origin{Expr: n.X, Index: -1})
			}
		}
	case *ast.TypeSwitchStmt:
		// switch e := x.(type): each clause's e holds x.
		if as, ok := n.Assign.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if ta, ok := as.Rhs[0].(*ast.TypeAssertExpr); ok {
				for _, clause := range n.Body.List {
					if v, ok := r.info.Implicits[clause].(*types.Var); ok {
						r.assign(v, Origin{Expr: ta.X, Index: -1})
					}
				}
			}
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			v, _ := r.info.Defs[name].(*types.Var)
			if v == nil {
				continue
			}
			if len(n.Values) == 0 {
				r.zero = setTrue(r.zero, v)
			}
			if o, ok := assignedOrigin(n.Names, n.Values, i); ok {
				r.assign(v, o)
			}
		}
	}
}

// assignedOrigin returns the value the i-th of the targets is given.
func assignedOrigin[T ast.Expr](targets []T, values []ast.Expr, i int) (Origin, bool) {
	switch {
	case len(values) == len(targets):
		return Origin{Expr: values[i], Index: -1}, true
	case len(values) == 1:
		return Origin{Expr: values[0], Index: i}, true
	}
	return Origin{}, false
}

// Assigned returns the expression the i-th left-hand side of as is given:
// its own right-hand side, or the one multi-valued right-hand side
// (v, err := f(); v, ok := m[k]). It returns nil when there is neither.
func Assigned(as *ast.AssignStmt, i int) ast.Expr {
	o, _ := assignedOrigin(as.Lhs, as.Rhs, i)
	return o.Expr
}

// Declared returns the expression the i-th name of spec is given, as
// Assigned does for an assignment, or nil for a declaration without values.
func Declared(spec *ast.ValueSpec, i int) ast.Expr {
	o, _ := assignedOrigin(spec.Names, spec.Values, i)
	return o.Expr
}

// assign records that v is given o.
func (r *Resolver) assign(v *types.Var, o Origin) {
	if r.assigns == nil {
		r.assigns = map[*types.Var][]Origin{}
	}
	r.assigns[v] = append(r.assigns[v], o)
}

// localVar returns the variable an assignment's left-hand side denotes,
// when it is a plain identifier of a local variable.
func (r *Resolver) localVar(lhs ast.Expr) *types.Var {
	id, ok := ast.Unparen(lhs).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := r.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// Origins returns the expressions expr may evaluate to, following local
// variables through their assignments, transitively. An identifier that
// cannot be followed (a parameter, a package variable, a variable of an
// enclosing function that a root does not declare) is its own origin.
// Parentheses are removed. A local declared without a value and never
// assigned contributes nothing: it holds nil.
func (r *Resolver) Origins(expr ast.Expr) []ast.Expr {
	e := ast.Unparen(expr)
	v := r.followed(e)
	if v == nil {
		return []ast.Expr{e}
	}
	origins := r.varOrigins(v)
	if len(origins) == 0 {
		return nil
	}
	out := make([]ast.Expr, len(origins))
	for i, o := range origins {
		out[i] = o.Expr
	}
	return out
}

// OriginsOf is Origins, telling which value of a multi-valued expression
// each origin is.
func (r *Resolver) OriginsOf(expr ast.Expr) []Origin {
	e := ast.Unparen(expr)
	v := r.followed(e)
	if v == nil {
		return []Origin{{Expr: e, Index: -1}}
	}
	return r.varOrigins(v)
}

// varOrigins returns the values a local variable may hold. The result may
// be the resolver's own record of v's assignments: callers only read it.
func (r *Resolver) varOrigins(v *types.Var) []Origin {
	if assigned := r.assigns[v]; r.final(v, assigned) {
		return assigned // the common case: nothing to follow, nothing to copy
	}
	var out []Origin
	seen := map[*types.Var]bool{}
	var follow func(v *types.Var)
	follow = func(v *types.Var) {
		if seen[v] {
			return
		}
		seen[v] = true
		for _, o := range r.assigns[v] {
			value := ast.Unparen(o.Expr)
			if ch := r.received(v, o); ch != nil {
				for _, s := range r.sends[ch] {
					if u := r.followed(ast.Unparen(s.Expr)); u != nil {
						follow(u)
					} else {
						out = append(out, Origin{Expr: ast.Unparen(s.Expr), Index: -1})
					}
				}
				continue
			}
			if u := r.followed(value); u != nil && o.Index < 0 {
				follow(u)
				continue
			}
			out = append(out, Origin{Expr: value, Index: o.Index})
		}
	}
	follow(v)
	return out
}

// Followed returns v and the locals varOrigins follows from it: those
// whose values v is given (x := y, for _, x := range ys), transitively.
// A value stored into one of them (ys[i] = …) is one v may hold too.
func (r *Resolver) Followed(v *types.Var) []*types.Var {
	out := []*types.Var{v}
	for i := 0; i < len(out); i++ {
		for _, o := range r.assigns[out[i]] {
			if u := r.followed(ast.Unparen(o.Expr)); u != nil && o.Index < 0 && !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	return out
}

// final reports whether every origin of origins is one varOrigins keeps
// as it is: no parentheses to remove, no variable to follow.
func (r *Resolver) final(v *types.Var, origins []Origin) bool {
	for _, o := range origins {
		if ast.Unparen(o.Expr) != o.Expr || o.Index < 0 && r.followed(o.Expr) != nil || r.received(v, o) != nil {
			return false
		}
	}
	return true
}

// reaching keeps, of the origins of the variable read at use, those that
// can be what it holds there: o is assigned before use, or after it in a
// loop around both, and no other origin is assigned after o and before use
// by a statement of a block that encloses use, which runs whenever use
// does. An error variable reused for several calls
// (h, err := helper(); …; b, err := json.Marshal(h); if err != nil {
// return err }) holds, at each return, the error of the call just before
// it. An assignment in a branch (if, else, a case, a loop) hides nothing.
func (r *Resolver) reaching(use ast.Node, origins []Origin) []Origin {
	if r.body == nil || len(origins) < 2 || !r.body.Pos().IsValid() || use.Pos() < r.body.Pos() || use.End() > r.body.End() {
		return origins
	}
	for _, o := range origins {
		if r.sent[o.Expr] != nil {
			return origins // sent on a channel: any may be received, whatever the order
		}
	}
	// An origin before the use is hidden when a later one, still before
	// the use, is in a block that holds the use: that assignment runs
	// whenever the use does. The last such origin hides every earlier
	// one. (Each origin's block is found once, so that a variable
	// assigned thousands of times costs as many walks, not their square.)
	last := token.NoPos
	for _, o := range origins {
		e := o.Expr
		if e.Pos() < r.body.Pos() || e.End() > r.body.End() || use.Pos() < e.End() {
			continue
		}
		if b := r.blockOf(e); b != nil && b.Pos() <= use.Pos() && use.End() <= b.End() && e.Pos() > last {
			last = e.Pos()
		}
	}
	var loops []ast.Node // the loops that hold the use, found on first need
	var out []Origin
	for _, o := range origins {
		e := o.Expr
		switch {
		case e.Pos() < r.body.Pos() || e.End() > r.body.End():
			out = append(out, o)
		case e.Pos() > use.Pos():
			// After the use: it reaches it only around a loop.
			if loops == nil {
				loops = loopsHolding(r.body, use)
			}
			for _, l := range loops {
				if l.Pos() <= e.Pos() && e.End() <= l.End() {
					out = append(out, o)
					break
				}
			}
		case !last.IsValid() || e.Pos() >= last:
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return origins
	}
	return out
}

// MayRunBefore reports whether the node at may run before use: it comes
// first in the source, or a loop holds both. (An assignment after a return
// does not change what that return gives.)
func (r *Resolver) MayRunBefore(at, use ast.Node) bool {
	if r.body == nil || at.Pos() < use.Pos() || use.Pos() < r.body.Pos() || use.End() > r.body.End() {
		return true
	}
	for _, l := range loopsHolding(r.body, use) {
		if l.Pos() <= at.Pos() && at.End() <= l.End() {
			return true
		}
	}
	return false
}

// BareResult returns what a bare return gives for the named result v:
// the origins of v that reach ret, and whether v may still hold its zero
// value there — no assignment before ret in a block that holds it runs
// whenever ret does. (func f() (s string, err error) { s, err = g();
// return } gives g's values and never the zero.)
func (r *Resolver) BareResult(ret *ast.ReturnStmt, v *types.Var) ([]Origin, bool) {
	origins := r.reaching(ret, r.varOrigins(v))
	zero := r.zero[v]
	if guard := r.nilGuard(ret, v); guard.IsValid() {
		// if err != nil { return } before ret: what err held before
		// the test (or was given in its branch) is nil by ret.
		origins = slices.DeleteFunc(slices.Clone(origins), func(o Origin) bool { return o.Expr.End() <= guard })
		zero = true
	}
	for _, o := range origins {
		e := o.Expr
		if !zero || r.body == nil || e.Pos() < r.body.Pos() || e.End() > r.body.End() || e.End() > ret.Pos() {
			continue
		}
		if b := r.blockOf(e); b != nil && b.Pos() <= ret.Pos() && ret.End() <= b.End() {
			zero = false
		}
	}
	return origins, zero
}

// nilGuard returns the end of the last statement before ret, in a block
// that holds it, that leaves the function when v is not nil
// (if v != nil { …; return }), or NoPos.
func (r *Resolver) nilGuard(ret *ast.ReturnStmt, v *types.Var) token.Pos {
	if r.body == nil || ret.Pos() < r.body.Pos() || ret.End() > r.body.End() {
		return token.NoPos
	}
	guard := token.NoPos
	path := PathTo(r.body, ret)
	for i := 1; i < len(path); i++ {
		block, ok := path[i-1].(*ast.BlockStmt)
		if !ok {
			continue
		}
		for _, s := range block.List {
			if s == path[i] {
				break
			}
			if is, ok := s.(*ast.IfStmt); ok && is.Else == nil && terminating(is.Body) && r.testsNonNil(is.Cond, v) && is.End() > guard {
				guard = is.End()
			}
		}
	}
	return guard
}

// testsNonNil reports whether cond is v != nil.
func (r *Resolver) testsNonNil(cond ast.Expr, v *types.Var) bool {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || c.Op != token.NEQ {
		return false
	}
	x, y := c.X, c.Y
	if IsNil(r.info, x) {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && r.info.Uses[id] == v && IsNil(r.info, y)
}

// assignedFrom returns the variables e is assigned to, any of its values.
func (r *Resolver) assignedFrom(e ast.Expr) []*types.Var {
	var out []*types.Var
	for v, origins := range r.assigns {
		for _, o := range origins {
			if o.Expr == e {
				out = append(out, v)
				break
			}
		}
	}
	return out
}

// blockOf returns the innermost block of the body that holds e,
// remembered: the origins of one variable are asked about at each use.
func (r *Resolver) blockOf(e ast.Expr) ast.Node {
	if b, ok := r.blocks[e]; ok {
		return b
	}
	b := enclosingBlock(r.body, e)
	if r.blocks == nil {
		r.blocks = map[ast.Expr]ast.Node{}
	}
	r.blocks[e] = b
	return b
}

// loopsHolding returns the loops of root that hold n, outermost first,
// or an empty (not nil) list.
func loopsHolding(root, n ast.Node) []ast.Node {
	out := []ast.Node{}
	ast.Inspect(root, func(x ast.Node) bool {
		if x == nil || x.Pos() > n.Pos() || x.End() < n.End() || x == n {
			return false
		}
		switch x.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			out = append(out, x)
		}
		return true
	})
	return out
}

// enclosingBlock returns the innermost block, case or select clause of
// root that holds n, descending only into the nodes that hold it.
func enclosingBlock(root, n ast.Node) ast.Node {
	var block ast.Node
	ast.Inspect(root, func(x ast.Node) bool {
		if x == nil || x.Pos() > n.Pos() || x.End() < n.End() || x == n {
			return false
		}
		switch x.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			block = x
		}
		return true
	})
	return block
}

// received returns the channel the local v, given the origin o, receives
// its value from, when the resolver knows every value sent on it: v :=
// <-ch, v, ok := <-ch (the value, not ok), case v := <-ch, for v := range
// ch. See channel.
func (r *Resolver) received(v *types.Var, o Origin) *types.Var {
	if len(r.sends) == 0 || o.Index > 0 {
		return nil
	}
	x := ast.Unparen(o.Expr)
	if recv, ok := x.(*ast.UnaryExpr); ok && recv.Op == token.ARROW {
		x = ast.Unparen(recv.X)
	} else if t := r.info.TypeOf(x); t == nil || !isChan(t) || isChan(v.Type()) {
		return nil // a range over a channel gives a value of another type
	}
	ch := r.followed(x)
	if ch == nil || r.sends[ch] == nil || !r.channel(ch) {
		return nil
	}
	return ch
}

// AnsweredSends returns the sends of b's root whose values b may answer
// with: a value sent on a channel the root follows (see channel) that a
// return of b mentions through the locals it names (err := <-status;
// return errorResult(err.Error())). A send is then a return to b, made
// from a goroutine or a callback: what the value loses, b's answer does.
func (r *Resolver) AnsweredSends(b *Body) []*ast.SendStmt {
	if len(r.sent) == 0 {
		return nil
	}
	var out []*ast.SendStmt
	seen := map[*types.Var]bool{}
	for _, ret := range b.Returns {
		ast.Inspect(ret, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v := r.followed(id)
			if v == nil || seen[v] {
				return true
			}
			seen[v] = true
			for _, o := range r.varOrigins(v) {
				if send := r.sent[o.Expr]; send != nil && !slices.Contains(out, send) {
					out = append(out, send)
				}
			}
			return true
		})
	}
	return out
}

// channel reports whether every value sent on the local channel ch is a
// send of the root: ch is made by make, and every use of it sends on it,
// receives from it, closes it, ranges over it, or asks its length. A
// channel handed to a function (go worker(ch)) or stored may be sent on
// where the resolver does not look. Goroutines and callbacks of the root
// are the root's: a send in them is one of its sends.
func (r *Resolver) channel(ch *types.Var) bool {
	if known, ok := r.channels[ch]; ok {
		return known
	}
	followed := true
	for _, o := range r.assigns[ch] {
		call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
		if !ok || o.Index >= 0 || !isBuiltin(r.info, call, "make") {
			followed = false
		}
	}
	if followed {
		ast.PreorderStack(r.body, nil, func(n ast.Node, stack []ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || !followed || r.info.Uses[id] != ch || len(stack) == 0 {
				return followed
			}
			followed = channelUse(r.info, stack[len(stack)-1], id)
			return followed
		})
	}
	if r.channels == nil {
		r.channels = map[*types.Var]bool{}
	}
	r.channels[ch] = followed
	return followed
}

// channelUse reports whether id, a channel, is used by parent only to
// pass values through it (or to say so): sent on, received from, closed,
// ranged over, measured, or assigned to.
func channelUse(info *types.Info, parent ast.Node, id *ast.Ident) bool {
	switch p := parent.(type) {
	case *ast.SendStmt:
		return p.Chan == id
	case *ast.UnaryExpr:
		return p.Op == token.ARROW
	case *ast.RangeStmt:
		return p.X == id
	case *ast.AssignStmt:
		return slices.Contains(p.Lhs, ast.Expr(id))
	case *ast.CallExpr:
		return isBuiltin(info, p, "close") || isBuiltin(info, p, "len") || isBuiltin(info, p, "cap")
	}
	return false
}

// isChan reports whether t is a channel type.
func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// followed returns the local variable e names when the resolver knows all
// its assignments, or nil.
func (r *Resolver) followed(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := r.info.Uses[id].(*types.Var)
	if v == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if r.results[v] {
		return v
	}
	if IsParam(v) || !r.declaredIn(v) {
		return nil
	}
	return v
}

// declaredIn reports whether v is declared in the root the resolver
// indexed: only then are all its assignments known.
func (r *Resolver) declaredIn(v *types.Var) bool {
	return r.body != nil && r.body.Pos() <= v.Pos() && v.Pos() < r.body.End()
}

// MayHoldZero reports whether expr, followed through local variables as
// Origins follows it, may still hold the zero value of a local declared
// without one ("var err error"), which Origins leaves out. A rule that
// needs every possible value (is this error surely non-nil?) asks both.
func (r *Resolver) MayHoldZero(expr ast.Expr) bool {
	return r.mayHoldZero(expr, map[*types.Var]bool{})
}

func (r *Resolver) mayHoldZero(e ast.Expr, seen map[*types.Var]bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := r.info.Uses[id].(*types.Var)
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	if r.zero[v] {
		return true
	}
	for _, o := range r.assigns[v] {
		if o.Index < 0 && r.mayHoldZero(o.Expr, seen) {
			return true
		}
	}
	return false
}

// IsParam reports whether v is a parameter, named result or receiver,
// whose value comes from outside the body.
func IsParam(v *types.Var) bool {
	switch v.Kind() {
	case types.ParamVar, types.ResultVar, types.RecvVar:
		return true
	}
	return false
}

// Mentions reports whether node uses the variable v anywhere, including in
// nested function literals.
func Mentions(info *types.Info, node ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return true
	})
	return found
}

// MentionsAny reports whether node uses one of vars.
func MentionsAny(info *types.Info, node ast.Node, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// Returns returns the return statements of a function body, leaving out
// those of function literals nested in it, in source order. (The bodies
// of the package are indexed; this is for bodies that are not.)
func Returns(body *ast.BlockStmt) []*ast.ReturnStmt {
	var out []*ast.ReturnStmt
	if body == nil {
		return nil
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			out = append(out, n)
		}
		return true
	})
	return out
}

// ResultExpr returns the expression a return statement gives for result i
// of a function with n results: Results[i], or, for "return f()" with a
// multi-valued call, the call. It returns nil for a bare return.
func ResultExpr(ret *ast.ReturnStmt, i, n int) ast.Expr {
	switch {
	case len(ret.Results) == n:
		return ret.Results[i]
	case len(ret.Results) == 1 && n > 1:
		return ret.Results[0]
	}
	return nil
}

// ResultOrigin is ResultExpr, telling which value of a multi-valued call the
// expression gives for result i.
func ResultOrigin(ret *ast.ReturnStmt, i, n int) (Origin, bool) {
	switch {
	case len(ret.Results) == n:
		return Origin{Expr: ret.Results[i], Index: -1}, true
	case len(ret.Results) == 1 && n > 1:
		return Origin{Expr: ret.Results[0], Index: i}, true
	}
	return Origin{}, false
}
