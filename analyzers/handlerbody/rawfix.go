package handlerbody

// The fix at a root of no-stringify-upstream-error: a helper of this
// package that formats a raw value into the text it builds ("unexpected
// status %d: %s", resp.StatusCode, body) keeps saying what failed, in
// its own words, and stops carrying the value. Where the helper formats
// it with a printf-like call of a constant format, the edit takes the
// operand out, and with it its verb and the words that lead up to the
// verb (": %s", ", body: %s", " (%s)"). Other shapes get no fix: the
// finding says what to do.

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// rawFix returns the fix that takes out of decl's printf-like calls every
// operand raw says is a raw value, or nil when there is none it can make.
func (c *checker) rawFix(decl *ast.FuncDecl, raw func(ast.Expr) bool) []analysis.SuggestedFix {
	var edits []analysis.TextEdit
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !isFormatter(model.Callee(c.pass.TypesInfo, call)) || len(call.Args) < 2 {
			return true
		}
		var ops []int
		for i, arg := range call.Args[1:] {
			if raw(arg) {
				ops = append(ops, i)
			}
		}
		if len(ops) == 0 {
			return true
		}
		if edit, ok := c.dropOperands(call, ops); ok {
			dropped := make([]ast.Expr, len(ops))
			for i, k := range ops {
				dropped[i] = call.Args[1+k]
			}
			if unused, ok := c.unusedAfter(decl.Body, dropped); ok {
				edits = append(append(edits, edit), unused...)
			}
			return false
		}
		return true
	})
	if len(edits) == 0 {
		return nil
	}
	return []analysis.SuggestedFix{{Message: "Say what failed without the raw value", TextEdits: edits}}
}

// unusedAfter returns the edits that keep body compiling once the
// expressions dropped are gone: a local variable they alone used is no
// longer declared (body, _ := io.ReadAll(r) becomes _, _ = io.ReadAll(r)).
// It reports false when such a variable is declared some other way.
func (c *checker) unusedAfter(body *ast.BlockStmt, dropped []ast.Expr) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	inDropped := func(pos token.Pos) bool {
		return slices.ContainsFunc(dropped, func(e ast.Expr) bool { return e.Pos() <= pos && pos < e.End() })
	}
	orphans := map[*types.Var]bool{}
	for _, e := range dropped {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && body.Pos() <= v.Pos() && v.Pos() < body.End() {
					orphans[v] = true
				}
			}
			return true
		})
	}
	if len(orphans) == 0 {
		return nil, true
	}
	// The orphans are locals of body: their uses are in it. (Ranging over
	// the package's every use, once per fix, was most of the fixes' cost.)
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && orphans[v] && !inDropped(id.Pos()) {
				delete(orphans, v) // still used
			}
		}
		return len(orphans) > 0
	})
	var edits []analysis.TextEdit
	blanked := map[*ast.AssignStmt]int{}
	for v := range orphans {
		as := definingAssign(body, v)
		if as == nil {
			return nil, false
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && id.Pos() == v.Pos() {
				edits = append(edits, analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte("_")})
				blanked[as]++
			}
		}
	}
	// An assignment left with no new variable assigns with = instead.
	for as, n := range blanked {
		if defines(info, as) == n {
			edits = append(edits, analysis.TextEdit{Pos: as.TokPos, End: as.TokPos + token.Pos(len(":=")), NewText: []byte("=")})
		}
	}
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	return edits, true
}

// definingAssign returns the := statement of body that declares v.
func definingAssign(body *ast.BlockStmt, v *types.Var) *ast.AssignStmt {
	var found *ast.AssignStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
			for _, lhs := range as.Lhs {
				if lhs.Pos() == v.Pos() {
					found = as
				}
			}
		}
		return found == nil
	})
	return found
}

// defines counts the variables a := statement declares anew.
func defines(info *types.Info, as *ast.AssignStmt) int {
	n := 0
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok && id.Name != "_" && info.Defs[id] != nil {
			n++
		}
	}
	return n
}

// operandFix returns the fix for a raw value a helper of this package
// formats into its text at b: the operand of a printf-like call.
func (c *checker) operandFix(b *errflow.Blob) []analysis.SuggestedFix {
	file, body := model.FileOf(c.pass.Files, b.Pos), c.flow.Index().Enclosing(b.Pos)
	if file == nil || body == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, b.Pos, b.End)
	// Up from the value through conversions (string(body)) and parens to
	// the call it is an operand of.
	for i := 0; i+1 < len(path); i++ {
		call, ok := path[i+1].(*ast.CallExpr)
		if !ok {
			continue
		}
		if isFormatter(model.Callee(c.pass.TypesInfo, call)) {
			for k, arg := range call.Args[1:] {
				if arg != path[i] {
					continue
				}
				edit, ok := c.dropOperands(call, []int{k})
				if !ok {
					return nil
				}
				unused, ok := c.unusedAfter(body.Block, []ast.Expr{arg})
				if !ok {
					return nil
				}
				return []analysis.SuggestedFix{{Message: "Say what failed without the raw value", TextEdits: append([]analysis.TextEdit{edit}, unused...)}}
			}
			return nil
		}
		if tv, ok := c.pass.TypesInfo.Types[call.Fun]; !ok || !tv.IsType() {
			return nil // not a conversion
		}
	}
	return nil
}

// isFormatter reports whether fn builds text from a printf format given
// as its first argument.
func isFormatter(fn *types.Func) bool {
	return model.IsFunc(fn, "fmt", "Sprintf") || model.IsFunc(fn, "fmt", "Errorf") ||
		model.IsFunc(fn, model.MCPGoPath, "NewToolResultErrorf")
}

// dropOperands returns the edit that rewrites call without the operands
// at the indexes ops (counted after the format) and their verbs. It
// reports false when the format is not a string literal or its verbs do
// not take the operands one each, in order (explicit indexes, *).
func (c *checker) dropOperands(call *ast.CallExpr, ops []int) (analysis.TextEdit, bool) {
	lit, ok := ast.Unparen(call.Args[0]).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING || call.Ellipsis.IsValid() {
		return analysis.TextEdit{}, false
	}
	value, err := strconv.Unquote(lit.Value)
	if err != nil {
		return analysis.TextEdit{}, false
	}
	verbs, ok := errflow.ParseFormat(value)
	if !ok || len(verbs) != len(call.Args)-1 {
		return analysis.TextEdit{}, false
	}
	for i, v := range verbs {
		if v.Arg != i {
			return analysis.TextEdit{}, false
		}
	}
	// Cut from the last verb back, so earlier offsets stay true.
	kept := call.Args[1:]
	for _, k := range slices.Backward(ops) {
		from, to := cutVerb(value, verbs[k])
		value = value[:from] + value[to:]
		kept = slices.Delete(slices.Clone(kept), k, k+1)
	}
	if !strings.ContainsFunc(value, unicode.IsLetter) {
		return analysis.TextEdit{}, false // nothing would say what failed
	}
	newLit := strconv.Quote(value)
	if lit.Value[0] == '`' && !strings.Contains(value, "`") {
		newLit = "`" + value + "`"
	}
	var text bytes.Buffer
	if len(kept) == 0 && model.IsFunc(model.Callee(c.pass.TypesInfo, call), "fmt", "Sprintf") {
		text.WriteString(newLit) // fmt.Sprintf of a constant is the constant
	} else {
		if err := format.Node(&text, c.pass.Fset, call.Fun); err != nil {
			return analysis.TextEdit{}, false
		}
		text.WriteString("(" + newLit)
		for _, arg := range kept {
			text.WriteString(", ")
			if err := format.Node(&text, c.pass.Fset, arg); err != nil {
				return analysis.TextEdit{}, false
			}
		}
		text.WriteString(")")
	}
	return analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: text.Bytes()}, true
}

// cutVerb returns the range of format to cut with v: the verb, the
// brackets or quotes around it, the separators that lead up to it, and a
// label that names the raw value ("body: %s"). A verb that opens the
// format takes the separators after it instead.
func cutVerb(format string, v errflow.Verb) (from, to int) {
	from, to = v.Start, v.End
	if from > 0 && to < len(format) {
		if open, close := format[from-1], format[to]; pairs[open] == close {
			from, to = from-1, to+1
		}
	}
	lead := strings.TrimRight(format[:from], separators)
	if strings.Contains(format[len(lead):from], ":") {
		// "body: %s" names what is cut: cut the name with it.
		words := strings.TrimRight(lead, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
		if name := strings.ToLower(lead[len(words):]); rawLabels[name] {
			lead = strings.TrimRight(words, separators)
		}
	}
	if lead == "" {
		return 0, len(format) - len(strings.TrimLeft(format[to:], separators))
	}
	return len(lead), to
}

// separators are what lead up to a verb and go with it.
const separators = " \t\n:;,=-"

// pairs are the brackets and quotes a verb may sit in.
var pairs = map[byte]byte{'(': ')', '[': ']', '{': '}', '\'': '\'', '"': '"', '`': '`'}

// rawLabels are the names of raw values a format gives before ": %s".
var rawLabels = map[string]bool{
	"body": true, "response": true, "output": true, "stdout": true, "stderr": true,
	"raw": true, "details": true, "content": true, "payload": true,
}
