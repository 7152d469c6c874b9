package errflow

// A raw upstream blob is a value whose text was not written for the
// client: JSON-encoded data, an HTTP body read in full, an HTTP dump, a
// subprocess's output, a %+v or %#v dump of a struct. Blobs are followed
// through local variables and through the string functions that keep them
// (conversions, concatenation, slicing, fmt.Sprintf, strings.TrimSpace),
// and through the output buffers of an exec.Cmd (cmd.Stdout = &buf).

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// maxBlobDepth bounds how far a message is followed through variables and
// calls.
const maxBlobDepth = 8

// BlobsIn returns the raw upstream values the text expr of body may
// contain, every one of them: where each enters the text (Pos, End), what
// it is, and where it is produced when that is elsewhere (Source). A
// helper that embeds the body in each of its status branches embeds it
// in each: every branch is a site.
func (r *Result) BlobsIn(b *Body, expr ast.Expr) []Blob {
	return sortedBlobs(r.finalWalk(b.Root).blobs(expr, 0))
}

// sortedBlobs returns bs in a fixed order: the order values are found in
// can follow the order facts and implementations arrive in, and the first
// of a root's blobs names its finding.
func sortedBlobs(bs []Blob) []Blob {
	if len(bs) < 2 {
		return bs
	}
	bs = slices.Clone(bs)
	slices.SortStableFunc(bs, func(a, b Blob) int {
		return cmp.Or(cmp.Compare(a.Pos, b.Pos), compareBlobs(a, b), cmp.Compare(a.EntrySite, b.EntrySite))
	})
	return bs
}

// ShownBlob returns the first raw upstream value a text result of body,
// returned by ret with a surely non-nil error, contains (see
// Path.Shown): the result's own, or, for return f(…) with f of another
// package, what f's summary says it returns with its error
// (Slot.FailBlobs).
func (r *Result) ShownBlob(b *Body, ret *ast.ReturnStmt, index, errIndex int) *Blob {
	w := r.finalWalk(b.Root)
	n := b.Sig.Results().Len()
	switch {
	case len(ret.Results) == n:
		if !r.ErrNonNil(b, ret, ret.Results[errIndex]) {
			return nil
		}
		if bs := w.textBlobs(Origin{Expr: ret.Results[index], Index: -1}, 0); len(bs) > 0 {
			return &bs[0]
		}
		return nil
	case len(ret.Results) == 1:
		call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
		if !ok {
			return nil
		}
		for _, c := range w.callees(call) {
			if c.fn == nil || c.fn.Pkg() == r.pass.Pkg {
				continue // a delegate of this package: a handler on the same path, checked itself
			}
			if index < len(c.sum.Results) && len(c.sum.Results[index].FailBlobs) > 0 {
				bl := c.sum.Results[index].FailBlobs[0]
				bl.Via = append([]string{model.FuncName(c.fn)}, bl.Via...)
				return &bl
			}
		}
	}
	return nil
}

// FormatBlobs returns the raw values the operands of a printf-like call of
// body put in its text (the format is argument index).
func (r *Result) FormatBlobs(b *Body, call *ast.CallExpr, index int) []Blob {
	return sortedBlobs(r.finalWalk(b.Root).formatBlobs(call, index, 0))
}

// blobs returns the raw upstream values expr may contain.
func (w *walk) blobs(expr ast.Expr, depth int) []Blob {
	if depth > maxBlobDepth || expr == nil {
		return nil
	}
	info := w.s.info
	expr = ast.Unparen(expr)
	found := func(kind BlobKind, what string) []Blob {
		return []Blob{{Kind: kind, What: what, Site: w.s.site(expr.Pos()), Pos: expr.Pos(), End: expr.End(), Source: expr.Pos(), SourceEnd: expr.End()}}
	}
	if IsError(info.TypeOf(expr)) {
		// An error printed into the text (fmt.Sprintf("failed: %v",
		// err)): its text, with the raw values in it, as err.Error().
		return w.errorText(expr, depth)
	}
	switch e := expr.(type) {
	case *ast.Ident:
		// Only text can hold a blob: in "b, err := json.Marshal(v)" both
		// variables have the call as their origin, and err is no JSON.
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() {
			return nil
		}
		at := func(bs []Blob) []Blob { return w.enterAt(bs, e) }
		if isBuffer(v.Type()) {
			// fmt.Errorf("stderr: %s", stderr), with cmd.Stderr = &stderr.
			return at(w.commandBuffer(v, depth))
		}
		if isStructResult(v.Type()) {
			// A struct printed or encoded whole: the text of its fields.
			return w.wholeStruct(Origin{Expr: e, Index: -1}, depth)
		}
		if !IsText(v.Type()) && !isTextList(v.Type()) {
			// A map, a slice or an interface decoded from an HTTP body
			// and printed whole: the body again.
			return at(w.decodedBody(v, depth))
		}
		var out []Blob
		for _, o := range w.r.Resolver.OriginsOf(e) {
			if o.Expr != ast.Expr(e) {
				out = appendBlobs(out, w.textBlobs(o, depth+1)...)
			}
		}
		out = appendBlobs(out, w.commandBuffer(v, depth)...)
		return at(out)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil
		}
		return appendBlobs(w.blobs(e.X, depth+1), w.blobs(e.Y, depth+1)...)
	case *ast.SliceExpr:
		return w.blobs(e.X, depth+1)
	case *ast.IndexExpr:
		if isTextList(info.TypeOf(e.X)) {
			return w.blobs(e.X, depth+1) // an element of a list of texts
		}
	case *ast.CompositeLit:
		switch t := info.TypeOf(e); {
		case isTextList(t), isTextMap(t):
			var out []Blob
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				out = appendBlobs(out, w.blobs(elt, depth+1)...)
			}
			return out
		case isStructResult(t):
			return w.wholeStruct(Origin{Expr: e, Index: -1}, depth)
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND && isStructResult(info.TypeOf(e.X)) {
			return w.blobs(e.X, depth) // &Response{…}, &resp: the struct
		}
	case *ast.CallExpr:
		return w.callBlobs(e, found, depth)
	case *ast.SelectorExpr:
		return w.fieldBlobs(e, depth)
	}
	return nil
}

// enterAt returns bs as entering the text at e: where the message that
// holds them is written.
func (w *walk) enterAt(bs []Blob, e ast.Expr) []Blob {
	if len(bs) == 0 {
		return nil
	}
	out := make([]Blob, len(bs))
	for i, b := range bs {
		b.Pos, b.End, b.Site = e.Pos(), e.End(), w.s.site(e.Pos())
		// A body a helper read and returned (readResponseBody(resp.Body))
		// enters a text built here: this is the edit, not the helper.
		b.Reader = nil
		out[i] = b
	}
	return out
}

// inError returns bs as entering a text through an error's text.
func inError(bs []Blob) []Blob {
	if len(bs) == 0 {
		return nil
	}
	out := make([]Blob, len(bs))
	for i, b := range bs {
		b.InError = true
		out[i] = b
	}
	return out
}

// appendBlobs returns bs with each of more added as appendBlob adds it.
func appendBlobs(bs []Blob, more ...Blob) []Blob {
	for _, b := range more {
		bs = appendBlob(bs, b)
	}
	return bs
}

// fieldBlob returns the raw value a text field of a local struct holds,
// when the local is what a function returned or a literal built here:
// r.Stderr, with r, err := run(args) and run returning
// &Result{Stderr: stderr.String()}. An error field holds what the error
// put there holds (result{err: fmt.Errorf("status %d: %s", code, body)}),
// and the raw value entered its text where the error was built.
func (w *walk) fieldBlobs(sel *ast.SelectorExpr, depth int) []Blob {
	info := w.s.info
	if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 || !IsText(s.Type()) && !isBuffer(s.Type()) && !IsError(s.Type()) {
		return nil // a field of the struct itself, not of one it embeds
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	var out []Blob
	for _, b := range w.structBlobs(Origin{Expr: id, Index: -1}, depth) { // the local, followed to its origins
		if b.Field != sel.Sel.Name {
			continue
		}
		b.Field = ""
		if b.Pos.IsValid() && !IsError(info.TypeOf(sel)) {
			// Filled in this package: it enters the text here. (One
			// filled in another keeps no position, and its Site says
			// where.)
			b.Pos, b.End, b.Site = sel.Pos(), sel.End(), w.s.site(sel.Pos())
		}
		out = appendBlob(out, b)
	}
	if len(out) == 0 {
		// Whoever filled it: what other packages' facts say the field of
		// the type holds, when the local's own origins do not say.
		for _, b := range w.s.taintedFields(info.TypeOf(id), sel.Sel.Name) {
			b.Field = ""
			out = appendBlob(out, b)
		}
	}
	return out
}

// structBlobs returns the raw values the text fields of a struct value
// hold, each with its Field: those of a literal (or its address), of the
// locals it is assigned to, and those a called function's summary says
// its struct result holds.
func (w *walk) structBlobs(o Origin, depth int) []Blob {
	if depth > maxBlobDepth {
		return nil
	}
	info := w.s.info
	expr := ast.Unparen(o.Expr)
	if u, ok := expr.(*ast.UnaryExpr); ok && u.Op == token.AND {
		expr = ast.Unparen(u.X)
	}
	var out []Blob
	switch e := expr.(type) {
	case *ast.CompositeLit:
		if !isStructResult(info.TypeOf(e)) {
			return nil
		}
		for _, elt := range e.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok || !IsText(info.TypeOf(kv.Value)) && !IsError(info.TypeOf(kv.Value)) {
				continue
			}
			for _, b := range w.blobs(kv.Value, depth+1) {
				b.Field = key.Name
				out = appendBlob(out, b)
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || IsParam(v) {
			return nil
		}
		for _, oo := range w.r.Resolver.OriginsOf(e) {
			if oo.Expr != ast.Expr(e) {
				for _, b := range w.structBlobs(oo, depth+1) {
					out = appendBlob(out, b)
				}
			}
		}
		for _, b := range w.fieldWrites(v, e, depth) {
			out = appendBlob(out, b)
		}
	case *ast.CallExpr:
		index := o.Index
		if index < 0 {
			index = 0 // the call's only result
		}
		cs := w.callees(e)
		if len(cs) == 0 {
			// An interface method no known type implements, a function
			// of a package the layer does not analyse.
			return w.sourceFieldBlobs(e, index)
		}
		for _, c := range cs {
			if index >= len(c.sum.Results) {
				continue
			}
			for _, b := range c.sum.Results[index].FieldBlobs {
				if c.fn != nil {
					b.Via = append([]string{model.FuncName(c.fn)}, b.Via...)
					if c.fn.Pkg() != w.s.pass.Pkg {
						b.Source, b.SourceEnd = 0, 0
					}
				}
				out = appendBlob(out, b)
			}
		}
	}
	return out
}

// fieldWrites returns the raw values the root stores in the text fields
// of the local v once it is built, before use: r.Stderr = stderr.String(),
// and res.Bytes.Write(body).
func (w *walk) fieldWrites(v *types.Var, use ast.Node, depth int) []Blob {
	info := w.s.info
	var out []Blob
	for i := range w.r.moves {
		mv := &w.r.moves[i]
		if !w.r.Resolver.MayRunBefore(mv.node, use) {
			continue
		}
		call, ok := mv.node.(*ast.CallExpr)
		if !ok || mv.kind != moveCall || !slices.Contains(w.r.to(mv), v) {
			continue
		}
		// res.Bytes.Write(body): a buffer field filled with raw text.
		if field, arg := w.bufferWrite(call, v); arg != nil {
			for _, b := range w.blobs(arg, depth+1) {
				b.Field = field
				out = appendBlob(out, b)
			}
		}
	}
	w.fieldAssigns(v, use, func(sel *ast.SelectorExpr, rhs ast.Expr) {
		if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 || !IsText(s.Type()) && !isTextList(s.Type()) {
			return // a field of the struct itself, not of one it embeds
		}
		for _, b := range w.blobs(rhs, depth+1) {
			b.Field = sel.Sel.Name
			out = appendBlob(out, b)
		}
	})
	return out
}

// fieldShown returns the parameters whose text the root stores, before
// use, in the text fields of the local v that fields names.
func (w *walk) fieldShown(v *types.Var, use ast.Node, fields map[string]bool, depth int) varSet {
	var out varSet
	w.fieldAssigns(v, use, func(sel *ast.SelectorExpr, rhs ast.Expr) {
		if fields[sel.Sel.Name] && IsText(w.s.info.TypeOf(sel)) {
			out = union(out, w.shown(rhs, depth+1))
		}
	})
	return out
}

// fieldAssigns calls each with every assignment the root makes, before
// use, to a field of the local v (v.F = rhs).
func (w *walk) fieldAssigns(v *types.Var, use ast.Node, each func(sel *ast.SelectorExpr, rhs ast.Expr)) {
	for i := range w.r.moves {
		mv := &w.r.moves[i]
		as, ok := mv.node.(*ast.AssignStmt)
		if !ok || mv.kind != moveInto || !slices.Contains(w.r.to(mv), v) || !w.r.Resolver.MayRunBefore(mv.node, use) {
			continue
		}
		for j, lhs := range as.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && localVar(w.s.info, sel.X) == v {
				each(sel, Assigned(as, j))
			}
		}
	}
}

// bufferWrite returns, for a call v.F.Write(x) or v.F.WriteString(x) of
// a bytes.Buffer or strings.Builder field F of the local v, the field and
// what is written into it.
func (w *walk) bufferWrite(call *ast.CallExpr, v *types.Var) (string, ast.Expr) {
	fn := model.Callee(w.s.info, call)
	if len(call.Args) != 1 || !(model.IsMethod(fn, "bytes", "Buffer", "Write") || model.IsMethod(fn, "bytes", "Buffer", "WriteString") ||
		model.IsMethod(fn, "strings", "Builder", "WriteString") || model.IsMethod(fn, "strings", "Builder", "Write")) {
		return "", nil
	}
	recv, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", nil
	}
	field, ok := ast.Unparen(recv.X).(*ast.SelectorExpr)
	if !ok || localVar(w.s.info, field.X) != v {
		return "", nil
	}
	if s, ok := w.s.info.Selections[field]; !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return "", nil
	}
	return field.Sel.Name, call.Args[0]
}

// wholeStruct returns the raw values a struct value printed or encoded
// whole holds in its text fields, wherever they were filled: the fields
// are part of its text.
func (w *walk) wholeStruct(o Origin, depth int) []Blob {
	t := w.s.info.TypeOf(o.Expr)
	var out []Blob
	for _, b := range w.structBlobs(o, depth+1) {
		if unencoded(t, b.Field) {
			continue
		}
		b.Field = ""
		if b.Pos.IsValid() && !w.inRoot(b.Pos) {
			// Filled by a helper of this package, which returned the
			// value: it enters the text where the value is printed.
			b.Pos, b.End, b.Site = o.Expr.Pos(), o.Expr.End(), w.s.site(o.Expr.Pos())
		}
		out = appendBlob(out, b)
	}
	return out
}

// inRoot reports whether pos is in the root's own body or its literals.
func (w *walk) inRoot(pos token.Pos) bool {
	n := w.r.Body.Node
	return n.Pos() <= pos && pos < n.End()
}

// unencoded reports whether the field name of the struct t (or of what t
// points to) is tagged json:"-": kept for the program, never shown.
func unencoded(t types.Type, name string) bool {
	st, ok := model.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return reflect.StructTag(st.Tag(i)).Get("json") == "-"
		}
	}
	return false
}

// constantValue reports whether expr is a value built of constants only
// (map[string]string{"error": "cannot encode"}), also through locals: its
// encoding is the program's own words.
func (w *walk) constantValue(expr ast.Expr, depth int) bool {
	if depth > maxBlobDepth {
		return false
	}
	info := w.s.info
	if tv, ok := info.Types[expr]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(expr).(type) {
	case *ast.CompositeLit:
		for _, elt := range e.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if !w.constantValue(elt, depth+1) {
				return false
			}
		}
		return true
	case *ast.UnaryExpr:
		return e.Op == token.AND && w.constantValue(e.X, depth+1)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v.IsField() || IsParam(v) || w.r.Addressed(v) {
			return false
		}
		origins := w.r.Resolver.Origins(e)
		for _, o := range origins {
			if o == ast.Expr(e) || !w.constantValue(o, depth+1) {
				return false
			}
		}
		return len(origins) > 0 && !w.filledLater(v)
	}
	return false
}

// filledLater reports whether the root stores into the local v after
// building it (v.F = …, v[k] = …), or hands it to a call that may.
func (w *walk) filledLater(v *types.Var) bool {
	for i := range w.r.moves {
		mv := &w.r.moves[i]
		if (mv.kind == moveInto || mv.kind == moveCall) && slices.Contains(w.r.to(mv), v) {
			return true
		}
	}
	return false
}

// isAnyParam reports whether e is a parameter of the empty interface
// type: a value of whatever type the caller chose.
func isAnyParam(info *types.Info, e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !IsParam(v) {
		return false
	}
	iface, ok := v.Type().Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// isEncoding reports whether fn returns the JSON encoding of its first
// argument.
func isEncoding(fn *types.Func) bool {
	src, ok := rawSources[libraryName(fn)]
	return ok && src.kind == BlobJSON
}

// joinedList returns the arguments whose texts a call puts together in
// its result: the list and the elements append adds to it, the list
// strings.Join or bytes.Join joins.
func joinedList(info *types.Info, fn *types.Func, call *ast.CallExpr) []ast.Expr {
	switch {
	case fn == nil:
		if len(call.Args) > 0 && isBuiltin(info, call, "append") {
			return call.Args
		}
	case model.IsFunc(fn, "strings", "Join"), model.IsFunc(fn, "bytes", "Join"):
		if len(call.Args) == 2 {
			return call.Args[:1]
		}
	}
	return nil
}

// isTextMap reports whether t is a map whose values are texts, or any
// value: a response a helper encodes (map[string]any{"error": stderr}).
func isTextMap(t types.Type) bool {
	if t == nil {
		return false
	}
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	_, isIface := m.Elem().Underlying().(*types.Interface)
	return IsText(m.Elem()) || isIface
}

// isTextList reports whether t is a slice or array of texts, or of maps
// or lists of texts: the messages an API error lists, the failures a
// loop gathers ([]map[string]string{{"url": u, "error": err.Error()}}).
func isTextList(t types.Type) bool {
	return textList(t, maxListNesting)
}

// maxListNesting bounds how deep lists of lists are read: a type may be a
// list of itself (type tree []tree).
const maxListNesting = 3

// textList is isTextList, reading at most nesting lists deep.
func textList(t types.Type, nesting int) bool {
	if t == nil || nesting == 0 {
		return false
	}
	elem := func(e types.Type) bool { return IsText(e) || isTextMap(e) || textList(e, nesting-1) }
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return elem(u.Elem()) && !IsText(t)
	case *types.Array:
		return elem(u.Elem())
	}
	return false
}

// isStructResult reports whether t is a struct or a pointer to one: a
// result whose text fields can carry raw values to the caller.
func isStructResult(t types.Type) bool {
	if t == nil {
		return false
	}
	t = model.Deref(t)
	_, ok := t.Underlying().(*types.Struct)
	return ok && !IsCallToolResult(t)
}

// decodedBody returns a blob when v, a local map, slice or interface, is
// what encoding/json decodes an HTTP response body into:
// json.NewDecoder(resp.Body).Decode(&v), or json.Unmarshal(body, &v) with
// body read from one. Printed whole, v is the body's text. (A field of a
// decoded struct is what the upstream chose to say: not a dump.)
func (w *walk) decodedBody(v *types.Var, depth int) []Blob {
	if _, ok := types.Unalias(v.Type()).(*types.TypeParam); ok {
		return nil
	}
	switch v.Type().Underlying().(type) {
	case *types.Map, *types.Slice, *types.Interface:
	default:
		return nil
	}
	info := w.s.info
	for _, b := range w.r.Bodies {
		for _, call := range b.Calls {
			fn := model.Callee(info, call)
			var target, source ast.Expr
			switch {
			case model.IsMethod(fn, "encoding/json", "Decoder", "Decode") && len(call.Args) == 1:
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				dec, ok := ast.Unparen(sel.X).(*ast.CallExpr)
				if !ok || !model.IsFunc(model.Callee(info, dec), "encoding/json", "NewDecoder") || len(dec.Args) != 1 {
					continue
				}
				target, source = call.Args[0], dec.Args[0]
			case model.IsFunc(fn, "encoding/json", "Unmarshal") && len(call.Args) == 2:
				target, source = call.Args[1], call.Args[0]
			default:
				continue
			}
			u, ok := ast.Unparen(target).(*ast.UnaryExpr)
			if !ok || u.Op != token.AND || localVar(info, u.X) != v {
				continue
			}
			if w.httpBody(source, depth+1) || w.readBody(source, depth+1) {
				return []Blob{{Kind: BlobBody, What: "an HTTP response body decoded by encoding/json", Source: call.Pos(), SourceEnd: call.End()}}
			}
		}
	}
	return nil
}

// readBody reports whether expr is a body read from an HTTP response.
func (w *walk) readBody(expr ast.Expr, depth int) bool {
	for _, b := range w.blobs(expr, depth) {
		if b.Kind == BlobBody {
			return true
		}
	}
	return false
}

// callBlobs returns the blobs a call's text result may contain.
func (w *walk) callBlobs(e *ast.CallExpr, found func(BlobKind, string) []Blob, depth int) []Blob {
	info := w.s.info
	if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
		if len(e.Args) == 1 {
			return w.blobs(e.Args[0], depth+1)
		}
		return nil
	}
	fn := model.Callee(info, e)
	if src, ok := rawSources[libraryName(fn)]; ok {
		if !src.readsBody || len(e.Args) == 1 && w.httpBody(e.Args[0], depth+1) {
			if !isEncoding(fn) || len(e.Args) == 0 || IsError(info.TypeOf(e.Args[0])) {
				return found(src.kind, src.what)
			}
			// What the encoded value's texts hold is in the JSON. A value
			// a helper is handed (failure(v any)) is judged at each call,
			// by what the caller put in it: the helper's JSON is not raw.
			bs := w.blobs(e.Args[0], depth+1)
			if !isAnyParam(info, e.Args[0]) && !w.constantValue(e.Args[0], depth+1) {
				bs = appendBlobs(found(src.kind, src.what), bs...)
			}
			return bs
		}
	}
	if joined := joinedList(info, fn, e); joined != nil {
		// parts = append(parts, stderr); strings.Join(parts, "\n").
		var out []Blob
		for _, a := range joined {
			out = appendBlobs(out, w.blobs(a, depth+1)...)
		}
		return out
	}
	if t := info.TypeOf(e); isStructResult(t) {
		if bs := w.wholeStruct(Origin{Expr: e, Index: -1}, depth); len(bs) > 0 {
			return bs
		}
	}
	switch {
	case readsWriter(info, fn, e):
		// The text a writer holds: stderr.String() of a bytes.Buffer, or
		// of a project's own buffer type, that an exec.Cmd writes to.
		sel := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if v := localVar(info, sel.X); v != nil {
			if bs := w.commandBuffer(v, depth); len(bs) > 0 {
				return w.enterAt(bs, e)
			}
		}
		// response.Bytes.String(): a buffer field a function filled.
		if field, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && isBuffer(info.TypeOf(field)) {
			if bs := w.fieldBlobs(field, depth); len(bs) > 0 {
				return bs
			}
		}
	case model.IsFunc(fn, "fmt", "Sprintf"), model.IsFunc(fn, "fmt", "Errorf"):
		if bs := w.formatBlobs(e, 0, depth+1); len(bs) > 0 {
			return bs
		}
	case model.IsFunc(fn, "fmt", "Sprint"), model.IsFunc(fn, "fmt", "Sprintln"):
		var out []Blob
		for _, a := range e.Args {
			out = appendBlobs(out, w.blobs(a, depth+1)...)
		}
		if len(out) > 0 {
			return out
		}
	case keptText(fn, e) != nil:
		return w.blobs(keptText(fn, e), depth+1)
	case fn != nil && fn.Name() == "Error" && len(e.Args) == 0:
		// err.Error(): the text of the error, with the raw values in it.
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && IsError(info.TypeOf(sel.X)) {
			return w.errorText(sel.X, depth)
		}
	}
	return w.summaryBlobs(e, -1, depth+1)
}

// errorText returns the raw values in the text of the error err, and
// notes the interface parameters' methods whose errors it may carry when
// a query asks for them (see ShownMethods).
func (w *walk) errorText(err ast.Expr, depth int) []Blob {
	v := w.valueAt(err, -1, depth+1)
	if w.shownCalls != nil && v.Shape&^ShapeNil != 0 {
		*w.shownCalls = addCalls(*w.shownCalls, v.Calls...)
	}
	return inError(v.Blobs)
}

// textBlobs returns the raw values one origin of a text value may hold:
// the value index of a multi-valued call is read from the callee's
// summary, unless the call itself produces a blob (out, err :=
// cmd.Output()).
func (w *walk) textBlobs(o Origin, depth int) []Blob {
	if bs := w.blobs(o.Expr, depth); len(bs) > 0 {
		return bs
	}
	if call, ok := ast.Unparen(o.Expr).(*ast.CallExpr); ok && o.Index >= 0 {
		return w.summaryBlobs(call, o.Index, depth+1)
	}
	return nil
}

// summaryBlobs returns the raw values the text result index (or the only
// text result, for -1) of a call of a function with a summary may hold: a
// helper that returns a subprocess's output or an HTTP body as a string.
func (w *walk) summaryBlobs(call *ast.CallExpr, index, depth int) []Blob {
	if depth > maxBlobDepth {
		return nil
	}
	var out []Blob
	for _, c := range w.callees(call) {
		sig := c.sig
		if index < 0 {
			index = onlyText(sig)
		}
		if index < 0 || index >= sig.Results().Len() || !IsText(sig.Results().At(index).Type()) {
			continue
		}
		sl := c.sum.Slot(index)
		for _, b := range sl.Blobs {
			if c.fn != nil {
				b.Via = append([]string{model.FuncName(c.fn)}, b.Via...)
			}
			if b.Reader == nil && c.fn != nil && c.fn.Pkg() == w.s.pass.Pkg {
				// The helper built the text that holds it: one edit
				// there keeps it out of every call's (enterAt forgets
				// this once a caller builds a text of its own with it).
				b.Reader = c.fn
			}
			b.Pos, b.End = call.Pos(), call.End()
			if c.fn != nil && c.fn.Pkg() != w.s.pass.Pkg {
				b.Source, b.SourceEnd = 0, 0
			}
			out = appendBlob(out, b)
		}
		if c.sum.Printf > 0 && MethodExprShift(w.s.info, call.Fun) == 0 {
			out = appendBlobs(out, w.formatBlobs(call, c.sum.Printf-1, depth+1)...)
		}
		// A helper that returns the text it is given, given a blob.
		for _, p := range sl.Shows {
			for _, a := range ArgsOf(call, sig, p, MethodExprShift(w.s.info, call.Fun)) {
				out = appendBlobs(out, w.argBlobs(a, c.fn, sl.Shape&ShapeError == 0, depth+1)...)
			}
		}
	}
	return out
}

// onlyText returns the index of the one text result of sig, or -1.
func onlyText(sig *types.Signature) int {
	found := -1
	for i := range sig.Results().Len() {
		if IsText(sig.Results().At(i).Type()) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// paramThrough returns the parameter an identifier names, or, for a
// local, the union of what of gives for each value it is assigned.
func (w *walk) paramThrough(e *ast.Ident, of func(ast.Expr) varSet) varSet {
	v, ok := w.s.info.Uses[e].(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	if IsParam(v) {
		return varSet{v}
	}
	var out varSet
	for _, o := range w.r.Resolver.Origins(e) {
		if o != ast.Expr(e) {
			out = union(out, of(o))
		}
	}
	return out
}

// commandBuffer returns a blob when v, a bytes.Buffer or strings.Builder
// local (or a pointer to one), is where an exec.Cmd writes its output:
// cmd.Stdout = &v, cmd.Stderr = &v.
func (w *walk) commandBuffer(v *types.Var, depth int) []Blob {
	if depth > maxBlobDepth {
		return nil
	}
	for _, bw := range w.s.bufferWrites(w.r) {
		if bw.dst != v {
			continue
		}
		if bw.field != "" {
			return []Blob{{Kind: BlobOutput, What: "a subprocess's output written to " + v.Name() + " by (*exec.Cmd)." + bw.field,
				Source: bw.at.Pos(), SourceEnd: bw.at.End()}}
		}
		if w.httpBody(bw.src, depth+1) {
			return []Blob{{Kind: BlobBody, What: "an HTTP response body copied into " + v.Name(), Source: bw.at.Pos(), SourceEnd: bw.at.End()}}
		}
	}
	return nil
}

// A bufferWrite is a statement of a root that writes into a local: a
// copy of a reader into it (io.Copy(buf, r), buf.ReadFrom(r): src is
// the reader), or an output field pointed at it (cmd.Stdout = &buf:
// field is the field's name, recv the local the field is of).
type bufferWrite struct {
	dst   *types.Var
	src   ast.Expr
	field string
	recv  *types.Var
	at    ast.Node
}

// bufferWrites returns the buffer writes of root, in source order, found
// once: commandBuffer asks of every text local the walk meets, and
// upstreamStored and OutputFilled of the locals they meet.
func (s *solver) bufferWrites(root *Root) []bufferWrite {
	if ws, ok := s.buffers[root]; ok {
		return ws
	}
	var out []bufferWrite
	local := func(e ast.Expr) *types.Var {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		return localVar(s.info, e)
	}
	for _, b := range root.Bodies {
		ast.Inspect(b.Block, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				fn := model.Callee(s.info, n)
				switch {
				case model.IsFunc(fn, "io", "Copy") && len(n.Args) == 2:
					if dst := local(n.Args[0]); dst != nil {
						out = append(out, bufferWrite{dst: dst, src: n.Args[1], at: n})
					}
				case model.IsMethod(fn, "bytes", "Buffer", "ReadFrom") && len(n.Args) == 1:
					if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
						if dst := local(sel.X); dst != nil {
							out = append(out, bufferWrite{dst: dst, src: n.Args[0], at: n})
						}
					}
				}
			case *ast.AssignStmt:
				for i := range n.Lhs {
					if dst, field := outputWriter(s.info, n, i); dst != nil {
						recv := RootVar(s.info, ast.Unparen(n.Lhs[i]).(*ast.SelectorExpr).X)
						out = append(out, bufferWrite{dst: dst, field: field, recv: recv, at: n})
					}
				}
			}
			return true
		})
	}
	if s.buffers == nil {
		s.buffers = map[*Root][]bufferWrite{}
	}
	s.buffers[root] = out
	return out
}

// readsWriter reports whether call, of fn, reads back the text of its
// receiver, a value that is an io.Writer: a method with no arguments
// answering a string or bytes (String, Bytes) of a type with a Write
// method — bytes.Buffer, strings.Builder, or a project's capped buffer.
func readsWriter(info *types.Info, fn *types.Func, call *ast.CallExpr) bool {
	if fn == nil || len(call.Args) != 0 {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Results().Len() != 1 || !IsText(sig.Results().At(0).Type()) {
		return false
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, fn.Pkg(), "Write")
	w, ok := obj.(*types.Func)
	return ok && w.Signature().Params().Len() == 1
}

// isBuffer reports whether t is a bytes.Buffer or strings.Builder, or a
// pointer to one: what a command's output is written to.
func isBuffer(t types.Type) bool {
	t = model.Deref(t)
	return model.IsNamed(t, "bytes", "Buffer") || model.IsNamed(t, "strings", "Builder")
}

// formatBlobs returns the raw values the operands of a printf-like call
// put in its text: blobs, the raw values in the text of errors, and
// structs formatted with %+v or %#v.
func (w *walk) formatBlobs(call *ast.CallExpr, index, depth int) []Blob {
	return w.operandBlobs(call, index, depth, true)
}

// operandBlobs is formatBlobs, leaving out error operands unless errs:
// the value of a fmt.Errorf follows its error operands itself, and
// following them here too would go round a loop that re-wraps an error
// (err = fmt.Errorf("retry: %v", err)) without end.
func (w *walk) operandBlobs(call *ast.CallExpr, index, depth int, errs bool) []Blob {
	info := w.s.info
	verbs, ok := FormatOf(info, call, index)
	var out []Blob
	skip := func(arg ast.Expr) bool { return !errs && IsError(info.TypeOf(arg)) }
	if !ok {
		// An unknown format: its operands can still be blobs.
		for i := index + 1; i < len(call.Args); i++ {
			if skip(call.Args[i]) {
				continue
			}
			out = appendBlobs(out, w.blobs(call.Args[i], depth)...)
		}
		return out
	}
	for _, v := range verbs {
		arg := Operand(call, index, v)
		if arg == nil || v.Verb == 'T' || v.Verb == 'p' || skip(arg) {
			continue // the type, or the address: not the value
		}
		if v.Verb == 'v' && (v.HasFlag('+') || v.HasFlag('#')) {
			if t := info.TypeOf(arg); dumpsStruct(t, v.HasFlag('#')) {
				out = appendBlob(out, Blob{
					Kind: BlobStruct,
					What: fmt.Sprintf("a value of type %s printed field by field with %%%sv", types.TypeString(t, types.RelativeTo(w.s.pass.Pkg)), v.Flags),
					Site: w.s.site(arg.Pos()), Pos: arg.Pos(), End: arg.End(), Source: arg.Pos(), SourceEnd: arg.End(),
				})
				continue
			}
		}
		out = appendBlobs(out, w.blobs(arg, depth)...)
	}
	return out
}

// dumpsStruct reports whether %+v (or, with goSyntax, %#v) prints a value
// of type t field by field: t is a struct or a pointer to one, and does not
// format itself (Error, String, Format; GoString for %#v).
func dumpsStruct(t types.Type, goSyntax bool) bool {
	if t == nil {
		return false
	}
	base := model.Deref(t)
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
func (w *walk) httpBody(expr ast.Expr, depth int) bool {
	if depth > maxBlobDepth {
		return false
	}
	info := w.s.info
	switch e := ast.Unparen(expr).(type) {
	case *ast.SelectorExpr:
		// resp.Body, also promoted from an embedded *http.Response (as in
		// go-github's Response).
		field, ok := info.Uses[e.Sel].(*types.Var)
		return ok && field.IsField() && field.Name() == "Body" && field.Pkg() != nil && field.Pkg().Path() == "net/http"
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		if readerWrappers[libraryName(fn)] && len(e.Args) > 0 {
			return w.httpBody(e.Args[0], depth+1)
		}
	case *ast.Ident:
		for _, o := range w.r.Resolver.Origins(e) {
			if o != ast.Expr(e) && w.httpBody(o, depth+1) {
				return true
			}
		}
	}
	return false
}

// shown returns the parameters whose text the text expr surely contains,
// followed as blob follows a raw value: through local variables,
// conversions, concatenation, slicing, fmt's functions and the string
// functions that keep their argument.
func (w *walk) shown(expr ast.Expr, depth int) varSet {
	if depth > maxBlobDepth || expr == nil {
		return nil
	}
	info := w.s.info
	switch e := ast.Unparen(expr).(type) {
	case *ast.Ident:
		return w.paramThrough(e, func(o ast.Expr) varSet { return w.shown(o, depth+1) })
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return union(w.shown(e.X, depth+1), w.shown(e.Y, depth+1))
		}
	case *ast.SliceExpr:
		return w.shown(e.X, depth+1)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return w.shown(e.Args[0], depth+1)
			}
			return nil
		}
		fn := model.Callee(info, e)
		switch {
		case model.IsFunc(fn, "fmt", "Sprintf"), model.IsFunc(fn, "fmt", "Errorf"):
			return w.formatShown(e, 0, depth+1)
		case model.IsFunc(fn, "fmt", "Sprint"), model.IsFunc(fn, "fmt", "Sprintln"):
			var out varSet
			for _, a := range e.Args {
				out = union(out, w.shown(a, depth+1))
			}
			return out
		case keptText(fn, e) != nil:
			return w.shown(keptText(fn, e), depth+1)
		case isEncoding(fn) && len(e.Args) > 0 && !IsError(info.TypeOf(e.Args[0])):
			// json.Marshal(v): v's texts are in the JSON, a parameter
			// encoded whole is shown.
			return w.shown(e.Args[0], depth+1)
		case fn != nil && fn.Name() == "Error" && len(e.Args) == 0:
			if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && IsError(info.TypeOf(sel.X)) {
				return w.valueAt(sel.X, -1, depth+1).Shows
			}
		case (model.IsFunc(fn, "io", "ReadAll") || model.IsFunc(fn, "io/ioutil", "ReadAll")) && len(e.Args) == 1:
			// What a helper reads in full from a reader it is given.
			return w.readerParams(e.Args[0], depth+1)
		}
		return w.calleeShown(e, depth)
	}
	return nil
}

// calleeShown returns the parameters a call's text result surely shows
// through the arguments its callee's summary says it shows: a helper that
// filters control characters out of the text it is given, called by one
// that builds an error result from it.
func (w *walk) calleeShown(call *ast.CallExpr, depth int) varSet {
	var out varSet
	for _, c := range w.callees(call) {
		index := onlyText(c.sig)
		if index < 0 {
			continue
		}
		for _, p := range c.sum.Slot(index).Shows {
			for _, a := range ArgsOf(call, c.sig, p, MethodExprShift(w.s.info, call.Fun)) {
				out = union(out, w.shown(a, depth+1))
			}
		}
	}
	return out
}

// shownAt is shown for an origin: a single value, or one result of a
// multi-valued call (return io.ReadAll(r) shows r; a helper's results
// show what its summary says, through value).
func (w *walk) shownAt(o Origin) varSet {
	if o.Index < 0 {
		return w.shown(o.Expr, 0)
	}
	call, ok := ast.Unparen(o.Expr).(*ast.CallExpr)
	if !ok || o.Index != 0 || len(call.Args) != 1 {
		return nil
	}
	if fn := model.Callee(w.s.info, call); model.IsFunc(fn, "io", "ReadAll") || model.IsFunc(fn, "io/ioutil", "ReadAll") {
		return w.readerParams(call.Args[0], 1)
	}
	return nil
}

// readerParams returns the parameter a reader expression reads, through
// io.LimitReader, bufio.NewReader and local variables.
func (w *walk) readerParams(expr ast.Expr, depth int) varSet {
	if depth > maxBlobDepth {
		return nil
	}
	info := w.s.info
	switch e := ast.Unparen(expr).(type) {
	case *ast.Ident:
		return w.paramThrough(e, func(o ast.Expr) varSet { return w.readerParams(o, depth+1) })
	case *ast.CallExpr:
		fn := model.Callee(info, e)
		if readerWrappers[libraryName(fn)] && len(e.Args) > 0 {
			return w.readerParams(e.Args[0], depth+1)
		}
	}
	return nil
}

// argBlobs returns the raw values an argument given to a helper that
// shows it may be: blobs, or, with reads, an HTTP response's body the
// helper reads in full. A helper that builds an error result from the
// body it reads is where the body enters its text: its package reports it
// there, once, and its callers do not.
func (w *walk) argBlobs(a ast.Expr, fn *types.Func, reads bool, depth int) []Blob {
	if bs := w.blobs(a, depth); len(bs) > 0 {
		return bs
	}
	if !reads {
		return nil
	}
	if w.httpBody(a, depth) {
		what := "an HTTP response body"
		if fn != nil {
			what += " read by " + model.FuncName(fn)
		}
		return []Blob{{Kind: BlobBody, What: what, Site: w.s.site(a.Pos()), Pos: a.Pos(), End: a.End(), Source: a.Pos(), SourceEnd: a.End(), Reader: fn}}
	}
	return nil
}

// formatShown returns the parameters whose text a printf-like call
// (format at argument index) surely puts in its text: text operands, and
// the errors it prints (%v, %s, %q, %w).
func (w *walk) formatShown(call *ast.CallExpr, index, depth int) varSet {
	info := w.s.info
	verbs, ok := FormatOf(info, call, index)
	if !ok {
		return nil
	}
	var out varSet
	for _, v := range verbs {
		arg := Operand(call, index, v)
		if arg == nil || !strings.ContainsRune("vsqw", v.Verb) {
			continue
		}
		switch t := info.TypeOf(arg); {
		case IsText(t):
			out = union(out, w.shown(arg, depth+1))
		case IsError(t):
			out = union(out, w.valueAt(arg, -1, depth+1).Shows)
		}
	}
	return out
}
