package errflow

// A tool-call middleware is on every tool's path: what it returns itself —
// a rate limit's refusal before it calls next, an interceptor's failure
// wrapped with %w — reaches the client as a handler's return does. Two
// kinds are followed, found by their types wherever they are written, so
// that a middleware of one package installed by another is judged where
// its body is:
//
//   - an mcp-go server.ToolHandlerMiddleware, func(ToolHandlerFunc)
//     ToolHandlerFunc: the handlers it returns are mcp-go handlers, whose
//     errors the server sends as JSON-RPC errors unless another middleware
//     of the package converts them;
//   - a go-sdk receiving middleware, func(MethodHandler) MethodHandler,
//     whose method handler tests its method against "tools/call": on that
//     method its errors are JSON-RPC errors the model never sees. A method
//     handler that does not look at the method is judged on nothing: its
//     errors may be meant for initialize or a resource read.
//
// What the handler returns from next is next's: passed on, not its own.

import (
	"go/ast"
	"go/types"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// toolsCallMethod is the method of a tool call, as a go-sdk method
// handler sees it.
const toolsCallMethod = "tools/call"

// seedMiddlewares gives the handlers the package's tool-call middlewares
// return a path of their own.
func (f *finder) seedMiddlewares() {
	converting := f.installedConverting()
	for _, root := range f.x.roots {
		for _, b := range root.Bodies {
			if b.Sig == nil {
				continue
			}
			switch {
			case isMiddlewareType(b.Sig):
				for _, inner := range f.returnedFuncs(b) {
					p := kindPath(model.MCPGoPlain, f.resultsOf(inner), Step{Pos: b.Node.Pos(), What: "returned by tool handler middleware " + describeBody(b)})
					if p == nil {
						continue
					}
					p.Deferred, p.Middleware = false, true
					p.Converting = converting[b] // another middleware of the server turns its errors into results
					f.add(inner, p, nil)
				}
			case isReceivingMiddleware(b.Sig):
				for _, inner := range f.returnedFuncs(b) {
					ib := f.bodyOf(inner)
					if ib == nil || !testsToolsCall(f.info, ib) {
						continue
					}
					p := &Path{Kind: model.GoSDKRaw, Roles: []Role{RoleDropped, RoleError}, Middleware: true,
						Via: []Step{{Pos: b.Node.Pos(), What: "returned by receiving middleware " + describeBody(b) + ", on " + toolsCallMethod}}}
					f.add(inner, p, nil)
				}
			}
		}
	}
}

// installedConverting returns, for each middleware body the package
// installs with server.WithToolHandlerMiddleware, whether another one
// installed on the same server converts handlers' errors: its own errors
// then pass through that one too (precision first: the order of
// installation is not read). Options written as arguments of one
// server.NewMCPServer call are one server's; an option built elsewhere
// may go to any server of the package.
func (f *finder) installedConverting() map[*Body]bool {
	type installed struct {
		bodies   []*Body
		converts bool
		server   *ast.CallExpr // nil: not known
	}
	servers := map[*ast.CallExpr]*ast.CallExpr{} // option call -> its server call
	for _, sc := range f.callsOfFunc(model.MCPGoServer, "NewMCPServer") {
		for _, arg := range sc.call.Args {
			if opt, ok := ast.Unparen(arg).(*ast.CallExpr); ok {
				servers[opt] = sc.call
			}
		}
	}
	var all []installed
	for _, sc := range f.callsOfFunc(model.MCPGoServer, "WithToolHandlerMiddleware") {
		if len(sc.call.Args) != 1 {
			continue
		}
		values := f.funcValues(sc.b, sc.call.Args[0], 0)
		in := installed{server: servers[sc.call], converts: f.middlewaresConvert(values) == converts}
		for _, v := range values {
			if b := f.bodyOf(v); b != nil {
				in.bodies = append(in.bodies, b)
			}
		}
		all = append(all, in)
	}
	out := map[*Body]bool{}
	for i, in := range all {
		for j, other := range all {
			sameServer := in.server == nil || other.server == nil || in.server == other.server
			if i != j && other.converts && sameServer {
				for _, b := range in.bodies {
					out[b] = true
				}
			}
		}
	}
	return out
}

// callsOfFunc returns the package's calls of the function name of package
// path.
func (f *finder) callsOfFunc(path, name string) []siteCall {
	var out []siteCall
	for fn, calls := range f.callsOf {
		if model.IsFunc(fn, path, name) {
			out = append(out, calls...)
		}
	}
	return out
}

// returnedFuncs returns the function values b's returns give that are
// b's own: a middleware that returns next itself adds no handler.
func (f *finder) returnedFuncs(b *Body) []funcValue {
	var out []funcValue
	for _, ret := range b.Returns {
		if len(ret.Results) != 1 {
			continue
		}
		for _, v := range f.funcValues(b, ret.Results[0], 0) {
			if v.param == nil && !v.factory {
				out = append(out, v)
			}
		}
	}
	return out
}

// isReceivingMiddleware reports whether sig is a go-sdk middleware:
// func(mcp.MethodHandler) mcp.MethodHandler.
func isReceivingMiddleware(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		model.IsNamed(sig.Params().At(0).Type(), model.GoSDKPath, "MethodHandler") &&
		model.IsNamed(sig.Results().At(0).Type(), model.GoSDKPath, "MethodHandler")
}

// testsToolsCall reports whether a method handler compares its method
// parameter with "tools/call".
func testsToolsCall(info *types.Info, b *Body) bool {
	if b.Sig == nil || b.Sig.Params().Len() < 2 {
		return false
	}
	method := b.Sig.Params().At(1)
	found := false
	ast.Inspect(b.Block, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			for _, pair := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				if model.VarOf(info, pair[0]) == method {
					if s, ok := StringConst(info, pair[1]); ok && s == toolsCallMethod {
						found = true
					}
				}
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && model.VarOf(info, n.Tag) == method {
				for _, stmt := range n.Body.List {
					for _, e := range stmt.(*ast.CaseClause).List {
						if s, ok := StringConst(info, e); ok && s == toolsCallMethod {
							found = true
						}
					}
				}
			}
		}
		return !found
	})
	return found
}

// describeBody names a body for a path's steps.
func describeBody(b *Body) string {
	if b.Func != nil {
		return model.FuncName(b.Func)
	}
	return "(a function literal)"
}
