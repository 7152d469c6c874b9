package errflow

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const nilBeforeSrc = `package p

import "os"

func f() (string, error) { return "", nil }

func shadowed() (string, error) {
	out, err := f()
	if err != nil {
		err := os.Remove(out)
		if err != nil {
			return "", err
		}
		return "", err // nil: the removal's err, checked just before
	}
	return out, nil
}

func checkedThenAssigned() (string, error) {
	out, err := f()
	if err != nil {
		return "", err
	}
	if out, err = f(); err != nil {
		return "", err // the second call's failure
	}
	switch out, err = f(); {
	case err != nil:
		return "", err // the third call's failure
	}
	return out, err // nil, though the switch is not read as a check
}
`

// TestNilBefore checks which returned errs are surely nil after an if
// that returned when they were not: not one assigned again in the init
// of the if (or switch) around the return.
func TestNilBefore(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", nilBeforeSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	want := map[int]bool{ // line of a return of err → surely nil
		12: false, 14: true,
		22: false, 25: false, 29: false, 31: false,
	}
	got := map[int]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name == "f" {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok || len(ret.Results) != 2 {
				return true
			}
			id, ok := ret.Results[1].(*ast.Ident)
			if !ok || id.Name != "err" {
				return true
			}
			got[fset.Position(ret.Pos()).Line] = nilBefore(info, PathTo(fd.Body, id), info.Uses[id].(*types.Var))
			return true
		})
	}
	for line, w := range want {
		if g, ok := got[line]; !ok || g != w {
			t.Errorf("line %d: nilBefore = %v (found %v), want %v", line, g, ok, w)
		}
	}
}
