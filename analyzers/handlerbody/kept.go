package handlerbody

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noDroppedKeptFailure reports a failure a loop keeps and the success
// after the loop drops: the loop stores an error in a variable declared
// before it (firstErr = fmt.Errorf("broker %d: %w", id, err), lastErr =
// err) and moves on, and the first return after the loop that can leave
// while that variable holds it is a success answering with what the loop
// gathered, and does not carry it:
//
//	if len(all) > 0 {
//		return all, nil // the brokers that failed are not there, and nothing says so
//	}
//	return nil, firstErr
//
// The failure is kept, not only logged, so noSkippedFailure passes the
// loop by; what the client reads is the same part passed off as the
// whole. A return after a test of the kept error (if firstErr != nil)
// has decided about it; a test of it with the answer (if len(all) == 0
// && firstErr != nil) fails only when nothing was gathered, and the
// return after it is held to the same.
func noDroppedKeptFailure(h *handler) {
	if h.b.Block == nil {
		return
	}
	info := h.c.info
	ast.Inspect(h.b.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loop := n.(ast.Stmt)
			for _, kept := range keptFailures(info, loop) {
				h.droppedAfter(loop, kept)
			}
		}
		return true
	})
}

// keptFailures returns the local error variables declared before loop
// that the loop gives a value other than nil.
func keptFailures(info *types.Info, loop ast.Stmt) []*types.Var {
	var out []*types.Var
	seen := map[*types.Var]bool{}
	ast.Inspect(loop, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				v := errflow.RootVar(info, lhs)
				if v == nil || seen[v] || !errflow.IsLocal(v) || !errflow.IsError(v.Type()) || v.Pos() >= loop.Pos() {
					continue
				}
				if _, isIdent := ast.Unparen(lhs).(*ast.Ident); !isIdent {
					continue
				}
				if rhs := errflow.Assigned(n, i); rhs == nil || !keptValue(info, rhs, v) {
					continue
				}
				seen[v] = true
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

// keptValue reports whether rhs, assigned to v in a loop, keeps a failure
// rather than reuses v for the next call's error: another error
// (lastErr = err, firstErr = shard.Err), or one built from words or from
// another (fmt.Errorf, errors.New, errors.Join). v, err = get(x) and err
// = commit() reuse a variable declared before the loop, which the loop
// tests and returns at once.
func keptValue(info *types.Info, rhs ast.Expr, v *types.Var) bool {
	switch e := ast.Unparen(rhs).(type) {
	case *ast.Ident, *ast.SelectorExpr:
		u := errflow.RootVar(info, e)
		return u != v && errflow.IsError(info.TypeOf(e)) && !errflow.IsNil(info, e)
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		return model.IsFunc(fn, "fmt", "Errorf") || model.IsFunc(fn, "errors", "New") || model.IsFunc(fn, "errors", "Join")
	}
	return false
}

// droppedAfter reports the success that drops kept after loop: the first
// return, in the statements that follow the loop in its block, that may
// run while kept holds the failure. A test of kept before it decides
// about the failure; so does a return that carries it.
func (h *handler) droppedAfter(loop ast.Stmt, kept *types.Var) {
	info := h.c.info
	path := errflow.PathTo(h.b.Block, loop)
	if len(path) < 2 {
		return
	}
	block, ok := path[len(path)-2].(*ast.BlockStmt)
	if !ok {
		return
	}
	gathered := h.gathered(loop, kept)
	if len(gathered) == 0 {
		return
	}
	answer := derived(info, h.b.Block, loop.End(), h.b.Block.End(), gathered)
	mentionsKept := map[*types.Var]bool{kept: true}
	after := false
	for _, s := range block.List {
		if !after {
			after = s == loop
			continue
		}
		var ret *ast.ReturnStmt
		switch s := s.(type) {
		case *ast.ReturnStmt:
			ret = s
		case *ast.IfStmt:
			if s.Init != nil || s.Else != nil {
				return
			}
			if errflow.MentionsAny(info, s.Cond, mentionsKept) {
				if errflow.MentionsAny(info, s.Cond, answer) && errflow.ReturnsLast(s.Body) {
					continue // fails only when nothing was gathered
				}
				return // the kept failure is tested: decided
			}
			if !errflow.ReturnsLast(s.Body) {
				if leaves(s) {
					return
				}
				continue
			}
			ret = s.Body.List[len(s.Body.List)-1].(*ast.ReturnStmt)
		default:
			if !plain(s) || errflow.MentionsAny(info, s, mentionsKept) {
				return
			}
			continue
		}
		if !h.success(ret) || errflow.MentionsAny(info, ret, mentionsKept) || !errflow.MentionsAny(info, ret, answer) {
			return
		}
		if h.c.once(rules.NoFakeEmptyResult, ret) {
			h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
				Pos: ret.Pos(),
				End: ret.End(),
				Related: []analysis.RelatedInformation{
					{Pos: loop.Pos(), End: loop.Pos() + token.Pos(len("for")), Message: "the loop keeps its failures in " + kept.Name()},
				},
				Message: h.describe() + " keeps the loop's failures in " + kept.Name() + " and answers with what the loop gathered without them: when some calls fail, the client reads a part passed off as the whole; carry " + kept.Name() + " in the answer (a warning, errors.Join), or return it",
			})
		}
		return
	}
}

// gathered returns the variables declared before loop, other than kept,
// that the loop writes into: what it gathers for the answer. A count
// (n++) is not among them, as for loopWrites.
func (h *handler) gathered(loop ast.Stmt, kept *types.Var) []*types.Var {
	var out []*types.Var
	seen := map[*types.Var]bool{kept: true}
	ast.Inspect(loop, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		h.c.nodeWrites(n, func(_ token.Pos, v *types.Var) {
			if !seen[v] && errflow.IsLocal(v) && v.Pos() < loop.Pos() {
				seen[v] = true
				out = append(out, v)
			}
		})
		return true
	})
	return out
}
