package errflow_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
)

// check type-checks src, a file of package p.
func check(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:     map[ast.Expr]types.TypeAndValue{},
		Defs:      map[*ast.Ident]types.Object{},
		Uses:      map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return fset, f, info
}

// body returns the indexed body of the function name of f.
func body(info *types.Info, f *ast.File, name string) *errflow.Body {
	x := errflow.NewIndex(info, []*ast.File{f})
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return x.Body(fd.Body)
		}
	}
	return nil
}

func render(fset *token.FileSet, exprs []ast.Expr) []string {
	var out []string
	for _, e := range exprs {
		out = append(out, types.ExprString(e))
	}
	sort.Strings(out)
	return out
}

const originsSrc = `package p

import "errors"

func f() error           { return nil }
func g() (int, error)    { return 0, nil }
var global = errors.New("g")

func origins(param error, cond bool) (int, error) {
	err := f()
	if cond {
		err = errors.New("x")
	}
	n, err2 := g()
	var zero error
	alias := err
	func() { alias = param }()
	for _, e := range []error{global} {
		alias = e
	}
	if cond {
		return n, zero
	}
	if cond {
		return 0, err2
	}
	return 0, alias
}
`

func TestOrigins(t *testing.T) {
	fset, f, info := check(t, originsSrc)
	b := body(info, f, "origins")
	r := b.Root.Resolver
	want := [][]string{
		nil, // zero is declared without a value and never assigned
		{"g()"},
		{"[]error{…}", "errors.New(\"x\")", "f()", "param"},
	}
	for i, ret := range b.Returns {
		got := render(fset, r.Origins(errflow.ResultExpr(ret, 1, 2)))
		if diff := cmp.Diff(want[i], got); diff != "" {
			t.Errorf("return %d: origins (-want +got):\n%s", i, diff)
		}
	}
}

func TestMayHoldZero(t *testing.T) {
	_, f, info := check(t, `package p

import "errors"

func f(cond bool) (error, error, error, error) {
	var declared error
	if cond {
		declared = errors.New("x")
	}
	through := declared
	assigned := errors.New("y")
	var initialised error = errors.New("z")
	return declared, through, assigned, initialised
}`)
	b := body(info, f, "f")
	r := b.Root.Resolver
	ret := b.Returns[0]
	want := []bool{true, true, false, false}
	for i, e := range ret.Results {
		if got := r.MayHoldZero(e); got != want[i] {
			t.Errorf("MayHoldZero(%s) = %v, want %v", types.ExprString(e), got, want[i])
		}
	}
}

// TestOriginsOfCapturedVariables checks that a variable a function literal
// captures from its enclosing function is followed to what the enclosing
// function assigns it: the literal shares the resolver of its root.
func TestOriginsOfCapturedVariables(t *testing.T) {
	fset, f, info := check(t, `package p
import "errors"
func outer() func() error {
	captured := errors.New("outer")
	return func() error {
		inner := captured
		return inner
	}
}`)
	b := body(info, f, "outer")
	lit := b.Lits[0]
	inner := b.Root.Bodies[1]
	if inner.Node != lit {
		t.Fatalf("the root's second body is not its literal")
	}
	got := render(fset, b.Root.Resolver.Origins(inner.Returns[0].Results[0]))
	if diff := cmp.Diff([]string{`errors.New("outer")`}, got); diff != "" {
		t.Errorf("origins (-want +got):\n%s", diff)
	}
}

// TestOriginsThroughChannels checks that a value received from a channel
// the root makes and keeps to itself may be any value sent on it, and that
// one handed to a function is not followed.
func TestOriginsThroughChannels(t *testing.T) {
	fset, f, info := check(t, `package p
import "errors"
func worker(ch chan error) {}
func channels(cond bool) (error, error, error, error) {
	status := make(chan error, 1)
	go func() {
		if cond {
			status <- errors.New("in goroutine")
			return
		}
		status <- nil
	}()
	received := <-status
	var selected error
	select {
	case e := <-status:
		selected = e
	}
	var ranged error
	for e := range status {
		ranged = e
	}
	handed := make(chan error)
	go worker(handed)
	fromHanded := <-handed
	return received, selected, ranged, fromHanded
}`)
	b := body(info, f, "channels")
	r := b.Root.Resolver
	ret := b.Returns[len(b.Returns)-1]
	sent := []string{`errors.New("in goroutine")`, "nil"}
	want := [][]string{sent, sent, sent, {"<-handed"}}
	for i, e := range ret.Results {
		if diff := cmp.Diff(want[i], render(fset, r.Origins(e))); diff != "" {
			t.Errorf("origins of %s (-want +got):\n%s", types.ExprString(e), diff)
		}
	}
	var sends []string
	for _, s := range r.AnsweredSends(b) {
		sends = append(sends, types.ExprString(s.Value))
	}
	if diff := cmp.Diff(sent, sends); diff != "" {
		t.Errorf("answered sends (-want +got):\n%s", diff)
	}
}

func TestReturnsSkipsNestedLiterals(t *testing.T) {
	_, f, info := check(t, `package p
func h() error {
	inner := func() error { return nil }
	if inner() != nil { return inner() }
	return nil
}`)
	if got := len(errflow.Returns(body(info, f, "h").Block)); got != 2 {
		t.Errorf("got %d returns, want 2", got)
	}
}

const branchesSrc = `package p

import (
	"errors"
	"io"
	"os"
)

var ErrGone = errors.New("gone")

type myErr struct{}

func (*myErr) Error() string { return "" }

func f() error { return nil }

func branches(cond bool) error {
	err := f()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil // in: err sentinel
		}
		if cerr := f(); cerr != nil {
			return cerr // in: cerr plain
		}
		return err // in: err plain
	}
	if err == nil {
		return nil // in: none
	} else {
		return err // in: err plain
	}
	if err == nil {
		return nil // in: none
	} else if cond {
		return err // in: err plain
	}
	err = f() // a fresh error: the checks above do not decide this one
	if err != nil && cond {
		return err // in: err plain
	}
	if err != nil || cond {
		return err // in: err partial
	}
	if errors.Is(err, io.EOF) || errors.Is(err, ErrGone) {
		return nil // in: err sentinel
	}
	if err == io.EOF {
		return nil // in: err sentinel
	}
	if os.IsNotExist(err) {
		return nil // in: err sentinel
	}
	var target *myErr
	if err != nil && errors.As(err, &target) {
		return nil // in: err sentinel
	}
	switch {
	case err != nil:
		return err // in: err plain
	}
	switch err {
	case nil:
		return nil // in: none
	case io.EOF:
		return nil // in: err sentinel
	default:
		return err // in: err plain
	}
	switch e := err.(type) {
	case *myErr:
		return e // in: err sentinel
	}
	if !errors.Is(err, io.EOF) {
		return err // in: none
	}
	return nil // in: none
}
`

func TestBranches(t *testing.T) {
	fset, f, info := check(t, branchesSrc)
	b := body(info, f, "branches")
	comments := map[int]string{}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if text, ok := strings.CutPrefix(c.Text, "// in: "); ok {
				comments[fset.Position(c.Pos()).Line] = text
			}
		}
	}
	for _, ret := range b.Returns {
		line := fset.Position(ret.Pos()).Line
		got := "none"
		if br := errflow.InnermostBranch(b, ret); br != nil {
			kind := "plain"
			switch {
			case br.Sentinel:
				kind = "sentinel"
			case br.Partial:
				kind = "partial"
			}
			got = fmt.Sprintf("%s %s", br.Err.Name(), kind)
		}
		if want := comments[line]; got != want {
			t.Errorf("line %d: return is in %q, want %q", line, got, want)
		}
	}
}
