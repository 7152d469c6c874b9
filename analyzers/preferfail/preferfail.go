package preferfail

// Only what the handler itself returns is judged: a factory call in a
// helper or a service has no tool contract in scope, and rewriting it to
// Fail would tie it to one. Errors held in a variable and returned later
// count, as everywhere in mcperrlint.

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

//go:embed doc.go
var doc string

// Analyzer suggests mcperr.Fail where a handler builds by hand an error
// its contract declares.
var Analyzer = &analysis.Analyzer{
	Name:       "preferfail",
	Doc:        docs.Analyzer(doc, "preferfail"),
	URL:        rules.AnalyzerURL("preferfail"),
	Requires:   []*analysis.Analyzer{model.Analyzer, errflow.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// Result is the constructor calls preferfail offers to rewrite to Fail.
// Another rule with a fix for the same call (prefer-error-factory, for
// mcperr.New(mcperr.CodeNotFound, …)) leaves the fix to this one: two
// fixes of one expression conflict, and a driver applying both applies
// neither.
type Result struct {
	fixed map[*ast.CallExpr]bool
}

// Fixes reports whether preferfail offers a fix for call.
func (r *Result) Fixes(call *ast.CallExpr) bool { return r.fixed[call] }

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	res := &Result{fixed: map[*ast.CallExpr]bool{}}
	if !m.ImportsRuntime {
		return res, nil
	}
	flow := pass.ResultOf[errflow.Analyzer].(*errflow.Result)
	defer flow.Acquire()()
	if !flow.Relevant() {
		return res, nil // the layer left the package out: nothing to judge, no directive to call unused
	}
	r := report.New(pass, m)
	defer r.Finish()
	for _, h := range flow.Handlers {
		if h.Kind() == model.ToolHandler && len(h.Tools) > 0 && h.Body != nil && h.Sig != nil {
			checkHandler(pass, r, res, h.Body, h)
		}
	}
	return res, nil
}

// checkHandler reports the factory and New errors the handler returns
// whose code its tools declare.
func checkHandler(pass *analysis.Pass, r *report.Reporter, res *Result, b *errflow.Body, h *errflow.Handler) {
	resolver := b.Root.Resolver
	n := h.Sig.Results().Len()
	errIndex := n - 1
	seen := map[*ast.CallExpr]bool{}
	for _, ret := range b.Returns {
		expr := errflow.ResultExpr(ret, errIndex, n)
		if expr == nil {
			continue
		}
		for _, o := range resolver.Origins(expr) {
			call, ok := o.(*ast.CallExpr)
			if !ok || seen[call] {
				continue
			}
			seen[call] = true
			c, ok := readConstructor(pass.TypesInfo, resolver, call)
			if !ok {
				continue
			}
			for _, t := range h.Tools {
				checkCall(pass, r, res, h, t, c)
			}
		}
	}
}

// A constructor is a call of a factory or of New with a constant code.
type constructor struct {
	call    *ast.CallExpr
	code    mcperr.Code
	message int    // index of the message argument
	reason  string // the constant reason of a WithReason argument, or ""

	// recovery is whether the options may set a recovery hint.
	recovery bool
}

func readConstructor(info *types.Info, resolver *errflow.Resolver, call *ast.CallExpr) (constructor, bool) {
	fn := model.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != model.RuntimePath {
		return constructor{}, false
	}
	c := constructor{call: call}
	if code, ok := model.FactoryCode(fn); ok {
		c.code = code
	} else if model.IsRuntimeFunc(fn, "New") && len(call.Args) >= 2 {
		code, ok := constantInt(info.Types[call.Args[0]])
		if !ok {
			return constructor{}, false
		}
		c.code, c.message = mcperr.Code(code), 1
	} else {
		return constructor{}, false
	}
	for _, arg := range call.Args[c.message+1:] {
		opt, ok := ast.Unparen(arg).(*ast.CallExpr)
		if !ok || !model.IsRuntimeFunc(model.Callee(info, opt), "WithReason") || len(opt.Args) != 1 {
			continue
		}
		c.reason, _ = constantString(info.Types[opt.Args[0]])
	}
	c.recovery = mayCarryRecovery(info, resolver, call, call.Args[c.message+1:])
	return c, true
}

// checkCall reports a constructor whose code the tool declares.
func checkCall(pass *analysis.Pass, r *report.Reporter, res *Result, h *errflow.Handler, t *model.Tool, c constructor) {
	contract := t.Contract
	if contract == nil {
		return
	}
	var reasons []string
	var entries []*model.Entry
	complete := len(contract.NotStatic) == 0
	for _, e := range contract.Entries {
		code, codeOK := e.Code.Int()
		reason, reasonOK := e.Reason.String()
		complete = complete && codeOK && reasonOK
		if codeOK && reasonOK && reason != "" && mcperr.Code(code) == c.code && !slices.Contains(reasons, reason) {
			reasons = append(reasons, reason)
			entries = append(entries, e)
		}
	}
	if c.reason != "" {
		// The error already names a reason: only that one is a candidate,
		// and one with another code is another rule's finding.
		i := slices.Index(reasons, c.reason)
		if i < 0 {
			return
		}
		reasons, entries = reasons[i:i+1], entries[i:i+1]
	}
	if len(reasons) == 0 {
		return
	}
	prefix, prefixOK := model.RuntimeQualifier(pass.TypesInfo, pass.Pkg, c.call, "Fail")
	if !prefixOK {
		prefix = "mcperr." // for the message; no fix is offered
	}
	ctx, ctxOK := contextName(pass, h, c.call.Pos())
	if !ctxOK {
		ctx = "ctx"
	}
	d := analysis.Diagnostic{Pos: c.call.Pos(), End: c.call.End()}
	if len(reasons) == 1 {
		d.Message = fmt.Sprintf("tool %s declares code %s for reason %q: return %sFail(%s, %q, ...) instead, so the client also receives the reason, the contract's retryability and, with RecoveryFor, its recovery hint",
			toolName(t), c.code, reasons[0], prefix, ctx, reasons[0])
	} else {
		d.Message = fmt.Sprintf("tool %s declares code %s for reasons %s: return %sFail(%s, <reason>, ...) with the reason this failure is, so the client also receives it, the contract's retryability and, with RecoveryFor, its recovery hint",
			toolName(t), c.code, quoteAll(reasons), prefix, ctx)
	}
	if len(reasons) == 1 && complete && len(h.Tools) == 1 && prefixOK && ctxOK {
		d.SuggestedFixes = []analysis.SuggestedFix{fix(pass, c, prefix, ctx, entries[0], reasons[0])}
		res.fixed[c.call] = true
	}
	r.Diagnostic(rules.PreferFail, d)
}

// fix rewrites a constructor call to Fail, keeping its message and
// options: Fail(ctx, reason, message, opts...).
func fix(pass *analysis.Pass, c constructor, prefix, ctx string, e *model.Entry, reason string) analysis.SuggestedFix {
	reasonText := strconv.Quote(reason)
	if id, ok := e.Reason.Expr.(*ast.Ident); ok {
		// A constant the contract names the reason by, when it is in
		// scope here too.
		obj := pass.TypesInfo.Uses[id]
		if _, isConst := obj.(*types.Const); isConst && model.LookupAt(pass.Pkg, id.Name, c.call.Pos()) == obj {
			reasonText = id.Name
		}
	}
	end := c.call.Lparen + 1
	if c.message > 0 {
		end = c.call.Args[c.message].Pos()
	}
	edits := []analysis.TextEdit{{
		Pos:     c.call.Fun.Pos(),
		End:     end,
		NewText: []byte(prefix + "Fail(" + ctx + ", " + reasonText + ", "),
	}}
	if !c.recovery {
		// Forward the entry's hint too, or the Fail the fix writes is
		// error-contract-recovery-unforwarded's next finding. After the
		// last argument, not before the parenthesis: a call written over
		// several lines ends with a comma.
		last := c.call.Args[len(c.call.Args)-1]
		edits = append(edits, analysis.TextEdit{
			Pos:     last.End(),
			End:     last.End(),
			NewText: []byte(", " + prefix + "RecoveryFor(" + ctx + ", " + reasonText + ")"),
		})
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Return %sFail with reason %q", prefix, reason),
		TextEdits: edits,
	}
}

// mayCarryRecovery reports whether the options of a constructor call,
// followed through local variables, may set a recovery hint: RecoveryFor,
// WithRecovery, WithData of the key "recovery" or of a key not known, or an
// option it cannot see into (a parameter, a variadic argument, another
// package's function). error-contract-recovery-unforwarded asks the same
// of a Fail call.
func mayCarryRecovery(info *types.Info, resolver *errflow.Resolver, call *ast.CallExpr, opts []ast.Expr) bool {
	if call.Ellipsis.IsValid() {
		return true
	}
	for _, arg := range opts {
		for _, o := range resolver.Origins(arg) {
			opt, ok := o.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := model.Callee(info, opt)
			switch {
			case fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != model.RuntimePath:
				return true
			case model.IsRuntimeFunc(fn, "RecoveryFor"), model.IsRuntimeFunc(fn, "WithRecovery"):
				return true
			case model.IsRuntimeFunc(fn, "WithData") && len(opt.Args) == 2:
				if key, ok := constantString(info.Types[opt.Args[0]]); !ok || key == "recovery" {
					return true
				}
			}
		}
	}
	return false
}

// contextName returns the name of the handler's context parameter when it
// has one that denotes the parameter at pos.
func contextName(pass *analysis.Pass, h *errflow.Handler, pos token.Pos) (string, bool) {
	if h.Body == nil {
		return "", false
	}
	ftype := h.Body.FuncType()
	if ftype.Params == nil || len(ftype.Params.List) == 0 || len(ftype.Params.List[0].Names) == 0 {
		return "", false
	}
	name := ftype.Params.List[0].Names[0]
	obj := pass.TypesInfo.Defs[name]
	if name.Name == "_" || obj == nil || !model.IsContext(obj.Type()) || model.LookupAt(pass.Pkg, name.Name, pos) != obj {
		return "", false
	}
	return name.Name, true
}

func toolName(t *model.Tool) string {
	if t.Name == "" {
		return "(unnamed)"
	}
	return strconv.Quote(t.Name)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

func constantInt(tv types.TypeAndValue) (int64, bool) {
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

func constantString(tv types.TypeAndValue) (string, bool) {
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
