package handlerbody

import (
	"cmp"
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

// noSkippedFailure reports the failures a handler's loop skips: the
// branch that handles err only moves on to the next iteration (after a
// log line, perhaps), and what the loop gathers is the success the
// handler answers with after it. When every call fails the client reads
// "No active sprint found" or an empty list, as if there were nothing to
// find; when some fail, a part passed off as the whole.
//
// The loop must make the answer, or the skip would only lose a detail:
// what it writes after the branch into a variable of the handler is what
// the return after the loop gives (usedBy), or the loop returns a success
// of its own after the branch and the return after it is the "found
// nothing" answer. The failed call did something at run time
// (errflow.FailedCall), the branch keeps err nowhere, and a loop nested
// in another, or followed by more than plain statements, is not followed
// (nextReturn).
func noSkippedFailure(h *handler) {
	if h.b.Block == nil {
		return
	}
	info, flow := h.c.info, h.c.flow
	for _, br := range h.b.Branches {
		body, ok := br.Body.(*ast.BlockStmt)
		if !ok || br.Partial || br.Sentinel || br.Cond == nil {
			continue
		}
		loop := enclosingLoop(h.b.Block, body)
		tok := onlySkips(info, br.Err, body)
		if tok == token.ILLEGAL && loop != nil && onlyReported(info, br.Err, body) && endsIteration(loop, body) {
			tok = token.CONTINUE // if err := add(x, &all); err != nil { log.Print(err) }, last in the iteration
		}
		if tok == token.ILLEGAL {
			continue
		}
		if loop == nil || !flow.FailedCall(h.b, br) || flow.Probes(h.b, br) || tok == token.BREAK && !breaksLoop(loop, body, br.Err) {
			continue
		}
		search, written := h.loopWrites(loop, br)
		if !search && len(written) == 0 {
			continue
		}
		answer := derived(info, h.b.Block, loop.End(), h.b.Block.End(), written)
		ret := h.answerAfter(h.b.Block, loop, answer)
		if !h.carriesOn(br, body, ret) || !search && !errflow.MentionsAny(info, ret, answer) && !h.fillsAny(written) || tellsAsked(info, h.b.Block, loop, ret) {
			continue
		}
		if !h.c.once(rules.NoFakeEmptyResult, br.Body) {
			continue
		}
		skip := body.List[len(body.List)-1]
		if tok == token.BREAK {
			h.reportCarriedOn(br, ret, "%s stops the loop when %s is not nil and answers with what the loop found (line %d): what the failed call and the iterations after it would have added is missing, and nothing says so; return the failure (or carry it in the answer)",
				analysis.RelatedInformation{Pos: skip.Pos(), End: skip.End(), Message: "the failure ends the loop here"},
				analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: "the success the loop ends in"})
			continue
		}
		h.reportCarriedOn(br, ret, "%s skips to the next iteration when %s is not nil and answers with what the loop found (line %d): when every call fails the client reads an empty success, and when some fail a part passed off as the whole; keep the failures and return them (or "+h.failureAnswer()+" when nothing succeeded)",
			analysis.RelatedInformation{Pos: skip.Pos(), End: skip.End(), Message: "the failure is skipped here"},
			analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: "the success the loop ends in"})
	}
}

// noSkippedInClosure reports the failures a loop in a local function
// literal skips, when the loop gathers into variables of the function
// around it and that function answers with them after calling the
// literal:
//
//	add := func(items []Item) {
//		for _, it := range items {
//			r, err := convert(it)
//			if err != nil { // flagged
//				continue
//			}
//			all = append(all, r)
//		}
//	}
//	…
//	add(list.Items)
//	return json.Marshal(all)
//
// It is noSkippedFailure with the literal's loop made part of each call
// (see localFunc): the answer is found after the call, not after the loop.
func noSkippedInClosure(h *handler) {
	if h.b.Block == nil {
		return
	}
	info, flow := h.c.info, h.c.flow
	for _, lc := range h.c.closuresIn(h.b.Block) {
		lit := lc.lit
		outside := func(v *types.Var) bool { return v.Pos() >= h.b.Block.Pos() && v.Pos() < lit.Pos() }
		for _, br := range errflow.Branches(info, lit.Body) {
			body, ok := br.Body.(*ast.BlockStmt)
			if !ok || br.Partial || br.Sentinel || br.Cond == nil || onlySkips(info, br.Err, body) != token.CONTINUE {
				continue
			}
			loop := enclosingLoop(lit.Body, body)
			if loop == nil || !flow.FailedCall(h.b, br) || flow.Probes(h.b, br) {
				continue
			}
			written := writesAfter(h.c, loop, br, outside, false, nil)
			if len(written) == 0 {
				continue
			}
			for _, stmt := range callStmts(info, h.b.Block, lc.v) {
				answer := derived(info, h.b.Block, stmt.End(), h.b.Block.End(), written)
				ret := h.answerAfter(h.b.Block, stmt, answer)
				if !h.carriesOn(br, body, ret) || !errflow.MentionsAny(info, ret, answer) || !h.c.once(rules.NoFakeEmptyResult, br.Body) {
					continue
				}
				skip := body.List[len(body.List)-1]
				h.reportCarriedOn(br, ret, "%s calls a function literal that skips to the next iteration when %s is not nil, and answers with what the loop gathered (line %d): when every call fails the client reads an empty success, and when some fail a part passed off as the whole; keep the failures and return them (or "+h.failureAnswer()+" when nothing succeeded)",
					analysis.RelatedInformation{Pos: skip.Pos(), End: skip.End(), Message: "the failure is skipped here"},
					analysis.RelatedInformation{Pos: stmt.Pos(), End: stmt.End(), Message: "the literal is called here"},
					analysis.RelatedInformation{Pos: ret.Pos(), End: ret.End(), Message: "the success that answers with what it gathered"})
				break
			}
		}
	}
}

// A localClosure is a local variable given one function literal.
type localClosure struct {
	v   *types.Var
	lit *ast.FuncLit
}

// closuresIn returns the local closures (see localFunc) declared in
// block, in source order.
func (c *checker) closuresIn(block *ast.BlockStmt) []localClosure {
	if c.closures == nil {
		c.closures = localFuncs(c.info, c.pass.Files)
	}
	var out []localClosure
	for v, lit := range c.closures {
		if block.Pos() <= lit.Pos() && lit.End() <= block.End() {
			out = append(out, localClosure{v, lit})
		}
	}
	slices.SortFunc(out, func(a, b localClosure) int { return cmp.Compare(a.lit.Pos(), b.lit.Pos()) })
	return out
}

// callStmts returns the innermost statements of block (outside function
// literals) that hold a call of v.
func callStmts(info *types.Info, block *ast.BlockStmt, v *types.Var) []ast.Stmt {
	var out []ast.Stmt
	ast.PreorderStack(block, nil, func(n ast.Node, stack []ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); !ok || info.Uses[id] != v {
				break
			}
			for i := len(stack) - 1; i >= 0; i-- {
				if st, ok := stack[i].(ast.Stmt); ok {
					out = append(out, st)
					break
				}
			}
		}
		return true
	})
	return out
}

// breaksLoop reports whether a break that ends body leaves loop, with
// nothing after the loop able to read err: no switch or select between
// them takes the break, and err is declared inside the loop (a loop that
// breaks on an err declared before it tests it after).
func breaksLoop(loop ast.Stmt, body *ast.BlockStmt, err *types.Var) bool {
	if err.Pos() < loop.Pos() || err.Pos() >= loop.End() {
		return false
	}
	for _, n := range errflow.PathTo(loop, body) {
		switch n.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			return false
		}
	}
	return true
}

// onlySkips reports how a branch body only moves on: it ends in an
// unlabelled continue (token.CONTINUE) or break (token.BREAK), and before
// it there are only calls whose results are dropped (a log line) and ifs
// that leave the function (a failure that is returned in some cases). err
// is kept nowhere. token.ILLEGAL when it does not.
func onlySkips(info *types.Info, err *types.Var, body *ast.BlockStmt) token.Token {
	n := len(body.List)
	if n == 0 {
		return token.ILLEGAL
	}
	last, ok := body.List[n-1].(*ast.BranchStmt)
	if !ok || last.Tok != token.CONTINUE && last.Tok != token.BREAK || last.Label != nil {
		return token.ILLEGAL
	}
	var calls []ast.Stmt
	for _, stmt := range body.List[:n-1] {
		switch s := stmt.(type) {
		case *ast.ExprStmt:
			calls = append(calls, s)
		case *ast.IfStmt:
			if s.Init != nil || s.Else != nil || !errflow.ReturnsLast(s.Body) {
				return token.ILLEGAL
			}
		default:
			return token.ILLEGAL
		}
	}
	if len(calls) > 0 && !onlyReported(info, err, &ast.BlockStmt{List: calls}) {
		return token.ILLEGAL
	}
	return last.Tok
}

// enclosingLoop returns the innermost loop of fn that node is in, or nil
// when there is none in node's own function.
func enclosingLoop(fn *ast.BlockStmt, node ast.Node) ast.Stmt {
	path := errflow.PathTo(fn, node)
	for i := len(path) - 1; i >= 0; i-- {
		switch n := path[i].(type) {
		case *ast.ForStmt:
			return n
		case *ast.RangeStmt:
			return n
		case *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// loopWrites says what the loop does after the skipping branch that can
// make the answer: whether it returns a success of its own (a
// search, and the return after the loop is its "found nothing"), and the
// variables declared before it that it writes into. A count (n++) is
// not among them: "2 of 3 done" may be the answer's honest summary.
//
// What the failed call itself was to fill in (search(dir, q, &found)) is
// written too: the failure leaves it out of the answer.
func (h *handler) loopWrites(loop ast.Stmt, br *errflow.Branch) (search bool, written []*types.Var) {
	end := br.Body.End()
	declaredBefore := func(v *types.Var) bool { return v.Pos() < loop.Pos() }
	written = writesAfter(h.c, loop, br, declaredBefore, false, func(n ast.Node) {
		if ret, ok := n.(*ast.ReturnStmt); ok {
			search = search || ret.Pos() > end && h.success(ret)
		}
	})
	for _, v := range h.c.flow.FilledByFailure(h.b, br) {
		if declaredBefore(v) && !slices.Contains(written, v) {
			written = append(written, v)
		}
	}
	return search, written
}

// fillsAny reports whether one of vars is a parameter the function fills
// in (searchDir(dir, q string, found *[]Match) error): its answer is what
// it writes there, and any success it returns gives it.
func (h *handler) fillsAny(vars []*types.Var) bool {
	return slices.ContainsFunc(vars, func(v *types.Var) bool { return h.c.flow.FillsVar(h.b, v) })
}

// endsIteration reports whether the if statement whose body is body is
// the last the iteration of loop runs: nothing follows it up to the end
// of the loop's body, out of the ifs around it, or only a continue does.
//
//	for _, e := range entries {
//		if !e.IsDir() {
//			if err := searchFile(e, q, found); err != nil {
//				log.Print(err) // the iteration ends here
//			}
//		}
//	}
func endsIteration(loop ast.Stmt, body *ast.BlockStmt) bool {
	path := errflow.PathTo(loop, body)
	if len(path) < 2 {
		return false
	}
	if is, ok := path[len(path)-2].(*ast.IfStmt); !ok || is.Body != body || is.Else != nil {
		return false
	}
	// Climb from the if: each statement must end its block, which must
	// be the loop's body or a branch of an if that ends its own.
	for i := len(path) - 2; i >= 2; i-- {
		block, ok := path[i-1].(*ast.BlockStmt)
		if !ok {
			return false
		}
		at := slices.Index(block.List, path[i].(ast.Stmt))
		switch rest := block.List[at+1:]; {
		case len(rest) == 1:
			bs, ok := rest[0].(*ast.BranchStmt)
			return ok && bs.Tok == token.CONTINUE && bs.Label == nil
		case len(rest) > 1:
			return false
		case block == loopBody(loop):
			return true
		}
		if _, ok := path[i-2].(*ast.IfStmt); !ok {
			return false
		}
		i-- // from the block up to its if
	}
	return false
}

// loopBody returns the body of a for or range statement.
func loopBody(loop ast.Stmt) *ast.BlockStmt {
	switch l := loop.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// writesAfter returns the local variables, of those keep admits, that
// the statements of node (not of the function literals in it) write into
// after br's branch and not before it: what each iteration writes before
// the call is there whether or not the call fails, and the skip loses a
// detail, not the answer. A count (n++) is not a write. With sends, a
// value sent on a channel is written into the channel. visit, when not
// nil, sees each node walked.
func writesAfter(c *checker, node ast.Node, br *errflow.Branch, keep func(*types.Var) bool, sends bool, visit func(ast.Node)) []*types.Var {
	start, end := branchNode(br).Pos(), br.Body.End()
	before, after := map[*types.Var]bool{}, map[*types.Var]bool{}
	var written []*types.Var
	write := func(at token.Pos, v *types.Var) {
		switch {
		case !errflow.IsLocal(v) || !keep(v):
		case at < start:
			before[v] = true
		case at > end && !after[v]:
			after[v] = true
			written = append(written, v)
		}
	}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil, *ast.FuncLit:
			return false
		case *ast.SendStmt:
			if v := errflow.RootVar(c.info, n.Chan); sends && v != nil {
				write(n.Pos(), v)
			}
		}
		if visit != nil {
			visit(n)
		}
		c.nodeWrites(n, write)
		return true
	})
	return slices.DeleteFunc(written, func(v *types.Var) bool { return before[v] })
}

// answerAfter returns the return that control reaches when it falls out
// of loop, or nil. Unlike nextReturn it passes over loops that do not
// return (and out of the loops that enclose loop, when they do not, and
// out of the case of a switch or a select, to what follows it), and
// ifs that leave only on a condition that does not look at the answer (a
// later marshal's error). An if that tests the answer (is it empty?) may
// be where the empty case is told apart, so it stops the walk, as does
// any other statement that may end the run — unless all it does is
// answer a success ("[]", "No reports found"): the empty answer a failure
// reaches as well as an honest search.
func (h *handler) answerAfter(fn *ast.BlockStmt, loop ast.Stmt, answer map[*types.Var]bool) *ast.ReturnStmt {
	path := errflow.PathTo(fn, loop)
	for i := len(path) - 1; i > 0; i-- {
		switch parent := path[i-1].(type) {
		case *ast.BlockStmt:
			after := false
			for _, s := range parent.List {
				if after {
					if ret, ok := s.(*ast.ReturnStmt); ok {
						return ret
					}
					if !passes(h.c.info, s, answer) && !h.emptyAnswer(s, answer) {
						return nil
					}
				}
				if s == path[i] {
					after = true
				}
			}
		case *ast.IfStmt:
		case *ast.CaseClause, *ast.CommClause:
			// Out of a case, control goes on after the switch (or the
			// select): path[i-2] is its body, path[i-3] the statement.
			if i < 4 {
				return nil
			}
			i -= 2
		case *ast.ForStmt, *ast.RangeStmt:
			// Out of a nested loop, control goes on with the enclosing
			// one, and out of that when it cannot leave otherwise.
			if leaves(parent.(ast.Stmt)) {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// passes reports whether control that reaches s goes on past it, for
// answerAfter.
func passes(info *types.Info, s ast.Stmt, answer map[*types.Var]bool) bool {
	switch s := s.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return !leaves(s)
	case *ast.IfStmt:
		return !leaves(s) || !errflow.MentionsAny(info, s.Cond, answer) && (s.Init == nil || !errflow.MentionsAny(info, s.Init, answer))
	case *ast.GoStmt:
		return true // starts work, and goes on
	}
	return plain(s)
}

// emptyAnswer reports whether s is an if that tests the answer and
// returns only successes: if len(all) == 0 { return []byte("[]"), nil },
// one that answers "No notes found" in one of two forms, or a page of
// what was gathered (if offset >= total { return emptyPage() }). Each
// is an answer made of what the loop found, as the return after it is.
func (h *handler) emptyAnswer(s ast.Stmt, answer map[*types.Var]bool) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Init != nil || !errflow.MentionsAny(h.c.info, is.Cond, answer) {
		return false
	}
	success := true
	ast.Inspect(is, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			success = success && h.success(n)
		}
		return success
	})
	return success
}

// leaves reports whether a statement holds a return, a goto, or a
// labelled jump: something that can take control elsewhere than past it.
func leaves(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO || n.Label != nil
		case *ast.ExprStmt:
			found = found || terminates(&ast.BlockStmt{List: []ast.Stmt{n}})
		}
		return !found
	})
	return found
}

// leavesAtTop reports whether a statement of the block itself, not one
// nested in an if or a loop of it, leaves (see leaves): a body that
// returns its own answer when the call succeeds is a test for success
// (noFallThroughOnFailure's), while one that returns only on a further
// condition (a page with more to come) falls through to the success after
// it otherwise, with or without its part.
func leavesAtTop(b *ast.BlockStmt) bool {
	for _, st := range b.List {
		switch st.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			continue
		}
		if leaves(st) {
			return true
		}
	}
	return false
}

// tellsAsked reports whether what follows a range loop up to ret says
// how many it was asked for, len(X) of the ranged X, directly or through
// a variable given it before: "Requested 5, retrieved 3" tells the client
// that some are missing, even if not why.
func tellsAsked(info *types.Info, fn *ast.BlockStmt, loop ast.Stmt, ret *ast.ReturnStmt) bool {
	rng, ok := loop.(*ast.RangeStmt)
	if !ok {
		return false
	}
	ranged := types.ExprString(ast.Unparen(rng.X))
	isLen := func(e ast.Expr) bool {
		return errflow.IsLenOf(info, e, func(v ast.Expr) bool { return types.ExprString(ast.Unparen(v)) == ranged })
	}
	counts := map[*types.Var]bool{}
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.End() < loop.Pos() && len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					if v := errflow.RootVar(info, n.Lhs[i]); v != nil && isLen(rhs) {
						counts[v] = true
					}
				}
			}
		case *ast.Ident:
			v, _ := info.Uses[n].(*types.Var)
			found = found || n.Pos() > loop.End() && n.End() <= ret.End() && counts[v]
		case *ast.CallExpr:
			found = found || n.Pos() > loop.End() && n.End() <= ret.End() && isLen(n)
		}
		return !found && n.Pos() < ret.End()
	})
	return found
}

// noSuccessOnlyPart reports the parts of an answer a handler adds only
// when a call succeeds — if err == nil { items = append(items, …) },
// with no else — and then answers with, whatever happened: when the call
// fails the part is missing and nothing says so, and when every such
// call fails the client reads an empty success ("items": null) as "there
// are none". It is the loop's skip (noSkippedFailure) without the loop:
// the if writes, into variables declared before it, what the success
// after it uses (derived, answerAfter), the call did something at run
// time (errflow.FailedCall), and err is used nowhere after the if.
func noSuccessOnlyPart(h *handler) {
	if h.b.Block == nil {
		return
	}
	info, flow := h.c.info, h.c.flow
	ast.Inspect(h.b.Block, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		is, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		err, part := h.c.successPart(is)
		if err == nil || leavesAtTop(part) || terminates(part) && !endsInLoop(part) || usedAfter(info, h.b.Block, err, is.End()) {
			return true
		}
		br := &errflow.Branch{Err: err, Body: part, Cond: is.Cond}
		written := h.c.writtenBefore(h.b.Block, is, part)
		if len(written) == 0 || !flow.FailedWork(h.b, br) || flow.Probes(h.b, br) {
			return true
		}
		answer := derived(info, h.b.Block, is.End(), h.b.Block.End(), written)
		ret := h.answerAfter(h.b.Block, is, answer)
		if ret == nil || !h.mayAnswerSuccess(ret) || !errflow.MentionsAny(info, ret, answer) || ownData(info, h.b.Block, is, ret) || !h.c.once(rules.NoFakeEmptyResult, is) {
			return true
		}
		h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos: is.Cond.Pos(),
			End: is.Cond.End(),
			Related: []analysis.RelatedInformation{
				{Pos: ret.Pos(), End: ret.End(), Message: "the success that answers without it"},
			},
			Message: fmt.Sprintf("%s adds to its answer only when %s is nil, and answers all the same when the call fails (line %d): the missing part passes for one that is not there, and when every such call fails the client reads an empty success; handle %s != nil (keep the failure in the answer, or return "+h.failureAnswer()+")",
				h.describe(), err.Name(), h.c.pass.Fset.Position(ret.Pos()).Line, err.Name()),
		})
		return true
	})
}

// endsInLoop reports whether a block ends in a loop: terminates takes a
// loop for the end of the run, without looking inside; leaves looks.
func endsInLoop(b *ast.BlockStmt) bool {
	switch b.List[len(b.List)-1].(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return true
	}
	return false
}

// ownData reports whether ret answers with data the function gathered
// whatever the call did: a local it mentions was written before is by
// a statement no if, switch or select chooses (loops do not count: a
// loop over what was fetched fills the answer), with a value of its own.
// The part the if adds is then an optional extra beside the answer (a
// deeplink beside a rendered image, best-effort stats beside an audit's
// descriptors), not the answer.
func ownData(info *types.Info, block *ast.BlockStmt, is *ast.IfStmt, ret *ast.ReturnStmt) bool {
	mentioned := map[*types.Var]bool{}
	ast.Inspect(ret, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && errflow.IsLocal(v) && !errflow.IsError(v.Type()) {
				mentioned[v] = true
			}
		}
		return true
	})
	found := false
	var visit func(stmts []ast.Stmt)
	visit = func(stmts []ast.Stmt) {
		for _, st := range stmts {
			if found || st.Pos() >= is.Pos() {
				return
			}
			switch st := st.(type) {
			case *ast.AssignStmt:
				for i, lhs := range st.Lhs {
					if v := errflow.RootVar(info, lhs); v != nil && mentioned[v] {
						if rhs := errflow.Assigned(st, i); rhs != nil && !emptyValue(info, rhs) {
							found = true
						}
					}
				}
			case *ast.ForStmt:
				visit(st.Body.List)
			case *ast.RangeStmt:
				visit(st.Body.List)
			case *ast.BlockStmt:
				visit(st.List)
			}
		}
	}
	visit(block.List)
	return found
}

// emptyValue reports whether e is a value with nothing in it: nil, "",
// 0, an empty literal, make or new.
func emptyValue(info *types.Info, e ast.Expr) bool {
	if errflow.IsNil(info, e) {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Value == `""` || e.Value == "0" || e.Value == "``"
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.UnaryExpr:
		if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok {
			return len(lit.Elts) == 0
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && (id.Name == "make" || id.Name == "new") {
			return true
		}
	}
	return false
}

// usedAfter reports whether v is read after pos in block (a closure's
// read included) before it is given another value: the failure is
// looked at later.
func usedAfter(info *types.Info, block *ast.BlockStmt, v *types.Var, pos token.Pos) bool {
	until := block.End()
	lhs := map[*ast.Ident]bool{}
	ast.Inspect(block, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, e := range as.Lhs {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok && (info.Uses[id] == v || info.Defs[id] == v) {
				lhs[id] = true
				if as.Pos() > pos && as.Pos() < until {
					until = as.Pos()
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && id.Pos() > pos && id.Pos() < until && !lhs[id] && info.Uses[id] == v {
			found = true
		}
		return true
	})
	return found
}

// successPart returns, for an if that adds a part only when a call
// succeeds, the error it tests and the branch that adds the part: the
// body of if err == nil { … }, with no else or one that only reports err
// (a log line), or the else of if err != nil { log(err) } else { … }.
// It returns nil otherwise.
func (c *checker) successPart(is *ast.IfStmt) (*types.Var, *ast.BlockStmt) {
	info := c.info
	if err := successConjunct(info, is.Cond); err != nil {
		if els, ok := is.Else.(*ast.BlockStmt); is.Else == nil || ok && c.onlyLogs(err, els) {
			return err, is.Body
		}
		return nil, nil
	}
	els, ok := is.Else.(*ast.BlockStmt)
	err := failureTest(info, is.Cond)
	if !ok || err == nil || !c.onlyLogs(err, is.Body) {
		return nil, nil
	}
	return err, els
}

// successConjunct returns the error variable a condition requires to be
// nil: err == nil alone, or beside tests that what the call gave is not
// empty (err == nil && rows != "", err == nil && len(items) > 0), which
// only skip a part that would add nothing. A test of anything else (p !=
// nil, a lookup's "is it there") may be where a call that finds nothing
// is told apart, and is not read as a success test.
func successConjunct(info *types.Info, cond ast.Expr) *types.Var {
	var err *types.Var
	for _, c := range errflow.Conjuncts(cond) {
		if v := successTest(info, c); v != nil && err == nil {
			err = v
		} else if !nonEmptyTest(info, c) {
			return nil
		}
	}
	return err
}

// nonEmptyTest reports whether cond only asks whether a local text or
// list holds something: s != "", len(s) > 0, len(s) != 0.
func nonEmptyTest(info *types.Info, cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if s, ok := errflow.StringConst(info, b.Y); ok && s == "" && b.Op == token.NEQ {
		_, local := ast.Unparen(b.X).(*ast.Ident)
		return local
	}
	lit, ok := ast.Unparen(b.Y).(*ast.BasicLit)
	return ok && lit.Value == "0" && (b.Op == token.GTR || b.Op == token.NEQ) &&
		errflow.IsLenOf(info, b.X, func(ast.Expr) bool { return true })
}

// onlyLogs reports whether body only reports err to the operator: it
// only reports (onlyReported), names err, and writes into no local
// variable. A call on a local (rep.add("index", "parse failed")) writes a
// note into what the function answers with.
func (c *checker) onlyLogs(err *types.Var, body *ast.BlockStmt) bool {
	if !onlyReported(c.info, err, body) || !errflow.Mentions(c.info, body, err) {
		return false
	}
	writes := false
	ast.Inspect(body, func(n ast.Node) bool {
		c.nodeWrites(n, func(_ token.Pos, v *types.Var) { writes = writes || errflow.IsLocal(v) })
		return !writes
	})
	return !writes
}

// writtenBefore returns the local variables declared before is that
// part, its branch, writes into: assigned, appended to, given by address,
// or the receiver of a method call.
func (c *checker) writtenBefore(block *ast.BlockStmt, is *ast.IfStmt, part *ast.BlockStmt) []*types.Var {
	var out []*types.Var
	write := func(_ token.Pos, v *types.Var) {
		// A parameter holds its caller's value, which a failure leaves
		// (if abs, err := filepath.Abs(path); err == nil { path = abs }).
		if errflow.IsLocal(v) && !errflow.IsParam(v) && v.Pos() < is.Pos() && !slices.Contains(out, v) && !errflow.IsError(v.Type()) && !hasDefault(c.info, block, v) {
			out = append(out, v)
		}
	}
	ast.Inspect(part, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c.nodeWrites(n, write)
		return true
	})
	return out
}

// nodeWrites calls write with the variables n itself writes into, and
// where: an assignment's left-hand sides, and, for a call, what it is a
// method of or is given the address of (sb.WriteString(s),
// fmt.Fprintf(&buf, …)). A write into a field or an element is one into
// the variable it belongs to.
func (c *checker) nodeWrites(n ast.Node, write func(at token.Pos, v *types.Var)) {
	info := c.info
	into := func(at token.Pos, e ast.Expr) {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		if v := errflow.RootVar(info, e); v != nil {
			write(at, v)
		}
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, lhs := range n.Lhs {
			into(n.Pos(), lhs)
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
			into(n.Pos(), sel.X)
		}
		if lit := c.localFunc(n.Fun); lit != nil {
			c.closureWrites(lit, n.Pos(), write)
		}
		for _, a := range n.Args {
			if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND {
				into(n.Pos(), u)
			}
			// A callback the call runs (ast.Inspect(f, func(n ast.Node)
			// bool { defs = append(defs, …) })): what it writes, the
			// call writes.
			if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
				c.closureWrites(lit, n.Pos(), write)
			} else if lit := c.localFunc(a); lit != nil {
				c.closureWrites(lit, n.Pos(), write)
			}
		}
	}
}

// hasDefault reports whether v is declared with a value of its own
// (limit := 10, name := "default"): what the if writes replaces a real
// value, and a failure leaves that one. An empty one (nil, "", 0, an
// empty literal, make, new) is no default.
func hasDefault(info *types.Info, block *ast.BlockStmt, v *types.Var) bool {
	var init ast.Expr
	ast.Inspect(block, func(n ast.Node) bool {
		if init != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && info.Defs[id] == v {
					init = errflow.Assigned(n, i)
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == v && i < len(n.Values) {
					init = n.Values[i]
				}
			}
		}
		return true
	})
	return init != nil && !emptyValue(info, init)
}

// mayAnswerSuccess reports whether ret answers with a success: as success
// does, or, for return f(…) handing on all of a helper's results
// (return NewJSONResult(out)), when the helper's result may be one, and
// so for those results taken first (result, err := NewJSONResult(out);
// return result, err): a success unless the helper fails.
func (h *handler) mayAnswerSuccess(ret *ast.ReturnStmt) bool {
	resIndex := h.resultSlot()
	if h.encodes(ret) {
		return true // return json.Marshal(all)
	}
	if len(ret.Results) == h.results {
		if h.success(ret) {
			return true
		}
		errIndex := h.errorSlot()
		if errIndex < 0 || resIndex < 0 || h.c.flow.ErrNonNil(h.b, ret, ret.Results[errIndex]) {
			return false
		}
		shape := h.c.flow.ResultShape(h.b, ret.Results[resIndex])
		return shape&(errflow.ShapeSuccess|errflow.ShapeValue) != 0
	}
	if len(ret.Results) != 1 || resIndex < 0 {
		return false
	}
	shape := h.c.flow.Value(h.b, ret.Results[0], resIndex).Shape
	if shape == errflow.ShapeNil && h.kind() == model.GoSDKTyped {
		// A typed handler's structured answer: no result, an output, and
		// an error that may be nil (return structuredResult(out)).
		errIndex := h.errorSlot()
		return errIndex >= 0 && !h.c.flow.Value(h.b, ret.Results[0], errIndex).NonNil
	}
	return shape&(errflow.ShapeSuccess|errflow.ShapeValue) != 0
}

// localFunc returns the function literal a call's function is, when it
// names a local variable given that literal and nothing else
// (add := func(items []Item) { all = append(all, items...) }).
func (c *checker) localFunc(fun ast.Expr) *ast.FuncLit {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	if c.closures == nil {
		c.closures = localFuncs(c.info, c.pass.Files)
	}
	return c.closures[v]
}

// closureWrites calls write, at the position of a call of lit, with the
// variables declared outside lit that lit writes into: the call writes
// them. A literal that calls itself is followed once.
func (c *checker) closureWrites(lit *ast.FuncLit, at token.Pos, write func(at token.Pos, v *types.Var)) {
	if c.inClosure[lit] {
		return
	}
	if c.inClosure == nil {
		c.inClosure = map[*ast.FuncLit]bool{}
	}
	c.inClosure[lit] = true
	defer delete(c.inClosure, lit)
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		c.nodeWrites(n, func(_ token.Pos, v *types.Var) {
			if v.Pos() < lit.Pos() || v.Pos() >= lit.End() {
				write(at, v)
			}
		})
		return true
	})
}

// localFuncs returns the variables of files given a function literal
// once and assigned nothing else, with their literal.
func localFuncs(info *types.Info, files []*ast.File) map[*types.Var]*ast.FuncLit {
	lits := map[*types.Var]*ast.FuncLit{}
	assigned := map[*types.Var]int{}
	note := func(lhs ast.Expr, rhs ast.Expr) {
		id, ok := lhs.(*ast.Ident)
		if !ok {
			return
		}
		v, ok := info.Defs[id].(*types.Var)
		if !ok {
			v, ok = info.Uses[id].(*types.Var)
		}
		if !ok || v.IsField() {
			return
		}
		assigned[v]++
		if lit, ok := ast.Unparen(rhs).(*ast.FuncLit); ok {
			lits[v] = lit
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					note(lhs, errflow.Assigned(n, i))
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if i < len(n.Values) {
						note(name, n.Values[i])
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					note(ast.Unparen(n.X), nil) // its address: anything may be stored
				}
			}
			return true
		})
	}
	for v := range lits {
		if assigned[v] != 1 {
			delete(lits, v)
		}
	}
	return lits
}
