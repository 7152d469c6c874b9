package handlerbody

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noFakeEmptyResult reports the returns, inside a branch that handles a
// non-nil error, that give the client an empty success: a nil error and
// nothing but empty values (see emptySuccess). Such a value carries no
// trace of err by construction; a partial success that carries the error
// in a field is not empty, nor is a value stating a fact (OK: false). A
// nil *CallToolResult with a nil error is not a success at all: sdkresult
// reports it.
func noFakeEmptyResult(h *handler) {
	flow := h.c.flow
	errIndex, resIndex := h.errorSlot(), h.resultSlot()
	for _, ret := range h.b.Returns {
		if len(ret.Results) != h.results || errIndex >= 0 && !flow.IsNilError(h.b, ret.Results[errIndex]) {
			continue
		}
		// A branch that also runs without a failure (err != nil ||
		// len(hits) == 0) runs on every failure too: what it answers
		// then is the failure's answer.
		br := h.branchFor(ret)
		if br == nil {
			continue
		}
		if resIndex >= 0 {
			shape := flow.ResultShape(h.b, ret.Results[resIndex])
			if errflow.IsErrorResult(shape) || shape == errflow.ShapeNil && h.kind() != model.GoSDKTyped {
				continue
			}
		}
		empty, values := true, 0
		for i, v := range ret.Results {
			if i != errIndex && h.Path.Roles[i] != errflow.RoleDropped {
				empty = empty && flow.EmptySuccess(h.b, v)
				values++
			}
		}
		if !empty || values == 0 || !h.c.once(rules.NoFakeEmptyResult, ret) {
			continue
		}
		h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos:     ret.Pos(),
			End:     ret.End(),
			Related: h.related(br),
			Message: fmt.Sprintf("%s returns an empty success while handling %s: the client cannot tell this failure from a real, empty answer; return the error (or an error result), or carry it in the result — logging it does not tell the client",
				h.describe(), br.Name()),
		})
	}
}

// noFakeEmptyInCallee reports the returns of a function a handler calls
// that, inside a branch handling the failure of a call, give the handler
// nothing but an empty value and no error: return false, return "", a
// nil error with a zero value, a bare return from a function that fills
// in what its parameters point to. The handler cannot tell that failure
// from a real, empty answer, and answers with it.
//
// Logging the error before returning does not tell the handler either:
// a branch that only hands err to calls whose results it drops (a log
// line) still returns an empty answer, and so does one that returns a
// text claiming there is nothing ("[]", "none").
//
// Not reported: a function whose last result is an ok bool (returning
// false says it failed), one whose doc comment says what it does on
// failure, a nil *CallToolResult (no result, not an empty one), a branch
// that keeps the error some other way before returning (stores it,
// hands it to a method of its own, or to a call whose result it uses),
// and a failure that only says a value the function was given is
// malformed (see errflow.FailedCall). A function whose answer the handler
// only puts in an error's text is not a callee at all (see
// errflow.Callee).
func noFakeEmptyInCallee(c *checker, ce *errflow.Callee) {
	who := handlerName(ce.Handler) + ", which calls it,"
	if ce.IsHandler() {
		who = "the SDK"
	}
	checkEmptyAnswers(c, ce, who)
	if ce.Body.Sig != nil && ce.Body.Block != nil {
		answerChecks(calleeHandler(c, ce))
	}
}

// answerChecks checks, in a function whose answer a handler gives, what
// the handler's own checks would find in its body: a part of the answer
// added only on success, a loop or work per item that drops a failed
// call, and the errors it builds into its answer.
func answerChecks(h *handler) {
	answerValueChecks(h)
	answerLoopChecks(h)
}

// answerValueChecks are answerChecks' checks of what the function adds
// to its answer and the errors it builds into it.
func answerValueChecks(h *handler) {
	noSuccessOnlyPart(h)
	noEmptiedFailure(h)
	noDiscardedFailure(h)
	flattenedInAnswer(h)
}

// answerLoopChecks are answerChecks' checks of the loops and the work per
// item that make the function's answer.
func answerLoopChecks(h *handler) {
	noSkippedFailure(h)
	noSkippedInClosure(h)
	noDroppedKeptFailure(h)
	noDroppedItem(h)
	noUncheckedIteration(h)
}

// calleeHandler is a handler standing for a callee, with a role for each
// result by its type: a tool result, an error, or data.
func calleeHandler(c *checker, ce *errflow.Callee) *handler {
	b := ce.Body
	n := b.Sig.Results().Len()
	roles := make([]errflow.Role, n)
	for i := range n {
		switch t := b.Sig.Results().At(i).Type(); {
		case errflow.IsCallToolResult(t):
			roles[i] = errflow.RoleResult
		case errflow.IsErrorOrRuntimeError(t):
			roles[i] = errflow.RoleError
		default:
			roles[i] = errflow.RoleOutput
		}
	}
	fh := &errflow.Handler{Func: b.Func, Body: b, Sig: b.Sig}
	if lit, ok := b.Node.(*ast.FuncLit); ok {
		fh.Lit = lit
	}
	p := &errflow.Path{Kind: model.Adapted, Roles: roles}
	if ce.Path != nil { // nil for a function of the package other packages' handlers may answer with
		p.Kind, p.Via = ce.Path.Kind, ce.Path.Via
	}
	return &handler{Handler: fh, Path: p, c: c, b: b, results: n, source: true, reads: ce.IsHandler()}
}

// checkEmptyAnswers reports the empty answers ce's function gives on
// failure to who, the handler (or the callers of the exported function)
// that answers with them.
func checkEmptyAnswers(c *checker, ce *errflow.Callee, who string) {
	flow, b := c.flow, ce.Body
	results := b.Sig.Results()
	n := results.Len()
	errIndex := -1
	if n > 0 && errflow.IsError(results.At(n-1).Type()) {
		errIndex = n - 1
	}
	switch {
	case n == 0 && !flow.FillsParam(b):
		return // nothing to fill in
	case n == 1 && errIndex == 0:
		return // only an error to return
	case n > 1 && errflow.IsBool(results.At(n-1).Type()):
		return // v, ok: false says it failed
	case ce.FailsClosed:
		return // every caller fails on its empty answer: it fails closed
	}
	for _, ret := range b.Returns {
		if len(ret.Results) != n {
			continue // a bare return of named results: whatever they hold
		}
		br := flow.FailureBranch(b, ret)
		if br == nil || br.Partial || !flow.FailedCall(b, br) || keptBefore(c.info, br, ret) || !emptyReturn(c, b, ret, errIndex) {
			continue
		}
		if n == 1 && errflow.IsBool(results.At(0).Type()) && flow.FailedOnInput(b, br) {
			continue // a predicate that cannot examine its input answers no: it fails closed
		}
		if documentsFailure(b) {
			return // what it gives on failure is its documented contract
		}
		if !c.once(rules.NoFakeEmptyResult, ret) {
			continue
		}
		c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
			Pos:     ret.Pos(),
			End:     ret.End(),
			Related: calleeRelated(ce, br),
			Message: fmt.Sprintf("%s %s while handling %s: %s cannot tell this failure from a real, empty answer and gives it to the client as one; return the error, or carry it in the result",
				calleeName(ce), emptyWhat(n, errIndex), br.Name(), who),
		})
	}
}

// failureWords are what a doc comment says when it states what its
// function does on failure: "returns nil on any error (best-effort)",
// "fails closed", "a failed lookup omits the link", "returning (nil,
// nil) when no schema exists for it".
var failureWords = regexp.MustCompile(`(?i)\b(fail|error|best[- ]effort|unavailable|ignor|degrad)|\breturn(s|ing)? \(?(nil|""|false|empty)\b`)

// documentsFailure reports whether b's doc comment says what it does when
// it fails: its caller was told, and chose to use it so.
func documentsFailure(b *errflow.Body) bool {
	return failureWords.MatchString(docText(b))
}

// docText returns the text of the doc comment of b's declaration, or "".
func docText(b *errflow.Body) string {
	if decl, ok := b.Node.(*ast.FuncDecl); ok && decl.Doc != nil {
		return decl.Doc.Text()
	}
	return ""
}

// keptBefore reports whether the branch br keeps its error before ret:
// stores it, returns it, hands it to a call whose result is used or to a
// method of something that holds it. A call whose result is dropped and
// that only takes err as an argument (a log line, a span's event) does
// not keep it: onlyReported's rule, for a helper's branch.
func keptBefore(info *types.Info, br *errflow.Branch, ret *ast.ReturnStmt) bool {
	var stmts []ast.Stmt
	switch body := br.Body.(type) {
	case *ast.BlockStmt:
		stmts = body.List
	case *ast.CaseClause:
		stmts = body.Body // not the case's own test of err
	}
	used := false
	for _, stmt := range stmts {
		if stmt.Pos() < ret.Pos() && onlyReported(info, br.Err, &ast.BlockStmt{List: []ast.Stmt{stmt}}) {
			continue
		}
		ast.Inspect(stmt, func(n ast.Node) bool {
			if used || n == nil || n.Pos() >= ret.Pos() {
				return false
			}
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == br.Err {
				used = true
			}
			return true
		})
	}
	return used
}

// emptyReturn reports whether ret gives its caller nothing: no results,
// or a nil error and zero values.
func emptyReturn(c *checker, b *errflow.Body, ret *ast.ReturnStmt, errIndex int) bool {
	flow := c.flow
	for i, v := range ret.Results {
		if i == errIndex {
			if !flow.IsNilError(b, v) {
				return false
			}
		} else if !flow.ZeroValue(b, v) && !emptyText(c.info, v) || errflow.IsCallToolResult(b.Sig.Results().At(i).Type()) {
			return false
		}
	}
	return true
}

// emptyText reports whether v is a constant text that claims there is
// nothing ("[]", "none"): as empty as "" to whoever shows it.
func emptyText(info *types.Info, v ast.Expr) bool {
	s, ok := errflow.StringConst(info, v)
	return ok && errflow.EmptyText(s)
}

// emptyWhat says what a function that fails this way does.
func emptyWhat(results, errIndex int) string {
	switch {
	case results == 0:
		return "returns before filling in what it was given"
	case errIndex >= 0:
		return "returns a nil error and an empty value"
	}
	return "returns an empty value, with no error to say it failed,"
}

// calleeName names a function a handler calls, for messages.
func calleeName(ce *errflow.Callee) string {
	if ce.IsHandler() {
		return handlerName(ce.Handler)
	}
	b := ce.Body
	if b.Func != nil {
		return "helper " + b.Func.Name()
	}
	return "the helper"
}

// handlerName names a handler for messages, by its kind.
func handlerName(h *errflow.Handler) string {
	if h.Func != nil {
		return fmt.Sprintf("%s %s", h.Kind(), h.Func.Name())
	}
	return "the " + h.Kind().String()
}

// calleeRelated points at the branch, at the handler's call that leads to
// the function, and at the functions between them.
func calleeRelated(ce *errflow.Callee, br *errflow.Branch) []analysis.RelatedInformation {
	n := branchNode(br)
	out := []analysis.RelatedInformation{
		{Pos: n.Pos(), End: n.End(), Message: fmt.Sprintf("%s is handled here", br.Name())},
	}
	if ce.Call != nil {
		what := "called by the handler here"
		if ce.Handler == nil {
			what = "called for the answer here"
		}
		out = append(out, analysis.RelatedInformation{Pos: ce.Call.Pos(), End: ce.Call.End(), Message: what})
	}
	for _, via := range ce.Via {
		if via.Func != nil {
			out = append(out, analysis.RelatedInformation{Pos: via.Node.Pos(), End: via.Node.Pos() + 1, Message: "through " + via.Func.Name()})
		}
	}
	return out
}
