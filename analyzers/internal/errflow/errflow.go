// Package errflow is mcperrlint's one error-flow layer: for every function
// of a package whose imports reach an MCP SDK or the mcperr runtime, what
// each returned value can be — nil, the context's error, a protocol error,
// an mcperr error of some code and reason, an error built by errors.New or
// fmt.Errorf and what it wraps, a parameter, a callee's result; for a tool
// result, whether it is an error result and what its text shows — and, for
// every handler, how its returns reach the client: through which adapters,
// delegates and registrations, onto which server.
//
// It is computed once per package by one analyzer, whose result the rule
// analyzers (conformance, handlerbody, preferfail, sdkresult) read and
// whose facts carry summaries to the packages that call these functions.
// There is one walk per function body (index.go), one resolver of local
// variables (resolve.go), one fixed point over the package's call graph
// (solve.go), one reader of printf formats (printf.go) and one list of
// error tests (tests.go): the rules hold rules, not engines.
//
// Interpretations every rule shares: the context's own error returned as
// such is not a protocol error and not a fake success; an error that may
// be the context's but may also be something else is judged by the
// something else; a branch chosen by errors.Is or errors.As translates a
// known condition (not a re-throw), but its returns are still on the
// handler's path; a success result that says it is degraded is not a fake
// empty result.
//
// Test files are not a server's code: nothing declared in a _test.go file
// is a handler, a registration or an adapter, and no rule reports there.
package errflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// Analyzer computes the error flow of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "mcperrflow",
	Doc:              "compute what the values MCP handlers and the functions they call return can be, and how they reach the client (the layer mcperrlint's rules read)",
	URL:              rules.DocsURL,
	Requires:         []*analysis.Analyzer{model.Analyzer},
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(summaryFact), new(entryFact), new(handlersFact), new(implementsFact), new(projectErrorsFact), new(reachesSDK), new(fieldTaintsFact)},
}

// skipTestVariantsFlag, when set, leaves out the test variant of a package
// (the package compiled with its in-package _test.go files): the layer
// reads no test file, so the variant's analysis repeats the package's,
// finding after finding. Only a driver that analyzes the package itself
// too may set it — the standalone driver does; go vet analyzes a package
// with tests only as its variant, and must not. The layer is not in the
// suite, so its flag is the drivers', not the user's.
const skipTestVariantsFlag = "skip-test-variants"

func init() {
	Analyzer.Flags.Bool(skipTestVariantsFlag, false, "leave out in-package test variants, which repeat their package's analysis (for drivers that also analyze the package itself)")
}

// SkipTestVariants tells the layer, for a driver that analyzes every
// package as well as its test variant, to leave the variants out.
func SkipTestVariants() error { return Analyzer.Flags.Set(skipTestVariantsFlag, "true") }

// A Result is the error flow of one package.
type Result struct {
	// mu is held by each analyzer that reads the result, for its whole
	// run on the package (see Acquire).
	mu sync.Mutex

	pass  *analysis.Pass
	model *model.Model
	x     *Index
	s     *solver

	// Handlers are the package's handlers with a body here, and the
	// handlers of other packages registered here, with how they reach the
	// client.
	Handlers []*Handler
	// ReadHandlers are the package's handlers of reads of resources and
	// prompts (see splitReads): each is also a Callee of its own.
	ReadHandlers []*Handler
	// Sources are the functions of the package whose returned error
	// reaches a handler's client (see sources.go).
	Sources []*Source
	// ForeignSources are the functions of other packages whose error
	// reaches a handler's client or a handler tests (see sources.go).
	ForeignSources []ForeignSource
	// AbstractSources are the interface methods whose error reaches a
	// handler's client, through a call of the method itself: the
	// implementations the program wires in may be in packages this one
	// does not import (see handlerbody's abstract sources).
	AbstractSources []ForeignSource
	// Callees are the functions of the package the handlers call (see
	// callees.go).
	Callees []*Callee
	// ForeignCallees are the functions of other packages the handlers,
	// or their callees, call for their answer: their packages recorded
	// the empty answers they give on failure (see AnswerCallees).
	ForeignCallees []ForeignSource

	// Forwarding are the returns of the package's exported adapters that
	// hand a handler's values on unchanged, with the kind of handler the
	// adapter makes: each is the root of every path through it, and the
	// package that reports the findings it decides, another one, offers
	// the fix made here (sdkresult's rootFixesFact).
	Forwarding []Forwarding

	// ProjectCalls are the project handler types (see projects.go) whose
	// values the package's handlers call, with the first such call.
	ProjectCalls map[*types.TypeName]*ast.CallExpr

	finals      map[*Root]*walk
	helperEdges map[*Body][]*Body // see directHelpers
	// callsOf are the calls of each function of the package (see
	// upstreamParam).
	callsOf map[*types.Func][]siteCall
	// answerFinder and answerCallers serve AnswerCallers.
	answerFinder  *finder
	answerCallers map[*types.Func][]AnswerCall
	// answerImpls and modulePkgs serve answerImplementations.
	answerImpls map[*types.Func][]*types.Func
	serves      map[*types.Func]bool // see Result.servesOnly
	fills       map[*Body][]bool     // see Result.FillsParamAt
	// storedUpstream memoizes upstreamStored's answers (see there).
	storedUpstream map[*types.Var]bool
	modulePkgs     *[]*types.Package
	// helperForeign are, for each body, the functions of other packages
	// its error may come from directly (see ForeignHelpers).
	helperForeign map[*Body][]ForeignSource
	helperFinder  *finder // directHelpers', which records no handlers

	// dependency: the package is a dependency, summarised for its facts
	// only (see deps.go): no rule judges it.
	dependency bool

	// serversBuilt: the package builds mcp-go servers (at serverSites);
	// serversPassing: every one of them surely passes handlers' errors on.
	serversBuilt, serversPassing bool
	serverSites                  []*ast.CallExpr
}

// A Forwarding is a return of an exported adapter that hands a handler's
// values on unchanged (a Step that Forwards), and the kind of handler
// whose values it hands on to the SDK.
type Forwarding struct {
	Pos  token.Pos
	Kind model.HandlerKind
}

// ServerSites returns the calls of server.NewMCPServer of the package.
func (r *Result) ServerSites() []*ast.CallExpr { return r.serverSites }

// Relevant reports whether the package can hold anything the rules check.
func (r *Result) Relevant() bool { return r.x != nil && !r.dependency }

// Index returns the bodies of the package.
func (r *Result) Index() *Index { return r.x }

// Summary returns the summary of a function of this package or, through
// its fact, of another; nil when there is none.
func (r *Result) Summary(fn *types.Func) *Summary {
	if r.s == nil {
		return nil
	}
	return r.s.summary(fn)
}

// LitSummary returns the summary of a function literal of the package.
func (r *Result) LitSummary(lit *ast.FuncLit) *Summary {
	if r.s == nil {
		return nil
	}
	return r.s.lits[lit]
}

// Fails returns the calls of mcperr.Fail in the package, in source order.
func (r *Result) Fails() []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, root := range r.x.roots {
		out = append(out, r.s.rootFacts(root).fails...)
	}
	return out
}

// DynamicReasons returns the reason arguments that reach Fail without
// being constant, in source order, with the function they are passed to
// (nil for Fail itself or a function literal).
func (r *Result) DynamicReasons() ([]ast.Node, map[ast.Node]*types.Func) {
	return r.s.dynamicOrder, r.s.dynamic
}

// Value returns what expr, written in body b, can be: the index-th value
// of a multi-valued expression when index >= 0.
func (r *Result) Value(b *Body, expr ast.Expr, index int) Value {
	return r.finalWalk(b.Root).value(expr, index)
}

// Reasons returns the constant reasons an expression of body b can be,
// and whether all of them are known.
func (r *Result) Reasons(b *Body, expr ast.Expr) (names []string, params []*types.Var, known bool) {
	known = true
	for _, ref := range r.finalWalk(b.Root).reasons(expr) {
		switch {
		case ref.dynamic:
			known = false
		case ref.param != nil:
			params = append(params, ref.param)
		default:
			names = append(names, ref.name)
		}
	}
	return names, params, known
}

// Site returns how facts and messages name a position of this package:
// "<package>/<file>.go:<line>".
func (r *Result) Site(pos token.Pos) string { return r.s.site(pos) }

// finalWalk returns a walk of a root reading the final summaries.
func (r *Result) finalWalk(root *Root) *walk {
	w := r.finals[root]
	if w == nil {
		// The literals' summaries are final too: every final walk shares
		// them, and adds those no walk of the fixed point needed.
		w = &walk{s: r.s, r: root, rf: r.s.rootFacts(root), lits: r.s.lits}
		r.finals[root] = w
	}
	return w
}

// Acquire gives the calling analyzer the result until release is called.
// The result computes what its queries ask lazily, and memoizes it, so it
// is not safe for concurrent use; the analyzers that read it may run at
// the same time on one package, so each holds it for its run:
//
//	flow := pass.ResultOf[errflow.Analyzer].(*errflow.Result)
//	defer flow.Acquire()()
func (r *Result) Acquire() (release func()) {
	r.mu.Lock()
	return r.mu.Unlock
}

// reachesSDK is a package fact: the package's import closure contains an
// MCP SDK, so that its functions may build tool results or handle
// handlers.
type reachesSDK struct{}

func (*reachesSDK) AFact()         {}
func (*reachesSDK) String() string { return "reachesSDK" }

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	res := &Result{pass: pass, model: m, finals: map[*Root]*walk{}}
	reaches := m.ImportsSDK
	for _, imp := range pass.Pkg.Imports() {
		if reaches {
			break
		}
		reaches = pass.ImportPackageFact(imp, new(reachesSDK))
	}
	if reaches {
		pass.ExportPackageFact(new(reachesSDK))
	}
	if pass.Pkg.Path() == model.RuntimePath || ownPackage(pass.Pkg) {
		return res, nil
	}
	if !reaches && !m.ReachesRuntime && !projectPackage(pass) {
		if dependencyPackage(pass) && !isTestVariant(pass) {
			switch {
			case hasBodies(pass):
				res.summarizeDependency(pass)
			case reexportDependency(pass):
			case len(pass.Files) > 0 && !anyBody(pass):
				// Nothing to summarise (interfaces, types, constants):
				// record that, or every run would load it from source
				// again, and the packages it imports with it.
				res.summarizeDependency(pass)
			}
		}
		return res, nil
	}
	if skip := pass.Analyzer.Flags.Lookup(skipTestVariantsFlag); skip != nil && skip.Value.String() == "true" && isTestVariant(pass) {
		return res, nil
	}
	module := ""
	if pass.Module != nil {
		module = pass.Module.Path
	}
	res.x = newIndex(pass.TypesInfo, serverFiles(pass), pass.Pkg, module)
	res.s = newSolver(pass, m, res.x)
	res.s.blindToSDK = !reaches
	res.s.solveAll()
	res.s.exportFacts()
	res.s.exportFieldTaints()
	res.findHandlers()
	return res, nil
}

// isTestVariant reports whether the package is compiled with in-package
// test files: some of its files are _test.go files, not all of them.
func isTestVariant(pass *analysis.Pass) bool {
	tests := 0
	for _, f := range pass.Files {
		if IsTestFile(pass, f) {
			tests++
		}
	}
	return tests > 0 && tests < len(pass.Files)
}

// projectPackage reports whether the package belongs to the module being
// linted (or one of its workspace), whose helpers a handler may call — an
// API client, a command runner — though they import no SDK: their
// summaries say what the errors handlers pass on carry. Dependencies and
// the standard library are not summarised unless they reach an SDK.
func projectPackage(pass *analysis.Pass) bool {
	mod := pass.Module
	return mod != nil && mod.Path != "" && (mod.Main || mod.Version == "")
}

// serverFiles returns the files of the package that are a server's code:
// all but its tests.
func serverFiles(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	for _, f := range pass.Files {
		if !IsTestFile(pass, f) {
			out = append(out, f)
		}
	}
	return out
}

// IsTestFile reports whether f is a _test.go file.
func IsTestFile(pass *analysis.Pass, f *ast.File) bool {
	return isTestPos(pass.Fset, f.Pos())
}

// isTestPos reports whether pos lies in a _test.go file.
func isTestPos(fset *token.FileSet, pos token.Pos) bool {
	tf := fset.File(pos)
	return tf != nil && strings.HasSuffix(tf.Name(), "_test.go")
}
