package handlerbody

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"testing"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// fakeSDK is as much of the go-sdk's mcp package as the index reads.
const fakeSDK = `package mcp

type Content interface{ content() }

type CallToolResult struct {
	Content []Content
	IsError bool
}

func (r *CallToolResult) SetError(err error) {}
`

const indexSrc = `package p

import (
	"errors"
	"fmt"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type box struct {
	Cause error
	Errs  []error
	Msg   string
}

func (b *box) SetCause(err error) { b.Cause = err }

func fill(b *box, err error) { b.Cause = err }

func f() (int, error) { return 0, nil }

func handler(cond bool, errs []error) (*mcp.CallToolResult, error) {
	_, err := f()
	if err != nil {
		if cond {
			return nil, fmt.Errorf("early: %v", err)
		}
		var b box
		b.Cause = err
		var c box
		c.SetCause(err)
		var d box
		fill(&d, err)
		var e box
		e.Errs = append(e.Errs, err)
		msg := err.Error()
		var text string
		text = fmt.Sprintf("%v", err)
		var wrapped = fmt.Errorf("x: %w", err)
		var copied error
		for _, copied = range errs {
		}
		log.Printf("failed: %v", err)
		res := &mcp.CallToolResult{}
		res.SetError(err)
		other := &mcp.CallToolResult{}
		other.IsError = true
		notErr := &mcp.CallToolResult{}
		notErr.IsError = false
		maybe := &mcp.CallToolResult{}
		maybe.IsError = cond
		go func() {
			inner := err
			_ = inner
		}()
		_, _, _, _, _, _, _, _, _ = b, c, d, e, msg, text, wrapped, copied, other
		_, _ = notErr, maybe
		if cond {
			return res, nil
		}
		return nil, errors.New("lost")
	}
	only := &mcp.CallToolResult{}
	if cond {
		return only, nil
	}
	return only, err
}
`

// TestIndexAgrees checks the questions the index answers against their
// answers by walking the body, as the rules asked them before the index.
func TestIndexAgrees(t *testing.T) {
	fset := token.NewFileSet()
	sdkFile, err := parser.ParseFile(fset, "mcp.go", fakeSDK, 0)
	if err != nil {
		t.Fatal(err)
	}
	sdk, err := (&types.Config{}).Check(model.GoSDKPath, fset, []*ast.File{sdkFile}, nil)
	if err != nil {
		t.Fatal(err)
	}
	file, err := parser.ParseFile(fset, "p.go", indexSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	std := importer.ForCompiler(fset, "source", nil)
	conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if path == model.GoSDKPath {
			return sdk, nil
		}
		return std.Import(path)
	})}
	if _, err := conf.Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var body *ast.BlockStmt
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "handler" {
			body = fd.Body
		}
	}
	flow := errflow.NewIndex(info).Func(body)
	h := &handler{c: &checker{info: info}, body: body, branches: flow.Branches(), returns: flow.Returns()}

	if got, want := h.errorMarked(), refErrorMarked(h); !maps.Equal(got, want) {
		t.Errorf("errorMarked = %v, want %v", names(got), names(want))
	}
	vars := map[*types.Var]bool{}
	for _, m := range []map[*ast.Ident]types.Object{info.Uses, info.Defs} {
		for _, obj := range m {
			if v, ok := obj.(*types.Var); ok && !v.IsField() {
				vars[v] = true
			}
		}
	}
	if len(vars) < 20 {
		t.Fatalf("only %d variables", len(vars))
	}
	for v := range vars {
		// onlyReturned is asked of the handler's locals.
		if v.Parent() != v.Pkg().Scope() {
			if got, want := h.onlyReturned(v), refOnlyReturned(h, v); got != want {
				t.Errorf("onlyReturned(%s) = %v, want %v", v.Name(), got, want)
			}
		}
		if got, want := h.mutatedBy(v), refMutatedBy(h, v); !maps.Equal(got, want) {
			t.Errorf("mutatedBy(%s) = %v, want %v", v.Name(), names(got), names(want))
		}
		if got, want := h.taintedBy(v), refTaintedBy(h, v); !maps.Equal(got, want) {
			t.Errorf("taintedBy(%s) = %v, want %v", v.Name(), names(got), names(want))
		}
	}
	// Not vacuous: err moves into most of the handler's variables.
	var errVar *types.Var
	for id, obj := range info.Defs {
		if id.Name == "err" && body.Pos() <= id.Pos() && id.Pos() < body.End() {
			errVar, _ = obj.(*types.Var)
		}
	}
	if errVar == nil {
		t.Fatal("no err")
	}
	has := func(m map[*types.Var]bool, want ...string) {
		t.Helper()
		got := map[string]bool{}
		for _, n := range names(m) {
			got[n] = true
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("%s missing from %v", w, names(m))
			}
		}
	}
	has(h.mutatedBy(errVar), "b", "c", "d", "e", "res")
	has(h.taintedBy(errVar), "err", "b", "c", "d", "e", "res", "text", "wrapped")
	has(h.errorMarked(), "res", "other", "maybe")

	if len(h.branches) == 0 {
		t.Fatal("no error branch")
	}
	for _, br := range h.branches {
		for _, ret := range h.returns {
			if !within(ret, br.Body) {
				continue
			}
			if got, want := h.passedOnBefore(br, ret), refPassedOnBefore(h, br, ret); got != want {
				t.Errorf("passedOnBefore(%s, line %d) = %v, want %v", br.Err.Name(), fset.Position(ret.Pos()).Line, got, want)
			}
		}
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func names(m map[*types.Var]bool) []string {
	var out []string
	for v, ok := range m {
		if ok {
			out = append(out, v.Name())
		}
	}
	return out
}

// The reference answers: one walk of the body per question.

func refErrorMarked(h *handler) map[*types.Var]bool {
	info := h.c.info
	marked := map[*types.Var]bool{}
	ast.Inspect(h.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && isSetError(model.Callee(info, n)) {
				if v := h.localVar(sel.X); v != nil {
					marked[v] = true
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "IsError" || !isCallToolResult(info.TypeOf(sel.X)) {
					continue
				}
				if i < len(n.Rhs) {
					if isError, ok := boolConst(info, n.Rhs[i]); ok && !isError {
						continue
					}
				}
				if v := h.localVar(sel.X); v != nil {
					marked[v] = true
				}
			}
		}
		return true
	})
	return marked
}

func refOnlyReturned(h *handler, v *types.Var) bool {
	info := h.c.info
	returned := map[*ast.Ident]bool{}
	ast.Inspect(h.body, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok {
			for _, r := range ret.Results {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok {
					returned[id] = true
				}
			}
		}
		return true
	})
	only := true
	ast.Inspect(h.body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && !returned[id] {
			only = false
		}
		return only
	})
	return only
}

func refArgsMention(info *types.Info, call *ast.CallExpr, vars map[*types.Var]bool) bool {
	for _, a := range call.Args {
		if mentionsAny(info, a, vars) {
			return true
		}
	}
	return false
}

func refMutatedBy(h *handler, err *types.Var) map[*types.Var]bool {
	info := h.c.info
	m := map[*types.Var]bool{}
	ast.Inspect(h.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if _, plain := ast.Unparen(lhs).(*ast.Ident); plain {
					continue
				}
				if rhs := errflow.Assigned(n, i); rhs != nil && errflow.Mentions(info, rhs, err) {
					if v := h.rootVar(lhs); v != nil {
						m[v] = true
					}
				}
			}
		case *ast.CallExpr:
			if !refArgsMention(info, n, map[*types.Var]bool{err: true}) {
				break
			}
			for _, v := range h.callTargets(n) {
				m[v] = true
			}
		}
		return true
	})
	return m
}

func refTaintedBy(h *handler, err *types.Var) map[*types.Var]bool {
	info := h.c.info
	t := map[*types.Var]bool{err: true}
	add := func(v *types.Var) bool {
		if v == nil || t[v] {
			return false
		}
		t[v] = true
		return true
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(h.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if rhs := errflow.Assigned(n, i); rhs != nil && mentionsAny(info, rhs, t) {
						changed = add(h.rootVar(lhs)) || changed
					}
				}
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if value := errflow.Declared(n, i); value != nil && mentionsAny(info, value, t) {
						v, _ := info.Defs[name].(*types.Var)
						changed = add(v) || changed
					}
				}
			case *ast.RangeStmt:
				if mentionsAny(info, n.X, t) {
					for _, x := range []ast.Expr{n.Key, n.Value} {
						if x != nil {
							changed = add(h.rootVar(x)) || changed
						}
					}
				}
			case *ast.CallExpr:
				if refArgsMention(info, n, t) {
					for _, v := range h.callTargets(n) {
						changed = add(v) || changed
					}
				}
			}
			return true
		})
	}
	return t
}

func refPassedOnBefore(h *handler, br *errflow.Branch, ret *ast.ReturnStmt) bool {
	info := h.c.info
	found := false
	ast.Inspect(br.Body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= ret.Pos() {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok && call.End() <= ret.Pos() {
			for _, a := range call.Args {
				if errflow.Mentions(info, a, br.Err) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
