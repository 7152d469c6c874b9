package sdkresult

// The fixes of sdk-protocol-error turn a handler's returned error into the
// tool error its SDK makes of an error where it does make one, and change
// nothing else: the text the client gets stays the error's own, only now
// the model reads it, with isError. In the go-sdk that is what the typed
// AddTool does with a typed handler's error (a result on which it calls
// SetError, which also keeps the error for middleware); in mcp-go it is
// NewToolResultError with the error's text, the message the -32603 error
// carried. NewToolResultErrorFromErr would need a message of its own,
// which a fix would have to make up.
//
// A fix is offered only where the return's values are exactly what the
// SDK receives: a handler registered with its SDK directly, on every path
// it has, returning the literal nil with the error. Through an adapter or
// a wrapper, something else sees the error first; on a server whose
// middleware converts errors, the middleware decides the text; a handler
// found by its signature alone may be another package's helper, whose
// callers test its error. sdk-nil-result has no fix: see doc.go.

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// protocolErrorFix returns the fix of a return that sdk-protocol-error
// reports, or nil when rewriting it would change more than how the SDK
// sends the error.
func (c *checker) protocolErrorFix(st *site) []analysis.SuggestedFix {
	if !c.sentAsIs(st) {
		return nil
	}
	switch st.p.Kind {
	case model.GoSDKRaw:
		return c.setErrorFix(st)
	case model.MCPGoPlain, model.MCPGoTyped:
		return c.toolResultErrorFix(st)
	}
	return nil
}

// sentAsIs reports whether a return gives the SDK a nil result and an
// error exactly as written: its handler is registered with the SDK
// directly on each of its paths — its own kind, not through an adapter or
// a wrapper, not found by its signature alone, not on a server that
// converts errors — and the result is the literal nil, so that dropping it
// loses nothing and leaves nothing unused.
//
// For a handler found by its signature and registered by another package
// (c.capturing), the paths are that package's: the fix is kept with the
// finding, and the package that registers the handler offers it only if
// its registrations are direct (directlyRegistered).
func (c *checker) sentAsIs(st *site) bool {
	h := st.h
	if h.Body == nil || st.err != st.ret.Results[len(st.ret.Results)-1] {
		return false
	}
	if !c.capturing && !slices.Contains(h.Paths, st.p) {
		return false // a path given to a helper
	}
	if res := st.result(); res == nil || !errflow.IsNil(c.info, res) {
		return false
	}
	if c.capturing {
		return st.p.Kind == model.KindOf(h.Sig) || delegatedDirectly(h, st.p)
	}
	return directlyRegistered(h, false)
}

// unwrapped reports whether no path of a handler passes it through a
// wrapper or a converting server: what its package registered directly
// reaches the SDK as it is.
func unwrapped(h *errflow.Handler) bool {
	for _, p := range h.Paths {
		if p.Kind != model.KindOf(h.Sig) || p.Wrapped || p.Converting {
			return false
		}
	}
	return true
}

// directlyRegistered reports whether every path of a handler registers it
// with the SDK directly, as its own kind: not through an adapter or a
// wrapper, not on a server that converts errors, and, unless registered
// by another package (foreign), not found by its signature alone.
func directlyRegistered(h *errflow.Handler, foreign bool) bool {
	own := model.KindOf(h.Sig)
	for _, p := range h.Paths {
		via, kind := p.Via, own
		if delegatedDirectly(h, p) {
			// return resultJSON(res), in a handler registered directly:
			// the helper's results are that handler's, role for role.
			via, kind = via[1:], p.Kind
		}
		if p.Kind != kind || len(via) != 1 || (!foreign && via[0].BySignature()) || p.Wrapped || p.Converting {
			return false
		}
	}
	return len(h.Paths) > 0
}

// delegatedDirectly reports whether p reaches h through a handler that
// returns h's results as its own (return resultJSON(res)) and is itself
// registered, with nothing else between them and the SDK.
func delegatedDirectly(h *errflow.Handler, p *errflow.Path) bool {
	return len(p.Via) == 2 && slices.ContainsFunc(h.Delegators, func(s errflow.Step) bool { return s.Pos == p.Via[0].Pos })
}

// toolResultErrorFix rewrites an mcp-go handler's return nil, err into
// return mcp.NewToolResultError(err.Error()), nil.
func (c *checker) toolResultErrorFix(st *site) []analysis.SuggestedFix {
	q, ok := model.Qualifier(c.info, c.pass.Pkg, resultType(st.h.Body), st.ret.Pos(), model.MCPGoPath, "NewToolResultError")
	if !ok {
		return nil
	}
	open, close := "", ""
	if !selectable(st.err) {
		open, close = "(", ")"
	}
	return []analysis.SuggestedFix{{
		Message: "Return the error's text as a tool error: " + q + "NewToolResultError(err.Error()), nil",
		TextEdits: []analysis.TextEdit{
			{Pos: st.result().Pos(), End: st.err.Pos(), NewText: []byte(q + "NewToolResultError(" + open)},
			{Pos: st.err.End(), End: st.err.End(), NewText: []byte(close + ".Error()), nil")},
		},
	}}
}

// setErrorFix rewrites a go-sdk raw handler's return nil, err into what
// the go-sdk's typed AddTool does with an error:
//
//	res := &mcp.CallToolResult{}
//	res.SetError(err)
//	return res, nil
//
// The SDK has no expression that builds such a result, so the return
// becomes three statements; it must end its statement list (nothing after
// it can then clash with the new variable) and start its line (the new
// lines are indented as it is).
func (c *checker) setErrorFix(st *site) []analysis.SuggestedFix {
	pos := st.ret.Pos()
	q, ok := model.Qualifier(c.info, c.pass.Pkg, resultType(st.h.Body), pos, model.GoSDKPath, "CallToolResult")
	if !ok || !endsList(st.h.Body.Block, st.ret) {
		return nil
	}
	indent, alone := c.indentation(pos)
	name := c.unusedName(pos, "res", "errRes")
	if !alone || name == "" {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: "Return the error as a tool error: " + name + ".SetError(err) on a new " + q + "CallToolResult, and a nil error",
		TextEdits: []analysis.TextEdit{
			{Pos: pos, End: st.err.Pos(), NewText: []byte(name + " := &" + q + "CallToolResult{}\n" + indent + name + ".SetError(")},
			{Pos: st.err.End(), End: st.ret.End(), NewText: []byte(")\n" + indent + "return " + name + ", nil")},
		},
	}}
}

// resultType returns the expression a handler's declaration writes its
// first result's type with (*mcp.CallToolResult, as its file spells it),
// or nil.
func resultType(b *errflow.Body) ast.Expr {
	ft := b.FuncType()
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return nil
	}
	return ft.Results.List[0].Type
}

// selectable reports whether e can be written before .Error() as it is:
// an operand or a primary expression (&e{}.Error() would take the address
// of the text).
func selectable(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.IndexListExpr,
		*ast.ParenExpr, *ast.TypeAssertExpr, *ast.CompositeLit:
		return true
	}
	return false
}

// endsList reports whether ret is the last statement of a block or a
// clause in body.
func endsList(body *ast.BlockStmt, ret *ast.ReturnStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // another body's returns
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		}
		if len(list) > 0 && list[len(list)-1] == ret {
			found = true
		}
		return !found
	})
	return found
}

// indentation returns what precedes pos on its line, and whether that is
// only white space.
func (c *checker) indentation(pos token.Pos) (string, bool) {
	tf := c.pass.Fset.File(pos)
	if tf == nil || c.pass.ReadFile == nil {
		return "", false
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return "", false
	}
	line := tf.PositionFor(pos, false).Line // the file's own line, whatever //line says
	prefix := string(src[tf.Offset(tf.LineStart(line)):tf.Offset(pos)])
	return prefix, strings.TrimLeft(prefix, " \t") == ""
}

// unusedName returns the first of names that denotes nothing at pos, so
// that declaring it there hides nothing, or "".
func (c *checker) unusedName(pos token.Pos, names ...string) string {
	for _, name := range names {
		if model.LookupAt(c.pass.Pkg, name, pos) == nil {
			return name
		}
	}
	return ""
}

// rootFix rewrites a root — the return of an adapter that hands every
// handler's error on to the SDK — so that an error becomes the tool
// error the SDK itself makes of one, there, once, for all of them:
//
//	return res, err
//
// becomes, in an mcp-go adapter,
//
//	if err != nil {
//		return mcp.NewToolResultError(err.Error()), nil
//	}
//	return res, nil
//
// and, in a go-sdk adapter, the same with errRes := &mcp.CallToolResult{};
// errRes.SetError(err); return errRes, nil in the branch. A return of a
// call, return h(ctx, req), first names its results. The return must
// start its line and end its block, and the names it declares must hide
// nothing.
func (c *checker) rootFix(ret *ast.ReturnStmt, kind model.HandlerKind) []analysis.SuggestedFix {
	b := c.flow.Index().Enclosing(ret.Pos())
	if b == nil || b.Sig == nil || b.Sig.Results().Len() != 2 || !endsList(b.Block, ret) {
		return nil
	}
	indent, alone := c.indentation(ret.Pos())
	if !alone {
		return nil
	}
	var res, errName, prelude string
	switch len(ret.Results) {
	case 2:
		if errflow.IsNil(c.info, ret.Results[0]) {
			// return nil, fmt.Errorf("…: %w", err): the error is the
			// branch's, the result the tool error.
			return c.rootErrorFix(b, ret, kind, indent)
		}
		r, ok1 := ast.Unparen(ret.Results[0]).(*ast.Ident)
		e, ok2 := ast.Unparen(ret.Results[1]).(*ast.Ident)
		if !ok1 || !ok2 {
			return nil
		}
		res, errName = r.Name, e.Name
	case 1:
		call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
		if !ok {
			return nil
		}
		res, errName = c.unusedName(ret.Pos(), "res", "result"), c.unusedName(ret.Pos(), "err", "callErr")
		src := c.source(call)
		if res == "" || errName == "" || src == "" {
			return nil
		}
		prelude = res + ", " + errName + " := " + src + "\n" + indent
	default:
		return nil
	}
	var branch, what string
	switch kind {
	case model.MCPGoPlain, model.MCPGoTyped:
		q, ok := model.Qualifier(c.info, c.pass.Pkg, resultType(b), ret.Pos(), model.MCPGoPath, "NewToolResultError")
		if !ok {
			return nil
		}
		branch = "return " + q + "NewToolResultError(" + errName + ".Error()), nil"
		what = q + "NewToolResultError(" + errName + ".Error())"
	case model.GoSDKRaw:
		q, ok := model.Qualifier(c.info, c.pass.Pkg, resultType(b), ret.Pos(), model.GoSDKPath, "CallToolResult")
		name := c.unusedName(ret.Pos(), "errRes", "errResult")
		if !ok || name == "" {
			return nil
		}
		branch = name + " := &" + q + "CallToolResult{}\n" + indent + "\t" + name + ".SetError(" + errName + ")\n" + indent + "\treturn " + name + ", nil"
		what = name + ".SetError(" + errName + ") on a new " + q + "CallToolResult"
	default:
		return nil
	}
	text := prelude + "if " + errName + " != nil {\n" + indent + "\t" + branch + "\n" + indent + "}\n" + indent + "return " + res + ", nil"
	return []analysis.SuggestedFix{{
		Message:   "Turn every error handed on here into a tool error: " + what + ", and a nil error",
		TextEdits: []analysis.TextEdit{{Pos: ret.Pos(), End: ret.End(), NewText: []byte(text)}},
	}}
}

// source returns the text of a node as its file has it.
func (c *checker) source(n ast.Node) string { return c.sourceRange(n.Pos(), n.End()) }

// sourceRange returns the text between two positions of one file as the
// file has it, or "".
func (c *checker) sourceRange(pos, end token.Pos) string {
	tf := c.pass.Fset.File(pos)
	if tf == nil || c.pass.ReadFile == nil || end < pos {
		return ""
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return ""
	}
	return string(src[tf.Offset(pos):tf.Offset(end)])
}

// rootErrorFix rewrites a root that returns a nil result with an error it
// surely has (return nil, err in the branch that handles err) into the
// tool error, as protocolErrorFix does for a handler's own return.
func (c *checker) rootErrorFix(b *errflow.Body, ret *ast.ReturnStmt, kind model.HandlerKind, indent string) []analysis.SuggestedFix {
	h := &errflow.Handler{Func: b.Func, Body: b, Sig: b.Sig}
	st := &site{h: h, ret: ret, err: ret.Results[1], p: &errflow.Path{Kind: kind, Roles: []errflow.Role{errflow.RoleResult, errflow.RoleError}}}
	if !c.flow.ErrNonNil(b, ret, st.err) {
		return nil
	}
	switch kind {
	case model.GoSDKRaw:
		return c.setErrorFix(st)
	case model.MCPGoPlain, model.MCPGoTyped:
		return c.toolResultErrorFix(st)
	}
	return nil
}
