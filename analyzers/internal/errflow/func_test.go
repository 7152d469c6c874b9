package errflow_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
)

// TestFuncAgrees checks that the one walk of a Func answers as the
// separate functions do, for every body (function literals included) of
// the test sources.
func TestFuncAgrees(t *testing.T) {
	for _, src := range []string{originsSrc, branchesSrc, `package p
import "errors"
func outer() func() error {
	captured := errors.New("outer")
	var zero error
	p := &zero
	_ = p
	f := func() error {
		_ = &captured
		inner := captured
		if inner != nil { return inner }
		g := func() error { return zero }
		return g()
	}
	if err := f(); err != nil { return func() error { return err } }
	return f
}`} {
		fset, file, info := check(t, src)
		x := errflow.NewIndex(info)
		var bodies []*ast.BlockStmt
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				bodies = append(bodies, n.Body)
			case *ast.FuncLit:
				bodies = append(bodies, n.Body)
			}
			return true
		})
		for _, body := range bodies {
			f := x.Func(body)
			if x.Func(body) != f {
				t.Fatal("Index.Func returned two Funcs for one body")
			}
			if diff := cmp.Diff(errflow.Returns(body), f.Returns()); diff != "" {
				t.Errorf("%s: returns (-want +got):\n%s", fset.Position(body.Pos()), diff)
			}
			want, got := errflow.Branches(info, body), f.Branches()
			if len(want) != len(got) {
				t.Errorf("%s: %d branches, want %d", fset.Position(body.Pos()), len(got), len(want))
				continue
			}
			for i := range want {
				if *want[i] != *got[i] {
					t.Errorf("%s: branch %d = %+v, want %+v", fset.Position(body.Pos()), i, *got[i], *want[i])
				}
			}
			r := errflow.NewResolver(info, body)
			addressed := map[*types.Var]bool{}
			ast.Inspect(body, func(n ast.Node) bool {
				if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok {
							addressed[v] = true
						}
					}
				}
				return true
			})
			for _, obj := range info.Uses {
				if v, ok := obj.(*types.Var); ok && f.Addressed(v) != addressed[v] {
					t.Errorf("%s: Addressed(%s) = %v", fset.Position(body.Pos()), v.Name(), f.Addressed(v))
				}
			}
			ast.Inspect(body, func(n ast.Node) bool {
				e, ok := n.(ast.Expr)
				if !ok {
					return true
				}
				if diff := cmp.Diff(r.Origins(e), f.Resolver().Origins(e)); diff != "" {
					t.Errorf("%s: origins of %s (-want +got):\n%s", fset.Position(e.Pos()), render(fset, []ast.Expr{e}), diff)
				}
				if r.MayHoldZero(e) != f.Resolver().MayHoldZero(e) {
					t.Errorf("%s: MayHoldZero of %s differs", fset.Position(e.Pos()), render(fset, []ast.Expr{e}))
				}
				return true
			})
		}
	}
}

// TestFuncConcurrent asks one index about the same bodies from several
// goroutines, as analyzers running in parallel do (run with -race).
func TestFuncConcurrent(t *testing.T) {
	_, file, info := check(t, branchesSrc)
	x := errflow.NewIndex(info)
	body := funcBody(file, "branches")
	var wg sync.WaitGroup
	results := make([]*errflow.Func, 8)
	for i := range results {
		wg.Go(func() {
			f := x.Func(body)
			_ = f.Branches()
			_ = f.Resolver().Origins(f.Returns()[0].Results[0])
			results[i] = f
		})
	}
	wg.Wait()
	for _, f := range results {
		if f != results[0] {
			t.Fatal("Index.Func returned two Funcs for one body")
		}
	}
	if len(results[0].Returns()) != len(errflow.Returns(body)) {
		t.Error("concurrent index lost returns")
	}
}

// TestOriginsManyAssignments checks that values come back in source order
// whether the resolver scans its assignments or indexes them.
func TestOriginsManyAssignments(t *testing.T) {
	for _, n := range []int{3, 40} {
		var src strings.Builder
		src.WriteString("package p\nimport \"errors\"\nfunc many(cond bool) error {\n\tvar a, b error\n")
		var want []string
		for i := range n {
			fmt.Fprintf(&src, "\tif cond { a = errors.New(\"a%d\") }\n\tb = errors.New(\"b%d\")\n", i, i)
			want = append(want, fmt.Sprintf("errors.New(\"a%d\")", i))
		}
		src.WriteString("\t_ = b\n\treturn a\n}\n")
		_, file, info := check(t, src.String())
		body := funcBody(file, "many")
		ret := errflow.Returns(body)[0]
		for _, r := range []*errflow.Resolver{errflow.NewResolver(info, body), errflow.NewIndex(info).Func(body).Resolver()} {
			var got []string
			for _, o := range r.Origins(ret.Results[0]) {
				got = append(got, types.ExprString(o))
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%d assignments: origins (-want +got):\n%s", n, diff)
			}
			if !r.MayHoldZero(ret.Results[0]) {
				t.Errorf("%d assignments: a may still hold its zero value", n)
			}
		}
	}
}
