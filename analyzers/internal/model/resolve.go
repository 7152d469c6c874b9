package model

import (
	"go/ast"
	"go/types"
)

// entry returns the Entry for a mcperr.Contract literal, reading it on
// first use.
func (b *builder) entry(lit *ast.CompositeLit) *Entry {
	if e, ok := b.entries[lit]; ok {
		return e
	}
	e := &Entry{Lit: lit}
	for i, elt := range lit.Elts {
		name, value := "", elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				name = id.Name
			}
			value = kv.Value
		} else if i < len(entryFields) {
			name = entryFields[i]
		}
		if f := e.field(name); f != nil {
			*f = Field{Written: true, Expr: value, Value: b.info.Types[value].Value}
		}
	}
	b.entries[lit] = e
	b.m.Entries = append(b.m.Entries, e)
	return e
}

// resolveContracts reads the entries of every contract literal.
func (b *builder) resolveContracts() {
	for _, c := range b.m.Contracts {
		for _, elt := range c.Lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok { // an indexed array element
				elt = kv.Value
			}
			entries, ok := b.resolveEntries(elt, false, 0)
			if !ok {
				c.NotStatic = append(c.NotStatic, elt)
				continue
			}
			if c.Entries == nil {
				c.Entries = make([]*Entry, 0, len(c.Lit.Elts))
				c.Sites = make([]ast.Expr, 0, len(c.Lit.Elts))
			}
			for _, e := range entries {
				c.Entries = append(c.Entries, e)
				c.Sites = append(c.Sites, elt)
			}
		}
	}
}

// maxIndirections bounds how many variables resolution follows, so that
// v = w, w = v cannot loop.
const maxIndirections = 8

// resolveEntries returns the entries an expression statically denotes: a
// Contract literal (or, when list is set, a []Contract literal), or a
// variable initialised by one and never reassigned, in this package or,
// through a ContractFact, in another.
func (b *builder) resolveEntries(expr ast.Expr, list bool, depth int) ([]*Entry, bool) {
	if depth > maxIndirections {
		return nil, false
	}
	expr = ast.Unparen(expr)
	if lit, ok := expr.(*ast.CompositeLit); ok {
		if list {
			if c, ok := b.contracts[lit]; ok && len(c.NotStatic) == 0 {
				return c.Entries, true
			}
			return nil, false
		}
		if IsNamed(b.info.TypeOf(lit), RuntimePath, "Contract") {
			return []*Entry{b.entry(lit)}, true
		}
		return nil, false
	}
	v := VarOf(b.info, expr)
	if v == nil {
		return nil, false
	}
	if v.Pkg() != b.pass.Pkg {
		// Read once, however many tools share the variable, as a local
		// contract's entries are.
		entries, ok := b.foreign[v]
		if !ok {
			if fact := new(ContractFact); b.pass.ImportObjectFact(v, fact) {
				entries = fact.entries()
			}
			b.foreign[v] = entries
		}
		return entries, entries != nil
	}
	init, ok := b.inits[v]
	if !ok || b.m.reassigned[v] {
		return nil, false
	}
	return b.resolveEntries(init, list, depth+1)
}

// VarOf returns the variable an identifier or qualified identifier denotes
// (not a struct field), or nil.
func VarOf(info *types.Info, expr ast.Expr) *types.Var {
	var id *ast.Ident
	switch e := expr.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		if _, isField := info.Selections[e]; isField {
			return nil
		}
		id = e.Sel
	default:
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v != nil && v.IsField() {
		return nil
	}
	return v
}

// resolveTools reads every tool literal.
func (b *builder) resolveTools() {
	for _, lit := range b.toolLits {
		t := &Tool{Lit: lit}
		if named, ok := types.Unalias(b.info.TypeOf(lit)).(*types.Named); ok && named.TypeArgs().Len() == 2 {
			t.In, t.Out = named.TypeArgs().At(0), named.TypeArgs().At(1)
		}
		t.Name = b.constString(fieldValue(lit, "Name", 0))
		t.Title = b.constString(fieldValue(lit, "Title", 1))
		t.Description = b.constString(fieldValue(lit, "Description", 2))
		t.Errors = fieldValue(lit, "Errors", 3)
		if t.Errors != nil && isNil(b.info, t.Errors) {
			t.Errors = nil // Errors: nil declares no contract, like leaving it out
		}
		t.Contract = b.toolContract(t.Errors)
		t.HandlerExpr = fieldValue(lit, "Handler", 4)
		b.m.Tools = append(b.m.Tools, t)
	}
}

// constString returns the value of expr when it is a string constant, and
// "" otherwise (including when expr is nil, an absent field).
func (b *builder) constString(expr ast.Expr) string {
	if expr == nil {
		return ""
	}
	s, _ := Field{Written: true, Value: b.info.Types[expr].Value}.String()
	return s
}

// toolContract returns the Contract a tool's Errors expression denotes, or
// nil when there is none or it is not statically known. A literal is its
// own contract even when some of its elements are not static: those are
// reported where they are, and the rest can still be checked.
func (b *builder) toolContract(errors ast.Expr) *Contract {
	if errors == nil {
		return nil
	}
	if lit, ok := ast.Unparen(errors).(*ast.CompositeLit); ok {
		return b.contracts[lit]
	}
	if entries, ok := b.resolveEntries(errors, true, 0); ok {
		return &Contract{Entries: entries}
	}
	return nil
}

// isNil reports whether expr is the predeclared nil.
func isNil(info *types.Info, expr ast.Expr) bool {
	tv, ok := info.Types[expr]
	return ok && tv.IsNil()
}

// ReturnedFuncLits returns the function literals a body returns directly,
// not those inside nested literals: the handlers a handler factory makes.
func ReturnedFuncLits(body *ast.BlockStmt) []*ast.FuncLit {
	var lits []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if lit, ok := ast.Unparen(r).(*ast.FuncLit); ok {
					lits = append(lits, lit)
				}
			}
		}
		return true
	})
	return lits
}

// exportContractFacts records the package-level contract variables a tool
// in another package may use.
func (b *builder) exportContractFacts() {
	scope := b.pass.Pkg.Scope()
	for v, init := range b.inits {
		if v.Parent() != scope || b.m.reassigned[v] {
			continue
		}
		t := v.Type()
		var entries []*Entry
		var ok bool
		switch {
		case isContractList(t):
			entries, ok = b.resolveEntries(init, true, 0)
		case IsNamed(t, RuntimePath, "Contract"):
			entries, ok = b.resolveEntries(init, false, 0)
		}
		if ok {
			b.pass.ExportObjectFact(v, factOf(entries))
		}
	}
}
