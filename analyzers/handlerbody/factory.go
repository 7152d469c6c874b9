package handlerbody

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// preferErrorFactory reports mcperr.New(code, …) with a constant code that
// has a factory, and offers to rewrite it to the factory: the code
// argument is dropped and the function renamed, spelled as the call spells
// the package. fn is the call's static callee.
func (c *checker) preferErrorFactory(call *ast.CallExpr, fn *types.Func) {
	if len(call.Args) < 2 || !model.IsRuntimeFunc(fn, "New") {
		return
	}
	tv, ok := c.info.Types[call.Args[0]]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return
	}
	v, exact := constant.Int64Val(tv.Value)
	name := mcperr.Code(v).String()
	if !exact || model.FactoryOf(mcperr.Code(v)) == "" || c.runtime == nil {
		return
	}
	factory := c.runtime.Scope().Lookup(name)
	if factory == nil {
		return // a runtime without this factory
	}
	qual, qualOK := c.qualifier(call)
	if !qualOK {
		qual = "mcperr." // for the message; no fix is offered
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: fmt.Sprintf("%sNew(%sCode%s, …) has a factory: write %s%s(…), which builds the same error",
			qual, qual, name, qual, name),
	}
	fun := ast.Unparen(call.Fun)
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		fun = sel.Sel
	}
	if c.failFixes.Fixes(call) {
		// One fix per expression: Fail, which also gives the client the
		// reason, is the better one.
		d.Message += "; error-contract-prefer-fail's fix rewrites it to " + qual + "Fail instead"
	} else if id, ok := fun.(*ast.Ident); ok && qualOK && (qual != "" || c.resolvesTo(name, id.Pos(), factory)) {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message: "Use " + qual + name,
			TextEdits: []analysis.TextEdit{
				{Pos: id.Pos(), End: id.End(), NewText: []byte(name)},
				{Pos: call.Args[0].Pos(), End: call.Args[1].Pos()},
			},
		}}
	}
	c.report.Diagnostic(rules.PreferErrorFactory, d)
}
