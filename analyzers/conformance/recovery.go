package conformance

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// checkRecoveries judges every Fail call of the package once, whatever
// tools it serves: whether it forwards its reason's recovery hint is a
// property of the call.
func (c *checker) checkRecoveries() {
	for _, call := range c.flow.Fails() {
		if b := c.flow.Index().Enclosing(call.Pos()); b != nil {
			c.checkRecovery(b, call)
		}
	}
}

// checkRecovery reports a Fail call that passes neither
// RecoveryFor(ctx, reason) for its own reason nor WithRecovery. Options it
// cannot see into (a variadic argument, an option built elsewhere) may
// carry the hint, and silence the rule.
//
// A Fail whose reason the contract does not declare has no hint to
// forward: error-contract-reason-undeclared reports the reason, and
// advice (or a fix) about its recovery would build on that mistake. So
// the rule stays silent when every tool of the package that reaches the
// call has a known contract and none declares any reason the call can
// name; a Fail no tool of the package reaches (a service's) is judged as
// before, its contract being unknown here.
func (c *checker) checkRecovery(b *errflow.Body, call *ast.CallExpr) {
	if len(call.Args) < 3 {
		return
	}
	info := c.pass.TypesInfo
	if ctx, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok {
		if fn := model.Callee(info, ctx); model.IsFunc(fn, "context", "Background") || model.IsFunc(fn, "context", "TODO") {
			return // no contract there, so no recovery hint to forward
		}
	}
	reason := call.Args[1]
	if c.undeclared(b, reason) {
		return
	}
	var other *ast.CallExpr // a RecoveryFor of another constant reason
	// The options follow ctx, reason and message.
	for i := 3; i < len(call.Args); i++ {
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
			return
		}
		for _, o := range b.Root.Resolver.Origins(call.Args[i]) {
			opt, ok := o.(*ast.CallExpr)
			if !ok {
				return // an option from a parameter or a variable's unknown value
			}
			fn := model.Callee(info, opt)
			switch {
			case model.IsRuntimeFunc(fn, "RecoveryFor") && len(opt.Args) == 2:
				switch c.sameReason(b, reason, opt.Args[1]) {
				case same:
					return
				case different:
					other = opt
				default:
					return
				}
			case model.IsRuntimeFunc(fn, "WithRecovery"):
				return
			case model.IsRuntimeFunc(fn, "WithData") && len(opt.Args) == 2:
				key, ok := errflow.StringConst(info, opt.Args[0])
				if !ok || key == "recovery" {
					return
				}
			case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == model.RuntimePath:
				// WithCause, WithData, WithRetryable...: no recovery.
			default:
				return
			}
		}
	}
	prefix, ok := model.RuntimeQualifier(info, c.pass.Pkg, call, "RecoveryFor")
	if !ok {
		prefix = "mcperr." // for the message; no fix is offered
	}
	ctx, isIdent := ast.Unparen(call.Args[0]).(*ast.Ident)
	_, constant := errflow.StringConst(info, reason)
	fixable := ok && isIdent && constant
	reasonText := types.ExprString(reason)
	if other != nil {
		d := analysis.Diagnostic{Pos: other.Pos(), End: other.End()}
		otherText := types.ExprString(other.Args[1])
		if c.undeclared(b, other.Args[1]) {
			// One finding for the one mistake, with the fix:
			// error-contract-reason-undeclared leaves it here.
			c.owned[other.Args[1].Pos()] = true
			d.Message = "this Fail of reason " + reasonText + " asks for the recovery hint of reason " + otherText +
				", which the contract does not declare, so the agent gets no hint: pass " + prefix + "RecoveryFor(" + ctxText(call) + ", " + reasonText + ")"
		} else {
			d.Message = "this Fail of reason " + reasonText + " forwards the recovery hint of reason " + otherText +
				": the agent would be told how to recover from a failure that did not happen; pass " + prefix + "RecoveryFor(" + ctxText(call) + ", " + reasonText + ")"
		}
		if fixable && isDirectArg(call, other) {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message: "Forward the recovery hint of " + reasonText,
				TextEdits: []analysis.TextEdit{{
					Pos: other.Args[1].Pos(), End: other.Args[1].End(), NewText: []byte(reasonText),
				}},
			}}
		}
		c.r.Diagnostic(rules.RecoveryUnforwarded, d)
		return
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End()}
	d.Message = "this Fail of reason " + reasonText + " does not forward the contract's recovery hint, so the agent is not told what to do next: pass " +
		prefix + "RecoveryFor(" + ctxText(call) + ", " + reasonText + ") (or WithRecovery)"
	if fixable {
		last := call.Args[len(call.Args)-1]
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message: "Forward the recovery hint of " + reasonText,
			TextEdits: []analysis.TextEdit{{
				Pos: last.End(), End: last.End(),
				NewText: []byte(", " + prefix + "RecoveryFor(" + ctx.Name + ", " + reasonText + ")"),
			}},
		}}
	}
	c.r.Diagnostic(rules.RecoveryUnforwarded, d)
}

// A verdict is what the contracts of the package's tools that reach a
// reason, written at a Fail or RecoveryFor, make of it.
type verdict uint8

const (
	unreached    verdict = iota // no tool of the package reaches it
	undeclaredBy                // every tool that does has a known contract that does not declare it
	declaredBy                  // some tool declares it, or may: its contract is not known
)

// judgeReasons records what tool t's contract makes of each reason its
// handlers name with Fail, or with RecoveryFor outside a Fail of the same
// reason, in this package.
func (c *checker) judgeReasons(t *model.Tool, v *toolView) {
	for _, e := range v.effects {
		if e.Kind != errflow.FailKind && e.Kind != errflow.RecoveryKind || e.Reason == "" || e.Via != nil {
			continue
		}
		at := e.At.Pos()
		switch {
		case t.Errors != nil && t.Contract == nil, t.Contract != nil && (!reasonsKnown(t.Contract) || t.Contract.Lookup(e.Reason) != nil):
			c.verdicts[at] = declaredBy
		case c.verdicts[at] == unreached:
			c.verdicts[at] = undeclaredBy // a tool without Errors declares none
		}
	}
}

// undeclared reports whether expr, the reason argument of a Fail or
// RecoveryFor written in body b, can only be reasons that the tools
// reaching it all know they do not declare.
func (c *checker) undeclared(b *errflow.Body, expr ast.Expr) bool {
	nodes := []ast.Expr{expr}
	if _, ok := errflow.StringConst(c.pass.TypesInfo, expr); !ok {
		nodes = b.Root.Resolver.Origins(expr)
	}
	for _, n := range nodes {
		if c.verdicts[n.Pos()] != undeclaredBy {
			return false
		}
	}
	return len(nodes) > 0
}

type sameness int

const (
	unknown sameness = iota
	same
	different
)

// sameReason compares the reason of a Fail call with that of a
// RecoveryFor option.
func (c *checker) sameReason(b *errflow.Body, fail, recovery ast.Expr) sameness {
	info := c.pass.TypesInfo
	a, aok := errflow.StringConst(info, fail)
	bs, bok := errflow.StringConst(info, recovery)
	switch {
	case aok && bok && a == bs:
		return same
	case aok && bok:
		return different
	}
	// The same variable, or variables holding the same values.
	fn, fp, fk := c.flow.Reasons(b, fail)
	rn, rp, rk := c.flow.Reasons(b, recovery)
	if fk && rk && len(fn)+len(fp) == 1 && len(rn)+len(rp) == 1 {
		if len(fp) == 1 && len(rp) == 1 && fp[0] == rp[0] || len(fn) == 1 && len(rn) == 1 && fn[0] == rn[0] {
			return same
		}
	}
	if id1, ok := ast.Unparen(fail).(*ast.Ident); ok {
		if id2, ok := ast.Unparen(recovery).(*ast.Ident); ok && info.Uses[id1] != nil && info.Uses[id1] == info.Uses[id2] {
			return same
		}
	}
	return unknown
}

func ctxText(call *ast.CallExpr) string {
	return types.ExprString(call.Args[0])
}

// isDirectArg reports whether opt is written as an argument of call.
func isDirectArg(call, opt *ast.CallExpr) bool {
	for _, a := range call.Args {
		if ast.Unparen(a) == opt {
			return true
		}
	}
	return false
}
