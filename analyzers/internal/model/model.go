// Package model defines the analyzer that every mcperrlint analyzer
// requires: it finds, once per package, what the contracts are — the mcperr
// tools and their error contracts — and what a finding must respect
// (suppression directives, generated files), so that no rule re-discovers
// them. Handlers, and how their values reach the client, are the error-flow
// layer's (analyzers/internal/errflow), which reads the model.
//
// The model is syntactic where it must be (contracts are checked where they
// are written) and typed everywhere else: SDK and runtime symbols are
// identified by their full package path, never by how a file imports them.
//
// Packages that import neither the runtime nor an MCP SDK cost only an
// import check and a look at each file's comments (generated files and
// suppression directives): the model returns without walking syntax.
package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/directive"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// Analyzer computes the *Model of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "mcpmodel",
	Doc:              "find mcperr tools, error contracts and MCP tool handlers (the model other mcperrlint analyzers read)",
	URL:              rules.DocsURL,
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Model](),
	FactTypes:        []analysis.Fact{new(reachesRuntime), new(ContractFact)},
}

// A Model is what mcperrlint understands about one package.
type Model struct {
	// ImportsRuntime and ImportsSDK say what the package imports directly;
	// ReachesRuntime, whether its import closure contains the runtime, so
	// that its functions may pass on errors the runtime built.
	ImportsRuntime, ImportsSDK, ReachesRuntime bool

	Tools     []*Tool     // every mcperr.Tool literal
	Contracts []*Contract // every []mcperr.Contract literal
	Entries   []*Entry    // every mcperr.Contract literal, wherever written

	// Funcs maps each function and method declared in the package to its
	// declaration, for rules that follow calls within the package.
	Funcs map[*types.Func]*ast.FuncDecl

	directives map[*token.File][]*directive.Directive
	generated  map[*token.File]bool
	inits      map[*types.Var]ast.Expr // see Init

	// reassigned are the variables that can hold a contract, a contract
	// list or a handler and that the package writes (or takes the
	// address of) after their declaration.
	reassigned map[*types.Var]bool
}

// Reassigned reports whether the package writes to v, or takes its
// address, anywhere but in its declaration, so that v's initialiser may not
// be what it holds. It is known for the variables that can hold a
// contract, a contract entry, a contract list or a handler.
func (m *Model) Reassigned(v *types.Var) bool { return m.reassigned[v] }

// Init returns the initialiser of a package-level or local variable that
// can hold a contract, a contract list or a handler, when it has exactly
// one and the package never writes to the variable (or takes its address)
// elsewhere; nil otherwise.
func (m *Model) Init(v *types.Var) ast.Expr {
	if m.reassigned[v] {
		return nil
	}
	return m.inits[v]
}

// Relevant reports whether the package can contain anything the rules
// check: tools, contracts, handlers or runtime errors.
func (m *Model) Relevant() bool { return m.ImportsRuntime || m.ImportsSDK }

// Directives returns the suppression directives of the file containing pos.
func (m *Model) Directives(fset *token.FileSet, pos token.Pos) []*directive.Directive {
	return m.directives[fset.File(pos)]
}

// AllDirectives returns every suppression directive of the package.
func (m *Model) AllDirectives() []*directive.Directive {
	var all []*directive.Directive
	for _, ds := range m.directives {
		all = append(all, ds...)
	}
	return all
}

// InGenerated reports whether pos lies in a generated file, where nothing
// is reported: its authors cannot act on a finding.
func (m *Model) InGenerated(fset *token.FileSet, pos token.Pos) bool {
	return m.generated[fset.File(pos)]
}

// scanMarks records the generated files and the suppression directives
// of every package, relevant or not: the error-flow layer reports in
// packages that import neither an SDK nor the runtime (the helpers and
// implementations a server's handlers run).
func (m *Model) scanMarks(pass *analysis.Pass) {
	for _, file := range pass.Files {
		tf := pass.Fset.File(file.Pos())
		if ast.IsGenerated(file) {
			if m.generated == nil {
				m.generated = map[*token.File]bool{}
			}
			m.generated[tf] = true
		}
		if hasDirectiveComment(file) {
			if m.directives == nil {
				m.directives = map[*token.File][]*directive.Directive{}
			}
			m.directives[tf] = directive.Parse(pass.Fset, file, func(id string) bool {
				_, ok := rules.ByID(id)
				return ok
			})
		}
	}
}

// reachesRuntime is a package fact: the package's import closure contains
// the mcperr runtime. Packages without it cannot produce or pass on an
// *mcperr.Error and are skipped by every rule.
type reachesRuntime struct{}

func (*reachesRuntime) AFact()         {}
func (*reachesRuntime) String() string { return "reachesRuntime" }

func run(pass *analysis.Pass) (any, error) {
	m := &Model{Funcs: map[*types.Func]*ast.FuncDecl{}}
	for _, imp := range pass.Pkg.Imports() {
		switch imp.Path() {
		case RuntimePath:
			m.ImportsRuntime = true
		case GoSDKPath, MCPGoPath, MCPGoServer:
			m.ImportsSDK = true
		}
		if !m.ReachesRuntime && pass.ImportPackageFact(imp, new(reachesRuntime)) {
			m.ReachesRuntime = true
		}
	}
	if pass.Pkg.Path() == RuntimePath {
		// The runtime defines Fail and the factories; its own code is not a
		// server's and is not checked.
		m.ImportsRuntime, m.ReachesRuntime = false, true
	}
	m.ReachesRuntime = m.ReachesRuntime || m.ImportsRuntime
	if m.ReachesRuntime {
		pass.ExportPackageFact(new(reachesRuntime))
	}
	m.scanMarks(pass)
	if !m.Relevant() {
		return m, nil
	}
	newBuilder(pass, m).build()
	return m, nil
}
