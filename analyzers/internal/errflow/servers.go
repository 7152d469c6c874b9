package errflow

// Whether an mcp-go handler's error reaches the client as a JSON-RPC
// error depends on the server it is registered on: one built with
// server.WithToolHandlerMiddleware(m), where m turns next's error into a
// tool result, converts every handler's errors. The layer settles it where
// the registration and the server's construction are both seen: the
// server held in a local variable or in a field of the package, built by
// server.NewMCPServer with options the layer can read. A server that comes
// from a parameter, or a middleware of another package, leaves it open.

import (
	"go/ast"
	"go/types"
	"maps"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

type serverConversion int

const (
	unknownServer serverConversion = iota
	converts                       // the server turns handlers' errors into results
	passesErrors                   // the server sends them as JSON-RPC errors
	// fromCallers: the server passes errors unless the options callers in
	// other packages hand an exported constructor (NewServer(version,
	// opts...)) make it convert them: the callers decide.
	fromCallers
)

// combine is the conversion of a value that may be either server.
func combine(a, b serverConversion) serverConversion {
	switch {
	case a == converts || b == converts:
		return converts // some server converts: precision first
	case a == unknownServer || b == unknownServer:
		return unknownServer
	case a == fromCallers || b == fromCallers:
		return fromCallers
	}
	return passesErrors
}

// maxServerDepth bounds how far a server value is followed.
const maxServerDepth = 4

// serverConversion says whether the mcp-go server expr (of body b) may
// convert handlers' errors.
func (f *finder) serverConversion(b *Body, expr ast.Expr) serverConversion {
	if c, ok := f.servers[expr]; ok {
		return c
	}
	f.servers[expr] = unknownServer // a cycle ends here
	c := f.serverValue(b, expr, 0)
	f.servers[expr] = c
	return c
}

func (f *finder) serverValue(b *Body, expr ast.Expr, depth int) serverConversion {
	if depth > maxServerDepth || expr == nil {
		return unknownServer
	}
	var origins []ast.Expr
	if b != nil {
		origins = f.r.finalWalk(b.Root).r.Resolver.Origins(expr)
	} else {
		origins = []ast.Expr{ast.Unparen(expr)}
	}
	result := serverConversion(-1)
	add := func(c serverConversion) {
		if result < 0 {
			result = c
		} else {
			result = combine(result, c)
		}
	}
	for _, o := range origins {
		switch o := o.(type) {
		case *ast.CallExpr:
			if model.IsFunc(model.Callee(f.info, o), model.MCPGoServer, "NewMCPServer") {
				add(f.optionsConvert(b, o, depth))
			} else if c, ok := f.ctorConversion(b, o, depth); ok {
				add(c)
			} else if c, ok := f.builtBy(o); ok {
				add(c)
			} else {
				add(unknownServer)
			}
		case *ast.SelectorExpr:
			field, ok := f.info.Uses[o.Sel].(*types.Var)
			if !ok || !field.IsField() {
				add(unknownServer)
				continue
			}
			writes := f.writesOf(field)
			if len(writes) == 0 {
				add(unknownServer)
			}
			for _, w := range writes {
				add(f.serverValue(w.b, w.e, depth+1))
			}
		default:
			if args, ok := f.paramArgs(o); ok {
				if len(args) == 0 {
					add(unknownServer)
				}
				for _, a := range args {
					add(f.serverValue(a.b, a.e, depth+1))
				}
				continue
			}
			add(unknownServer)
		}
	}
	if result < 0 {
		return unknownServer
	}
	return result
}

// settingOrigins returns the origins of expr in b, and, for a parameter
// the body assigns (opts = append(defaults, opts...)), the values it
// assigns it besides the one it is given.
func (f *finder) settingOrigins(b *Body, expr ast.Expr) []ast.Expr {
	res := f.r.finalWalk(b.Root).r.Resolver
	var out []ast.Expr
	for _, o := range res.Origins(expr) {
		out = append(out, o)
		if id, ok := o.(*ast.Ident); ok {
			if p, ok := f.info.Uses[id].(*types.Var); ok && IsParam(p) {
				for _, a := range res.varOrigins(p) {
					if id2, ok := a.Expr.(*ast.Ident); !ok || f.info.Uses[id2] != p {
						out = append(out, a.Expr)
					}
				}
			}
		}
	}
	return out
}

// paramArgs returns, when e names a parameter of a function of the
// package that the package calls, the arguments its calls give it (for a
// variadic parameter, each argument, or the slice passed with ...), so
// that a server or an option built by the caller is read there.
func (f *finder) paramArgs(e ast.Expr) ([]siteExpr, bool) {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	p, ok := f.info.Uses[id].(*types.Var)
	if !ok || !IsParam(p) {
		return nil, false
	}
	fn := f.paramOwner(p)
	if fn == nil || fn.Exported() && len(f.callsOf[fn]) == 0 {
		return nil, false // called from elsewhere
	}
	i := paramIndex(fn.Signature(), p)
	var out []siteExpr
	for _, sc := range f.callsOf[fn] {
		for _, a := range ArgsOf(sc.call, fn.Signature(), i, MethodExprShift(f.info, sc.call.Fun)) {
			out = append(out, siteExpr{sc.b, a})
		}
	}
	return out, true
}

// callersOptions reports whether e is the variadic options parameter of
// an exported function of the package that the package does not call:
// the options callers elsewhere give it. The function is noted as a
// server constructor (serverCtors), exported in its fact, so that its
// callers decide.
func (f *finder) callersOptions(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	p, ok := f.info.Uses[id].(*types.Var)
	if !ok || !IsParam(p) {
		return false
	}
	fn := f.paramOwner(p)
	if fn == nil || !fn.Exported() || len(f.callsOf[fn]) > 0 || !fn.Signature().Variadic() {
		return false
	}
	i := paramIndex(fn.Signature(), p)
	if i != fn.Signature().Params().Len()-1 {
		return false
	}
	if f.ctorCandidates != nil {
		f.ctorCandidates[fn] = i
	}
	return true
}

// builtBy says, for a call of a function of the package that returns an
// mcp-go server (func newServer() *server.MCPServer { return
// server.NewMCPServer(…) }), whether the servers its returns give convert
// handlers' errors. A nil it returns on failure builds no server. What a
// return builds does not depend on the call, so it is settled once for
// every registration that reaches it (serverConversion's memo).
func (f *finder) builtBy(call *ast.CallExpr) (serverConversion, bool) {
	body := f.x.Decl(model.Callee(f.info, call))
	if body == nil || body.Sig == nil {
		return 0, false
	}
	index := -1
	for i := range body.Sig.Results().Len() {
		if isServerType(body.Sig.Results().At(i).Type()) {
			index = i
			break
		}
	}
	if index < 0 {
		return 0, false
	}
	result := serverConversion(-1)
	for _, ret := range body.Returns {
		if len(ret.Results) != body.Sig.Results().Len() || IsNil(f.info, ret.Results[index]) {
			continue
		}
		c := f.serverConversion(body, ret.Results[index])
		if result < 0 {
			result = c
		} else {
			result = combine(result, c)
		}
	}
	if result < 0 {
		return 0, false
	}
	return result, true
}

// isServerType reports whether t is *server.MCPServer of mcp-go.
func isServerType(t types.Type) bool {
	ptr, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := ptr.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == model.MCPGoServer && named.Obj().Name() == "MCPServer"
}

// ctorConversion says, for a call of a server constructor of another
// package (see callersOptions), whether the server it builds converts
// handlers' errors: its own options pass them (its fact says so), so the
// options this call hands it decide.
func (f *finder) ctorConversion(b *Body, call *ast.CallExpr, depth int) (serverConversion, bool) {
	fn := model.Callee(f.info, call)
	if fn == nil || fn.Pkg() == f.r.pass.Pkg {
		return 0, false
	}
	fact := new(handlersFact)
	if !f.r.pass.ImportObjectFact(fn, fact) || fact.ServerOptions == 0 {
		return 0, false
	}
	i := int(fact.ServerOptions) - 1
	result := passesErrors
	if call.Ellipsis.IsValid() {
		if i < len(call.Args) {
			result = combine(result, f.optionSlice(b, call.Args[len(call.Args)-1], depth))
		}
		return result, true
	}
	for j := i; j < len(call.Args); j++ {
		result = combine(result, f.option(b, call.Args[j], depth))
	}
	return result, true
}

// optionsConvert says whether the options of a server.NewMCPServer call
// make the server convert handlers' errors.
func (f *finder) optionsConvert(b *Body, call *ast.CallExpr, depth int) serverConversion {
	result := passesErrors
	for i := 2; i < len(call.Args); i++ {
		arg := call.Args[i]
		if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
			result = combine(result, f.optionSlice(b, arg, depth))
			continue
		}
		result = combine(result, f.option(b, arg, depth))
	}
	return result
}

// optionSlice reads the options of a slice passed as opts...: built with
// append or a composite literal.
func (f *finder) optionSlice(b *Body, expr ast.Expr, depth int) serverConversion {
	if b == nil || depth > maxServerDepth {
		return unknownServer
	}
	// opts = append(defaults, opts...) reads the slice it builds: a slice
	// already being read adds nothing.
	if f.reading[expr] {
		return passesErrors
	}
	if f.reading == nil {
		f.reading = map[ast.Expr]bool{}
	}
	f.reading[expr] = true
	defer delete(f.reading, expr)
	result := passesErrors
	for _, o := range f.settingOrigins(b, expr) {
		switch o := o.(type) {
		case *ast.CompositeLit:
			for _, elt := range o.Elts {
				result = combine(result, f.option(b, elt, depth))
			}
		case *ast.CallExpr:
			if len(o.Args) > 0 && isBuiltin(f.info, o, "append") {
				result = combine(result, f.optionSlice(b, o.Args[0], depth+1))
				for _, a := range o.Args[1:] {
					if o.Ellipsis.IsValid() {
						result = combine(result, f.optionSlice(b, a, depth+1))
					} else {
						result = combine(result, f.option(b, a, depth))
					}
				}
				continue
			}
			result = combine(result, unknownServer)
		default:
			if IsNil(f.info, o) {
				continue
			}
			args, ok := f.paramArgs(o)
			if !ok && f.callersOptions(o) {
				result = combine(result, fromCallers)
				continue
			}
			if !ok || len(args) == 0 {
				result = combine(result, unknownServer)
				continue
			}
			for _, a := range args {
				if t, isSlice := f.info.TypeOf(a.e).Underlying().(*types.Slice); isSlice && t != nil {
					result = combine(result, f.optionSlice(a.b, a.e, depth+1))
				} else {
					result = combine(result, f.option(a.b, a.e, depth+1))
				}
			}
		}
	}
	return result
}

// option says whether one server option makes the server convert errors.
func (f *finder) option(b *Body, expr ast.Expr, depth int) serverConversion {
	var origins []ast.Expr
	if b != nil {
		origins = f.r.finalWalk(b.Root).r.Resolver.Origins(expr)
	} else {
		origins = []ast.Expr{ast.Unparen(expr)}
	}
	result := passesErrors
	for _, o := range origins {
		call, ok := o.(*ast.CallExpr)
		if !ok {
			return unknownServer
		}
		fn := model.Callee(f.info, call)
		switch {
		case model.IsFunc(fn, model.MCPGoServer, "WithToolHandlerMiddleware") && len(call.Args) == 1:
			result = combine(result, f.middlewareConverts(b, call.Args[0]))
		case fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == model.MCPGoServer:
			// Any other option of mcp-go (WithRecovery recovers panics
			// only) leaves handlers' errors alone.
		default:
			return unknownServer
		}
	}
	return result
}

// middlewareConverts says whether an mcp-go tool handler middleware turns
// the error of the handler it wraps into a result: the handlers it returns
// never return next's error.
func (f *finder) middlewareConverts(b *Body, m ast.Expr) serverConversion {
	return f.middlewaresConvert(f.funcValues(b, m, 0))
}

// middlewaresConvert says whether the middlewares values can be all turn
// the wrapped handler's errors into results.
func (f *finder) middlewaresConvert(values []funcValue) serverConversion {
	if len(values) == 0 {
		return unknownServer
	}
	result := serverConversion(-1)
	for _, v := range values {
		c := f.middlewareValue(v)
		if result < 0 {
			result = c
		} else {
			result = combine(result, c)
		}
	}
	return result
}

// middlewareValue says whether one middleware converts errors: read from
// its body, or from the fact of the function of another package that
// builds it.
func (f *finder) middlewareValue(v funcValue) serverConversion {
	if v.factory {
		fact := new(handlersFact)
		if f.r.pass.ImportObjectFact(v.fn, fact) {
			return serverConversion(fact.Middleware)
		}
		return unknownServer
	}
	mb := f.bodyOf(v)
	if mb == nil || mb.Sig == nil || mb.Sig.Params().Len() != 1 {
		return unknownServer
	}
	next := mb.Sig.Params().At(0)
	c := converts
	for _, ret := range mb.Returns {
		if len(ret.Results) != 1 {
			return unknownServer
		}
		for _, inner := range f.funcValues(mb, ret.Results[0], 0) {
			ib := f.bodyOf(inner)
			if ib == nil {
				return unknownServer
			}
			if f.passesOn(ib, next) {
				c = passesErrors
			}
		}
	}
	return c
}

// funcMiddleware says whether the middleware a function of the package
// returns converts errors; unknownServer when it returns none.
func (f *finder) funcMiddleware(b *Body) serverConversion {
	if b.Sig == nil || b.Sig.Results().Len() != 1 || !isMiddlewareType(b.Sig.Results().At(0).Type()) {
		return unknownServer
	}
	var values []funcValue
	for _, ret := range b.Returns {
		if len(ret.Results) == 1 {
			values = append(values, f.funcValues(b, ret.Results[0], 0)...)
		}
	}
	return f.middlewaresConvert(values)
}

// isMiddlewareType reports whether t is an mcp-go tool handler middleware:
// func(server.ToolHandlerFunc) server.ToolHandlerFunc.
func isMiddlewareType(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	in, ok1 := sig.Params().At(0).Type().Underlying().(*types.Signature)
	out, ok2 := sig.Results().At(0).Type().Underlying().(*types.Signature)
	return ok1 && ok2 && model.KindOf(in) == model.MCPGoPlain && model.KindOf(out) == model.MCPGoPlain
}

// Servers returns, for each mcp-go server the package builds (a call of
// server.NewMCPServer), whether it converts handlers' errors: true when it
// surely passes them on as JSON-RPC errors.
func (r *Result) ServersPassErrors() (built, passing bool) {
	return r.serversBuilt, r.serversPassing
}

// noteServers records whether the package builds mcp-go servers, and
// whether every one of them surely passes handlers' errors on.
func (f *finder) noteServers() {
	passing := true
	note := func(b *Body, call *ast.CallExpr) {
		var c serverConversion
		if model.IsFunc(model.Callee(f.info, call), model.MCPGoServer, "NewMCPServer") {
			// The constructors whose callers' options this server takes
			// are theirs to decide only when nothing else does: its own
			// options pass errors on.
			f.ctorCandidates = map[*types.Func]int{}
			c = f.optionsConvert(b, call, 0)
			if c == fromCallers {
				if f.serverCtors == nil {
					f.serverCtors = map[*types.Func]int{}
				}
				maps.Copy(f.serverCtors, f.ctorCandidates)
			}
			f.ctorCandidates = nil
		} else if cc, ok := f.ctorConversion(b, call, 0); ok {
			c = cc // a server constructor of another package, given options here
		} else {
			return
		}
		if c == fromCallers {
			return // built for callers elsewhere, who decide (see callersOptions)
		}
		f.r.serversBuilt = true
		if c != passesErrors {
			passing = false
		}
		f.r.serverSites = append(f.r.serverSites, call)
	}
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			for _, call := range b.Calls {
				note(b, call)
			}
		}
	}
	for _, call := range f.x.pkgCalls {
		note(nil, call)
	}
	f.r.serversPassing = f.r.serversBuilt && passing
}

// serverForwarder returns the return, in the outermost tool handler
// middleware the server expr (of body b) is built with, that hands next's
// error on: where every handler's error passes on its way to the SDK, and
// one edit turns them all into results. Only a server built in the
// package with its middlewares written as server.NewMCPServer's
// arguments is read.
func (f *finder) serverForwarder(b *Body, expr ast.Expr) (Step, bool) {
	var origins []ast.Expr
	if b != nil {
		origins = f.r.finalWalk(b.Root).r.Resolver.Origins(expr)
	}
	for _, o := range origins {
		call, ok := o.(*ast.CallExpr)
		if !ok || !model.IsFunc(model.Callee(f.info, call), model.MCPGoServer, "NewMCPServer") {
			continue
		}
		for _, arg := range call.Args {
			opt, ok := ast.Unparen(arg).(*ast.CallExpr)
			if !ok || !model.IsFunc(model.Callee(f.info, opt), model.MCPGoServer, "WithToolHandlerMiddleware") || len(opt.Args) != 1 {
				continue
			}
			for _, mv := range f.funcValues(b, opt.Args[0], 0) {
				mb := f.bodyOf(mv)
				if mb == nil || mb.Sig == nil || mb.Sig.Params().Len() != 1 {
					continue
				}
				for _, inner := range f.returnedFuncs(mb) {
					if ib := f.bodyOf(inner); ib != nil {
						if ret := f.forwardingReturn(ib, mb.Sig.Params().At(0)); ret != nil {
							return Step{Pos: ret.Pos(), What: "handed on by tool handler middleware " + describeBody(mb), Forwards: true}, true
						}
					}
				}
			}
			return Step{}, false // the outermost middleware hands nothing on as it is
		}
	}
	return Step{}, false
}

// builtServer returns the call of server.NewMCPServer, in this package,
// that builds the mcp-go server expr (of body b): through locals, the
// package's fields and the arguments of its callers, the way
// serverValue follows it. Of several, it is the first in the source; nil
// when the server comes from elsewhere (a constructor of another
// package).
func (f *finder) builtServer(b *Body, expr ast.Expr, depth int) *ast.CallExpr {
	if depth > maxServerDepth || expr == nil {
		return nil
	}
	origins := []ast.Expr{ast.Unparen(expr)}
	if b != nil {
		origins = f.r.finalWalk(b.Root).r.Resolver.Origins(expr)
	}
	var first *ast.CallExpr
	add := func(c *ast.CallExpr) {
		if c != nil && (first == nil || f.earlier(c, first)) {
			first = c
		}
	}
	for _, o := range origins {
		switch o := o.(type) {
		case *ast.CallExpr:
			if model.IsFunc(model.Callee(f.info, o), model.MCPGoServer, "NewMCPServer") {
				add(o)
			} else if body := f.x.Decl(model.Callee(f.info, o)); body != nil {
				// A function of the package that builds the server and
				// returns it (func newServer() *server.MCPServer).
				add(f.returnedServer(body, depth+1))
			}
		case *ast.SelectorExpr:
			if field, ok := f.info.Uses[o.Sel].(*types.Var); ok && field.IsField() {
				for _, w := range f.writesOf(field) {
					add(f.builtServer(w.b, w.e, depth+1))
				}
			}
		default:
			args, _ := f.paramArgs(o)
			for _, a := range args {
				add(f.builtServer(a.b, a.e, depth+1))
			}
		}
	}
	return first
}

// returnedServer returns the construction of the mcp-go server a function
// of the package returns, as builtServer finds it, or nil.
func (f *finder) returnedServer(body *Body, depth int) *ast.CallExpr {
	if body.Sig == nil {
		return nil
	}
	n := body.Sig.Results().Len()
	var first *ast.CallExpr
	for i := range n {
		if !isServerType(body.Sig.Results().At(i).Type()) {
			continue
		}
		for _, ret := range body.Returns {
			if len(ret.Results) != n || IsNil(f.info, ret.Results[i]) {
				continue
			}
			if c := f.builtServer(body, ret.Results[i], depth); c != nil && (first == nil || f.earlier(c, first)) {
				first = c
			}
		}
		break
	}
	return first
}

// earlier reports whether a comes before b in the source (see
// model.SourceOrder): a finding's place must not depend on the order the
// files were parsed in.
func (f *finder) earlier(a, b ast.Node) bool {
	return model.SourceOrder(f.r.pass.Fset, a.Pos(), b.Pos()) < 0
}

// forwardingReturn returns the return of handler body b whose error is
// the error of calling next, or nil.
func (f *finder) forwardingReturn(b *Body, next *types.Var) *ast.ReturnStmt {
	nextSig, _ := next.Type().Underlying().(*types.Signature)
	if b.Sig == nil || b.Sig.Results().Len() == 0 || nextSig == nil || nextSig.Results().Len() == 0 {
		return nil
	}
	w := f.r.finalWalk(b.Root)
	n := b.Sig.Results().Len()
	for _, ret := range b.Returns {
		o, ok := ResultOrigin(ret, n-1, n)
		if !ok {
			continue
		}
		for _, c := range w.value(o.Expr, o.Index).Calls {
			if c.param == next && c.result == nextSig.Results().Len()-1 {
				return ret
			}
		}
	}
	return nil
}

// passesOn reports whether a handler body returns, as its error, the
// error of calling next.
func (f *finder) passesOn(b *Body, next *types.Var) bool {
	nextSig, _ := next.Type().Underlying().(*types.Signature)
	if b.Sig == nil || b.Sig.Results().Len() == 0 || nextSig == nil || nextSig.Results().Len() == 0 {
		return true
	}
	nextErr := nextSig.Results().Len() - 1
	w := f.r.finalWalk(b.Root)
	n := b.Sig.Results().Len()
	for _, ret := range b.Returns {
		o, ok := ResultOrigin(ret, n-1, n)
		if !ok {
			return true
		}
		for _, c := range w.value(o.Expr, o.Index).Calls {
			if c.param == next && c.result == nextErr {
				return true
			}
		}
	}
	return false
}

// bodyOf returns the body of a function value of the package, or nil.
func (f *finder) bodyOf(v funcValue) *Body {
	switch {
	case v.lit != nil:
		return f.x.Lit(v.lit)
	case v.fn != nil:
		return f.x.Decl(v.fn)
	}
	return nil
}

// writesOf returns the values the package assigns to a field: in
// assignments and in composite literals.
func (f *finder) writesOf(field *types.Var) []siteExpr {
	if f.fieldWrites == nil {
		f.fieldWrites = fieldWrites(f.info, f.x.roots)
	}
	return f.fieldWrites[field]
}

// fieldWrites returns, for each field the roots write, the values they
// store in it: assignments to a selector, and composite literals, keyed
// or not. A literal's body is scanned as its own body, so that each
// write's body is the one it is written in.
func fieldWrites(info *types.Info, roots []*Root) map[*types.Var][]siteExpr {
	out := map[*types.Var][]siteExpr{}
	for _, root := range roots {
		for _, b := range root.Bodies {
			ast.Inspect(b.Block, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return n.Body == b.Block
				case *ast.AssignStmt:
					for i, lhs := range n.Lhs {
						sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
						if !ok {
							continue
						}
						if field, ok := info.Uses[sel.Sel].(*types.Var); ok && field.IsField() {
							if rhs := Assigned(n, i); rhs != nil {
								out[field] = append(out[field], siteExpr{b, rhs})
							}
						}
					}
				case *ast.CompositeLit:
					st, _ := model.Deref(info.TypeOf(n)).Underlying().(*types.Struct)
					for i, elt := range n.Elts {
						if kv, ok := elt.(*ast.KeyValueExpr); ok {
							if id, ok := kv.Key.(*ast.Ident); ok {
								if field, ok := info.Uses[id].(*types.Var); ok && field.IsField() {
									out[field] = append(out[field], siteExpr{b, kv.Value})
								}
							}
						} else if st != nil && i < st.NumFields() {
							out[st.Field(i)] = append(out[st.Field(i)], siteExpr{b, elt})
						}
					}
				}
				return true
			})
		}
	}
	return out
}
