package handlerbody

// Texts that show the error of a service the package is handed. Tools
// are often registered by a function handed the service they call, as
// an interface (RegisterAll(s *server.MCPServer, ex port.Exchange)); its
// implementation is in a package the tools' package does not import,
// and a third one wires the two (main: tools.RegisterAll(s,
// venue.New(url))). Where the tools print ex.Quote's error into their
// error results, whether a venue's answer reaches the client is decided
// by the implementation, which only the wiring package can see.
//
// So the tools' package records each such text: where it is, what it is,
// and which method of which parameter of which exported function its
// error comes from (lifted from registerQuote(s, ex) to RegisterAll(s,
// ex), the function other packages call), as a package fact. A package
// that calls that function with a value of a concrete type reports the
// raw values that type's method puts in its error, as if the tools had
// called it directly; one that hands on an interface parameter of its
// own records the texts again, for its callers.

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
)

// implSinkFact is a package fact: the texts of the package's functions
// that show the error of a method of an interface parameter of one of
// its exported functions.
type implSinkFact struct {
	Sinks []implSink // sorted: a fact encodes deterministically
}

func (*implSinkFact) AFact() {}

func (f *implSinkFact) String() string {
	var parts []string
	for _, s := range f.Sinks {
		parts = append(parts, fmt.Sprintf("%s#%d.%s@%d", s.Func, s.Param, s.Method, s.At.Line))
	}
	return "impl sinks: " + strings.Join(parts, " ")
}

// An implSink is a text that shows the error result Result of calling
// method Method of parameter Param of function Func.
type implSink struct {
	Func          string // model.FuncName
	Param, Result int
	Method        string
	At            report.Position // the operand that shows the error
	Sink          string          // what the text is, for the message
	Handler       string          // the function whose text it is, for a root's count
}

func (s implSink) less(t implSink) int {
	return strings.Compare(fmt.Sprintf("%s#%d.%s %s", s.Func, s.Param, s.Method, s.At), fmt.Sprintf("%s#%d.%s %s", t.Func, t.Param, t.Method, t.At))
}

// handedBy is s as a text of caller's parameter i, which caller hands
// on to s.Func's.
func (s implSink) handedBy(caller *types.Func, i int) implSink {
	s.Func, s.Param = model.FuncName(caller), i
	return s
}

// noteShown records the methods of the scanned root's interface
// parameters whose errors the text at (an operand of a printf-like call
// when index >= 0) shows, as methods says.
func (s *messageScan) noteShown(methods func(*errflow.Body, ast.Expr, int) []errflow.ParamMethod, at ast.Expr, index int, sink string) {
	if !s.c.callsServiceParam(s.b.Root) {
		return // no method of an interface parameter is called: nothing to note
	}
	for _, pm := range methods(s.b, at, index) {
		s.c.addImplSink(implSink{
			Func: model.FuncName(pm.Func), Param: pm.Param, Result: pm.Result, Method: pm.Method,
			At:      s.c.report.Position(at.Pos(), at.End()),
			Sink:    sink,
			Handler: s.c.report.Position(s.b.Root.Body.Node.Pos(), s.b.Root.Body.Node.Pos()).String(),
		})
	}
}

// addImplSink records s, once.
func (c *checker) addImplSink(s implSink) {
	if !slices.Contains(c.implSinks, s) {
		c.implSinks = append(c.implSinks, s)
	}
}

// callsServiceParam reports whether the root's bodies call a method of
// an interface parameter of its declared function (not a context's or
// an error's) or of an interface field, memoized: only then can a text
// of the root show such a method's error, and asking the walk costs a
// second walk of the text.
func (c *checker) callsServiceParam(root *errflow.Root) bool {
	if calls, ok := c.serviceCalls[root]; ok {
		return calls
	}
	found := false
	if fn := root.Body.Func; fn != nil {
		params := map[types.Object]bool{}
		for v := range fn.Signature().Params().Variables() {
			t := v.Type()
			if types.IsInterface(t) && !errflow.IsError(t) && !model.IsNamed(t, "context", "Context") {
				params[v] = true
			}
		}
		for _, b := range root.Bodies {
			for _, call := range b.Calls {
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				switch x := ast.Unparen(sel.X).(type) {
				case *ast.Ident:
					found = found || params[c.info.Uses[x]]
				case *ast.SelectorExpr:
					// h.svc.Method(…): an interface field, which the
					// package may fill from a parameter (errflow's
					// fieldparams.go).
					if v, ok := c.info.Uses[x.Sel].(*types.Var); ok && v.IsField() && types.IsInterface(v.Type()) {
						found = true
					}
				}
			}
		}
	}
	if c.serviceCalls == nil {
		c.serviceCalls = map[*errflow.Root]bool{}
	}
	c.serviceCalls[root] = found
	return found
}

// exportImplSinks lifts the package's texts to the exported functions
// that hand their parameters on to the functions whose parameters the
// texts' errors come from, and exports those.
func (c *checker) exportImplSinks() {
	if len(c.implSinks) == 0 {
		return
	}
	byFunc := map[string][]implSink{}
	for _, s := range c.implSinks {
		byFunc[s.Func] = append(byFunc[s.Func], s)
	}
	seen := map[implSink]bool{}
	work := slices.Clone(c.implSinks)
	var exported []implSink
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		if c.exportedFunc(s.Func) {
			exported = append(exported, s)
		}
		c.eachCallOf(s.Func, func(b *errflow.Body, call *ast.CallExpr) {
			if caller, i, ok := c.handedParam(b, argAt(call, s.Param)); ok {
				work = append(work, s.handedBy(caller, i))
			}
		})
	}
	if len(exported) == 0 {
		return
	}
	slices.SortFunc(exported, implSink.less)
	c.pass.ExportPackageFact(&implSinkFact{Sinks: exported})
}

// exportedFunc reports whether the function of the package named name
// can be called from another package.
func (c *checker) exportedFunc(name string) bool {
	for _, root := range c.flow.Index().Roots() {
		if fn := root.Body.Func; fn != nil && model.FuncName(fn) == name {
			return fn.Exported() && (fn.Signature().Recv() == nil || isExportedType(fn.Signature().Recv().Type()))
		}
	}
	return false
}

func isExportedType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Exported()
}

// eachCallOf calls f with each call, in the package, of the function
// named name (of this package or another), and the body it is in.
func (c *checker) eachCallOf(name string, f func(*errflow.Body, *ast.CallExpr)) {
	for _, root := range c.flow.Index().Roots() {
		for _, b := range root.Bodies {
			for i, call := range b.Calls {
				if fn := b.CallFuncs[i]; fn != nil && model.FuncName(fn) == name {
					f(b, call)
				}
			}
		}
	}
}

// handedParam returns the declared function of b's root and the index of
// its parameter that arg names, when it names one.
func (c *checker) handedParam(b *errflow.Body, arg ast.Expr) (*types.Func, int, bool) {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	fn := b.Root.Body.Func
	if !ok || fn == nil {
		return nil, 0, false
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == c.info.Uses[id] {
			return fn, i, true
		}
	}
	return nil, 0, false
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i < len(call.Args) && !call.Ellipsis.IsValid() {
		return call.Args[i]
	}
	return nil
}

// reportImplSinks judges the texts of other packages that show the error
// of a method of an interface parameter this package hands a value of a
// concrete type: that type's method decides what the text shows. A
// package that hands on a parameter of its own records the texts for
// its callers.
func (c *checker) reportImplSinks() {
	facts := map[*types.Package]*implSinkFact{}
	for _, root := range c.flow.Index().Roots() {
		for _, b := range root.Bodies {
			for i, call := range b.Calls {
				fn := b.CallFuncs[i]
				if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
					continue
				}
				fact, ok := facts[fn.Pkg()]
				if !ok {
					fact = new(implSinkFact)
					if !c.pass.ImportPackageFact(fn.Pkg(), fact) {
						fact = nil
					}
					facts[fn.Pkg()] = fact
				}
				if fact != nil {
					c.judgeImplSinks(b, call, fn, fact)
				}
			}
		}
	}
}

// judgeImplSinks judges the texts fact records for calls of fn with the
// arguments of call, written in b.
func (c *checker) judgeImplSinks(b *errflow.Body, call *ast.CallExpr, fn *types.Func, fact *implSinkFact) {
	name := model.FuncName(fn)
	for _, s := range fact.Sinks {
		if s.Func != name {
			continue
		}
		arg := argAt(call, s.Param)
		if arg == nil {
			continue
		}
		t := c.info.TypeOf(arg)
		if t == nil {
			continue
		}
		if types.IsInterface(t) {
			if caller, i, ok := c.handedParam(b, arg); ok {
				c.addImplSink(s.handedBy(caller, i))
			}
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, s.Method)
		m, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		pos, end := c.report.ForeignPos(s.At)
		at := posRange{pos, end}
		handed := analysis.RelatedInformation{Pos: arg.Pos(), End: arg.End(),
			Message: fmt.Sprintf("the error is %s's, handed to %s here", model.FuncName(m), name)}
		for _, bl := range c.flow.MethodBlobs(m, s.Result) {
			if bl.Kind.Upstream() {
				c.reportBlob(at, &bl, s.Sink+through(&bl), s.Handler, handed)
			}
		}
	}
}
