package sdkresult

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// checkDeferredErrors reports the errors a handler's deferred function
// sets as its named error result — a recovery wrapper's
// err = fmt.Errorf("internal error: %v", r) after a panic — where the
// SDK sends that error as a JSON-RPC error: the handler's own failure,
// which no return statement shows. A middleware or wrapper whose every
// tool passes through it fails every one of them so. A deferred function
// that wraps the error the handler returned (err = fmt.Errorf("…: %w",
// err)) is judged at the returns that gave it.
func (c *checker) checkDeferredErrors(h *errflow.Handler, p *errflow.Path) {
	b := h.Body
	i := p.Error()
	if b == nil || b.Block == nil || i < 0 || !plainKind(p.Kind) || !p.Protocol() || p.Deferred || c.converting || !errflow.NamedResultsDeferred(b) {
		return
	}
	named := h.Sig.Results().At(i)
	info := c.pass.TypesInfo
	for _, lit := range deferredLits(b.Block) {
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for j, lhs := range as.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || info.Uses[id] != types.Object(named) {
					continue
				}
				rhs := errflow.Assigned(as, j)
				if rhs == nil || errflow.IsNil(info, rhs) || errflow.Mentions(info, rhs, named) {
					continue // no error, or the one the handler returned, wrapped: judged at its returns
				}
				v := c.flow.Value(b, rhs, -1)
				if !v.NonNil || v.MaybeProtocol(sdkOf(p.Kind)) || v.ContextOnly && v.Context || !c.once(rules.SDKProtocolError, rhs) {
					continue
				}
				c.r.Diagnostic(rules.SDKProtocolError, analysis.Diagnostic{
					Pos:     rhs.Pos(),
					End:     rhs.End(),
					Related: related(p),
					Message: deferredMessage(p.Kind, named.Name()) + PathSentence(p),
				})
			}
			return true
		})
	}
}

// deferredMessage says what the SDK does with an error a deferred
// function sets as the result named name, and what to do instead.
func deferredMessage(k model.HandlerKind, name string) string {
	if k == model.GoSDKRaw {
		return "this deferred function sets " + name + ", the handler's error, and the go-sdk sends it as a JSON-RPC error with code 0, which the model never sees: set the result to an error result (res.SetError(…)) and " + name + " to nil"
	}
	return "this deferred function sets " + name + ", the handler's error, and mcp-go sends it as a JSON-RPC internal error (-32603), which the model never sees: set the result to mcp.NewToolResultError(msg) and " + name + " to nil"
}

// deferredLits returns the function literals a block defers (defer
// func() { … }()), not those of the literals nested in it.
func deferredLits(block *ast.BlockStmt) []*ast.FuncLit {
	var out []*ast.FuncLit
	ast.Inspect(block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				out = append(out, lit)
			}
		}
		return true
	})
	return out
}
