package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A builder fills a Model in one traversal of the package's syntax,
// followed by resolution of what the traversal collected: contracts may be
// declared after the tools that use them.
type builder struct {
	pass *analysis.Pass
	info *types.Info
	m    *Model

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

	toolLits []*ast.CompositeLit
}

func newBuilder(pass *analysis.Pass, m *Model) *builder {
	b := &builder{
		pass:      pass,
		info:      pass.TypesInfo,
		m:         m,
		entries:   map[*ast.CompositeLit]*Entry{},
		contracts: map[*ast.CompositeLit]*Contract{},
		foreign:   map[*types.Var][]*Entry{},
		inits:     map[*types.Var]ast.Expr{},
	}
	m.reassigned = map[*types.Var]bool{}
	m.inits = b.inits
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
	b.exportContractFacts()
}

// scanFile records what one file contains.
func (b *builder) scanFile(file *ast.File) {
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
}

func (b *builder) scanNode(n ast.Node, enclosing *ast.FuncDecl) {
	switch n := n.(type) {
	case *ast.CompositeLit:
		b.scanCompositeLit(n)
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
