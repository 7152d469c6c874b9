package handlerbody

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noSwallowedFailure reports the failures a handler only logs before it
// carries on to a success: the branch that handles err hands it to a
// logger and falls out of its if, and the next statement that ends the
// handler on that path returns a success (a nil error, a result that is
// not an error result). The client is answered as if the call had
// worked: "Detached from the process" after the disconnect failed, the
// text of what json.Marshal never produced.
//
// Only the plainest swallow is reported, where reading agrees it is one:
// the failed call did something at run time (see errflow.FailedCall; not
// a parse of the handler's own input), the branch is the whole of the
// handling (it assigns nothing a later statement could test, and err
// goes only into calls whose results are dropped: a log line, a span),
// and the success is the next return of the same run of statements. A
// fall-through whose next return is behind more conditions is not
// followed; a branch in a loop that continues is noSkippedFailure's.
func noSwallowedFailure(h *handler) {
	flow := h.c.flow
	if h.b.Block == nil {
		return
	}
	for _, br := range h.b.Branches {
		body, ok := br.Body.(*ast.BlockStmt)
		if !ok || br.Partial || br.Sentinel || br.Cond == nil || terminates(body) ||
			!onlyReported(h.c.info, br.Err, body) || !flow.FailedCall(h.b, br) {
			continue
		}
		ret := nextReturn(h.b.Block, br.Body)
		if !h.carriesOn(br, body, ret) {
			continue
		}
		if vals := flow.FailedValues(h.b, br); len(vals) > 0 && !usedBy(h.c.info, h.b.Block, br.Body.End(), ret, vals) && !h.emptySuccess(ret) && namesLocals(h.c.info, ret) {
			// An optional value lost (a meeting's transcripts): the
			// answer is data of its own, and does not use what the call
			// would have given. (A constant answer — "Detached from the
			// process" — claims what the failed call was to do.)
			continue
		}
		if !h.c.once(rules.NoFakeEmptyResult, br.Body) {
			continue
		}
		h.reportCarriedOn(br, ret, "%s only logs %s and carries on to a success (line %d): the client is answered as if the call had worked; return the error (or an error result) here — logging it does not tell the client",
			analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: "the success it carries on to"})
	}
}

// noFixedAnswerOnFailure reports the branches that answer a failure with
// a fixed success: after a log line at most, the branch that handles err
// returns a success made of constants alone — no err, no value of the
// handler's — such as "Request cancelled while waiting for the lock".
// The text may even say something went wrong, but the client reads a
// success (no error, IsError false): an agent cannot tell it from an
// answer, and the failure's own story is gone. It is noSwallowedFailure's
// constant answer, given in the branch rather than after it; an empty
// one is noFakeEmptyResult's.
//
// Only a handler that answers an SDK result is held to it: a typed
// output of constants states a fact (OK: false). Not reported: what
// FailedCall leaves out (a parse of the handler's own input, the caller
// giving up), a probe's failure (os.Stat: "no such file" may be the
// answer), a branch chosen by which error it is (errors.Is, or the
// code's own test of err: err != nil && isBusy(err)), and a success that
// names any value of the handler's (a fallback, a partial answer).
func noFixedAnswerOnFailure(h *handler) {
	flow, info := h.c.flow, h.c.info
	if h.resultSlot() < 0 {
		return
	}
	for _, br := range h.b.Branches {
		body, ok := br.Body.(*ast.BlockStmt)
		if !ok || br.Partial || br.Sentinel || br.Cond == nil || len(body.List) == 0 {
			continue
		}
		last := len(body.List) - 1
		ret, ok := body.List[last].(*ast.ReturnStmt)
		if !ok || last > 0 && !onlyReported(info, br.Err, &ast.BlockStmt{List: body.List[:last]}) {
			continue
		}
		if flow.FailureBranch(h.b, ret) != br || !h.success(ret) || h.emptySuccess(ret) || namesLocals(info, ret) ||
			!flow.FailedCall(h.b, br) || flow.Probes(h.b, br) || !h.c.once(rules.NoFakeEmptyResult, ret) {
			continue
		}
		h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos:     ret.Pos(),
			End:     ret.End(),
			Related: h.related(br),
			Message: fmt.Sprintf("%s answers a fixed success while handling %s: whatever the text says, the client reads a success and the failure's own story is lost; return an error result that carries %s",
				h.describe(), br.Name(), br.Name()),
		})
	}
}

// carriesOn reports whether ret, reached from br's branch body, answers
// the client with a success that says nothing of the failure: not br's
// error, nor a fallback the branch wrote into what ret answers with.
func (h *handler) carriesOn(br *errflow.Branch, body *ast.BlockStmt, ret *ast.ReturnStmt) bool {
	return h.carriesOnWhenNil(br, body, ret, nil)
}

// carriesOnWhenNil is carriesOn, with the errors of nilVars read as nil
// (see successWhenNil).
func (h *handler) carriesOnWhenNil(br *errflow.Branch, body *ast.BlockStmt, ret *ast.ReturnStmt, nilVars map[*types.Var]bool) bool {
	return ret != nil && h.successWhenNil(ret, nilVars) &&
		!errflow.MentionsAny(h.c.info, ret, map[*types.Var]bool{br.Err: true}) && !writesAnswer(h.c.info, body, ret)
}

// reportCarriedOn reports at br's condition a failure the handler carries
// on from to the success ret: format takes the handler, the error's name
// and ret's line.
func (h *handler) reportCarriedOn(br *errflow.Branch, ret *ast.ReturnStmt, format string, related ...analysis.RelatedInformation) {
	h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
		Pos:     br.Cond.Pos(),
		End:     br.Cond.End(),
		Related: append(h.related(br), related...),
		Message: fmt.Sprintf(format, h.describe(), br.Name(), h.c.pass.Fset.Position(ret.Pos()).Line),
	})
}

// writesAnswer reports whether a statement of body writes into what ret
// answers with: a method of a local ret names (rb.KeyValue("Result",
// raw) before return rb.TextResult()), or a call given it (fmt.Fprintf(
// &buf, ...)). Such a branch gives a fallback for the part that failed;
// it does not only log.
func writesAnswer(info *types.Info, body *ast.BlockStmt, ret *ast.ReturnStmt) bool {
	answer := namedLocals(info, ret)
	if len(answer) == 0 {
		return false
	}
	root := func(e ast.Expr) *types.Var {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		return errflow.RootVar(info, e)
	}
	for _, stmt := range body.List {
		es, ok := stmt.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			continue
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && answer[root(sel.X)] {
			return true
		}
		for _, a := range call.Args {
			if answer[root(a)] {
				return true
			}
		}
	}
	return false
}

// namedLocals returns the local variables ret names: what it answers
// with.
func namedLocals(info *types.Info, ret *ast.ReturnStmt) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(ret, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && errflow.IsLocal(v) {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// usedBy reports whether ret uses one of vars: names it, or a local that
// a statement between from and ret assigns (or stores into) from it.
// text := string(data); return mcp.NewToolResultText(text) uses data.
func usedBy(info *types.Info, block *ast.BlockStmt, from token.Pos, ret *ast.ReturnStmt, vars []*types.Var) bool {
	return errflow.MentionsAny(info, ret, derived(info, block, from, ret.Pos(), vars))
}

// derived returns vars and the locals (not errors) that the statements
// of block between from and to assign from them, range over them, or
// have a call made from them fill in (json.Unmarshal(out, &v),
// dec.Decode(&entry)) or write into (sb.WriteString(line)). A function
// literal's statements count where the literal is written: a callback
// handed to a call made from vars (ast.Inspect(f, func(n ast.Node) bool
// { … })) is given what the call walks, and gathers into the function's
// variables as a loop body would.
func derived(info *types.Info, block *ast.BlockStmt, from, to token.Pos, vars []*types.Var) map[*types.Var]bool {
	set := map[*types.Var]bool{}
	for _, v := range vars {
		set[v] = true
	}
	add := func(lhs ...ast.Expr) {
		for _, e := range lhs {
			// An error assigned with the value (b, err :=
			// json.Marshal(v)) is news of its own, not the value.
			if v := errflow.RootVar(info, e); v != nil && !errflow.IsError(v.Type()) {
				set[v] = true
			}
		}
	}
	ast.Inspect(block, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case *ast.CallExpr:
			if n.Pos() >= from && n.End() <= to && callMadeFrom(info, n, set) {
				for _, v := range filledIn(info, n) {
					set[v] = true
				}
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && argsMadeFrom(info, n, set) {
					// sb.WriteString(line), w.Add(item): written into
					// the receiver.
					if v := errflow.RootVar(info, sel.X); v != nil && errflow.IsLocal(v) {
						set[v] = true
					}
				}
				for _, a := range n.Args {
					if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
						for _, f := range lit.Type.Params.List {
							for _, name := range f.Names {
								if v, ok := info.Defs[name].(*types.Var); ok {
									set[v] = true
								}
							}
						}
					}
				}
			}
		case *ast.AssignStmt:
			if n.Pos() < from || n.End() > to {
				return true
			}
			for _, rhs := range n.Rhs {
				if errflow.MentionsAny(info, rhs, set) {
					add(n.Lhs...)
					break
				}
			}
		case *ast.RangeStmt:
			if n.Pos() >= from && n.End() <= to && errflow.MentionsAny(info, n.X, set) {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						add(e)
					}
				}
			}
		}
		return n.Pos() < to
	})
	return set
}

// callMadeFrom reports whether call's function or one of its arguments
// other than a function literal mentions one of set: what the call is
// given, not what a callback it is handed does.
func callMadeFrom(info *types.Info, call *ast.CallExpr, set map[*types.Var]bool) bool {
	return errflow.MentionsAny(info, call.Fun, set) || argsMadeFrom(info, call, set)
}

// argsMadeFrom is callMadeFrom for call's arguments alone.
func argsMadeFrom(info *types.Info, call *ast.CallExpr, set map[*types.Var]bool) bool {
	for _, a := range call.Args {
		if _, ok := ast.Unparen(a).(*ast.FuncLit); !ok && errflow.MentionsAny(info, a, set) {
			return true
		}
	}
	return false
}

// namesLocals reports whether ret names a local variable: its answer is
// built from values, not only constants.
func namesLocals(info *types.Info, ret *ast.ReturnStmt) bool {
	return len(namedLocals(info, ret)) > 0
}

// terminates reports whether a block never falls out of its end: its last
// statement returns, panics, exits, or jumps (continue, break, goto
// leave the run of statements the branch is in).
func terminates(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.BlockStmt:
		return terminates(s)
	case *ast.IfStmt:
		els, ok := s.Else.(*ast.BlockStmt)
		if elif, isIf := s.Else.(*ast.IfStmt); isIf {
			els, ok = &ast.BlockStmt{List: []ast.Stmt{elif}}, true
		}
		return ok && terminates(s.Body) && terminates(els)
	case *ast.ExprStmt:
		// panic, log.Fatal, os.Exit, t.Fatal: whatever the name says
		// ends the run; a false "terminates" only keeps a finding back.
		if call, ok := s.X.(*ast.CallExpr); ok {
			switch name := calledName(call); name {
			case "panic", "Exit", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "Goexit":
				return true
			}
		}
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ForStmt, *ast.RangeStmt, *ast.GoStmt, *ast.DeferStmt, *ast.LabeledStmt:
		return true // not followed: treat as ending the run
	}
	return false
}

// calledName is the name a call calls by: f(), x.f(), f[T]().
func calledName(call *ast.CallExpr) string {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ix.X
	} else if ix, ok := fun.(*ast.IndexListExpr); ok {
		fun = ix.X
	}
	switch fun := fun.(type) {
	case *ast.Ident:
		return fun.Name
	case *ast.SelectorExpr:
		return fun.Sel.Name
	}
	return ""
}

// onlyReported reports whether a branch body only reports err: each of its
// statements is a call whose results are dropped (a log line, a span's
// RecordError), and err appears nowhere else. A branch that assigns,
// declares, or returns has handled the failure some other way.
func onlyReported(info *types.Info, err *types.Var, body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false // an empty branch says nothing either way
	}
	for _, stmt := range body.List {
		if _, ok := stmt.(*ast.ExprStmt); !ok {
			return false
		}
		call, ok := stmt.(*ast.ExprStmt).X.(*ast.CallExpr)
		if !ok {
			return false
		}
		// err given to a call is passed on, not dropped, when the call
		// may keep it: a method of err, or of something err is stored in.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && errflow.Mentions(info, sel.X, err) {
			return false
		}
	}
	return true
}

// nextReturn returns the return statement that ends the run of statements
// node is in when control falls out of node: the first statement after it
// (or after the if statements enclosing it, up to the function's body)
// that is a return, provided no statement between may end the run
// another way. Nil when there is none, or the run passes through a loop.
func nextReturn(fn *ast.BlockStmt, node ast.Node) *ast.ReturnStmt {
	path := errflow.PathTo(fn, node)
	// path runs from fn down to node; walk back up, looking at what
	// follows each statement in its block.
	for i := len(path) - 1; i > 0; i-- {
		switch parent := path[i-1].(type) {
		case *ast.BlockStmt:
			after := false
			for _, s := range parent.List {
				if after {
					if ret, ok := s.(*ast.ReturnStmt); ok {
						return ret
					}
					if !plain(s) {
						return nil
					}
				}
				if s == path[i] {
					after = true
				}
			}
		case *ast.IfStmt:
			// Falling out of a body or an else falls out of the if.
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit, *ast.CaseClause, *ast.CommClause, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			return nil
		}
	}
	return nil
}

// plain reports whether a statement between a swallowed failure and the
// success it reaches neither ends the run nor may stop at the failure: a
// declaration, an assignment, a call, a defer.
func plain(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt, *ast.DeferStmt, *ast.EmptyStmt:
		return true
	case *ast.ExprStmt:
		_, ok := s.X.(*ast.CallExpr)
		return ok && !terminates(&ast.BlockStmt{List: []ast.Stmt{s}})
	}
	return false
}

// noFallThroughOnFailure reports the handlers that test a call only for
// success — if err == nil { return … }, with no else — and, when it
// fails, fall out of the if and on to a return of an empty success: "{}"
// where the marshalled data would have been. The failure is handled by
// not being handled; the client reads an empty answer. The return is
// the next one on that path (nextReturn), it must not mention err, and
// every value it gives must be empty (errflow.EmptySuccess).
func noFallThroughOnFailure(h *handler) {
	if h.b.Block == nil {
		return
	}
	info := h.c.info
	ast.Inspect(h.b.Block, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false // another function's statements
		}
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Else != nil || !terminates(is.Body) {
			return true
		}
		err := successTest(info, is.Cond)
		if err == nil {
			return true
		}
		ret := nextReturn(h.b.Block, is)
		if ret == nil || !h.emptySuccess(ret) || errflow.MentionsAny(info, ret, map[*types.Var]bool{err: true}) || !h.c.once(rules.NoFakeEmptyResult, is) {
			return true
		}
		h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos: is.Cond.Pos(),
			End: is.Cond.End(),
			Related: []analysis.RelatedInformation{
				{Pos: ret.Pos(), End: ret.End(), Message: "the empty success a failure falls through to"},
			},
			Message: fmt.Sprintf("%s tests %s only for success: when the call fails it carries on to an empty success (line %d), and the client cannot tell the failure from a real, empty answer; handle %s != nil with the error (or an error result)",
				h.describe(), err.Name(), h.c.pass.Fset.Position(ret.Pos()).Line, err.Name()),
		})
		return true
	})
}

// successTest returns the local error variable a condition tests for nil
// (err == nil), or nil.
func successTest(info *types.Info, cond ast.Expr) *types.Var {
	return nilTest(info, cond, token.EQL)
}

// failureTest returns the local error variable a condition tests for not
// nil (err != nil), or nil.
func failureTest(info *types.Info, cond ast.Expr) *types.Var {
	return nilTest(info, cond, token.NEQ)
}

// nilTest returns the local error variable cond compares with nil by op.
func nilTest(info *types.Info, cond ast.Expr, op token.Token) *types.Var {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || c.Op != op {
		return nil
	}
	x, y := c.X, c.Y
	if errflow.IsNil(info, x) {
		x, y = y, x
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || !errflow.IsNil(info, y) {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || errflow.IsParam(v) || !errflow.IsError(v.Type()) {
		return nil
	}
	return v
}

// success reports whether ret answers the client with a success: a nil
// error, and a result that is not an error result (nor nil, which the
// SDKs other than the go-sdk's typed handlers do not take as one).
func (h *handler) success(ret *ast.ReturnStmt) bool {
	return h.successWhenNil(ret, nil)
}

// successWhenNil is success, where an error slot that returns one of
// nilVars counts as nil: return files, err after err :=
// filepath.WalkDir(…) is the success the walk ends in when it does not
// fail.
func (h *handler) successWhenNil(ret *ast.ReturnStmt, nilVars map[*types.Var]bool) bool {
	flow := h.c.flow
	errIndex, resIndex := h.errorSlot(), h.resultSlot()
	if h.encodes(ret) {
		return true
	}
	if call := h.delegated(ret); call != nil && errIndex >= 0 {
		// return createSuccessResponse(desc, text): the helper's own
		// results, with an error that is surely nil, or one only its
		// encoding of the answer gives (return jsonResult(v)).
		if flow.Value(h.b, call, errIndex).Shape != errflow.ShapeNil && !h.failsOnlyEncoding(model.Callee(h.c.info, call)) {
			return false
		}
		return resIndex < 0 || !errflow.IsErrorResult(flow.Value(h.b, call, resIndex).Shape) && flow.Value(h.b, call, resIndex).Shape&^errflow.ShapeNil != 0
	}
	if len(ret.Results) != h.results || errIndex >= 0 && !flow.IsNilError(h.b, ret.Results[errIndex]) && !nilVars[errflow.RootVar(h.c.info, ret.Results[errIndex])] {
		return false
	}
	if errIndex < 0 && h.saysFailed(ret) {
		return false
	}
	if resIndex >= 0 {
		shape := flow.ResultShape(h.b, ret.Results[resIndex])
		if errflow.IsErrorResult(shape) || shape == errflow.ShapeNil && h.kind() != model.GoSDKTyped {
			return false
		}
	}
	return true
}

// saysFailed reports whether ret, in a function with no error result,
// answers that it failed: it gives the constant false for a bool result
// that another return of the function gives as anything else — the
// function's own flag of success (func SendFile(…) (bool, string), whose
// return false, msg is its failure, and return ok, msg its answer).
func (h *handler) saysFailed(ret *ast.ReturnStmt) bool {
	info := h.c.info
	for i, res := range ret.Results {
		if v, ok := errflow.BoolConst(info, res); !ok || v {
			continue
		}
		for _, other := range h.b.Returns {
			if len(other.Results) == len(ret.Results) {
				if v, ok := errflow.BoolConst(info, other.Results[i]); !ok || v {
					return true
				}
			}
		}
	}
	return false
}

// failsOnlyEncoding reports whether fn, a function of the package, fails
// only when it encodes its answer: each of its returns either gives a
// surely nil error or sits in a branch for an encoder's error (a result
// helper whose one failure is json.Marshal's). What it answers is a
// success in every case but one that has nothing to do with the work.
func (h *handler) failsOnlyEncoding(fn *types.Func) bool {
	if known, ok := h.c.encodingOnly[fn]; ok {
		return known
	}
	if h.c.encodingOnly == nil {
		h.c.encodingOnly = map[*types.Func]bool{}
	}
	only := h.encodesOnly(fn)
	h.c.encodingOnly[fn] = only
	return only
}

// encodesOnly is failsOnlyEncoding, not memoized.
func (h *handler) encodesOnly(fn *types.Func) bool {
	flow := h.c.flow
	b := flow.Index().Decl(fn)
	if b == nil || b.Block == nil || b.Sig.Results().Len() == 0 || !errflow.IsError(b.Sig.Results().At(b.Sig.Results().Len()-1).Type()) {
		return false
	}
	errIndex := b.Sig.Results().Len() - 1
	for _, ret := range b.Returns {
		if len(ret.Results) != b.Sig.Results().Len() || flow.IsNilError(b, ret.Results[errIndex]) {
			continue
		}
		if !slices.ContainsFunc(b.Branches, func(br *errflow.Branch) bool {
			return br.Body != nil && br.Body.Pos() <= ret.Pos() && ret.End() <= br.Body.End() && flow.Encodes(b, br)
		}) {
			return false
		}
	}
	return true
}

// delegated returns the call whose results ret returns as the function's
// own (return helper(args) in a function of several results), or nil.
func (h *handler) delegated(ret *ast.ReturnStmt) *ast.CallExpr {
	if len(ret.Results) != 1 || h.results < 2 {
		return nil
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if t, ok := h.c.info.TypeOf(call).(*types.Tuple); !ok || t.Len() != h.results {
		return nil
	}
	return call
}

// encodes reports whether ret returns what an encoder gives, as a
// function that answers bytes does (return json.Marshal(report)): its
// error is only the encoder's, and the answer is the value encoded.
func (h *handler) encodes(ret *ast.ReturnStmt) bool {
	if len(ret.Results) != 1 || h.results != 2 || h.resultSlot() >= 0 {
		return false
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	return ok && errflow.IsEncoder(model.Callee(h.c.info, call))
}

// emptySuccess reports whether ret gives the client an empty success: a
// nil error, a result that is not an error result, and nothing but empty
// values.
func (h *handler) emptySuccess(ret *ast.ReturnStmt) bool {
	if !h.success(ret) {
		return false
	}
	flow, errIndex := h.c.flow, h.errorSlot()
	values := 0
	for i, v := range ret.Results {
		if i != errIndex && h.Path.Roles[i] != errflow.RoleDropped {
			if !flow.EmptySuccess(h.b, v) {
				return false
			}
			values++
		}
	}
	return values > 0
}

// noEmptiedFailure reports a failure answered by emptying what the failed
// call gives: the branch that handles err only sets the call's own values
// to empty ones (queued = nil: "degrade gracefully"), after a log line
// perhaps, and the success after the if answers with them. The client
// reads an empty part — no queued builds — as if there were nothing,
// where the call failed. The walk to the success is answerAfter's; the
// success must use what was emptied, and a branch that writes anything
// else (a note for the answer, a default of its own) is not reported.
func noEmptiedFailure(h *handler) {
	flow, info := h.c.flow, h.c.info
	if h.b.Block == nil {
		return
	}
	for _, br := range h.b.Branches {
		body, ok := br.Body.(*ast.BlockStmt)
		if !ok || br.Partial || br.Sentinel || br.Cond == nil || terminates(body) || !flow.FailedCall(h.b, br) {
			continue
		}
		emptied := h.onlyEmpties(br, body, flow.FailedValues(h.b, br))
		stmt := innermostIf(h.b.Block, body)
		if len(emptied) == 0 || stmt == nil || stmt.Body != body {
			continue
		}
		answer := derived(info, h.b.Block, stmt.End(), h.b.Block.End(), emptied)
		ret := h.answerAfter(h.b.Block, stmt, answer)
		if ret == nil || !h.mayAnswerSuccess(ret) || errflow.MentionsAny(info, ret, map[*types.Var]bool{br.Err: true}) || !errflow.MentionsAny(info, ret, answer) || toldLater(info, h.b.Block, stmt.End(), ret, br.Err) {
			continue
		}
		if !h.c.once(rules.NoFakeEmptyResult, br.Body) {
			continue
		}
		h.reportCarriedOn(br, ret, "%s empties what the failed call gives when %s is not nil and answers with it (line %d): the client reads an empty part as if there were nothing, where the call failed; return the error (or an error result), or say in the answer that this part could not be read",
			analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: "the success that shows it empty"})
	}
}

// toldLater reports whether an if between from and ret tests err and
// writes into what ret answers with (if loadErr != nil { notes =
// append(notes, "the policy could not be loaded") }): the answer says
// that the part is missing.
func toldLater(info *types.Info, block *ast.BlockStmt, from token.Pos, ret *ast.ReturnStmt, err *types.Var) bool {
	answer := namedLocals(info, ret)
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > ret.Pos() {
			return false
		}
		is, ok := n.(*ast.IfStmt)
		if !ok || is.Pos() < from || !errflow.MentionsAny(info, is.Cond, map[*types.Var]bool{err: true}) {
			return true
		}
		ast.Inspect(is.Body, func(m ast.Node) bool {
			if as, ok := m.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					found = found || answer[errflow.RootVar(info, lhs)]
				}
			}
			return !found
		})
		found = found || writesAnswer(info, is.Body, ret)
		return !found
	})
	return found
}

// onlyEmpties returns the values of the failed call a branch body sets to
// empty ones (nil, "", 0, an empty literal) when that is all it does
// besides calls that keep err nowhere (a log line); nil otherwise.
func (h *handler) onlyEmpties(br *errflow.Branch, body *ast.BlockStmt, vals []*types.Var) []*types.Var {
	info := h.c.info
	var emptied []*types.Var
	var calls []ast.Stmt
	for _, stmt := range body.List {
		switch s := stmt.(type) {
		case *ast.ExprStmt:
			calls = append(calls, s)
		case *ast.AssignStmt:
			if s.Tok != token.ASSIGN || len(s.Lhs) != len(s.Rhs) {
				return nil
			}
			for i, lhs := range s.Lhs {
				id, ok := lhs.(*ast.Ident)
				v, _ := info.Uses[id].(*types.Var)
				if !ok || !slices.Contains(vals, v) || !h.c.flow.EmptySuccess(h.b, s.Rhs[i]) {
					return nil
				}
				emptied = append(emptied, v)
			}
		default:
			return nil
		}
	}
	if len(calls) > 0 && !onlyReported(info, br.Err, &ast.BlockStmt{List: calls}) {
		return nil
	}
	return emptied
}
