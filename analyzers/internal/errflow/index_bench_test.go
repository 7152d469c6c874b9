package errflow

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// BenchmarkIndexFlat measures the index of one function made of n
// sequential checks of the same error (v, err := step(); if err != nil {
// return err }), the shape of generated clients and long handlers. The
// cost per check should not grow with n: compare the ns/check of the
// sizes.
//
//	go test -run '^$' -bench IndexFlat ./analyzers/internal/errflow/
func BenchmarkIndexFlat(b *testing.B) {
	for _, n := range []int{250, 1000, 4000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var src strings.Builder
			src.WriteString("package p\n\nfunc step() (int, error) { return 0, nil }\n\nfunc long() (int, error) {\n\tsum := 0\n")
			for range n {
				src.WriteString("\tv, err := step()\n\tif err != nil {\n\t\treturn 0, err\n\t}\n\tsum += v\n")
			}
			src.WriteString("\treturn sum, nil\n}\n")
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "p.go", strings.ReplaceAll(src.String(), "v, err :=", "v, err = "), 0)
			if err != nil {
				b.Fatal(err)
			}
			// One declaration of v and err, at the top.
			f.Decls[1].(*ast.FuncDecl).Body.List = append([]ast.Stmt{&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
				&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent("v")}, Type: ast.NewIdent("int")},
				&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent("err")}, Type: ast.NewIdent("error")},
			}}}}, f.Decls[1].(*ast.FuncDecl).Body.List...)
			info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
			pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				newIndex(info, []*ast.File{f}, pkg, "")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/check")
		})
	}
}
