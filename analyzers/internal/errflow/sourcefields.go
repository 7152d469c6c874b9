package errflow

// What another package's struct results carry in their text fields. A
// client library may run a command and hand back a struct with the
// command's stderr in a field (&Result{Error: stderr.String()}), behind
// an interface (Client.ExecuteCommand) whose implementation the caller
// cannot name. A handler that formats r.Error into its failure puts the
// subprocess's raw output in front of the client. Where the called
// function has no summary — an interface method, or a function of a
// package the layer does not analyse, whose export data holds no bodies —
// the struct type's own package is read from source, as the Error methods
// of printed.go are: its literals of the type, and what each puts in a
// text field, followed through the locals of the function that builds it.
//
// The claim is about the type: a value of it, from whatever function,
// can hold what any literal of it in its package puts there. The file is
// not type-checked, so only shapes whose names and imports say what they
// are are read: a buffer an exec.Cmd writes to (cmd.Stderr = &buf, in a
// file importing os/exec), the output of Output or CombinedOutput in
// such a file, and a body read with io.ReadAll(resp.Body), followed
// through string conversions, concatenation, slicing, fmt.Sprint* and
// strings.Trim*. A field assigned after the literal (res.Error = …) is
// read when the function builds that local only as literals of the type;
// one assigned through a parameter or a value another function returns
// is not. Neither are the standard library's types, the
// runtime's or the SDKs', which are known; and a file is parsed past its
// imports only when it imports os/exec, io or io/ioutil.

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// maxSourceFiles bounds the files read for one package.
const maxSourceFiles = 256

// sourceFields memoizes readPackageLiterals for the whole process, keyed
// by directory and package path: the analyzer runs on many packages,
// often at once, and they ask about the same few types.
var sourceFields sync.Map // dir + "\x00" + path → *literalsOnce

// sourceFieldBlobs returns the raw values the text fields of result index
// of call hold, read from the source of the struct type's package, when
// that type is another package's. Each has its Field, and Via names the
// called function and the one that builds the literal.
func (w *walk) sourceFieldBlobs(call *ast.CallExpr, index int) []Blob {
	named, ok := types.Unalias(model.Deref(callResultType(w.s.info, call, index))).(*types.Named)
	if !ok || !isStructResult(named) {
		return nil
	}
	tn := named.Origin().Obj()
	if tn.Pkg() == nil || tn.Pkg() == w.s.pass.Pkg {
		return nil // this package's literals are read with their types
	}
	blobs := foreignFieldBlobs(w.s.pass.Fset, tn)
	if len(blobs) == 0 {
		return nil
	}
	var callee []string
	if fn := model.Callee(w.s.info, call); fn != nil {
		callee = []string{model.FuncName(fn)}
	}
	out := make([]Blob, len(blobs))
	for i, b := range blobs {
		if len(callee) > 0 && callee[0] != b.Via[0] { // not the function that builds it
			b.Via = append(slices.Clip(callee), b.Via...)
		}
		out[i] = b
	}
	return out
}

// callResultType returns the type of result index of call.
func callResultType(info *types.Info, call *ast.CallExpr, index int) types.Type {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		if index >= tuple.Len() {
			return nil
		}
		return tuple.At(index).Type()
	}
	return t
}

// foreignFieldBlobs returns the raw values the literals of tn in its
// package put in its text fields, the first for each field.
func foreignFieldBlobs(fset *token.FileSet, tn *types.TypeName) []Blob {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	pos := fset.Position(tn.Pos())
	if !pos.IsValid() || !filepath.IsAbs(pos.Filename) || inGOROOT(pos.Filename) || ownPackage(tn.Pkg()) {
		return nil // the standard library's, the runtime's and the SDKs' structs are known: none carries a blob
	}
	var out []Blob
	for _, b := range packageLiterals(filepath.Dir(pos.Filename), tn.Pkg())[tn.Name()] {
		f := fieldNamed(st, b.Field)
		if f != nil && IsText(f.Type()) && !slices.ContainsFunc(out, func(o Blob) bool { return o.Field == b.Field }) {
			out = append(out, b)
		}
	}
	return out
}

// inGOROOT reports whether file is in the standard library's source.
func inGOROOT(file string) bool {
	root := build.Default.GOROOT
	return root != "" && strings.HasPrefix(file, filepath.Join(root, "src")+string(filepath.Separator))
}

// fieldNamed returns the field of st named name, or nil.
func fieldNamed(st *types.Struct, name string) *types.Var {
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == name {
			return f
		}
	}
	return nil
}

// packageLiterals returns, memoized for the process, what
// readPackageLiterals finds in the package pkg in dir.
func packageLiterals(dir string, pkg *types.Package) map[string][]Blob {
	v, _ := sourceFields.LoadOrStore(dir+"\x00"+pkg.Path(), new(literalsOnce))
	e := v.(*literalsOnce)
	e.once.Do(func() { e.lits = readPackageLiterals(dir, pkg) })
	return e.lits
}

// A literalsOnce is a package's literals, read by the first goroutine to
// ask while the others wait.
type literalsOnce struct {
	once sync.Once
	lits map[string][]Blob
}

// readPackageLiterals parses the files of pkg in dir that the build
// would compile, and returns, by type name, the raw values its literals
// of named types put in their fields, in file order. Which fields hold
// text is for the caller, which has the types, to say.
func readPackageLiterals(dir string, pkg *types.Package) map[string][]Blob {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := map[string][]Blob{}
	read := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || e.IsDir() {
			continue
		}
		if read++; read > maxSourceFiles {
			break
		}
		if f, fset := parseSource(dir, name, pkg.Name()); f != nil {
			fileLiterals(fset, f, pkg, out)
		}
	}
	return out
}

// parseSource parses dir/name when the build would compile it into the
// package pkgName, or returns nil.
func parseSource(dir, name, pkgName string) (*ast.File, *token.FileSet) {
	if match, err := build.Default.MatchFile(dir, name); err != nil || !match {
		return nil, nil
	}
	// A raw value is produced in the function that puts it in a field
	// (its locals are followed, not its calls), so only a file that
	// imports what produces one can hold such a literal: its imports are
	// read first, and the rest of the file only then.
	file := filepath.Join(dir, name)
	fset := token.NewFileSet()
	f := parseBounded(fset, file, parser.ImportsOnly)
	if f == nil || f.Name.Name != pkgName || !slices.ContainsFunc(f.Imports, producesRaw) {
		return nil, nil
	}
	if f = parseBounded(fset, file, parser.SkipObjectResolution); f == nil {
		return nil, nil
	}
	return f, fset
}

// producesRaw reports whether an import is of a package whose functions
// sourceFunc.raw knows as producing raw values.
func producesRaw(spec *ast.ImportSpec) bool {
	switch spec.Path.Value {
	case `"os/exec"`, `"io"`, `"io/ioutil"`:
		return true
	}
	return false
}

// fileLiterals adds to out the raw values the functions of f put in the
// fields of the package's named types: in a literal's keyed fields, and
// in a field of a local the function builds as such a literal, assigned
// afterwards (res := &Result{…}; res.Error = stderr.String()).
func fileLiterals(fset *token.FileSet, f *ast.File, pkg *types.Package, out map[string][]Blob) {
	imports := importNames(f)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		src := &sourceFunc{body: fd.Body, imports: imports}
		add := func(typeName, field string, value ast.Expr) {
			if what := src.raw(value, 0); what != "" {
				p := fset.Position(value.Pos())
				kind := BlobBody
				if strings.Contains(what, "subprocess") {
					kind = BlobOutput
				}
				out[typeName] = append(out[typeName], Blob{
					Kind:  kind,
					What:  what,
					Site:  path.Base(pkg.Path()) + "/" + filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line),
					Via:   []string{pkg.Name() + "." + declName(fd)},
					Field: field,
				})
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if typeName := literalTypeName(n.Type); typeName != "" {
					for _, elt := range n.Elts {
						if kv, ok := elt.(*ast.KeyValueExpr); ok {
							if key, ok := kv.Key.(*ast.Ident); ok {
								add(typeName, key.Name, kv.Value)
							}
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, lhs := range n.Lhs {
					if sel, ok := lhs.(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok {
							if typeName := src.builtAs(x.Name); typeName != "" {
								add(typeName, sel.Sel.Name, n.Rhs[i])
							}
						}
					}
				}
			}
			return true
		})
	}
}

// builtAs returns the type name of the literals the function assigns to
// the local name, when all it assigns are literals of one named type (or
// their addresses), or "".
func (s *sourceFunc) builtAs(name string) string {
	typeName := ""
	for _, v := range s.valuesOf(name) {
		lit := model.CompositeLit(v)
		if lit == nil {
			return ""
		}
		t := literalTypeName(lit.Type)
		if t == "" || typeName != "" && t != typeName {
			return ""
		}
		typeName = t
	}
	return typeName
}

// literalTypeName returns the name of the package's own type a
// literal's type expression names, instantiated or not, or "".
func literalTypeName(expr ast.Expr) string {
	switch e := expr.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return literalTypeName(e.X)
	case *ast.IndexListExpr:
		return literalTypeName(e.X)
	}
	return ""
}

// declName names a function declaration as model.FuncName names its
// object, without the package: F, T.M or (*T).M.
func declName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) != 1 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		t, star = s.X, true
	}
	switch e := t.(type) {
	case *ast.IndexExpr:
		t = e.X
	case *ast.IndexListExpr:
		t = e.X
	}
	id, ok := t.(*ast.Ident)
	if !ok {
		return fd.Name.Name
	}
	if star {
		return "(*" + id.Name + ")." + fd.Name.Name
	}
	return id.Name + "." + fd.Name.Name
}

// importNames maps the names a file's imports are known by to their
// paths. Dot and blank imports name nothing; an import without a name is
// known by its path's last element, which is its package name in all but
// a few packages, none of them the ones read here.
func importNames(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		name := path.Base(p)
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name != "." && name != "_" {
			out[name] = p
		}
	}
	return out
}

// A sourceFunc is the body of a function read from source, untyped.
type sourceFunc struct {
	body    *ast.BlockStmt
	imports map[string]string
	assigns map[string][]ast.Expr // a local's name → the values written to it
}

// raw says what raw upstream value expr is, or "".
func (s *sourceFunc) raw(expr ast.Expr, depth int) string {
	if depth > maxBlobDepth {
		return ""
	}
	switch e := ast.Unparen(expr).(type) {
	case *ast.Ident:
		for _, v := range s.valuesOf(e.Name) {
			if what := s.raw(v, depth+1); what != "" {
				return what
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return ""
		}
		if what := s.raw(e.X, depth+1); what != "" {
			return what
		}
		return s.raw(e.Y, depth+1)
	case *ast.SliceExpr:
		return s.raw(e.X, depth+1)
	case *ast.CallExpr:
		return s.callRaw(e, depth)
	}
	return ""
}

// callRaw says what raw upstream value call returns, or "".
func (s *sourceFunc) callRaw(call *ast.CallExpr, depth int) string {
	if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "string" && len(call.Args) == 1 {
		return s.raw(call.Args[0], depth+1)
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if pkg, ok := sel.X.(*ast.Ident); ok && s.imports[pkg.Name] != "" {
		return s.funcRaw(s.imports[pkg.Name], sel.Sel.Name, call, depth)
	}
	if s.imports["exec"] != "os/exec" {
		return "" // the methods below are exec.Cmd's only where the file runs commands
	}
	switch sel.Sel.Name {
	case "Output", "CombinedOutput":
		if len(call.Args) == 0 {
			return "a subprocess's output from (*exec.Cmd)." + sel.Sel.Name
		}
	case "String", "Bytes":
		if buf, ok := sel.X.(*ast.Ident); ok && len(call.Args) == 0 {
			if field := s.commandOutput(buf.Name); field != "" {
				return "a subprocess's output written to " + buf.Name + " by (*exec.Cmd)." + field
			}
		}
	}
	return ""
}

// funcRaw says what raw upstream value a call of the package function
// pkg.name returns, or "".
func (s *sourceFunc) funcRaw(pkg, name string, call *ast.CallExpr, depth int) string {
	switch {
	case pkg == "strings" && strings.HasPrefix(name, "Trim") && len(call.Args) > 0:
		return s.raw(call.Args[0], depth+1)
	case pkg == "fmt" && strings.HasPrefix(name, "Sprint"):
		for _, arg := range call.Args {
			if what := s.raw(arg, depth+1); what != "" {
				return what
			}
		}
	case (pkg == "io" || pkg == "io/ioutil") && name == "ReadAll" && len(call.Args) == 1:
		if body, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr); ok && body.Sel.Name == "Body" {
			return "an HTTP response body read with " + path.Base(pkg) + ".ReadAll"
		}
	}
	return ""
}

// commandOutput returns the field of an exec.Cmd the function points at
// the local buf (cmd.Stderr = &buf), or "".
func (s *sourceFunc) commandOutput(buf string) string {
	field := ""
	ast.Inspect(s.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || field != "" || len(as.Lhs) != len(as.Rhs) {
			return field == ""
		}
		for i, lhs := range as.Lhs {
			sel, ok := lhs.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Stdout" && sel.Sel.Name != "Stderr" {
				continue
			}
			if u, ok := as.Rhs[i].(*ast.UnaryExpr); ok && u.Op == token.AND {
				if id, ok := u.X.(*ast.Ident); ok && id.Name == buf {
					field = sel.Sel.Name
				}
			}
		}
		return true
	})
	return field
}

// valuesOf returns the values the function writes to locals named name:
// by assignment, by var declaration, and, of a call's results, the
// first (what Output and ReadAll return their text in).
func (s *sourceFunc) valuesOf(name string) []ast.Expr {
	if s.assigns == nil {
		s.assigns = map[string][]ast.Expr{}
		ast.Inspect(s.body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				s.record(n.Lhs, n.Rhs)
			case *ast.ValueSpec:
				lhs := make([]ast.Expr, len(n.Names))
				for i, id := range n.Names {
					lhs[i] = id
				}
				s.record(lhs, n.Values)
			}
			return true
		})
	}
	return s.assigns[name]
}

// record notes the values an assignment writes to identifiers.
func (s *sourceFunc) record(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		switch {
		case len(rhs) == len(lhs):
			s.assigns[id.Name] = append(s.assigns[id.Name], rhs[i])
		case len(rhs) == 1 && i == 0:
			s.assigns[id.Name] = append(s.assigns[id.Name], rhs[0])
		}
	}
}
