package handlerbody

// A handler that succeeds can still tell a failure: a bulk health check
// puts each failed check's error in its result (r.Error = err.Error()),
// a create tool reports that the follow-up check failed
// (Health: &HealthResult{Message: fmt.Sprintf("check failed: %s", err)}).
// The client reads that text as it reads an error message, so an error
// that carries a raw upstream value puts it in front of the agent there
// too — as data it takes for the upstream's answer. The output is what
// the handler's path turns into the tool result (a typed handler's Out),
// and what it marshals into its result (json.Marshal(v), mcp-go's
// NewToolResultStructured(v, …)), with every struct, map and slice those
// hold. Only text that comes from an error is checked: a raw body that
// is the tool's answer is what the tool is for — unless the output is
// how the handler answers a failure: a go-sdk typed handler's output
// returned in a branch for a failed call's error, or with a result that
// is or may be an error result (&mcp.CallToolResult{IsError: !ok}), is
// the story of that failure ({"success": false, "message": msg}, msg a
// helper's message built from the body), and every raw value in it is
// checked.

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// noStringifyInOutput checks the text a handler's errors put in the
// output it succeeds with.
func noStringifyInOutput(h *handler) {
	if h.source || h.b == nil {
		return
	}
	out := h.outputTypes()
	if out.Len() == 0 {
		return
	}
	// Text the handler makes of an error itself, or a struct of the
	// output a function made, whose fields may hold an error's text
	// (receipt.ReceiptError = fmt.Sprintf("git status failed: %v", err)).
	copies := h.copiesErrorText()
	s := &messageScan{c: h.c, b: h.b}
	failing := s.failureOutputs(h)
	info := h.c.info
	check := func(value ast.Expr, field string, at ast.Node, failure bool) {
		t := info.TypeOf(value)
		var blobs []errflow.Blob
		switch {
		case errflow.IsText(t) && (copies || failure):
			blobs = h.c.flow.BlobsIn(h.b, value)
		case isStructValue(t) && out.At(model.Deref(t)) != nil:
			blobs = h.c.flow.StructBlobs(h.b, value)
		}
		for _, b := range blobs {
			if !b.InError && !failure {
				continue
			}
			where := field
			if b.Field != "" {
				where += "." + b.Field
			}
			sink := fmt.Sprintf("the %s of the output %s returns", where, h.describe())
			var related []analysis.RelatedInformation
			if b.Pos.IsValid() && (b.Pos < at.Pos() || b.Pos >= at.End()) {
				related = append(related, analysis.RelatedInformation{Pos: at.Pos(), End: at.End(), Message: "the error's text is put in the output here"})
			}
			s.report(value, &b, sink+through(&b), related...)
		}
	}
	ast.Inspect(h.b.Node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			if out.At(t) == nil {
				return true
			}
			for _, elt := range n.Elts {
				kv, ok := elt.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				check(kv.Value, keyName(info, t, kv.Key), kv, failing[n])
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				value := errflow.Assigned(n, i)
				if value == nil {
					continue
				}
				switch l := ast.Unparen(lhs).(type) {
				case *ast.SelectorExpr:
					if sel, ok := info.Selections[l]; ok && sel.Kind() == types.FieldVal && out.At(model.Deref(info.TypeOf(l.X))) != nil {
						check(value, "field "+l.Sel.Name, n, false)
					}
				case *ast.IndexExpr:
					if t := info.TypeOf(l.X); out.At(t) != nil {
						if _, isMap := t.Underlying().(*types.Map); isMap {
							check(value, keyName(info, t, l.Index), n, false)
						}
					}
				}
			}
		}
		return true
	})
}

// failureOutputs returns the literals of the outputs a handler answers a
// failure with: returned in a branch for a failed call's error, or with
// a result that is, or may be, an error result.
func (s *messageScan) failureOutputs(h *handler) map[*ast.CompositeLit]bool {
	out, res := h.Path.Output(), h.Path.Result()
	if out < 0 {
		return nil
	}
	lits := map[*ast.CompositeLit]bool{}
	for _, ret := range h.b.Returns {
		if len(ret.Results) != h.results || errflow.IsNil(h.c.info, ret.Results[out]) {
			continue
		}
		if h.c.flow.FailureBranch(h.b, ret) == nil && (res < 0 || !s.mayBeErrorResult(ret.Results[res])) {
			continue
		}
		for _, o := range h.b.Root.Resolver.Origins(ret.Results[out]) {
			if lit := model.CompositeLit(o); lit != nil {
				lits[lit] = true
			}
		}
	}
	return lits
}

// mayBeErrorResult reports whether a tool result expression is, or may be,
// an error result: its shape says so, or it is a literal whose IsError is
// not a constant.
func (s *messageScan) mayBeErrorResult(res ast.Expr) bool {
	if errflow.IsErrorResult(s.c.flow.ResultShape(s.b, res)) {
		return true
	}
	for _, o := range s.b.Root.Resolver.Origins(res) {
		if lit := model.CompositeLit(o); lit != nil && errflow.IsCallToolResult(s.c.info.TypeOf(lit)) && errflow.LitIsError(s.c.info, lit) == errflow.ShapeUnknown {
			return true
		}
	}
	return false
}

// isStructValue reports whether t is a struct or a pointer to one.
func isStructValue(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := model.Deref(t).Underlying().(*types.Struct)
	return ok
}

// keyName names, for a message, the element of a struct or map of type
// t that key selects: field Message, key "error".
func keyName(info *types.Info, t types.Type, key ast.Expr) string {
	if _, ok := t.Underlying().(*types.Struct); ok {
		if id, ok := key.(*ast.Ident); ok {
			return "field " + id.Name
		}
	}
	if s, ok := errflow.StringConst(info, key); ok {
		return fmt.Sprintf("key %q", s)
	}
	return "element"
}

// copiesErrorText reports whether the handler, or a literal in it, makes
// text of an error: err.Error(), or an error printed by fmt. Without one
// no text of its output can come from an error, and its body is not
// walked.
func (h *handler) copiesErrorText() bool {
	for _, b := range h.b.Nested() {
		for i, call := range b.Calls {
			fn := b.CallFuncs[i]
			switch {
			case fn == nil:
			case fn.Name() == "Error" && len(call.Args) == 0:
				return true
			case fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && strings.HasPrefix(fn.Name(), "Sprint"):
				if slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return errflow.IsError(h.c.info.TypeOf(a)) }) {
					return true
				}
			}
		}
	}
	return false
}

// outputTypes returns the types of the values the handler's output is
// made of: the results its path turns into the tool result, the values
// it marshals into one, and the structs, maps and slices those hold.
func (h *handler) outputTypes() *typeutil.Map {
	out := new(typeutil.Map)
	for i, role := range h.Path.Roles {
		if role == errflow.RoleOutput {
			addReachable(out, h.Sig.Results().At(i).Type())
		}
	}
	for _, b := range h.b.Nested() {
		for i, call := range b.Calls {
			switch fn := b.CallFuncs[i]; {
			case len(call.Args) == 0:
			case model.IsFunc(fn, "encoding/json", "Marshal"), model.IsFunc(fn, "encoding/json", "MarshalIndent"),
				model.IsMethod(fn, "encoding/json", "Encoder", "Encode"),
				model.IsFunc(fn, model.MCPGoPath, "NewToolResultStructured"), model.IsFunc(fn, model.MCPGoPath, "NewToolResultStructuredOnly"),
				model.IsFunc(fn, model.MCPGoPath, "NewToolResultJSON"):
				addReachable(out, h.c.info.TypeOf(call.Args[0]))
			}
		}
	}
	return out
}

// addReachable adds t to set, with the types of the fields, elements and
// values it holds, through pointers: the parts of an output a handler
// can write text into.
func addReachable(set *typeutil.Map, t types.Type) {
	if t == nil {
		return
	}
	t = model.Deref(t)
	if set.At(t) != nil {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		set.Set(t, true)
		for i := range u.NumFields() {
			addReachable(set, u.Field(i).Type())
		}
	case *types.Map:
		set.Set(t, true)
		addReachable(set, u.Elem())
	case *types.Slice:
		addReachable(set, u.Elem())
	case *types.Array:
		addReachable(set, u.Elem())
	}
}
