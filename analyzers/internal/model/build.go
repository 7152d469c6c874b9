package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/directive"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// A builder fills a Model in one traversal of the package's syntax,
// followed by resolution of what the traversal collected: contracts may be
// declared after the tools that use them.
type builder struct {
	pass *analysis.Pass
	info *types.Info
	m    *Model

	handlers  map[any]*Handler // keyed by *ast.FuncLit or *types.Func
	entries   map[*ast.CompositeLit]*Entry
	contracts map[*ast.CompositeLit]*Contract
	foreign   map[*types.Var][]*Entry // the entries of another package's contract variables; nil when unknown

	// inits records the single initialiser of each resolvable variable
	// declared with one; the Model's reassigned, those written (or
	// addressed) elsewhere.
	inits map[*types.Var]ast.Expr

	// visit scans a node of the declaration enclosing is (or is in, if
	// a function): one function value for the whole traversal.
	visit     func(ast.Node) bool
	enclosing *ast.FuncDecl

	toolLits      []*ast.CompositeLit
	registrations []ast.Expr      // handler expressions at SDK registration sites
	adapted       []ast.Expr      // function arguments of handler adapters (see adaptedArgs)
	failCallers   []*ast.FuncDecl // declarations whose body calls Fail or RecoveryFor, in order
}

func newBuilder(pass *analysis.Pass, m *Model) *builder {
	b := &builder{
		pass:      pass,
		info:      pass.TypesInfo,
		m:         m,
		handlers:  map[any]*Handler{},
		entries:   map[*ast.CompositeLit]*Entry{},
		contracts: map[*ast.CompositeLit]*Contract{},
		foreign:   map[*types.Var][]*Entry{},
		inits:     map[*types.Var]ast.Expr{},
	}
	m.reassigned = map[*types.Var]bool{}
	b.visit = func(n ast.Node) bool {
		b.scanNode(n, b.enclosing)
		return true
	}
	return b
}

func (b *builder) build() {
	for _, file := range b.pass.Files {
		b.scanFile(file)
	}
	b.resolveContracts()
	b.resolveTools()
	b.resolveRegistrations()
	b.resolveAdapted()
	b.addServiceHandlers()
	b.exportContractFacts()
}

// scanFile records what one file contains.
func (b *builder) scanFile(file *ast.File) {
	tf := b.pass.Fset.File(file.Pos())
	if ast.IsGenerated(file) {
		if b.m.generated == nil {
			b.m.generated = map[*token.File]bool{}
		}
		b.m.generated[tf] = true
	}
	if hasDirectiveComment(file) {
		if b.m.directives == nil {
			b.m.directives = map[*token.File][]*directive.Directive{}
		}
		b.m.directives[tf] = directive.Parse(b.pass.Fset, file, func(id string) bool {
			_, ok := rules.ByID(id)
			return ok
		})
	}
	for _, decl := range file.Decls {
		b.enclosing = nil
		if fd, ok := decl.(*ast.FuncDecl); ok {
			b.enclosing = fd
			b.scanFuncDecl(fd)
		}
		ast.Inspect(decl, b.visit)
	}
}

// hasDirectiveComment reports whether any comment of file could be a
// directive, so that files without one are not parsed for them.
func hasDirectiveComment(file *ast.File) bool {
	for _, group := range file.Comments {
		for _, c := range group.List {
			if strings.Contains(c.Text, "mcperrlint:") {
				return true
			}
		}
	}
	return false
}

func (b *builder) scanFuncDecl(fd *ast.FuncDecl) {
	fn, _ := b.info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	b.m.Funcs[fn] = fd
	if fd.Body == nil {
		return
	}
	if kind := kindOf(fn.Type().(*types.Signature)); kind != 0 {
		b.handlerFor(fn, kind).Decl = fd
	}
}

func (b *builder) scanNode(n ast.Node, enclosing *ast.FuncDecl) {
	switch n := n.(type) {
	case *ast.FuncLit:
		if sig, ok := b.info.TypeOf(n).(*types.Signature); ok {
			if kind := kindOf(sig); kind != 0 {
				b.handlerFor(n, kind)
			}
		}
	case *ast.CompositeLit:
		b.scanCompositeLit(n)
	case *ast.CallExpr:
		b.scanCall(n, enclosing)
	case *ast.AssignStmt:
		b.scanAssign(n)
	case *ast.ValueSpec:
		if len(n.Names) == len(n.Values) {
			for i, name := range n.Names {
				if v, ok := b.info.Defs[name].(*types.Var); ok && resolvable(v) {
					b.inits[v] = n.Values[i]
				}
			}
		}
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			b.markReassigned(n.X)
		}
	case *ast.IncDecStmt:
		b.markReassigned(n.X) // entry.Code++
	}
}

func (b *builder) scanCompositeLit(lit *ast.CompositeLit) {
	t := b.info.TypeOf(lit)
	if t == nil {
		return
	}
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = ptr.Elem() // an elided &T{...} in a []*T literal has type *T
	}
	switch {
	case IsNamed(t, RuntimePath, "Tool"):
		b.toolLits = append(b.toolLits, lit)
	case IsNamed(t, RuntimePath, "Contract"):
		b.entry(lit)
	case isContractList(t):
		b.contracts[lit] = &Contract{Lit: lit}
		b.m.Contracts = append(b.m.Contracts, b.contracts[lit])
	case IsNamed(t, MCPGoServer, "ServerTool"):
		if h := fieldValue(lit, "Handler", 1); h != nil {
			b.registrations = append(b.registrations, h)
		}
	}
}

// isContractList reports whether t is a slice or array of mcperr.Contract.
func isContractList(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return IsNamed(u.Elem(), RuntimePath, "Contract")
	case *types.Array:
		return IsNamed(u.Elem(), RuntimePath, "Contract")
	}
	return false
}

// fieldValue returns the value written for a struct literal's field, keyed
// or (at index) unkeyed, or nil.
func fieldValue(lit *ast.CompositeLit, name string, index int) ast.Expr {
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		} else if i == index {
			return elt
		}
	}
	return nil
}

// scannedCalls are the names of the functions scanCall looks for: calls of
// anything else are not resolved, which most calls of a package are not.
var scannedCalls = map[string]bool{
	"Fail": true, "RecoveryFor": true, "AddTool": true, "NewTypedToolHandler": true, "NewStructuredToolHandler": true,
}

func (b *builder) scanCall(call *ast.CallExpr, enclosing *ast.FuncDecl) {
	if !scannedCalls[calleeName(call)] {
		b.adapted = append(b.adapted, b.adaptedArgs(call)...)
		return
	}
	fn := Callee(b.info, call)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	arg := func(i int) {
		if i < len(call.Args) {
			b.registrations = append(b.registrations, call.Args[i])
		}
	}
	switch {
	case IsRuntimeFunc(fn, "Fail", "RecoveryFor"):
		if enclosing != nil && !slices.Contains(b.failCallers, enclosing) {
			b.failCallers = append(b.failCallers, enclosing)
		}
	case IsFunc(fn, GoSDKPath, "AddTool"):
		arg(2)
	case IsMethod(fn, GoSDKPath, "Server", "AddTool"),
		IsMethod(fn, MCPGoServer, "MCPServer", "AddTool"):
		arg(1)
	case IsFunc(fn, MCPGoPath, "NewTypedToolHandler"), IsFunc(fn, MCPGoPath, "NewStructuredToolHandler"):
		arg(0)
	}
}

// calleeName returns the name a call's function is written with, as
// Callee would resolve it (parentheses and type arguments aside), or "".
func calleeName(call *ast.CallExpr) string {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		fun = ast.Unparen(f.X)
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

func (b *builder) scanAssign(as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			b.markReassigned(lhs)
			continue
		}
		if v, ok := b.info.Defs[id].(*types.Var); ok && as.Tok == token.DEFINE && len(as.Lhs) == len(as.Rhs) {
			if resolvable(v) {
				b.inits[v] = as.Rhs[i]
			}
			continue
		}
		b.markReassigned(id)
	}
}

// resolvable reports whether resolution may follow v to its initialiser:
// whether it can hold a contract, a contract list or a handler. Only such
// variables have their initialisers and writes recorded; every other
// variable of the package (most are errors, strings, structs) costs
// nothing beyond a type test.
func resolvable(v *types.Var) bool {
	t := v.Type()
	if _, ok := t.Underlying().(*types.Signature); ok {
		return true
	}
	return isContractList(t) || IsNamed(t, RuntimePath, "Contract")
}

// markReassigned records that the variable an expression is rooted at is
// written or addressed, so its initialiser no longer says what it holds.
func (b *builder) markReassigned(expr ast.Expr) {
	for {
		switch e := ast.Unparen(expr).(type) {
		case *ast.IndexExpr:
			expr = e.X
			continue
		case *ast.SelectorExpr:
			if _, isField := b.info.Selections[e]; isField {
				expr = e.X
				continue
			}
			expr = e.Sel
			continue
		case *ast.Ident:
			if v, ok := b.info.ObjectOf(e).(*types.Var); ok && resolvable(v) {
				b.m.reassigned[v] = true
			}
		}
		return
	}
}

// handlerFor returns the handler for a function literal or function,
// creating it with kind if it is new.
func (b *builder) handlerFor(key any, kind HandlerKind) *Handler {
	if h, ok := b.handlers[key]; ok {
		return h
	}
	h := &Handler{Kind: kind}
	switch k := key.(type) {
	case *ast.FuncLit:
		h.Lit = k
		h.Sig, _ = b.info.TypeOf(k).(*types.Signature)
	case *types.Func:
		h.Func = k
		h.Sig = k.Type().(*types.Signature)
		h.Decl = b.m.Funcs[k]
	}
	b.handlers[key] = h
	b.m.Handlers = append(b.m.Handlers, h)
	return h
}

// adaptedArgs returns the arguments of call that a handler adapter turns
// into a handler: functions shaped func(context.Context, T) (R, error),
// passed to a function that returns an SDK handler, or a value holding one
// (mcp-grafana's MustTool and ConvertTool, say). Such a function is a tool
// handler whose errors and results reach the client through the adapter.
// The arguments' types are looked at first, so that most calls cost a few
// map lookups and are never resolved.
func (b *builder) adaptedArgs(call *ast.CallExpr) []ast.Expr {
	var args []ast.Expr
	for _, arg := range call.Args {
		switch ast.Unparen(arg).(type) {
		case *ast.FuncLit, *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr:
		default:
			continue
		}
		if sig, ok := b.info.TypeOf(arg).(*types.Signature); ok && isAdaptableSignature(sig) {
			args = append(args, arg)
		}
	}
	if len(args) == 0 {
		return nil
	}
	fn := Callee(b.info, call)
	if fn == nil || fn.Pkg() == nil || !yieldsHandler(fn.Type().(*types.Signature)) {
		return nil
	}
	return args
}
