package sdkresult

// The rules judge each return statement of each SDK handler, because what
// reaches the client is decided there: by the pair (result, error) and the
// SDK the handler is written against. Each rule flags a return only when
// it can prove the values that make it wrong — an error that is surely
// non-nil, a result that is surely nil — so an error passed on from a
// callee outside the package is never judged: a noisy rule is a broken rule.
//
// mcperr tool handlers are not checked here: the runtime binding turns
// their errors into tool results itself.

import (
	_ "embed"
	"flag"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

//go:embed doc.go
var doc string

// Analyzer checks how the values go-sdk and mcp-go handlers return reach
// the client.
var Analyzer = &analysis.Analyzer{
	Name:     "sdkresult",
	Doc:      docs.Analyzer(doc, "sdkresult"),
	URL:      rules.DocsURL + "#analyzer-sdkresult",
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run:      run,
}

// convertingFlag is read from pass.Analyzer.Flags in run, never through a
// package variable, so that each configured copy of the analyzer keeps its
// own value.
const convertingFlag = "converting-middleware"

func init() {
	Analyzer.Flags.Bool(convertingFlag, false,
		"the server converts handler errors into tool results centrally (go-sdk middleware, mcp-go tool handler middleware): do not report sdk-protocol-error, nor a result returned with such an error")
}

type checker struct {
	*values
	r          *report.Reporter
	converting bool
	u          *uses // how handler-shaped functions are used in the package, read on first use
	reported   map[*ast.CompositeLit]bool
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	if !m.Relevant() {
		return nil, nil
	}
	r := report.New(pass, m)
	defer r.Finish()

	c := &checker{
		values:     newValues(pass, m),
		r:          r,
		converting: pass.Analyzer.Flags.Lookup(convertingFlag).Value.(flag.Getter).Get().(bool),
		reported:   map[*ast.CompositeLit]bool{},
	}
	for _, h := range m.Handlers {
		// mcperr tool handlers are the runtime binding's to deliver.
		if !h.Kind.SDK() || h.Sig == nil {
			continue
		}
		body := h.Body()
		if body == nil || m.InGenerated(pass.Fset, body.Pos()) {
			continue
		}
		if c.helper(h) {
			continue // a helper with a handler's shape: its caller decides what reaches the client
		}
		c.checkHandler(h, body)
	}
	return nil, nil
}

// A site is one return statement of a handler, with what is known of the
// error it returns.
type site struct {
	h         *model.Handler
	s         *scope
	ret       *ast.ReturnStmt
	err       ast.Expr
	errNonNil bool

	// converting says that something between the handler and the SDK may
	// turn its errors into results: the server's middleware
	// (-sdkresult.converting-middleware), or a wrapper the handler is
	// passed to.
	converting bool
}

func (c *checker) checkHandler(h *model.Handler, body *ast.BlockStmt) {
	n := h.Sig.Results().Len()
	if namedResultsDeferred(h.Sig, body) {
		return // a deferred function may replace what the returns say
	}
	s := c.scope(body)
	converting := c.converting || c.converted(h)
	for _, ret := range s.returns {
		if len(ret.Results) != n {
			continue // a bare return, or return f(): the values are another function's
		}
		st := &site{h: h, s: s, ret: ret, err: ret.Results[n-1], converting: converting}
		st.errNonNil = c.errNonNil(s, ret, st.err)
		protocol := c.checkProtocolError(st)
		c.checkNilResult(st)
		c.checkResultDropped(st, protocol)
		c.checkWrappedProtocolError(st)
		c.checkErrorResultWithoutContent(st)
	}
}

// plainKind reports whether a handler's error goes to the client as a
// JSON-RPC error: go-sdk raw handlers and mcp-go handlers other than
// structured ones, which mcp-go turns into tool errors itself.
func plainKind(k model.HandlerKind) bool {
	return k == model.GoSDKRaw || k == model.MCPGoPlain || k == model.MCPGoTyped
}

// aKind names a handler kind with its article: "a go-sdk raw handler".
func aKind(k model.HandlerKind) string {
	if k.MCPGo() {
		return "an " + k.String()
	}
	return "a " + k.String()
}

func sdkOf(k model.HandlerKind) sdk {
	if k.GoSDK() {
		return goSDK
	}
	return mcpGo
}

// checkProtocolError reports a surely non-nil error that the SDK sends as a
// JSON-RPC error with a meaningless code, and says whether it did.
func (c *checker) checkProtocolError(st *site) bool {
	if !plainKind(st.h.Kind) || st.converting || !st.errNonNil {
		return false
	}
	if c.mayBeProtocol(st.s, st.err, sdkOf(st.h.Kind), 0) {
		return false // a deliberate protocol error, or one that may be
	}
	if st.h.Kind == model.GoSDKRaw {
		c.r.Report(rules.SDKProtocolError, st.err,
			"the go-sdk sends an error returned by a raw handler as a JSON-RPC error with code 0, which the model never sees: "+
				"report the failure as a result (res.SetError(err)) with a nil error, or return a *jsonrpc.Error if a protocol error is meant")
		return true
	}
	c.r.Report(rules.SDKProtocolError, st.err,
		"mcp-go sends an error returned by %s as a JSON-RPC internal error (-32603), which the model never sees: "+
			"return mcp.NewToolResultError(msg) (or NewToolResultErrorFromErr) with a nil error", aKind(st.h.Kind))
	return true
}

// checkNilResult reports a handler returning neither a result nor an error.
func (c *checker) checkNilResult(st *site) {
	if !plainKind(st.h.Kind) || st.errNonNil {
		return
	}
	res := st.ret.Results[0]
	results := st.h.Sig.Results()
	if !c.isNil(st.s, res, results.At(0).Type()) || !c.isNil(st.s, st.err, results.At(results.Len()-1).Type()) {
		return
	}
	at := report.Range{From: res, To: st.err}
	if st.h.Kind == model.GoSDKRaw {
		c.r.Report(rules.SDKNilResult, at,
			"a go-sdk raw handler that returns a nil result and a nil error crashes the server (go-sdk v1.8.0 dereferences the result): "+
				"return a result, or an error")
		return
	}
	c.r.Report(rules.SDKNilResult, at,
		"mcp-go answers %s that returns a nil result and a nil error with a JSON-RPC internal error (-32603, \"handler returned no result\"): "+
			"return a result, e.g. mcp.NewToolResultText(...)", aKind(st.h.Kind))
}

// checkResultDropped reports a result returned together with a surely
// non-nil error, which the SDK throws away. protocol says that
// sdk-protocol-error already reported the return.
func (c *checker) checkResultDropped(st *site, protocol bool) {
	if !st.errNonNil {
		return
	}
	res := st.ret.Results[0]
	switch k := st.h.Kind; {
	case k == model.GoSDKTyped:
		what := "result"
		if !c.carries(st.s, res) {
			res, what = st.ret.Results[1], "output"
			if !c.filled(st.s, res) {
				return
			}
		}
		c.r.Report(rules.SDKResultDropped, report.Range{From: res, To: st.err},
			"the go-sdk discards the %s a typed handler returns with a non-nil error and sends the client only the error's text: "+
				"report the failure with res.SetError(err) and a nil error to keep the %s, or put what the client needs in the error", what, what)
	case k == model.MCPGoStructured:
		if !c.filled(st.s, res) {
			return
		}
		c.r.Report(rules.SDKResultDropped, report.Range{From: res, To: st.err},
			"mcp-go discards the value a structured handler returns with a non-nil error and sends the client only \"tool execution failed: <error>\": "+
				"put what the client needs in the error, or return the value with a nil error")
	case plainKind(k):
		if protocol || st.converting || !c.carries(st.s, res) {
			return
		}
		sdkName, handler := "mcp-go", "a handler"
		if k.GoSDK() {
			sdkName, handler = "the go-sdk", "a raw handler"
		}
		c.r.Report(rules.SDKResultDropped, report.Range{From: res, To: st.err},
			"%s sends the client only the error %s returns and discards the result returned with it: return the result or the error, not both",
			sdkName, handler)
	}
}

// checkWrappedProtocolError reports a typed go-sdk handler's error that
// wraps a *jsonrpc.Error, which the SDK does not recognise.
func (c *checker) checkWrappedProtocolError(st *site) {
	if st.h.Kind != model.GoSDKTyped || !c.wrapsJSONRPC(st.s, st.err, 0) {
		return
	}
	c.r.Report(rules.SDKWrappedProtocolError, st.err,
		"this error wraps a *jsonrpc.Error, but the go-sdk sends a typed handler's error as a JSON-RPC error only when it is a *jsonrpc.Error itself "+
			"(a type assertion, not errors.As): the client gets a tool error with the text instead; return the *jsonrpc.Error itself")
}

// checkErrorResultWithoutContent reports an error result literal, returned
// by the handler as it is, that has no Content.
func (c *checker) checkErrorResultWithoutContent(st *site) {
	k := st.h.Kind
	if !k.SDK() || k == model.MCPGoStructured || st.errNonNil {
		return
	}
	typed := k == model.GoSDKTyped
	if typed && !c.zero(st.ret.Results[1]) {
		return // the output's JSON becomes the content: it may explain the failure
	}
	for _, lit := range c.returnedLits(st) {
		if c.reported[lit] || !errorResultWithoutContent(c.info, lit) {
			continue
		}
		c.reported[lit] = true
		what := "an empty content list"
		if typed && !types.IsInterface(st.h.Sig.Results().At(1).Type()) {
			what = "only the zero output's JSON as text"
		}
		fix := "call res.SetError(err), or set Content: []mcp.Content{&mcp.TextContent{Text: ...}}"
		if k.MCPGo() {
			fix = "return mcp.NewToolResultError(msg) instead"
		}
		c.r.Report(rules.SDKErrorResultWithoutContent, lit,
			"this error result has no Content: the client gets isError with %s, and the model no word of what failed; %s", what, fix)
	}
}

// returnedLits returns the result literals a return gives as they are: the
// literal itself, or the literals a local variable holds that is used only
// as a returned result.
func (c *checker) returnedLits(st *site) []*ast.CompositeLit {
	e := st.ret.Results[0]
	if lit := model.CompositeLit(e); lit != nil {
		return []*ast.CompositeLit{lit}
	}
	lv := localVar(c.info, e)
	if lv == nil || st.s.addrOf(lv) || st.s.res.MayHoldZero(e) || !c.onlyReturned(st, lv) {
		return nil
	}
	var lits []*ast.CompositeLit
	for _, o := range st.s.origins(c.info, e) {
		if lit := model.CompositeLit(o); lit != nil {
			lits = append(lits, lit)
		}
	}
	return lits
}

// onlyReturned reports whether every use of lv in the handler is as the
// first result of one of its returns: nothing can have filled it in.
func (c *checker) onlyReturned(st *site, lv *types.Var) bool {
	returned := map[ast.Expr]bool{}
	for _, ret := range st.s.returns {
		if len(ret.Results) > 0 {
			returned[ast.Unparen(ret.Results[0])] = true
		}
	}
	ok := true
	ast.Inspect(st.s.body, func(n ast.Node) bool {
		if id, isIdent := n.(*ast.Ident); isIdent && c.info.Uses[id] == lv && !returned[id] {
			ok = false
		}
		return ok
	})
	return ok
}

// errorResultWithoutContent reports whether lit is a go-sdk or mcp-go
// CallToolResult literal with IsError: true and no Content.
func errorResultWithoutContent(info *types.Info, lit *ast.CompositeLit) bool {
	t := info.TypeOf(lit)
	if t == nil || !model.IsNamed(t, model.GoSDKPath, "CallToolResult") && !model.IsNamed(t, model.MCPGoPath, "CallToolResult") {
		return false
	}
	isError, content := false, false
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return false // positional fields: not worth guessing
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return false
		}
		switch key.Name {
		case "IsError":
			tv := info.Types[kv.Value]
			isError = tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
		case "Content":
			inner := model.CompositeLit(kv.Value)
			content = !errflow.IsNil(info, kv.Value) && (inner == nil || len(inner.Elts) > 0)
		}
	}
	return isError && !content
}
