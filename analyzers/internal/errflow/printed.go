package errflow

// Which fields an Error method prints. An error type's literal that puts
// a raw value in such a field puts it in the error's text:
// slack.StatusCodeError{Status: string(body)}, whose Error returns
// "slack server error: " + Status. For a type of the package the method's
// body is at hand; for a type of another package, or of another module,
// the pass has only its export data, which holds no function bodies, and
// a summary fact only exists for the packages the layer analyses. So the
// method's own source file is read, where the build's export data says it
// is: the module cache, a vendor directory, the workspace. When the file
// cannot be read (a -trimpath build, a build system that only ships
// export data) the fields are unknown and nothing is reported.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sync"
)

// printedFields returns the names of the fields, selected on an
// identifier isRecv says is the receiver, that an Error method's body
// puts in its text: read in its return statements, or written into the
// buffer or builder it returns the text of (b.WriteString(r.Errors[0]),
// fmt.Fprintf(&b, "%s", r.Body)). Calls are known by their names: a body
// of another package is read untyped.
//
// A method of the receiver the text calls (return prefix + e.responseErr())
// prints what its own body does: method gives its body and how it knows
// its receiver, or nil for a name that is a field.
func printedFields(body *ast.BlockStmt, isRecv func(*ast.Ident) bool, method receiverMethod) map[string]bool {
	return printedFieldsOf(body, isRecv, method, map[string]bool{})
}

// receiverMethod returns the body of the receiver's method name, and how
// that body knows its receiver, or nil.
type receiverMethod func(name string) (*ast.BlockStmt, func(*ast.Ident) bool)

func printedFieldsOf(body *ast.BlockStmt, isRecv func(*ast.Ident) bool, method receiverMethod, seen map[string]bool) map[string]bool {
	var fields map[string]bool
	collect := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && isRecv(id) {
					fields = setTrue(fields, sel.Sel.Name)
				}
			}
			return true
		})
	}
	defer func() {
		// Names that are the receiver's methods: what those print.
		for name := range fields {
			if method == nil || seen[name] {
				continue
			}
			seen[name] = true
			if mbody, mrecv := method(name); mbody != nil {
				for f := range printedFieldsOf(mbody, mrecv, method, seen) {
					fields = setTrue(fields, f)
				}
			}
		}
	}()
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a literal's returns are not the method's
		case *ast.ReturnStmt:
			collect(n)
		case *ast.CallExpr:
			if writesText(n) {
				for _, a := range n.Args {
					collect(a)
				}
			}
		case *ast.RangeStmt:
			// for _, e := range r.Errors { b.WriteString(e) }
			writes := false
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok && writesText(call) {
					writes = true
				}
				return !writes
			})
			if writes {
				collect(n.X)
			}
		}
		return true
	})
	return fields
}

// writesText reports whether a call writes text into a buffer or builder.
func writesText(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && textWriters[sel.Sel.Name]
}

// textWriters are the names of the calls that write text into a buffer or
// builder: what an Error method writes there, it prints.
var textWriters = map[string]bool{"WriteString": true, "Write": true, "Fprintf": true, "Fprint": true, "Fprintln": true}

// foreignMethods memoizes foreignPrintedFields for the whole process:
// the analyzer runs on many packages, often at once, and they ask about
// the same few types. Keyed by the method's position.
var foreignMethods sync.Map // token.Position.String() → map[string]bool

// maxSourceFile bounds a source file read of another package.
const maxSourceFile = 4 << 20

// parseBounded parses file with mode, or returns nil when it cannot be
// read, is larger than maxSourceFile, or does not parse.
func parseBounded(fset *token.FileSet, file string, mode parser.Mode) *ast.File {
	if st, err := os.Stat(file); err != nil || st.Size() > maxSourceFile {
		return nil
	}
	f, err := parser.ParseFile(fset, file, nil, mode)
	if err != nil {
		return nil
	}
	return f
}

// foreignPrintedFields reads the Error method fn of another package from
// its source file and returns the receiver's fields its returns read, or
// nil.
func foreignPrintedFields(fset *token.FileSet, fn *types.Func) map[string]bool {
	pos := fset.Position(fn.Pos())
	if !pos.IsValid() || !filepath.IsAbs(pos.Filename) {
		return nil
	}
	key := pos.String()
	if v, ok := foreignMethods.Load(key); ok {
		return v.(map[string]bool)
	}
	fields := readPrintedFields(pos.Filename, pos.Line, fn.Name())
	foreignMethods.Store(key, fields)
	return fields
}

// readPrintedFields parses file and returns the fields the receiver of
// the method name declared at line selects in its return statements.
// The receiver is known by name: the file is not type-checked, and a
// method that shadows its receiver to print something else is rare
// enough to misread.
func readPrintedFields(file string, line int, name string) map[string]bool {
	fset := token.NewFileSet()
	f := parseBounded(fset, file, parser.SkipObjectResolution)
	if f == nil {
		return nil
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || fd.Body == nil || fd.Name.Name != name || fset.Position(fd.Name.Pos()).Line != line {
			continue
		}
		if len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
			return nil // an unnamed receiver prints none of its fields
		}
		recv := fd.Recv.List[0].Names[0].Name
		typ := recvTypeName(fd)
		method := func(name string) (*ast.BlockStmt, func(*ast.Ident) bool) {
			for _, d := range f.Decls {
				md, ok := d.(*ast.FuncDecl)
				if !ok || md.Recv == nil || md.Body == nil || md.Name.Name != name || recvTypeName(md) != typ ||
					len(md.Recv.List) != 1 || len(md.Recv.List[0].Names) != 1 {
					continue
				}
				r := md.Recv.List[0].Names[0].Name
				return md.Body, func(id *ast.Ident) bool { return id.Name == r }
			}
			return nil, nil
		}
		return printedFields(fd.Body, func(id *ast.Ident) bool { return id.Name == recv }, method)
	}
	return nil
}

// recvTypeName returns the name of a method declaration's receiver type,
// without a star or type parameters.
func recvTypeName(fd *ast.FuncDecl) string {
	t := fd.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch e := t.(type) {
	case *ast.IndexExpr:
		t = e.X
	case *ast.IndexListExpr:
		t = e.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
