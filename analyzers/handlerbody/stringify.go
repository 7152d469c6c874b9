package handlerbody

// A client-visible message is any text the client receives as the story of
// a failure: an mcperr error's message, the text of an SDK error result,
// and the text of an error a handler returns (every SDK shows it to the
// client: mcperr renders it, a go-sdk typed handler's and an mcp-go
// structured handler's errors become error results, the others' become the
// JSON-RPC error message). What a raw upstream blob is, and how it is
// followed through variables, string functions and helpers, is the
// error-flow layer's (errflow/blobs.go); this rule says where blobs must
// not go.
//
// Messages of the runtime and of SDK error results are checked wherever
// they are built. The text of a returned error is checked where a handler
// returns it, together with what the helpers it calls — of this package
// or of another, through their summaries — put in theirs: a blob a helper
// of this package builds is reported where the helper builds it, where
// the fix belongs; one built in another package, at the handler's return.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
)

// checkPackage walks the package once for the rules that are about calls
// wherever they are: prefer-error-factory and the messages of
// no-stringify-upstream-error.
func (c *checker) checkPackage() {
	for _, root := range c.flow.Index().Roots() {
		if c.model.InGenerated(c.pass.Fset, root.Body.Node.Pos()) {
			continue
		}
		s := &messageScan{c: c, b: root.Body}
		for _, b := range root.Bodies {
			s.scan(b)
		}
	}
}

// A messageScan checks the messages built in one root.
type messageScan struct {
	c *checker
	b *errflow.Body // the root's body: its resolver follows every local of the root
}

// scan checks the messages one body of the root builds, from what the
// layer's walk of it recorded: its calls, its tool result literals, and
// its assignments of IsError.
func (s *messageScan) scan(b *errflow.Body) {
	c := s.c
	for i, call := range b.Calls {
		fn := b.CallFuncs[i]
		if c.model.ImportsRuntime {
			c.preferErrorFactory(call, fn)
		}
		s.callSinks(call, fn)
	}
	for _, lit := range b.ResultLits {
		s.resultLitSinks(lit)
	}
	for _, as := range b.ErrorMarks {
		for _, x := range s.isErrorAssign(as) {
			s.markedResult(x)
		}
	}
}

// noStringifyInReturnedErrors checks the text of the errors a handler
// returns: those it builds with fmt.Errorf or errors.New, and those the
// helpers it calls return. A helper's error returned in a branch chosen by
// errors.Is is a known condition the handler passes on on purpose, and is
// not followed.
func noStringifyInReturnedErrors(h *handler) {
	errIndex := h.errorSlot()
	if errIndex < 0 {
		return
	}
	s := &messageScan{c: h.c, b: h.b}
	for _, ret := range h.b.Returns {
		o, ok := errflow.ResultOrigin(ret, errIndex, h.results)
		if !ok || errflow.IsNil(h.c.info, o.Expr) {
			continue
		}
		br := errflow.InnermostBranch(h.b, ret)
		sentinel := br != nil && br.Sentinel
		var away []string
		if id, ok := ast.Unparen(o.Expr).(*ast.Ident); ok && o.Index < 0 {
			if v, ok := h.c.info.Uses[id].(*types.Var); ok {
				away = h.c.flow.TestedAway(h.b, ret, v)
			}
		}
		s.errorValue(o.Expr, o.Index, "the error "+h.describe()+" returns", sentinel, away...)
	}
	if !h.Path.ResultErrors {
		return
	}
	for _, ret := range h.b.Returns {
		br := errflow.InnermostBranch(h.b, ret)
		sentinel := br != nil && br.Sentinel
		for _, e := range h.c.flow.ResultErrors(h.b, ret) {
			s.errorValue(e, -1, "the error "+h.describe()+" returns in its result", sentinel)
		}
	}
}

// noStringifyInShownOutput checks the text results a handler returns with
// its error on a path that shows them with it (an adapter that appends an
// operation's output to the error message): what a command wrote to
// stderr, returned with the error, reaches the client as surely as if it
// were in the error's own text.
func noStringifyInShownOutput(h *handler) {
	errIndex := h.errorSlot()
	if errIndex < 0 || len(h.Path.Shown) == 0 {
		return
	}
	s := &messageScan{c: h.c, b: h.b}
	for _, ret := range h.b.Returns {
		for _, i := range h.Path.Shown {
			if b := h.c.flow.ShownBlob(h.b, ret, i, errIndex); b != nil {
				at := ret.Results[min(i, len(ret.Results)-1)]
				s.report(at, b, "the text "+h.describe()+" returns with its error (shown to the client with the error's message)"+through(b))
			}
		}
	}
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
	case path == model.MCPGoPath && errflow.IsMCPGoFunc(fn, errflow.MCPGoErrorResults):
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
				s.errorValue(e, -1, "the error mcp.NewToolResultErrorFromErr shows", false, s.testedAway(call, e)...)
			}
		}
	case errflow.IsSetError(fn):
		if e := arg(0); e != nil {
			s.errorValue(e, -1, "the error passed to SetError, whose text the result shows", false, s.testedAway(call, e)...)
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			s.markedResult(sel.X)
		}
	case path != model.RuntimePath && path != model.MCPGoPath && path != model.GoSDKPath:
		s.helperSinks(call, fn)
	}
}

// helperSinks checks the arguments of a helper that builds an error
// result from the text it is given — the project's own
// NewToolResultError, or one that adds an HTTP body to a message — as the
// helper's summary says: a raw value passed there reaches the client.
func (s *messageScan) helperSinks(call *ast.CallExpr, fn *types.Func) {
	sum := s.c.flow.Summary(fn)
	if sum == nil {
		return
	}
	sig := fn.Signature()
	shift := errflow.MethodExprShift(s.c.info, call.Fun)
	for i := range sig.Results().Len() {
		sl := sum.Slot(i)
		if !errflow.IsCallToolResult(sig.Results().At(i).Type()) || sl.Shape&errflow.ShapeError == 0 {
			continue
		}
		if sum.Printf > 0 && shift == 0 {
			// errorResult("listing hosts: %v", err): a printf wrapper.
			s.format(call, sum.Printf-1, "the text of the error result "+model.FuncName(fn)+" builds")
		}
		for _, p := range sl.Shows {
			sink := "the text of the error result " + model.FuncName(fn) + " builds"
			for _, a := range errflow.ArgsOf(call, sig, p, shift) {
				switch {
				case errflow.RawParam(sig, p):
					s.textOf(a, sink, s.c.paramRoot(fn, p))
				case errflow.IsText(s.c.info.TypeOf(a)):
					s.text(a, sink)
				case errflow.IsError(s.c.info.TypeOf(a)):
					// newToolResultError(msg, err): the helper shows the
					// error's text, and the raw values in it.
					s.shownError(a, sink, s.c.paramRoot(fn, p))
				default:
					// newErrorResult(response any), encoded whole: the
					// texts the caller put in the value it hands over.
					s.text(a, sink)
				}
			}
		}
	}
}

// textOf checks a raw value handed to a helper that makes text of it
// (makesText): each finding folds under the helper, root.
func (s *messageScan) textOf(arg ast.Expr, sink string, root func(what string) report.Root) {
	s.noteShown(s.c.flow.ShownMethods, arg, -1, sink)
	for _, b := range s.c.flow.BlobsIn(s.b, arg) {
		if d, ok := s.c.blobDiagnostic(arg, &b, sink+through(&b)); ok {
			s.c.report.Fold(rules.NoStringifyUpstreamError, root(b.What), fmt.Sprint(s.b.Root.Body.Node.Pos()), d)
		}
	}
}

// paramRoot is the root of the findings of a helper that makes the text
// of its error result from parameter p (makesText): one edit there keeps
// the raw value out of every call's text. what says what the calls hand
// it, from the first of them.
func (c *checker) paramRoot(fn *types.Func, p int) func(what string) report.Root {
	return func(what string) report.Root {
		name := fn.Signature().Params().At(p).Name()
		if name == "" || name == "_" {
			name = fmt.Sprintf("number %d", p+1)
		}
		root := report.Root{Site: model.FuncName(fn), Key: model.FuncName(fn) + "#" + name, Member: "a call that hands it a raw value"}
		if b := c.flow.Index().Decl(fn); b != nil {
			if decl, ok := b.Node.(*ast.FuncDecl); ok {
				root.Pos, root.End = decl.Name.Pos(), decl.Name.End()
				param := fn.Signature().Params().At(p)
				for i, e := range errflow.ParamEntries(c.info, decl.Body, param) {
					if i == 0 {
						root.Pos, root.End = e.Pos(), e.End() // where it enters the text
						continue
					}
					root.Others = append(root.Others, analysis.RelatedInformation{Pos: e.Pos(), End: e.End(), Message: "the raw value also enters the text here"})
				}
				root.Fix = func() []analysis.SuggestedFix {
					return c.rawFix(decl, func(arg ast.Expr) bool { return errflow.Mentions(c.info, arg, param) })
				}
			}
		} else if at := c.pass.Fset.Position(fn.Pos()); at.IsValid() {
			root.File, root.Line = at.Filename, at.Line
			root.Site = path.Base(fn.Pkg().Path()) + "/" + filepath.Base(at.Filename) + ":" + strconv.Itoa(at.Line)
		}
		root.Message = func(calls, handlers int) string {
			return fmt.Sprintf("%s puts its parameter %s into the text of the error result it builds, and %s of %s hand it %s: "+
				"raw upstream text reaches the client, where it can leak internal details and mislead the agent; say what failed in words there, and keep the raw value in %s",
				model.FuncName(fn), name, report.Count(calls, "call"), report.Count(handlers, "function"), what, c.rawValuePlace())
		}
		return root
	}
}

// markedResult checks the text content of the result literals a variable
// holds when SetError is called on it or its IsError is set: it is an
// error result, and SetError keeps content already set.
func (s *messageScan) markedResult(x ast.Expr) {
	if _, ok := ast.Unparen(x).(*ast.Ident); !ok {
		return
	}
	for _, o := range s.b.Root.Resolver.Origins(x) {
		if lit := model.CompositeLit(o); lit != nil && errflow.IsCallToolResult(s.c.info.TypeOf(lit)) {
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
		if !ok || sel.Sel.Name != "IsError" || !errflow.IsCallToolResult(s.c.info.TypeOf(sel.X)) {
			continue
		}
		if rhs := errflow.Assigned(as, i); rhs != nil {
			if isError, ok := errflow.BoolConst(s.c.info, rhs); ok && !isError {
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
	if !errflow.IsCallToolResult(info.TypeOf(lit)) || errflow.LitIsError(info, lit) != errflow.ShapeError {
		return
	}
	s.contentSinks(lit)
}

// contentSinks checks the text content of an error result literal.
func (s *messageScan) contentSinks(lit *ast.CompositeLit) {
	info := s.c.info
	content, ok := ast.Unparen(errflow.LitField(lit, "Content")).(*ast.CompositeLit)
	if !ok {
		return
	}
	for _, elt := range content.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			elt = kv.Value
		}
		if tc := model.CompositeLit(elt); tc != nil && errflow.IsTextContent(info.TypeOf(tc)) {
			if text := errflow.LitField(tc, "Text"); text != nil {
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
// errors those wrap, and of the errors the helpers it calls return. With
// own, only what the scanned function builds itself is checked; a raw
// value printed by an error type in away (errflow.TestedAway) is not.
func (s *messageScan) errorValue(e ast.Expr, index int, sink string, own bool, away ...string) {
	if !own {
		s.noteShown(s.c.flow.ErrorMethods, e, index, sink)
	}
	for _, b := range s.c.flow.Value(s.b, e, index).Blobs {
		if own && len(b.Via) > 0 || slices.Contains(away, b.ErrType) {
			continue // not this function's, or of a type tested away before
		}
		s.errorBlob(e, b, sink)
	}
}

// testedAway returns the error types an errors.As test has taken the
// local e away from before call (see errflow.Result.TestedAway): a
// handler that answers *regclient.Error in its own words first shows any
// other error as it is.
func (s *messageScan) testedAway(call *ast.CallExpr, e ast.Expr) []string {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := s.c.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	return s.c.flow.TestedAway(s.b, call, v)
}

// errorBlob reports a raw value in the error e.
func (s *messageScan) errorBlob(e ast.Expr, b errflow.Blob, sink string) {
	if !b.Pos.IsValid() || len(b.Via) == 0 {
		// Built here, or in another package: reported where this
		// function returns it.
		s.report(e, &b, sink+through(&b))
		return
	}
	s.report(e, &b, sink+through(&b), analysis.RelatedInformation{
		Pos: e.Pos(), End: e.End(), Message: "the error is returned here"})
}

// shownError checks an error handed to a helper that shows its text in
// the error result it builds (handleAPIError(err)). A raw value the error
// brings from another module — a library's error type that prints the
// body, handed to the helper by handlers or by the returns of this module
// that pass the library's error on — enters the module's text in the
// helper, the one place that can say in words what failed for every
// call: each such finding folds under it. The others (a body this module
// puts into an error) are reported as any error's are, where they enter
// their text.
func (s *messageScan) shownError(arg ast.Expr, sink string, root func(what string) report.Root) {
	s.noteShown(s.c.flow.ErrorMethods, arg, -1, sink)
	var rest []errflow.Blob
	for _, b := range s.c.flow.Value(s.b, arg, -1).Blobs {
		if !b.Outside || b.Reader != nil {
			rest = append(rest, b)
			continue
		}
		if d, ok := s.c.blobDiagnostic(arg, &b, sink+through(&b)); ok {
			s.c.report.Fold(rules.NoStringifyUpstreamError, root(b.What), fmt.Sprint(s.b.Root.Body.Node.Pos()), d)
		}
	}
	for _, b := range rest {
		s.errorBlob(arg, b, sink)
	}
}

// text checks a text argument of a sink.
func (s *messageScan) text(arg ast.Expr, sink string) {
	s.noteShown(s.c.flow.ShownMethods, arg, -1, sink)
	for _, b := range s.c.flow.BlobsIn(s.b, arg) {
		s.report(arg, &b, sink+through(&b))
	}
}

// format checks the operands of a printf-like sink whose format is
// argument index.
func (s *messageScan) format(call *ast.CallExpr, index int, sink string) {
	s.noteShown(s.c.flow.ShownMethods, call, index, sink)
	for _, b := range s.c.flow.FormatBlobs(s.b, call, index) {
		s.report(call, &b, sink+through(&b))
	}
}

// report reports a blob in a sink's message, at the expression of the
// message that holds it (or at arg when it is not in this package),
// pointing at where it was produced when that is elsewhere, and at the
// places related says.
func (s *messageScan) report(arg ast.Expr, b *errflow.Blob, sink string, related ...analysis.RelatedInformation) {
	s.c.reportBlob(arg, b, sink, fmt.Sprint(s.b.Root.Body.Node.Pos()), related...)
}

// reportBlob reports a blob in a sink's message at at (or where the blob
// enters the text, when that is in this package), folded under the place
// one edit keeps it out of every text; handler names the function whose
// text it is, for the root's count.
func (c *checker) reportBlob(at analysis.Range, b *errflow.Blob, sink, handler string, related ...analysis.RelatedInformation) {
	d, ok := c.blobDiagnostic(at, b, sink, related...)
	if !ok {
		return
	}
	switch {
	case b.Reader != nil:
		c.report.Fold(rules.NoStringifyUpstreamError, c.readerRoot(b), handler, d)
	case b.EntrySite != "":
		c.report.Fold(rules.NoStringifyUpstreamError, c.entryRoot(b), handler, d)
	case !b.Pos.IsValid() && b.Site != "":
		c.report.Fold(rules.NoStringifyUpstreamError, c.originRoot(b), handler, d)
	default:
		if len(b.Via) > 0 {
			// Built in a helper of this package, where the fix is.
			d.SuggestedFixes = c.operandFix(b)
		}
		c.report.Diagnostic(rules.NoStringifyUpstreamError, d)
	}
}

// blobDiagnostic is the finding of a blob in a sink's message, or false
// when it was reported already.
func (c *checker) blobDiagnostic(at analysis.Range, b *errflow.Blob, sink string, related ...analysis.RelatedInformation) (analysis.Diagnostic, bool) {
	if b.Pos.IsValid() {
		at = posRange{b.Pos, b.End}
	}
	// Two raw values of other packages shown by one text are two findings,
	// each folded under the place it enters its text.
	if !c.once(rules.NoStringifyUpstreamError, onceKey{posRange{at.Pos(), at.End()}, b.Site, b.EntrySite}) {
		return analysis.Diagnostic{}, false
	}
	d := analysis.Diagnostic{
		Pos: at.Pos(),
		End: at.End(),
		Message: fmt.Sprintf("%s includes %s: raw upstream text reaches the client, where it can leak internal details and mislead the agent; say what failed in words, and keep the raw value in %s",
			sink, b.What, c.rawValuePlace()),
		Related: related,
	}
	if b.Source.IsValid() && (b.Source < at.Pos() || b.SourceEnd > at.End()) {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: b.Source, End: b.SourceEnd, Message: "the raw value comes from here"})
	}
	if !b.Pos.IsValid() && b.File != "" {
		pos, end := c.report.ForeignPos(report.Position{File: b.File, Line: b.Line, Col: 1})
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: "the raw value enters the text here, in " + b.Site})
	}
	if b.EntrySite != "" {
		pos, end := b.EntryPos, b.EntryPos
		if !pos.IsValid() {
			pos, end = c.report.ForeignPos(report.Position{File: b.EntryFile, Line: b.EntryLine, Col: 1})
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos, End: end, Message: "it comes into the module here, in " + b.EntrySite})
	}
	return d, true
}

// entryRoot is the root of the findings of a raw value from another
// module (a client library's error type that prints the body) at the
// first return of this module that hands it on: one edit there, saying
// in words of the module's own what failed, keeps it out of every text
// that shows that error. When only one text shows it, that text is the
// one edit, and the finding stays there, naming this place.
func (c *checker) entryRoot(b *errflow.Blob) report.Root {
	from := b.Site
	if len(b.Via) > 0 {
		from = b.Via[len(b.Via)-1] + " (" + b.Site + ")"
	}
	root := report.Root{Site: b.EntrySite, File: b.EntryFile, Line: b.EntryLine, Member: "a text that shows it", Also: "it also comes into the module here, in "}
	if b.EntryPos.IsValid() {
		root.Pos, root.End = b.EntryPos, b.EntryPos+token.Pos(len("return"))
	} else {
		// Every return of another package that hands on one library's
		// value: one finding, naming each.
		root.Key = "entry of " + b.Site
	}
	what := b.What
	root.Message = func(texts, funcs int) string {
		return fmt.Sprintf("%s, from %s, comes into the module through a return that hands it on, and %s of %s show it: raw upstream text reaches the client, where it can leak internal details and mislead the agent; say what failed in words of the module's own at that return, and keep the raw value in %s",
			what, from, report.Count(texts, "text"), report.Count(funcs, "function"), c.rawValuePlace())
	}
	return root
}

// markRootsElsewhere tells the reporter the places of this package that
// findings of other packages may fold under — where a raw value enters a
// text, where one from another module comes in, a helper that makes text
// of what it is handed — so that a directive there is not called unused.
func (c *checker) markRootsElsewhere() {
	rule := rules.NoStringifyUpstreamError.ID
	c.eachSlot(func(fn *types.Func, sl errflow.Slot) {
		for _, b := range slices.Concat(sl.Blobs, sl.FailBlobs, sl.FieldBlobs) {
			c.report.RootElsewhere(rule, b.Pos)
			c.report.RootElsewhere(rule, b.EntryPos)
		}
		if len(sl.Shows) > 0 {
			c.report.RootElsewhere(rule, fn.Pos())
		}
	})
}

// originRoot is the root of the findings of a raw value that enters its
// text in another package (a client helper that formats the body into its
// error): where it enters, one edit keeps it out of every text here.
func (c *checker) originRoot(b *errflow.Blob) report.Root {
	via := ""
	if len(b.Via) > 0 {
		via = " " + b.Via[len(b.Via)-1]
	}
	what, site := b.What, b.Site
	// Every place one function of another package puts a raw value into
	// its text is one edit there, so one root.
	var key string
	if len(b.Via) > 0 {
		key = b.Via[len(b.Via)-1]
	}
	root := report.Root{Site: site, Key: key, File: b.File, Line: b.Line, Member: "a text that shows it"}
	if fix, at := c.report.ForeignRootFix(site); fix != nil {
		// The root's package made the fix: the finding goes there.
		root.Fix, root.At = fix, at
	}
	root.Message = func(texts, funcs int) string {
		return fmt.Sprintf("%s enters the text of an error at %s (in%s), and %s of %s show it: raw upstream text reaches the client, where it can leak internal details and mislead the agent; say what failed in words there, and keep the raw value in %s",
			what, site, via, report.Count(texts, "text"), report.Count(funcs, "function"), c.rawValuePlace())
	}
	return root
}

// readerRoot is the root of the findings of a helper that puts a raw
// value (the body of the response it is handed, or one it reads itself)
// into the text it builds: the helper, where one edit keeps it out of
// every call's text.
func (c *checker) readerRoot(blob *errflow.Blob) report.Root {
	fn, what := blob.Reader, blob.What
	root := report.Root{Site: model.FuncName(fn), Member: "a call whose text shows it"}
	if b := c.flow.Index().Decl(fn); b != nil {
		if decl, ok := b.Node.(*ast.FuncDecl); ok {
			root.Pos, root.End = decl.Name.Pos(), decl.Name.End()
			if blob.ReaderParam > 0 {
				// Where the parameter it is handed enters its text: each
				// place, the first the finding's.
				for i, e := range errflow.ParamEntries(c.info, decl.Body, fn.Signature().Params().At(blob.ReaderParam-1)) {
					if i == 0 {
						root.Pos, root.End = e.Pos(), e.End()
						continue
					}
					root.Others = append(root.Others, analysis.RelatedInformation{Pos: e.Pos(), End: e.End(), Message: "the raw value also enters the text here"})
				}
			}
			root.Fix = func() []analysis.SuggestedFix {
				return c.rawFix(decl, func(arg ast.Expr) bool { return len(c.flow.BlobsIn(b, arg)) > 0 })
			}
		}
	}
	root.Message = func(calls, handlers int) string {
		return fmt.Sprintf("%s puts %s into the text it builds, and %s of %s show that text: "+
			"raw upstream text reaches the client, where it can leak internal details and mislead the agent; say what failed in words here, and keep the raw value in %s",
			model.FuncName(fn), what, report.Count(calls, "call"), report.Count(handlers, "function"), c.rawValuePlace())
	}
	return root
}

// rawValuePlace says where a raw value belongs, in the words of what the
// package uses: the runtime's data option, or, in a server written
// straight against an SDK, its logs.
func (c *checker) rawValuePlace() string {
	if c.runtime != nil {
		return "mcperr.WithData or the server's logs"
	}
	return "the server's logs"
}

// through names, for a sink's message, the functions a blob comes
// through, and where it enters the text when that is in another package.
func through(b *errflow.Blob) string {
	if len(b.Via) == 0 {
		return ""
	}
	if !b.Pos.IsValid() && b.Site != "" {
		return fmt.Sprintf(", through %s (%s),", strings.Join(b.Via, " → "), b.Site)
	}
	return ", through " + strings.Join(b.Via, " → ") + ","
}

// onceKey is what a raw value is reported once for: where, and, for one
// of another package, the place it enters its text there.
type onceKey struct {
	at          posRange
	site, entry string
}

// A posRange is an analysis.Range of two positions.
type posRange struct{ from, to token.Pos }

func (r posRange) Pos() token.Pos { return r.from }
func (r posRange) End() token.Pos { return r.to }
