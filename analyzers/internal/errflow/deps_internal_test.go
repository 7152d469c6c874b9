package errflow

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestHasBodies checks how a dependency package's bodies are told
// type-checked: a type switch's symbolic variable, the first identifier
// of many a body, is in Defs as nil; a body that names nothing has nothing
// to resolve; a package with no bodies has none to check; bodies left
// unchecked are not.
func TestHasBodies(t *testing.T) {
	for _, tc := range []struct {
		name, src      string
		checkBodies    bool
		bodies, hasAny bool
	}{
		{"type switch first", `package p
func F(err error) error {
	switch err := err.(type) {
	case nil:
		return nil
	default:
		return err
	}
}`, true, true, true},
		{"names nothing", `package p
func Version() string { return "1.38.0" }`, true, true, true},
		{"no bodies", `package p
type I interface{ M() }
const C = 1`, true, false, false},
		{"unchecked", `package p
func F(x int) int { return x + 1 }`, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", tc.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
			conf := types.Config{Importer: importer.Default(), IgnoreFuncBodies: !tc.checkBodies}
			if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, TypesInfo: info}
			if got := hasBodies(pass); got != tc.bodies {
				t.Errorf("hasBodies = %v, want %v", got, tc.bodies)
			}
			if got := anyBody(pass); got != tc.hasAny {
				t.Errorf("anyBody = %v, want %v", got, tc.hasAny)
			}
		})
	}
}
