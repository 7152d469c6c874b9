package handlerbody

// What it takes for a returned value to carry the error a branch handles
// depends on what the value is.
//
// An error value can hold another error, so it carries err only when err
// is in its chain or handed to whatever built it: err itself,
// mcperr.WithCause(err), a %w operand of fmt.Errorf, errors.Join(err, …),
// err passed to any other call (a helper that wraps it), or stored in a
// field of the value. err.Error(), %v and %s copy the text and drop the
// error: logs lose the chain and errors.Is/As stop working upstream.
//
// An SDK error result cannot hold a Go error besides the go-sdk's
// SetError, which keeps it for middleware. It carries err when err reaches
// it at all — its text (mcp.NewToolResultErrorFromErr, err.Error(), %v), or
// SetError(err). Logging err first (or recording it on a span) tells the
// operator, not the model, which reads a fixed "Failed to place order"
// and cannot tell a rejected price from an expired token; it keeps the
// cause where it can only when err's text holds a raw upstream value (a
// body, a command's output) that no-stringify-upstream-error keeps out of
// the result, or comes from a port whose adapter main wires in
// (errflow.Result.ResultCarries).

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// preserveCauseOnRethrow reports the returns, inside a branch that handles
// a non-nil error, whose error (or error result) does not carry that
// error.
func preserveCauseOnRethrow(h *handler) {
	droppedHandedCause(h)
	sentCauses(h)
	flow := h.c.flow
	errIndex, resIndex := h.errorSlot(), h.resultSlot()
	for _, ret := range h.b.Returns {
		if len(ret.Results) == 1 && h.results > 1 {
			if br := h.branchFor(ret); br != nil {
				h.delegatedCause(ret, br)
			}
			continue
		}
		if len(ret.Results) != h.results {
			continue // a bare return
		}
		br := h.branchFor(ret)
		if br == nil {
			h.flattenedTranslation(ret)
			h.flattenedKeptFailure(ret)
			continue
		}
		var errExpr ast.Expr
		if errIndex >= 0 {
			errExpr = ret.Results[errIndex]
		}
		switch {
		case errExpr != nil && !flow.IsNilError(h.b, errExpr):
			// A result returned beside the error may carry err instead
			// (its text, SetError); a nil one carries nothing, whatever
			// the branch did with err before.
			if h.carriesHandled(errExpr, ret, br) || h.isContextError(errExpr) || h.fallbackFailure(ret, br) ||
				resIndex >= 0 && !errflow.IsNil(h.c.info, ret.Results[resIndex]) && flow.ResultCarries(h.b, ret.Results[resIndex], br, ret) {
				continue
			}
			h.lostCause(errExpr, br)
		case resIndex >= 0 && errflow.IsErrorResult(flow.ResultShape(h.b, ret.Results[resIndex])):
			if flow.ResultCarries(h.b, ret.Results[resIndex], br, ret) || h.keptByHelper(ret.Results[resIndex], br) {
				continue
			}
			h.lostResultCause(ret.Results[resIndex], br)
		}
		if h.Path.ResultErrors {
			// The failure a project result carries in a field:
			// api.NewToolCallResult("", errors.New("invalid")).
			for _, e := range flow.ResultErrors(h.b, ret) {
				if !h.carriesHandled(e, ret, br) && !h.isContextError(e) {
					h.lostCause(e, br)
				}
			}
		}
	}
}

// sentCauses reports the errors that the handler's goroutines and
// callbacks send it, while handling err, on a channel it answers from
// (status <- fmt.Errorf("marshal: %v", err), then err := <-status and an
// error result of err): the send is the goroutine's return to the
// handler, and is held to what a return is. An error in a field of the
// value sent (out <- result{err: …}) is judged as the value's.
func sentCauses(h *handler) {
	flow := h.c.flow
	for _, send := range h.b.Root.Resolver.AnsweredSends(h.b) {
		sb := h.innermostBody(send)
		br := flow.FailureBranch(sb, send)
		if br == nil {
			continue
		}
		sh := *h
		sh.b = sb
		for _, e := range sentErrors(h.c.info, send.Value) {
			if flow.IsNilError(sb, e) || sh.carriesHandled(e, send, br) || sh.isContextError(e) {
				continue
			}
			sh.lostCause(e, br)
		}
	}
}

// innermostBody returns the body of h's root, its own or a literal's,
// that holds n.
func (h *handler) innermostBody(n ast.Node) *errflow.Body {
	best := h.b.Root.Body
	for _, b := range h.b.Root.Bodies {
		if errflow.Within(n, b.Node) {
			best = b
		}
	}
	return best
}

// sentErrors returns the errors a value sent on a channel holds: the
// value itself, or the error fields a composite literal sets.
func sentErrors(info *types.Info, v ast.Expr) []ast.Expr {
	if errflow.IsError(info.TypeOf(v)) {
		return []ast.Expr{v}
	}
	lit := model.CompositeLit(v)
	if lit == nil {
		return nil
	}
	var out []ast.Expr
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok && errflow.IsError(info.TypeOf(kv.Value)) {
			out = append(out, kv.Value)
		}
	}
	return out
}

// flattenedInAnswer reports, in a function whose answer — a value, not an
// error — a handler gives, the errors a return builds while handling err
// that format err as text: handed to what makes the answer (return
// c.stepResponse(state, fmt.Errorf("step failed: %v", err))), the error
// travels to the client with it, as surely as a returned one does, and
// has lost its cause on the way. A function that returns an error is
// judged on the error's path instead (errflow.Sources); a branch chosen
// by testing which error it handles is flattenedTranslation's.
func flattenedInAnswer(h *handler) {
	n := h.b.Sig.Results().Len()
	if n == 0 || errflow.IsErrorOrRuntimeError(h.b.Sig.Results().At(n-1).Type()) {
		return
	}
	for _, ret := range h.b.Returns {
		br := h.branchFor(ret)
		if br == nil || br.Sentinel {
			continue
		}
		for _, res := range ret.Results {
			ast.Inspect(res, func(n ast.Node) bool {
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				call, ok := n.(*ast.CallExpr)
				if !ok || !model.IsFunc(model.Callee(h.c.info, call), "fmt", "Errorf") || !errflow.Mentions(h.c.info, call, br.Err) {
					return true
				}
				if formatsAsText(h.c.info, call, br.Err) {
					h.lostCause(call, br)
				}
				h.answerErrorHelpers(call)
				return false
			})
		}
	}
}

// answerErrorHelpers judges the helpers of the package whose errors an
// error built into an answer (call) carries, as a handler's sources are:
// waitForStop's %v is lost with the answer's error as it would be with a
// returned one.
func (h *handler) answerErrorHelpers(call *ast.CallExpr) {
	for _, hb := range h.c.flow.ExprHelpers(h.b, call) {
		if h.c.model.InGenerated(h.c.pass.Fset, hb.Node.Pos()) || hb.Sig == nil || hb.Sig.Results().Len() == 0 {
			continue
		}
		h.c.checkSourceBody(hb, h.Path.Kind, []errflow.Step{{Pos: call.Pos(), What: "its error reaches the client in the answer built here"}})
	}
}

// delegatedCause judges "return f(...)" in a branch that handles err: f's
// results are the handler's, as f's summary says — an error result a
// helper builds from a message alone (return toolErrorf(logger, "not
// found")) loses err as surely as one built here.
func (h *handler) delegatedCause(ret *ast.ReturnStmt, br *errflow.Branch) {
	flow := h.c.flow
	call := ret.Results[0]
	errIndex, resIndex := h.errorSlot(), h.resultSlot()
	if errIndex >= 0 {
		if v := flow.Value(h.b, call, errIndex); v.Shape&^errflow.ShapeNil != 0 {
			if !v.NonNil || h.carriesHandled(call, ret, br) || h.isContextError(call) || h.b.Root.PassedOnBefore(br, ret) {
				return // the helper may return nil, or keeps err
			}
			h.lostCause(call, br)
			return
		}
	}
	if resIndex >= 0 && flow.Value(h.b, call, resIndex).Shape == errflow.ShapeError && !flow.ResultCarries(h.b, call, br, ret) {
		h.lostResultCause(call, br)
	}
}

// carriesHandled reports whether a returned error carries the error of its
// branch, or of an error branch enclosing that one: re-throwing the primary
// failure while handling a secondary one (a failed rollback, a fallback
// that failed too) keeps the cause that matters. Not when the return is
// chosen by testing which error the enclosing one is: that error was a
// known condition being translated (a 409 taken for "already there"), and
// the secondary failure is the one that matters.
func (h *handler) carriesHandled(errExpr ast.Expr, ret ast.Node, br *errflow.Branch) bool {
	flow := h.c.flow
	if flow.CarriesError(h.b, errExpr, br.Err) {
		return true
	}
	for _, outer := range h.b.Branches {
		if outer.Err != br.Err && errflow.Within(ret, outer.Body) && flow.CarriesError(h.b, errExpr, outer.Err) && !flow.Translated(h.b, outer, ret) {
			return true
		}
	}
	return false
}

// isContextError reports whether a returned error is the context's own:
// ctx.Err() or context.Cause(ctx). When the context is done, that is the
// cause of the failure, and returning it translates err rather than
// losing it.
func (h *handler) isContextError(errExpr ast.Expr) bool {
	call, ok := ast.Unparen(errExpr).(*ast.CallExpr)
	return ok && errflow.IsContextError(h.c.info, call)
}

// wrapAdvice says how to wrap err, in the words of what the package uses:
// the runtime's WithCause too when it imports it, %w alone otherwise.
func (c *checker) wrapAdvice(err string) string {
	if c.runtime != nil {
		return fmt.Sprintf("mcperr.WithCause(%s), %%w", err)
	}
	return "%w"
}

// lostCause reports a returned error that does not carry the branch's
// error, with a fix when one is unambiguous.
func (h *handler) lostCause(errExpr ast.Expr, br *errflow.Branch) {
	c := h.c
	if documentsWithheldCause(h.b) || !c.once(rules.PreserveCauseOnRethrow, errExpr) {
		return
	}
	name := br.Name()
	d := analysis.Diagnostic{
		Pos:     errExpr.Pos(),
		End:     errExpr.End(),
		Related: h.related(br),
		Message: fmt.Sprintf("the error returned while handling %s does not carry it: wrap it (%s) or pass it on, so the server's logs and errors.Is/As still see the cause", name, c.wrapAdvice(name)),
	}
	if field, value := textFieldOf(c.info, errExpr, br.Err); value != nil {
		// An error type given err's words in a field keeps no cause: the
		// edit is the type's, at the field.
		d.Pos, d.End = value.Pos(), value.End()
		d.Message = fmt.Sprintf("the %s returned while handling %s keeps only its text, in field %s: give the type a field for the error (with an Unwrap method) and set it to %s, so the server's logs and errors.Is/As still see the cause",
			types.TypeString(c.info.TypeOf(errExpr), types.RelativeTo(c.pass.Pkg)), name, field, name)
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: errExpr.Pos(), End: errExpr.End(), Message: "the error is returned here"})
		c.report.Diagnostic(rules.PreserveCauseOnRethrow, d)
		return
	}
	if root, call, ok := h.textConstructor(errExpr, br); ok {
		// One constructor of the package that keeps only the text of what
		// it is given decides every such return: one edit, in its type.
		d.Message = fmt.Sprintf("%s keeps only the text of %s: the error returned while handling %s does not carry it; give the error type a field for the cause (with an Unwrap method) and set it there, so the server's logs and errors.Is/As still see the cause",
			model.Callee(c.info, call).Name(), name, name)
		c.report.Fold(rules.PreserveCauseOnRethrow, root, c.pass.Fset.Position(h.b.Root.Body.Node.Pos()).String(), d)
		return
	}
	if call := h.buildSite(errExpr, br); call != nil {
		fn := model.Callee(c.info, call)
		if model.IsFunc(fn, "fmt", "Errorf") {
			if v, operand, fix, ok := h.errorfFix(call, br); ok {
				d.Message = fmt.Sprintf("fmt.Errorf formats %s with %%%c, which copies its text and drops the error: use %%w, so the server's logs and errors.Is/As still see the cause", types.ExprString(operand), v.Verb)
				d.SuggestedFixes = fix
				c.report.Diagnostic(rules.PreserveCauseOnRethrow, d)
				return
			}
		}
		causes := h.textCauses(call, br)
		switch {
		case len(causes) == 1:
			if v, operand, fix, ok := h.errorfFix(causes[0], br); ok {
				d.Message = fmt.Sprintf("the fmt.Errorf given as this error's cause formats %s with %%%c, which copies its text and drops the error: use %%w there, so the server's logs and errors.Is/As still see the cause", types.ExprString(operand), v.Verb)
				d.SuggestedFixes = fix
			} else {
				d.Message = fmt.Sprintf("the fmt.Errorf given as this error's cause formats %s without %%w, which copies its text and drops the error: wrap %s with %%w there, so the server's logs and errors.Is/As still see the cause", name, name)
			}
		case len(causes) > 1:
			// Several: which one to change is the author's choice.
		case isRuntimeConstructor(fn) && h.hasCause(call):
			// A second WithCause would replace the first.
			d.Message = fmt.Sprintf("this mcperr.%s error is returned while handling %s but does not carry it: its cause is another error; wrap %s into that cause (fmt.Errorf with %%w, errors.Join), so the server's logs and errors.Is/As still see it (a cause is never sent to the client)", fn.Name(), name, name)
		case isRuntimeConstructor(fn):
			d.Message = fmt.Sprintf("this mcperr.%s error is returned while handling %s but does not carry it: add mcperr.WithCause(%s), so the server's logs and errors.Is/As still see the cause (a cause is never sent to the client)", fn.Name(), name, name)
			d.SuggestedFixes = h.withCauseFix(call, br)
		}
	}
	c.report.Diagnostic(rules.PreserveCauseOnRethrow, d)
}

// textConstructor reports whether the error returned is made by a
// function of the package that is given err (or its text) and keeps only
// its words: newError(CodeTransport, "%s failed: %v", path, err), whose
// type stores fmt.Sprintf(format, args...) in a string field. Its summary
// mentions err's argument and does not carry it. The root is the
// function, where the edit that keeps every such cause is.
func (h *handler) textConstructor(errExpr ast.Expr, br *errflow.Branch) (report.Root, *ast.CallExpr, bool) {
	c := h.c
	call := h.buildSite(errExpr, br)
	if call == nil {
		return report.Root{}, nil, false
	}
	fn := model.Callee(c.info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg || c.flow.Index().Decl(fn) == nil || isRuntimeConstructor(fn) {
		return report.Root{}, nil, false
	}
	sum := c.flow.Summary(fn)
	if sum == nil || fn.Signature().Results().Len() != 1 {
		return report.Root{}, nil, false
	}
	given := false
	for _, p := range sum.Slot(0).Mentions {
		for _, a := range errflow.ArgsOf(call, fn.Signature(), p, 0) {
			given = given || errflow.Mentions(c.info, a, br.Err)
		}
	}
	if !given {
		return report.Root{}, nil, false
	}
	name := fn.Name()
	root := report.Root{
		Pos: fn.Pos(), End: fn.Pos() + token.Pos(len(name)), Site: model.FuncName(fn),
		Member: "an error that loses its cause through it",
		Message: func(returns, funcs int) string {
			return fmt.Sprintf("%s keeps only the text of the errors it is given: %s of %s lose their cause through it; give its error type a field for the cause (with an Unwrap method) and set it here, so the server's logs and errors.Is/As still see the cause",
				name, report.Count(returns, "return"), report.Count(funcs, "function"))
		},
	}
	return root, call, true
}

// textCauses returns the fmt.Errorf calls an error built by call takes as
// its cause, or wraps into it, and that format the branch's error as text
// (%v, %s, err.Error()) instead of wrapping it:
// mcperr.NotFound(msg, mcperr.WithCause(fmt.Errorf("get note %s: %v", id,
// err))), an Errorf wrapped with %w or joined with errors.Join. The cause
// is there, with the wrong verb: the remedy is %w in it, not a second
// WithCause. Causes and options held in local variables assigned in the
// branch are followed.
func (h *handler) textCauses(call *ast.CallExpr, br *errflow.Branch) []*ast.CallExpr {
	info := h.c.info
	var out []*ast.CallExpr
	seen := map[*ast.CallExpr]bool{}
	var visit func(e ast.Expr, nested bool)
	visit = func(e ast.Expr, nested bool) {
		site := h.buildSite(e, br)
		if site == nil || seen[site] {
			return
		}
		seen[site] = true
		fn := model.Callee(info, site)
		switch {
		case model.IsFunc(fn, "fmt", "Errorf"):
			if nested && formatsAsText(info, site, br.Err) {
				out = append(out, site)
				return
			}
			if wrapped, ok := errflow.Wrapped(info, site); ok {
				for _, a := range wrapped {
					visit(a, true)
				}
			}
		case model.IsFunc(fn, "errors", "Join"):
			for _, a := range site.Args {
				visit(a, true)
			}
		case model.IsRuntimeFunc(fn, "WithCause") && len(site.Args) == 1:
			visit(site.Args[0], true)
		case isRuntimeConstructor(fn) && !nested:
			for _, a := range site.Args {
				visit(a, false) // its options: WithCause, held or not
			}
		}
	}
	visit(call, false)
	return out
}

// formatsAsText reports whether a fmt.Errorf call formats err, or
// err.Error(), with a verb other than %w.
func formatsAsText(info *types.Info, call *ast.CallExpr, err *types.Var) bool {
	verbs, _ := errflow.FormatOf(info, call, 0)
	for _, v := range verbs {
		if arg := errflow.Operand(call, 0, v); v.Verb != 'w' && arg != nil && formatsError(info, arg, err) {
			return true
		}
	}
	return false
}

// hasCause reports whether an mcperr constructor call is written with a
// WithCause option: adding another would replace that cause, which is
// not a fix to offer.
func (h *handler) hasCause(call *ast.CallExpr) bool {
	for _, a := range call.Args {
		for _, o := range h.b.Root.Resolver.Origins(a) {
			if opt, ok := ast.Unparen(o).(*ast.CallExpr); ok && model.IsRuntimeFunc(model.Callee(h.c.info, opt), "WithCause") {
				return true
			}
		}
	}
	return false
}

// keptByHelper reports whether res is a call given err itself, of a
// helper that keeps it as far as the helper can: a helper of the
// project's that builds the error result from it in words of its own and
// logs it (quiet(msg, err)) keeps it as a log line before the return
// would, where err's text holds a raw upstream value
// (errflow.Result.RawInError); one that looks at what the error is (an
// errors.As of the client's error type, a test of its text) translates
// it, and is judged where it is written. One that shows it
// (failure(msg, err)) is known to carry it by its summary.
func (h *handler) keptByHelper(res ast.Expr, br *errflow.Branch) bool {
	call, ok := ast.Unparen(res).(*ast.CallExpr)
	if !ok {
		return false
	}
	for i, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && h.c.info.Uses[id] == br.Err {
			return h.c.flow.RawInError(h.b, br) || h.c.translates(call, i)
		}
	}
	return false
}

// translates reports whether call's callee, a function of the package,
// tests its parameter for argument i, or a value made from it, in a
// condition: it answers by what the error is.
func (c *checker) translates(call *ast.CallExpr, i int) bool {
	fn := model.Callee(c.info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return fn == nil // a function value: what it does is not known
	}
	b := c.flow.Index().Decl(fn)
	if b == nil || b.Block == nil || b.Sig == nil {
		return true // no body here to judge
	}
	i -= errflow.MethodExprShift(c.info, call.Fun)
	if i < 0 || i >= b.Sig.Params().Len() {
		return true
	}
	tainted := b.Root.TaintedBy(b.Sig.Params().At(i))
	found := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		found = found || testsAny(c.info, n, tainted)
		return !found
	})
	return found
}

// flattenedTranslation reports a return that a test of which error it
// handles chose (errors.Is, strings.Contains(err.Error(), "429")), when
// it formats that error with %v all the same: a known condition
// translated in words of its own keeps nothing of err, but one that
// copies err's text into a new error loses the cause it meant to
// describe.
func (h *handler) flattenedTranslation(ret *ast.ReturnStmt) {
	br := errflow.InnermostBranch(h.b, ret)
	errIndex := h.errorSlot()
	if br == nil || errIndex < 0 {
		return
	}
	errExpr := ret.Results[errIndex]
	call, ok := ast.Unparen(errExpr).(*ast.CallExpr)
	if !ok || !model.IsFunc(model.Callee(h.c.info, call), "fmt", "Errorf") || documentsWithheldCause(h.b) {
		return
	}
	v, operand, fix, ok := h.errorfFix(call, br)
	if !ok || !h.c.once(rules.PreserveCauseOnRethrow, errExpr) {
		return
	}
	h.c.report.Diagnostic(rules.PreserveCauseOnRethrow, analysis.Diagnostic{
		Pos:            errExpr.Pos(),
		End:            errExpr.End(),
		Related:        h.related(br),
		Message:        fmt.Sprintf("fmt.Errorf formats %s with %%%c, which copies its text and drops the error: use %%w, so the server's logs and errors.Is/As still see the cause", types.ExprString(operand), v.Verb),
		SuggestedFixes: fix,
	})
}

// flattenedKeptFailure reports a return outside any branch that handles
// an error whose fmt.Errorf formats, with %v or %s, an error kept from
// earlier failures: the lastErr of a retry loop, given the handled error
// of each branch that writes it (lastErr = err, in if err != nil), which
// the return after the loop prints once every attempt failed. The cause
// it was keeping is lost on the way out, as in a branch.
func (h *handler) flattenedKeptFailure(ret *ast.ReturnStmt) {
	errIndex := h.errorSlot()
	if errIndex < 0 {
		return
	}
	errExpr := ret.Results[errIndex]
	call, ok := ast.Unparen(errExpr).(*ast.CallExpr)
	if !ok || !model.IsFunc(model.Callee(h.c.info, call), "fmt", "Errorf") || len(call.Args) < 2 {
		h.keptFailureText(ret, errExpr)
		return
	}
	for _, arg := range call.Args[1:] {
		kept := keptErrorVar(h.c.info, arg)
		if kept == nil {
			continue
		}
		from := h.keptFrom(kept, ret)
		if from == nil {
			continue
		}
		v, operand, fix, ok := h.errorfFix(call, &errflow.Branch{Err: kept, Body: from.Body, Cond: from.Cond})
		if !ok || documentsWithheldCause(h.b) || !h.c.once(rules.PreserveCauseOnRethrow, errExpr) {
			return
		}
		n := branchNode(from)
		h.c.report.Diagnostic(rules.PreserveCauseOnRethrow, analysis.Diagnostic{
			Pos: errExpr.Pos(),
			End: errExpr.End(),
			Related: []analysis.RelatedInformation{{
				Pos: n.Pos(), End: n.End(),
				Message: fmt.Sprintf("%s keeps the %s handled here", kept.Name(), from.Name()),
			}},
			Message:        fmt.Sprintf("fmt.Errorf formats %s, the failure kept from earlier attempts, with %%%c, which copies its text and drops the error: use %%w, so the server's logs and errors.Is/As still see the cause", types.ExprString(operand), v.Verb),
			SuggestedFixes: fix,
		})
		return
	}
}

// keptFailureText reports an error value other than fmt.Errorf's — an
// error type's literal, &ToolError{Message: fmt.Sprintf("… %v", lastErr)}
// — that shows the text of an error kept from earlier failures and does
// not carry the error itself.
func (h *handler) keptFailureText(ret *ast.ReturnStmt, errExpr ast.Expr) {
	info := h.c.info
	if errflow.IsNil(info, errExpr) {
		return
	}
	var kept *types.Var
	var at ast.Expr
	var from *errflow.Branch
	ast.Inspect(errExpr, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if kept != nil || !ok {
			return kept == nil
		}
		fn := model.Callee(info, call)
		if !model.IsFunc(fn, "fmt", "Sprintf") && !model.IsFunc(fn, "fmt", "Errorf") || len(call.Args) < 2 {
			return true
		}
		for _, arg := range call.Args[1:] {
			if v := keptErrorVar(info, arg); v != nil {
				if br := h.keptFrom(v, ret); br != nil {
					kept, at, from = v, arg, br
					return false
				}
			}
		}
		return true
	})
	if kept == nil || h.c.flow.CarriesError(h.b, errExpr, kept) || documentsWithheldCause(h.b) || !h.c.once(rules.PreserveCauseOnRethrow, errExpr) {
		return
	}
	n := branchNode(from)
	h.c.report.Diagnostic(rules.PreserveCauseOnRethrow, analysis.Diagnostic{
		Pos: errExpr.Pos(),
		End: errExpr.End(),
		Related: []analysis.RelatedInformation{
			{Pos: at.Pos(), End: at.End(), Message: fmt.Sprintf("only the text of %s is kept here", kept.Name())},
			{Pos: n.Pos(), End: n.End(), Message: fmt.Sprintf("%s keeps the %s handled here", kept.Name(), from.Name())},
		},
		Message: fmt.Sprintf("the error returned holds the text of %s, the failure kept from earlier attempts, and not the error: keep %s itself (a %%w, or a cause field the type unwraps), so the server's logs and errors.Is/As still see the cause", kept.Name(), kept.Name()),
	})
}

// keptErrorVar returns the local error variable a format operand is (or
// whose Error() it is), or nil.
func keptErrorVar(info *types.Info, arg ast.Expr) *types.Var {
	v := errorOperand(info, arg)
	if v == nil || !errflow.IsLocal(v) || !errflow.IsError(v.Type()) {
		return nil
	}
	return v
}

// keptFrom returns the branch whose failure the local kept holds at ret:
// every assignment of kept before ret, outside function literals, gives
// it nil, an error of the function's own (errors.New, fmt.Errorf), or
// the error of the (non-sentinel) branch it is written in, and at least
// one gives it a handled error. Otherwise nil: an error kept from
// anything else (a call's result, a field) is not a failure the function
// handled.
func (h *handler) keptFrom(kept *types.Var, ret *ast.ReturnStmt) *errflow.Branch {
	info := h.c.info
	var from *errflow.Branch
	ok := true
	ast.Inspect(h.b.Block, func(n ast.Node) bool {
		if !ok || n == nil || n.Pos() >= ret.Pos() {
			return false
		}
		if _, isLit := n.(*ast.FuncLit); isLit {
			return false
		}
		as, isAssign := n.(*ast.AssignStmt)
		if !isAssign {
			return true
		}
		for i, lhs := range as.Lhs {
			if id, isIdent := ast.Unparen(lhs).(*ast.Ident); !isIdent || info.Uses[id] != kept && info.Defs[id] != kept {
				continue
			}
			rhs := errflow.Assigned(as, i)
			if rhs == nil || errflow.IsNil(info, rhs) {
				continue
			}
			if call, isCall := ast.Unparen(rhs).(*ast.CallExpr); isCall {
				if fn := model.Callee(info, call); model.IsFunc(fn, "errors", "New") || model.IsFunc(fn, "fmt", "Errorf") {
					continue // a failure of the function's own: "status 503"
				}
			}
			br := errflow.InnermostBranch(h.b, as)
			id, isIdent := ast.Unparen(rhs).(*ast.Ident)
			if !isIdent || br == nil || br.Sentinel || info.Uses[id] != br.Err {
				ok = false
				return false
			}
			from = br
		}
		return true
	})
	if !ok {
		return nil
	}
	return from
}

// lostResultCause reports a returned error result that does not mention
// the branch's error. A failure that is no work failing at run time (a
// value the tool was given found malformed: time.Parse of its from_date,
// the SDK's RequireString) is answered with a message of the server's
// own, which says what to fix better than the parser's words: a
// validation message, not a lost cause (errflow.FailedCall).
func (h *handler) lostResultCause(res ast.Expr, br *errflow.Branch) {
	if documentsWithheldCause(h.b) || !h.c.flow.FailedCall(h.b, br) || !h.c.once(rules.PreserveCauseOnRethrow, res) {
		return
	}
	name := br.Name()
	remedy := fmt.Sprintf("build it with mcp.NewToolResultErrorFromErr(msg, %s)", name)
	if h.kind().GoSDK() {
		remedy = fmt.Sprintf("call SetError(%s) on it (the text you set is kept, and middleware sees the cause)", name)
	}
	who := "neither the client nor the server learns why the call failed"
	if h.b.Root.PassedOnBefore(br, res) {
		who = "the log tells the operator why the call failed, but the model reads only this message and cannot tell one cause from another"
	}
	h.c.report.Diagnostic(rules.PreserveCauseOnRethrow, analysis.Diagnostic{
		Pos:     res.Pos(),
		End:     res.End(),
		Related: h.related(br),
		Message: fmt.Sprintf("the error result returned while handling %s does not mention it: %s; %s, or say the reason in words of your own", name, who, remedy),
	})
}

// isRuntimeConstructor reports whether fn builds an mcperr error from a
// message and options: New, Fail or a factory.
func isRuntimeConstructor(fn *types.Func) bool {
	_, factory := model.FactoryCode(fn)
	return factory || model.IsRuntimeFunc(fn, "New", "Fail")
}

// buildSite returns the call that builds a returned error when a fix can
// edit it: the returned expression itself, or the only value of a local
// variable, assigned inside the branch.
func (h *handler) buildSite(errExpr ast.Expr, br *errflow.Branch) *ast.CallExpr {
	if call, ok := ast.Unparen(errExpr).(*ast.CallExpr); ok {
		return call
	}
	if id, ok := ast.Unparen(errExpr).(*ast.Ident); !ok || h.c.info.Uses[id] == nil {
		return nil
	}
	origins := h.b.Root.Resolver.Origins(errExpr)
	if len(origins) != 1 {
		return nil
	}
	call, ok := origins[0].(*ast.CallExpr)
	if !ok || call.Pos() < br.Body.Pos() || call.End() > br.Body.End() {
		return nil
	}
	return call
}

// withCauseFix adds mcperr.WithCause(err) to the options of an mcperr
// constructor call, spelled as the call spells the package (an alias, or
// nothing for a dot import).
func (h *handler) withCauseFix(call *ast.CallExpr, br *errflow.Branch) []analysis.SuggestedFix {
	c := h.c
	if call.Ellipsis.IsValid() || len(call.Args) == 0 || c.runtime == nil {
		return nil
	}
	qual, ok := h.c.qualifier(call)
	if !ok {
		return nil
	}
	at := call.Args[len(call.Args)-1].End()
	withCause := c.runtime.Scope().Lookup("WithCause")
	if withCause == nil || !c.resolvesTo(br.Name(), at, br.Err) ||
		qual == "" && !c.resolvesTo("WithCause", at, withCause) {
		return nil
	}
	text := fmt.Sprintf(", %sWithCause(%s)", qual, br.Name())
	return []analysis.SuggestedFix{{
		Message:   "Add " + qual + "WithCause(" + br.Name() + ")",
		TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}},
	}}
}

// errorfFix turns the one %v or %s that formats the branch's error in a
// fmt.Errorf call into %w. It offers no fix when the error is formatted
// more than once, with flags, or by a format that is not a literal.
func (h *handler) errorfFix(call *ast.CallExpr, br *errflow.Branch) (errflow.Verb, ast.Expr, []analysis.SuggestedFix, bool) {
	info := h.c.info
	verbs, ok := errflow.FormatOf(info, call, 0)
	lit, isLit := ast.Unparen(call.Args[0]).(*ast.BasicLit)
	if !ok || !isLit {
		return errflow.Verb{}, nil, nil, false
	}
	var target errflow.Verb
	var operand ast.Expr
	n := 0
	for _, v := range verbs {
		if arg := errflow.Operand(call, 0, v); arg != nil && formatsError(info, arg, br.Err) {
			target, operand = v, arg
			n++
		}
	}
	if n != 1 || target.Flags != "" || target.Verb != 'v' && target.Verb != 's' {
		return errflow.Verb{}, nil, nil, false
	}
	pos := errflow.VerbPos(lit, target)
	if !pos.IsValid() {
		return errflow.Verb{}, nil, nil, false
	}
	edits := []analysis.TextEdit{{Pos: pos, End: pos + 1, NewText: []byte("w")}}
	if _, isCall := ast.Unparen(operand).(*ast.CallExpr); isCall {
		// err.Error() becomes err: %w needs the error.
		edits = append(edits, analysis.TextEdit{Pos: operand.Pos(), End: operand.End(), NewText: []byte(br.Name())})
	}
	return target, operand, []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Wrap %s with %%w", br.Name()),
		TextEdits: edits,
	}}, true
}

// formatsError reports whether a format operand is err, or err.Error().
func formatsError(info *types.Info, arg ast.Expr, err *types.Var) bool {
	v := errorOperand(info, arg)
	return v != nil && v == err
}

// errorOperand returns the variable a format operand names, itself or
// through its Error method (err, err.Error()), or nil.
func errorOperand(info *types.Info, arg ast.Expr) *types.Var {
	arg = ast.Unparen(arg)
	if call, ok := arg.(*ast.CallExpr); ok {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if len(call.Args) != 0 || !ok || sel.Sel.Name != "Error" {
			return nil
		}
		arg = ast.Unparen(sel.X)
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	return v
}

// fallbackFailure reports whether ret, in the branch br, follows a
// fallback that passes br's error on when it fails: an earlier return of
// the branch carries the error under a condition that does not test it
// (if !ok { return nil, err }, after trying another way). The code after
// that return runs only once the fallback got somewhere, so ret reports
// the fallback's own failure, of which err is not the cause. (A condition
// that tests err — if errors.Is(err, fs.ErrNotExist) { return nil, err } —
// passes on some errors and leaves the others to ret: not a fallback.)
func (h *handler) fallbackFailure(ret *ast.ReturnStmt, br *errflow.Branch) bool {
	errIndex := h.errorSlot()
	if errIndex < 0 {
		return false
	}
	flow := h.c.flow
	for _, earlier := range h.b.Returns {
		if earlier.Pos() >= ret.Pos() || !errflow.Within(earlier, br.Body) || len(earlier.Results) != h.results ||
			flow.FailureBranch(h.b, earlier) != br || !flow.CarriesError(h.b, earlier.Results[errIndex], br.Err) {
			continue
		}
		if guard := innermostIf(br.Body, earlier); guard != nil && !errflow.Mentions(h.c.info, guard.Cond, br.Err) {
			return true
		}
	}
	return false
}

// innermostIf returns the innermost if statement in outer whose body holds
// n, or nil.
func innermostIf(outer ast.Node, n ast.Node) *ast.IfStmt {
	var found *ast.IfStmt
	ast.Inspect(outer, func(m ast.Node) bool {
		if m == nil || !errflow.Within(n, m) {
			return false
		}
		if is, ok := m.(*ast.IfStmt); ok && m != outer && errflow.Within(n, is.Body) {
			found = is
		}
		return true
	})
	return found
}

// withheldWords are what a sentence of a doc comment says when the
// function's errors leave something out on purpose: "Error messages never
// include the raw input: proxy URLs may embed credentials".
var (
	withheldSubject = regexp.MustCompile(`(?i)\b(errors?|messages?)\b`)
	withheldVerb    = regexp.MustCompile(`(?is)\b(never|not|without|n't)\b.*\b(include|contain|echo|leak|expose|reveal|repeat)`)
)

// documentsWithheldCause reports whether b's doc comment says its errors
// leave out what they handle on purpose: their callers were told, and a
// %w would put back what the author kept out.
func documentsWithheldCause(b *errflow.Body) bool {
	for _, sentence := range strings.Split(docText(b), ".") {
		if withheldSubject.MatchString(sentence) && withheldVerb.MatchString(sentence) {
			return true
		}
	}
	return false
}

// textFieldOf returns, for an error built as a composite literal (T{…},
// &T{…}), the first field given a text that mentions err
// (fmt.Sprintf("…%v", err), err.Error()), and that value.
func textFieldOf(info *types.Info, errExpr ast.Expr, err *types.Var) (string, ast.Expr) {
	e := ast.Unparen(errExpr)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return "", nil
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if ok && errflow.IsString(info.TypeOf(kv.Value)) && errflow.MentionsAny(info, kv.Value, map[*types.Var]bool{err: true}) {
			return key.Name, kv.Value
		}
	}
	return "", nil
}
