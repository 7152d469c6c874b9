package handlerbody

// A client-visible message is any text the client receives as the story of
// a failure: an mcperr error's message, the text of an SDK error result,
// and the text of an error a handler returns (every SDK shows it to the
// client: mcperr renders it, a go-sdk typed handler's and an mcp-go
// structured handler's errors become error results, the others' become the
// JSON-RPC error message). A raw upstream blob is a value whose text was
// not written for the client: JSON-encoded data, an HTTP body read in
// full, an HTTP dump, a subprocess's output, a %+v or %#v dump of a
// struct. Blobs are followed through local variables and through the
// string functions that keep them (conversions, concatenation, slicing,
// fmt.Sprintf, strings.TrimSpace).

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// checkPackage walks the package once for the rules that are about calls
// wherever they are: prefer-error-factory and the messages of
// no-stringify-upstream-error.
func (c *checker) checkPackage() {
	for _, file := range c.pass.Files {
		if c.model.InGenerated(c.pass.Fset, file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			s := &messageScan{c: c}
			if fd, ok := decl.(*ast.FuncDecl); ok {
				s.body = fd.Body
			}
			s.scan(decl)
		}
	}
}

// scan checks the calls and literals under n. A function literal outside
// any function (in a package variable's initialiser) is scanned with its
// own body, so that its locals are followed.
func (s *messageScan) scan(n ast.Node) {
	c := s.c
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if s.body == nil {
				(&messageScan{c: c, body: n.Body}).scan(n.Body)
				return false
			}
		case *ast.CallExpr:
			fn := model.Callee(c.info, n)
			if c.model.ImportsRuntime {
				c.preferErrorFactory(n, fn)
			}
			s.callSinks(n, fn)
		case *ast.CompositeLit:
			s.resultLitSinks(n)
		case *ast.AssignStmt:
			for _, x := range s.isErrorAssign(n) {
				s.markedResult(x)
			}
		}
		return true
	})
}

// noStringifyInReturnedErrors checks the text of the errors a handler
// returns: those it builds with fmt.Errorf or errors.New, and those the
// package's helpers it calls return (see returnedBlobs). A helper's error
// returned in a branch chosen by errors.Is is a known condition the
// handler passes on on purpose, and is not followed.
func noStringifyInReturnedErrors(h *handler) {
	s := &messageScan{c: h.c, body: h.body, resolver: h.resolver}
	for _, ret := range h.returns {
		e := errflow.Result(ret, h.results-1, h.results)
		if e == nil || errflow.IsNil(h.c.info, e) {
			continue
		}
		br := errflow.Innermost(h.branches, ret)
		s.keepInside = br != nil && br.Sentinel
		s.errorValue(e, "the error "+h.describe()+" returns")
	}
}

// A messageScan checks the messages built in one declaration.
type messageScan struct {
	c        *checker
	body     *ast.BlockStmt // the enclosing function's body, or nil
	resolver *errflow.Resolver
	// keepInside stops errorBlobs at the calls of the package's helpers,
	// for an error the handler chose by testing which one it is.
	keepInside bool
}

// origins follows expr through the local variables of the declaration.
func (s *messageScan) origins(expr ast.Expr) []ast.Expr {
	if s.resolver == nil {
		s.resolver = s.c.flows.Func(s.body).Resolver()
	}
	return s.resolver.Origins(expr)
}

// callSinks checks the messages a call (of fn, its static callee) builds.
func (s *messageScan) callSinks(call *ast.CallExpr, fn *types.Func) {
	if fn == nil || fn.Pkg() == nil {
		return
	}
	arg := func(i int) ast.Expr { // a message parameter, never the variadic one
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	switch path := fn.Pkg().Path(); {
	case path == model.RuntimePath && isRuntimeConstructor(fn):
		i := 0
		switch fn.Name() {
		case "New":
			i = 1
		case "Fail":
			i = 2
		}
		if m := arg(i); m != nil {
			s.text(m, "the message of mcperr."+fn.Name())
		}
	case path == model.MCPGoPath && isMCPGoFunc(fn, mcpgoErrorResults):
		switch fn.Name() {
		case "NewToolResultError":
			if m := arg(0); m != nil {
				s.text(m, "the text of mcp.NewToolResultError")
			}
		case "NewToolResultErrorf":
			s.format(call, 0, "the text of mcp.NewToolResultErrorf")
		case "NewToolResultErrorFromErr":
			if m := arg(0); m != nil {
				s.text(m, "the text of mcp.NewToolResultErrorFromErr")
			}
			if e := arg(1); e != nil {
				s.errorValue(e, "the error mcp.NewToolResultErrorFromErr shows")
			}
		}
	case isSetError(fn):
		if e := arg(0); e != nil {
			s.errorValue(e, "the error passed to SetError, whose text the result shows")
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			s.markedResult(sel.X)
		}
	}
}

// markedResult checks the text content of the result literals a variable
// holds when SetError is called on it or its IsError is set: it is an
// error result, and SetError keeps content already set.
func (s *messageScan) markedResult(x ast.Expr) {
	if _, ok := ast.Unparen(x).(*ast.Ident); !ok {
		return
	}
	for _, o := range s.origins(x) {
		if lit := model.CompositeLit(o); lit != nil && isCallToolResult(s.c.info.TypeOf(lit)) {
			s.contentSinks(lit)
		}
	}
}

// isErrorAssign reports whether an assignment sets a result's IsError to
// anything but the constant false, and returns the result expression.
func (s *messageScan) isErrorAssign(as *ast.AssignStmt) []ast.Expr {
	var out []ast.Expr
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "IsError" || !isCallToolResult(s.c.info.TypeOf(sel.X)) {
			continue
		}
		if rhs := errflow.Assigned(as, i); rhs != nil {
			if isError, ok := boolConst(s.c.info, rhs); ok && !isError {
				continue
			}
		}
		out = append(out, sel.X)
	}
	return out
}

// resultLitSinks checks the text content of a CallToolResult literal with
// IsError: true; markedResult, of one made an error result later.
func (s *messageScan) resultLitSinks(lit *ast.CompositeLit) {
	info := s.c.info
	if !isCallToolResult(info.TypeOf(lit)) || litIsError(info, lit) != errorShape {
		return
	}
	s.contentSinks(lit)
}

// contentSinks checks the text content of an error result literal.
func (s *messageScan) contentSinks(lit *ast.CompositeLit) {
	info := s.c.info
	content, ok := ast.Unparen(litField(lit, "Content")).(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, elt := range content.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if tc := model.CompositeLit(elt); tc != nil && isTextContent(info.TypeOf(tc)) {
			if text := litField(tc, "Text"); text != nil {
				s.text(text, "the text of an error result")
			}
			continue
		}
		if call, ok := ast.Unparen(elt).(*ast.CallExpr); ok && len(call.Args) == 1 &&
			model.IsFunc(model.Callee(info, call), model.MCPGoPath, "NewTextContent") {
			s.text(call.Args[0], "the text of an error result")
		}
	}
}

// errorValue checks the text of an error value that reaches the client:
// the text of the fmt.Errorf or errors.New calls it comes from, of the
// errors those wrap, and of the errors the package's own helpers return.
func (s *messageScan) errorValue(e ast.Expr, sink string) {
	for _, eb := range s.errorBlobs(e, 0) {
		if len(eb.via) == 0 {
			s.reportBlob(eb.arg, eb.b, sink)
			continue
		}
		s.reportBlob(eb.arg, eb.b, sink+", through "+helperChain(eb.via)+",", analysis.RelatedInformation{
			Pos: eb.call.Pos(), End: eb.call.End(), Message: "the error comes from this call"})
	}
}

// An errorBlob is a raw upstream value in the text of an error.
type errorBlob struct {
	arg ast.Expr // the message argument of fmt.Errorf or errors.New that holds it
	b   *blob
	// via are the helpers whose returned error carries it, from the one
	// the scanned function calls (at call) down to the one that builds
	// it; none when the scanned function builds it.
	via  []*types.Func
	call *ast.CallExpr
}

// errorBlobs returns the raw values in the text of an error value: in the
// messages of the fmt.Errorf and errors.New calls it comes from, in the
// errors those format (%w and %v print the wrapped error's text), and in
// the errors returned by the functions of the package it comes from.
func (s *messageScan) errorBlobs(e ast.Expr, depth int) []errorBlob {
	if depth > maxBlobDepth {
		return nil
	}
	info := s.c.info
	origins := s.origins(e)
	var out []errorBlob
	for _, o := range origins {
		call, ok := o.(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := model.Callee(info, call)
		switch {
		case model.IsFunc(fn, "fmt", "Errorf"):
			for _, b := range s.formatBlobs(call, 0, 0) {
				out = append(out, errorBlob{arg: b.at, b: b})
			}
			for _, wrapped := range printedErrors(info, call) {
				out = append(out, s.errorBlobs(wrapped, depth+1)...)
			}
		case model.IsFunc(fn, "errors", "New") && len(call.Args) == 1:
			if b := s.blob(call.Args[0], 0); b != nil {
				out = append(out, errorBlob{arg: call.Args[0], b: b})
			}
		case !s.keepInside && s.c.model.Funcs[fn] != nil && s.reaches(o, origins, e):
			for _, eb := range s.c.returnedBlobs(fn) {
				eb.call = call
				out = append(out, eb)
			}
		}
	}
	return out
}

// reaches reports whether o, one of the origins of the variable use
// reads, can be what it holds there: o is assigned before use, or after it
// in a loop around both, and no other origin is assigned after o and
// before use by a statement of a block that encloses use, which runs
// whenever use does. An error variable reused for several calls
// (h, err := helper(); …; b, err := json.Marshal(h); if err != nil {
// return err }) holds, at each return, the error of the call just before
// it, not a helper's error assigned earlier or later. An assignment in a
// branch (if, else, a case, a loop) hides nothing.
func (s *messageScan) reaches(o ast.Expr, origins []ast.Expr, use ast.Expr) bool {
	if s.body == nil || len(origins) < 2 {
		return true
	}
	if o.Pos() > use.Pos() {
		return inLoopWith(s.body, use, o)
	}
	for _, later := range origins {
		if later.Pos() < o.End() || use.Pos() < later.End() {
			continue
		}
		if b := enclosingBlock(s.body, later); b != nil && b.Pos() <= use.Pos() && use.End() <= b.End() {
			return false
		}
	}
	return true
}

// inLoopWith reports whether a loop of root holds both n and other.
func inLoopWith(root, n, other ast.Node) bool {
	found := false
	ast.Inspect(root, func(x ast.Node) bool {
		if found || x == nil || x.Pos() > n.Pos() || x.End() < n.End() || x == n {
			return false
		}
		switch x.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			found = x.Pos() <= other.Pos() && other.End() <= x.End()
		}
		return true
	})
	return found
}

// enclosingBlock returns the innermost block, case or select clause of
// root that holds n, descending only into the nodes that hold it.
func enclosingBlock(root, n ast.Node) ast.Node {
	var block ast.Node
	ast.Inspect(root, func(x ast.Node) bool {
		if x == nil || x.Pos() > n.Pos() || x.End() < n.End() || x == n {
			return false
		}
		switch x.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			block = x
		}
		return true
	})
	return block
}

// printedErrors returns the operands of a fmt.Errorf call that are errors
// whose text it prints: with %w, %v, %s or %q.
func printedErrors(info *types.Info, call *ast.CallExpr) []ast.Expr {
	_, verbs, ok := formatOf(info, call, 0)
	if !ok {
		return nil
	}
	var out []ast.Expr
	for _, v := range verbs {
		switch v.verb {
		case 'w', 'v', 's', 'q':
			if arg := operand(call, 0, v); arg != nil && errflow.IsError(info.TypeOf(arg)) {
				out = append(out, arg)
			}
		}
	}
	return out
}

// text checks a text argument of a sink.
func (s *messageScan) text(arg ast.Expr, sink string) {
	if b := s.blob(arg, 0); b != nil {
		s.reportBlob(arg, b, sink)
	}
}

// format checks the operands of a printf-like sink whose format is
// argument index.
func (s *messageScan) format(call *ast.CallExpr, index int, sink string) {
	for _, b := range s.formatBlobs(call, index, 0) {
		s.reportBlob(b.at, b, sink)
	}
}

// A blob is where a raw upstream value enters a message.
type blob struct {
	at     ast.Expr // the expression of the message that holds it
	source ast.Node // where the value is produced
	what   string   // what it is, for the message
}

// maxBlobDepth bounds how far a message is followed through variables and
// calls.
const maxBlobDepth = 8

// blob returns the first raw upstream value expr contains, or nil.
func (s *messageScan) blob(expr ast.Expr, depth int) *blob {
	if depth > maxBlobDepth {
		return nil
	}
	info := s.c.info
	expr = ast.Unparen(expr)
	found := func(what string) *blob { return &blob{at: expr, source: expr, what: what} }
	switch e := expr.(type) {
	case *ast.Ident:
		// Only text can hold a blob: in "b, err := json.Marshal(v)" both
		// variables have the call as their origin, and err is no JSON.
		if v, ok := info.Uses[e].(*types.Var); !ok || v.IsField() || !isText(v.Type()) {
			return nil
		}
		for _, o := range s.origins(e) {
			if o == ast.Expr(e) {
				continue
			}
			if b := s.blob(o, depth+1); b != nil {
				b.at = e
				return b
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil
		}
		if b := s.blob(e.X, depth+1); b != nil {
			return b
		}
		return s.blob(e.Y, depth+1)
	case *ast.SliceExpr:
		return s.blob(e.X, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return s.blob(e.Args[0], depth+1)
			}
			return nil
		}
		fn := model.Callee(info, e)
		switch {
		case model.IsFunc(fn, "encoding/json", "Marshal"), model.IsFunc(fn, "encoding/json", "MarshalIndent"):
			return found("JSON-encoded data from json." + fn.Name())
		case model.IsFunc(fn, "io", "ReadAll") || model.IsFunc(fn, "io/ioutil", "ReadAll"):
			if len(e.Args) == 1 && s.httpBody(e.Args[0], depth+1) {
				return found("an HTTP response body read with " + fn.Pkg().Name() + ".ReadAll")
			}
		case model.IsFunc(fn, "net/http/httputil", "DumpResponse"), model.IsFunc(fn, "net/http/httputil", "DumpRequest"),
			model.IsFunc(fn, "net/http/httputil", "DumpRequestOut"):
			return found("an HTTP dump from httputil." + fn.Name())
		case model.IsMethod(fn, "os/exec", "Cmd", "Output"), model.IsMethod(fn, "os/exec", "Cmd", "CombinedOutput"):
			return found("a subprocess's output from (*exec.Cmd)." + fn.Name())
		case model.IsFunc(fn, "fmt", "Sprintf"), model.IsFunc(fn, "fmt", "Errorf"):
			if bs := s.formatBlobs(e, 0, depth+1); len(bs) > 0 {
				return bs[0]
			}
		case model.IsFunc(fn, "fmt", "Sprint"), model.IsFunc(fn, "fmt", "Sprintln"):
			for _, a := range e.Args {
				if b := s.blob(a, depth+1); b != nil {
					return b
				}
			}
		case fn != nil && fn.Pkg() != nil && keepsText[fn.Pkg().Path()+"."+fn.Name()] && len(e.Args) > 0:
			return s.blob(e.Args[0], depth+1)
		}
	}
	return nil
}

// isText reports whether t is a string or a byte slice, the types that
// can hold raw text.
func isText(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// keepsText are the functions whose result is their first argument's text,
// trimmed or recased: what goes in comes out.
var keepsText = map[string]bool{
	"strings.TrimSpace": true, "strings.Trim": true, "strings.TrimLeft": true, "strings.TrimRight": true,
	"strings.TrimPrefix": true, "strings.TrimSuffix": true, "strings.ToLower": true, "strings.ToUpper": true,
	"strings.ReplaceAll": true, "strings.Replace": true,
	"bytes.TrimSpace": true, "bytes.Trim": true, "bytes.TrimLeft": true, "bytes.TrimRight": true,
	"bytes.TrimPrefix": true, "bytes.TrimSuffix": true, "bytes.ToLower": true, "bytes.ToUpper": true,
}

// formatBlobs returns the raw values the operands of a printf-like call
// put in its text: blobs, and structs formatted with %+v or %#v.
func (s *messageScan) formatBlobs(call *ast.CallExpr, index, depth int) []*blob {
	info := s.c.info
	_, verbs, ok := formatOf(info, call, index)
	var out []*blob
	if !ok {
		// An unknown format: its operands can still be blobs.
		for i := index + 1; i < len(call.Args); i++ {
			if b := s.blob(call.Args[i], depth); b != nil {
				out = append(out, b)
			}
		}
		return out
	}
	for _, v := range verbs {
		arg := operand(call, index, v)
		if arg == nil {
			continue
		}
		if v.verb == 'v' && (hasFlag(v, '+') || hasFlag(v, '#')) {
			if t := info.TypeOf(arg); dumpsStruct(t, hasFlag(v, '#')) {
				out = append(out, &blob{at: arg, source: arg, what: fmt.Sprintf("a value of type %s printed field by field with %%%sv", types.TypeString(t, types.RelativeTo(s.c.pass.Pkg)), v.flags)})
				continue
			}
		}
		if b := s.blob(arg, depth); b != nil {
			out = append(out, b)
		}
	}
	return out
}

func hasFlag(v verb, flag byte) bool {
	for i := 0; i < len(v.flags); i++ {
		if v.flags[i] == flag {
			return true
		}
	}
	return false
}

// dumpsStruct reports whether %+v (or, with goSyntax, %#v) prints a value
// of type t field by field: t is a struct or a pointer to one, and does not
// format itself (Error, String, Format; GoString for %#v).
func dumpsStruct(t types.Type, goSyntax bool) bool {
	if t == nil {
		return false
	}
	base := t
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		base = ptr.Elem()
	}
	if _, ok := base.Underlying().(*types.Struct); !ok {
		return false
	}
	methods := []string{"Format"}
	if goSyntax {
		methods = append(methods, "GoString")
	} else {
		methods = append(methods, "Error", "String")
	}
	for _, name := range methods {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); obj != nil {
			if _, isFunc := obj.(*types.Func); isFunc {
				return false
			}
		}
	}
	return true
}

// httpBody reports whether expr is the body of an HTTP response (also
// through io.LimitReader or bufio.NewReader, or a local variable).
func (s *messageScan) httpBody(expr ast.Expr, depth int) bool {
	if depth > maxBlobDepth {
		return false
	}
	info := s.c.info
	switch e := ast.Unparen(expr).(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name != "Body" {
			return false
		}
		t := info.TypeOf(e.X)
		return model.IsNamed(t, "net/http", "Response") || model.IsPointerTo(t, "net/http", "Response")
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		if (model.IsFunc(fn, "io", "LimitReader") || model.IsFunc(fn, "bufio", "NewReader") ||
			model.IsFunc(fn, "io", "TeeReader")) && len(e.Args) > 0 {
			return s.httpBody(e.Args[0], depth+1)
		}
	case *ast.Ident:
		for _, o := range s.origins(e) {
			if o != ast.Expr(e) && s.httpBody(o, depth+1) {
				return true
			}
		}
	}
	return false
}

// reportBlob reports a blob in a sink's message, at the expression of the
// message that holds it, pointing at where it was produced when that is
// elsewhere, and at the places related says.
func (s *messageScan) reportBlob(arg ast.Expr, b *blob, sink string, related ...analysis.RelatedInformation) {
	at := b.at
	if at == nil || at.Pos() < arg.Pos() || at.End() > arg.End() {
		at = arg
	}
	if !s.c.once(rules.NoStringifyUpstreamError, at) {
		return
	}
	d := analysis.Diagnostic{
		Pos: at.Pos(),
		End: at.End(),
		Message: fmt.Sprintf("%s includes %s: raw upstream text reaches the client, where it can leak internal details and mislead the agent; say what failed in words, and keep the raw value in mcperr.WithData or the server's logs",
			sink, b.what),
		Related: related,
	}
	if b.source != nil && (b.source.Pos() < at.Pos() || b.source.End() > at.End()) {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: b.source.Pos(), End: b.source.End(), Message: "the raw value comes from here"})
	}
	s.c.report.Diagnostic(rules.NoStringifyUpstreamError, d)
}
