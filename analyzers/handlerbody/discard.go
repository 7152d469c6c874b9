package handlerbody

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// noDiscardedFailure reports a call whose error is dropped — given to the
// blank identifier (body, _ := io.ReadAll(part)), or not taken at all
// (row.Scan(&total), json.Unmarshal(data, &v) as statements) — while
// what the call gives goes into a success the function answers with:
// its other results, or what it fills in through a pointer it is handed.
// When the call fails, the client reads its zero values (an empty body,
// a count of 0, an unparsed struct) as data, and nothing says so.
//
// The call must fail at run time (errflow.DiscardedFailure: not a
// malformed value it was given, as strconv.Atoi of the tool's input, not
// an encoder, not a probe). Not reported: a value declared with a default
// of its own, which a failure leaves in place, a value the function
// tests before answering (if len(body) == 0 { … return … }): the empty
// case is told apart there, and a discard with a comment on the line
// before it (see explained).
func noDiscardedFailure(h *handler) {
	if h.b.Block == nil {
		return
	}
	ast.Inspect(h.b.Block, func(n ast.Node) bool {
		var call *ast.CallExpr
		var out []*types.Var
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			call, _ = ast.Unparen(n.X).(*ast.CallExpr)
			if call == nil || !returnsError(h.c.info, call) {
				return true
			}
		case *ast.AssignStmt:
			call, out = discardedError(h.c.info, n)
			if call == nil {
				call, out = unreadErrorField(h.c.info, h.b.Block, n)
			}
			if call == nil {
				return true
			}
		default:
			return true
		}
		out = append(out, filledIn(h.c.info, call)...)
		out = append(out, h.c.flow.OutputFilled(h.b, call)...)
		if len(out) > 0 {
			h.checkDiscarded(n.(ast.Stmt), call, out)
		}
		return true
	})
}

// checkDiscarded reports the call of stmt, whose error is dropped, when a
// success after it answers with out, what it gave.
func (h *handler) checkDiscarded(stmt ast.Stmt, call *ast.CallExpr, out []*types.Var) {
	info, block := h.c.info, h.b.Block
	// A value declared before with one of its own keeps it when the call
	// fails (limit := 10; json.Unmarshal(raw, &limit)).
	out = slices.DeleteFunc(out, func(v *types.Var) bool { return v.Pos() < stmt.Pos() && hasDefault(info, block, v) })
	if len(out) == 0 || !h.c.flow.DiscardedFailure(h.b, call) || h.readsInput(call) || h.c.explained(stmt) {
		return
	}
	ret := h.successWith(stmt, out)
	if ret == nil || !h.c.once(rules.NoFakeEmptyResult, call) {
		return
	}
	h.c.report.Diagnostic(rules.NoFakeEmptyResult, analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Related: []analysis.RelatedInformation{
			{Pos: ret.Pos(), End: ret.End(), Message: "the success that answers with what the call gave"},
		},
		Message: fmt.Sprintf("%s drops the error of %s and answers with what it gave (line %d): when the call fails the client reads its zero value as data; check the error and return the failure (or carry it in the answer)",
			h.describe(), calledName(call), h.c.pass.Fset.Position(ret.Pos()).Line),
	})
}

// successWith returns the first return after stmt that may answer with a
// success made from vars, what stmt gave, without testing them first
// (see testedBetween); nil if there is none.
func (h *handler) successWith(stmt ast.Node, vars []*types.Var) *ast.ReturnStmt {
	info, block := h.c.info, h.b.Block
	for _, ret := range h.b.Returns {
		if ret.Pos() < stmt.End() || !h.mayAnswerSuccess(ret) {
			continue
		}
		answer := derived(info, block, stmt.End(), ret.Pos(), vars)
		if errflow.MentionsAny(info, ret, answer) && !testedBetween(info, block, stmt.End(), ret.Pos(), answer) {
			return ret
		}
	}
	return nil
}

// unreadErrorField returns the call of as whose one result, a struct (or
// a pointer to one) with an error field, as gives to a local of block
// that is only ever read through its other fields (r := run(args); out
// := r.Stdout, and r.Err read nowhere): the call's error is dropped as
// surely as by the blank identifier. nil when as is not one; a local read
// whole (handed to a call, returned, copied) may have its error read
// elsewhere.
func unreadErrorField(info *types.Info, block *ast.BlockStmt, as *ast.AssignStmt) (*ast.CallExpr, []*types.Var) {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	st, ok := model.Deref(info.TypeOf(call)).Underlying().(*types.Struct)
	if v == nil || !ok {
		return nil, nil
	}
	errFields := map[*types.Var]bool{}
	for i := range st.NumFields() {
		if f := st.Field(i); errflow.IsError(f.Type()) {
			errFields[f] = true
		}
	}
	if len(errFields) == 0 {
		return nil, nil
	}
	// Every use of v must select a field other than an error field.
	selected := map[*ast.Ident]bool{}
	unread := true
	ast.Inspect(block, func(n ast.Node) bool {
		if !unread {
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == v {
				selected[x] = true
				if f, ok := info.Uses[sel.Sel].(*types.Var); !ok || errFields[f] {
					unread = false // its error read, or a method called
				}
			}
		}
		if x, ok := n.(*ast.Ident); ok && info.Uses[x] == v && !selected[x] {
			unread = false // v read whole
		}
		return true
	})
	if !unread {
		return nil, nil
	}
	return call, []*types.Var{v}
}

// returnsError reports whether call's last result is an error.
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	switch t := info.TypeOf(call).(type) {
	case *types.Tuple:
		return t.Len() > 0 && errflow.IsError(t.At(t.Len()-1).Type())
	case nil:
		return false
	default:
		return errflow.IsError(t)
	}
}

// discardedError returns the call of as whose error as gives to the blank
// identifier (v, _ := f(), or _ = f() of a call whose one result is its
// error), and the locals it assigns the call's other results to; nil
// when as is not one.
func discardedError(info *types.Info, as *ast.AssignStmt) (*ast.CallExpr, []*types.Var) {
	if len(as.Rhs) != 1 {
		return nil, nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	tuple, ok := info.TypeOf(call).(*types.Tuple)
	if !ok {
		// _ = json.Unmarshal(body, &v): the one result, an error, given
		// to the blank identifier as surely as by a statement; what the
		// call gives is what it fills in.
		if id, isIdent := ast.Unparen(as.Lhs[0]).(*ast.Ident); len(as.Lhs) == 1 && isIdent && id.Name == "_" && errflow.IsError(info.TypeOf(call)) {
			return call, nil
		}
		return nil, nil
	}
	if tuple.Len() != len(as.Lhs) {
		return nil, nil
	}
	dropped := false
	var out []*types.Var
	for i, lhs := range as.Lhs {
		id, isIdent := ast.Unparen(lhs).(*ast.Ident)
		switch {
		case isIdent && id.Name == "_":
			dropped = dropped || errflow.IsError(tuple.At(i).Type())
		case errflow.IsError(tuple.At(i).Type()):
			return nil, nil // the error is taken
		default:
			if v := errflow.RootVar(info, lhs); v != nil && errflow.IsLocal(v) {
				out = append(out, v)
			}
		}
	}
	if !dropped {
		return nil, nil
	}
	return call, out
}

// filledIn returns the locals call is given the address of where it takes
// a destination: a parameter of pointer type, or of an empty interface
// (rows.Scan(&n), json.Unmarshal(data, &v), fmt.Sscanf(s, "%f", &lat)).
// A writer it is handed (fmt.Fprintf(&buf, …)) is not filled in: it is
// written to, and a failed write there leaves what was written.
func filledIn(info *types.Info, call *ast.CallExpr) []*types.Var {
	t := info.TypeOf(call.Fun)
	if t == nil {
		return nil // a builtin
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return nil
	}
	var out []*types.Var
	for i, a := range call.Args {
		u, ok := ast.Unparen(a).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			continue
		}
		if !errflow.Fillable(errflow.ParamType(sig, i)) {
			continue
		}
		if v := errflow.RootVar(info, u.X); v != nil && errflow.IsLocal(v) {
			out = append(out, v)
		}
	}
	return out
}

// testedBetween reports whether an if between from and to tests one of
// vars and may leave there (if len(body) == 0 { return … }): the empty
// value is told apart before the answer.
func testedBetween(info *types.Info, block *ast.BlockStmt, from, to token.Pos, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		if found || n == nil || n.End() < from || n.Pos() > to {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if is, ok := n.(*ast.IfStmt); ok && is.Pos() > from && errflow.MentionsAny(info, is.Cond, vars) && leaves(is) {
			found = true
		}
		return true
	})
	return found
}

// readsInput reports whether call only reads the tool's input: what it is
// given (and what it is a method of) is values made from the request or
// the arguments map, and constants (OptionalParam[string](args, "body"),
// a project's own reader of an optional parameter). Its error says the
// input is not what it expected, and the zero value is the reader's
// default.
func (h *handler) readsInput(call *ast.CallExpr) bool {
	info := h.c.info
	input := map[*types.Var]bool{}
	params := h.b.Sig.Params()
	for i := range params.Len() {
		if p := params.At(i); toolInput(p.Type()) {
			input[p] = true
		}
	}
	if !h.source && h.kind() == model.GoSDKTyped && params.Len() == 3 {
		input[params.At(2)] = true // the typed handler's arguments
	}
	if len(input) == 0 {
		return false
	}
	input = derived(info, h.b.Block, h.b.Block.Pos(), call.Pos(), slices.Collect(maps.Keys(input)))
	read := false // some operand is the input: goFiles(".") reads none
	onlyInput := func(e ast.Expr) bool {
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			return true
		}
		found, other := false, false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() {
					if input[v] {
						found = true
					} else {
						other = true
					}
				}
			}
			return !other
		})
		read = read || found
		return found && !other
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil && !onlyInput(sel.X) {
		return false
	}
	for _, a := range call.Args {
		if !onlyInput(a) {
			return false
		}
	}
	return read
}

// toolInput reports whether a parameter of type t holds the tool's input:
// an SDK's CallToolRequest (or a pointer to one), or an arguments map.
func toolInput(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		obj := n.Obj()
		if obj.Pkg() != nil && obj.Name() == "CallToolRequest" && (obj.Pkg().Path() == model.MCPGoPath || obj.Pkg().Path() == model.GoSDKPath) {
			return true
		}
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, ok := m.Key().Underlying().(*types.Basic)
	elem, isIface := m.Elem().Underlying().(*types.Interface)
	return ok && k.Kind() == types.String && isIface && elem.Empty()
}

// explained reports whether a comment ends on the line before stmt: a
// discard the code explains ("best effort", "ignore errors: a diagnostic
// without its fix is still useful") is a decision, not a slip.
func (c *checker) explained(stmt ast.Stmt) bool {
	fset := c.pass.Fset
	for _, f := range c.pass.Files {
		if stmt.Pos() < f.FileStart || stmt.Pos() >= f.FileEnd {
			continue
		}
		line := fset.Position(stmt.Pos()).Line
		// The comments are in source order: the one before the
		// statement is the last that starts before it.
		i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].Pos() > stmt.Pos() })
		return i > 0 && fset.Position(f.Comments[i-1].End()).Line == line-1
	}
	return false
}
