package handlerbody

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// droppedHandedCause judges the helpers of the package that a branch
// hands the error it handles to (return versionError(version, catalog,
// err)): the branch keeps err as far as it can see, and the helper is
// where it may be lost. A helper that returns the error it was handed on
// one path and, on another, a new error without it — chosen by a test
// that does not look at that error (the version asked for, the versions
// there are) — loses the cause there:
//
//	func versionError(version string, catalog *Catalog, original error) error {
//		if version == "" {
//			return original
//		}
//		return fmt.Errorf("version %s is not available", version) // flagged
//	}
//
// A return after a test of the error itself (errors.Is, a look at its
// text, an early if err != nil { return err }) translates a known
// condition or runs when there is none; a helper that never
// returns what it was handed is a constructor of its own errors, and is
// left alone.
func droppedHandedCause(h *handler) {
	info := h.c.info
	for _, br := range h.b.Branches {
		if br.Sentinel {
			continue
		}
		ast.Inspect(br.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				for i, a := range n.Args {
					if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == br.Err {
						h.c.judgeHanded(n, i)
					}
				}
			}
			return true
		})
	}
}

// judgeHanded judges, once, the function call calls for what it does with
// its argument i, an error a branch handles.
func (c *checker) judgeHanded(call *ast.CallExpr, i int) {
	fn := model.Callee(c.info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg || call.Ellipsis.IsValid() {
		return
	}
	b := c.flow.Index().Decl(fn)
	if b == nil || b.Block == nil || b.Sig == nil || c.model.InGenerated(c.pass.Fset, b.Node.Pos()) {
		return
	}
	i -= errflow.MethodExprShift(c.info, call.Fun)
	// Judged once per helper and parameter, among the findings done (a
	// capture of another function's findings starts them anew).
	k := doneKey{rule: "handed", node: handedParam{fn, i}}
	if c.done[k] {
		return
	}
	c.done[k] = true
	params, results := b.Sig.Params(), b.Sig.Results()
	if i < 0 || i >= params.Len() || b.Sig.Variadic() && i >= params.Len()-1 || results.Len() == 0 {
		return
	}
	p := params.At(i)
	errIndex := results.Len() - 1
	if !errflow.IsError(p.Type()) || !errflow.IsError(results.At(errIndex).Type()) {
		return
	}
	var dropped []ast.Expr
	carried := false
	for _, ret := range b.Returns {
		if len(ret.Results) != results.Len() {
			return // a bare return, or one of another call's results: unknown
		}
		e := ret.Results[errIndex]
		v := c.flow.Value(b, e, -1)
		switch {
		case v.Carries(p, false):
			carried = true
		case v.NonNil && !testedOnTheWay(c.info, b, ret, p):
			dropped = append(dropped, e)
		}
	}
	if !carried {
		return
	}
	for _, e := range dropped {
		if !c.once(rules.PreserveCauseOnRethrow, e) {
			continue
		}
		c.report.Diagnostic(rules.PreserveCauseOnRethrow, analysis.Diagnostic{
			Pos: e.Pos(),
			End: e.End(),
			Related: []analysis.RelatedInformation{
				{Pos: call.Pos(), End: call.End(), Message: "the error is handed to " + fn.Name() + " here"},
			},
			Message: fmt.Sprintf("%s returns the error it is handed as %s on one path, and here a new one without it, chosen by a test that does not look at %s: the cause of the failure it describes is lost; wrap %s (%%w), or pass it on", fn.Name(), p.Name(), p.Name(), p.Name()),
		})
	}
}

// A handedParam is a helper's parameter judged by judgeHanded.
type handedParam struct {
	fn *types.Func
	i  int
}

// testedOnTheWay reports whether a condition of an if or a switch before
// ret — one that ret is in, or one that may have left earlier (if err !=
// nil { return err }) — looks at p, or at a value made from it (msg :=
// p.Error(); len(msg) > 200): the return is chosen by what the error is,
// or runs when it is nil.
func testedOnTheWay(info *types.Info, b *errflow.Body, ret *ast.ReturnStmt, p *types.Var) bool {
	mentions := b.Root.TaintedBy(p)
	found := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || n == nil || found || n.Pos() >= ret.Pos() {
			return false
		}
		found = testsAny(info, n, mentions)
		return !found
	})
	return found
}

// testsAny reports whether n is an if, a switch or a case whose condition
// looks at one of vars.
func testsAny(info *types.Info, n ast.Node, vars map[*types.Var]bool) bool {
	var conds []ast.Node
	switch n := n.(type) {
	case *ast.IfStmt:
		conds = append(conds, n.Cond)
	case *ast.SwitchStmt:
		if n.Tag != nil {
			conds = append(conds, n.Tag)
		}
	case *ast.CaseClause:
		for _, e := range n.List {
			conds = append(conds, e)
		}
	case *ast.TypeSwitchStmt:
		conds = append(conds, n.Assign)
	}
	for _, c := range conds {
		if errflow.MentionsAny(info, c, vars) {
			return true
		}
	}
	return false
}
