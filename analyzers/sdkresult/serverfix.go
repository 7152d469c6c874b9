package sdkresult

// The fix at a server root. An mcp-go server built with no middleware
// that converts errors hands every handler's error to the SDK raw; the one
// edit that fixes all of them is a tool handler middleware given where
// the server is built, which turns next's error into the tool error the
// per-return fix makes (mcp.NewToolResultError(err.Error()), nil):
//
//	s := server.NewMCPServer("files", "1.0.0", server.WithToolHandlerMiddleware(toolErrorResults))
//	…
//	// toolErrorResults turns the error a tool handler returns into an
//	// error result the model reads, instead of a JSON-RPC error it never
//	// sees.
//	func toolErrorResults(next server.ToolHandlerFunc) server.ToolHandlerFunc {
//		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//			res, err := next(ctx, req)
//			if err != nil {
//				return mcp.NewToolResultError(err.Error()), nil
//			}
//			return res, nil
//		}
//	}
//
// The function goes at the end of the server's file, with the imports it
// needs; it is offered only where the mcp-go version has the option, the
// call takes no spread options (opts...), and the name hides nothing.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// middlewareNames are the names the fix may give the middleware: the
// first that is free in the package.
var middlewareNames = []string{"toolErrorResults", "toolErrorsAsResults", "mcperrlintToolErrors"}

// serverFix returns the fix at an mcp-go server's construction that makes
// every handler's error a tool error, or nil.
func (c *checker) serverFix(call *ast.CallExpr) []analysis.SuggestedFix {
	file := model.FileOf(c.pass.Files, call.Pos())
	if file == nil || call.Ellipsis.IsValid() {
		return nil
	}
	srv, ok := c.importedAs(file, model.MCPGoServer)
	if !ok || !hasMiddlewareOption(c.info, call) {
		return nil
	}
	mw := c.middlewareDecl(file)
	if mw == nil || mw.file != file {
		// The declaration is in another file: golangci-lint applies only
		// the edits of a finding's own file, and would add the option
		// alone.
		return nil
	}
	option := srv + "WithToolHandlerMiddleware(" + mw.name + ")"
	var edit analysis.TextEdit
	if len(call.Args) == 0 {
		edit = analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(option)}
	} else if last := call.Args[len(call.Args)-1]; strings.Contains(c.sourceRange(last.End(), call.Rparen), ",") {
		edit = analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(option + ",\n")}
	} else {
		edit = analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + option)}
	}
	return []analysis.SuggestedFix{{
		Message:   "Build the server with a tool handler middleware, " + mw.name + ", that turns a handler's error into an error result (NewToolResultError(err.Error()), nil)",
		TextEdits: append([]analysis.TextEdit{edit}, mw.edits...),
	}}
}

// A middleware is the declaration the server fixes of a package share.
type middleware struct {
	file  *ast.File // where it is declared
	name  string
	edits []analysis.TextEdit // the function and its imports
}

// middlewareDecl returns the middleware every server fix of the package
// gives its server: one function, declared at the end of the file of the
// package's first server (of file, when the package builds none it
// records), with the imports it needs there. Only the servers built in
// that file get a fix; each carries the same edits, which the drivers
// apply once, so that the fixes of several servers declare it once.
func (c *checker) middlewareDecl(file *ast.File) *middleware {
	if sites := c.flow.ServerSites(); len(sites) > 0 {
		first := slices.MinFunc(sites, func(a, b *ast.CallExpr) int { return model.SourceOrder(c.pass.Fset, a.Pos(), b.Pos()) })
		if home := model.FileOf(c.pass.Files, first.Pos()); home != nil {
			file = home
		}
	}
	if mw, ok := c.middlewares[file]; ok {
		return mw
	}
	mw := c.declareMiddleware(file)
	if c.middlewares == nil {
		c.middlewares = map[*ast.File]*middleware{}
	}
	c.middlewares[file] = mw
	return mw
}

// declareMiddleware returns the middleware declared in file, or nil when
// a name it needs is taken.
func (c *checker) declareMiddleware(file *ast.File) *middleware {
	name := c.freeName(middlewareNames...)
	if name == "" {
		return nil
	}
	srvName, ok1 := c.importName(file, model.MCPGoServer, "server")
	mcpName, ok2 := c.importName(file, model.MCPGoPath, "mcp")
	ctxName, ok3 := c.importName(file, "context", "context")
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	edits, ok := c.importEdits(file, []importNeed{{model.MCPGoServer, srvName}, {model.MCPGoPath, mcpName}, {"context", ctxName}})
	if !ok {
		return nil
	}
	s, m := srvName.q, mcpName.q
	decl := "\n\n// " + name + " turns the error a tool handler returns into an error result\n" +
		"// the model reads, instead of a JSON-RPC error it never sees.\n" +
		"func " + name + "(next " + s + "ToolHandlerFunc) " + s + "ToolHandlerFunc {\n" +
		"\treturn func(ctx " + ctxName.q + "Context, req " + m + "CallToolRequest) (*" + m + "CallToolResult, error) {\n" +
		"\t\tres, err := next(ctx, req)\n" +
		"\t\tif err != nil {\n" +
		"\t\t\treturn " + m + "NewToolResultError(err.Error()), nil\n" +
		"\t\t}\n" +
		"\t\treturn res, nil\n" +
		"\t}\n" +
		"}"
	end := file.Decls[len(file.Decls)-1].End()
	return &middleware{file: file, name: name, edits: append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte(decl)})}
}

// importedAs returns the qualifier file refers to the package at path
// with ("server.", or "" for a dot import), when it imports it.
func (c *checker) importedAs(file *ast.File, path string) (string, bool) {
	for _, spec := range file.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err != nil || p != path {
			continue
		}
		pn := c.info.PkgNameOf(spec)
		if pn == nil {
			continue
		}
		switch pn.Name() {
		case "_":
			continue
		case ".":
			return "", true
		}
		return pn.Name() + ".", true
	}
	return "", false
}

// An importNeed is a package the fix refers to, and how: a qualifier
// the file has, or the name of an import it needs.
type importNeed struct {
	path string
	im   importName
}

// An importName is how the fix refers to a package: q is the qualifier,
// and missing says the file does not import it yet.
type importName struct {
	q       string
	missing bool
}

// importName returns how file refers to the package at path; when it does
// not import it, the package is imported as name, when name is free in
// the file and the package.
func (c *checker) importName(file *ast.File, path, name string) (importName, bool) {
	if q, ok := c.importedAs(file, path); ok {
		return importName{q: q}, true
	}
	if c.pass.Pkg.Scope().Lookup(name) != nil || c.info.Scopes[file].Lookup(name) != nil {
		return importName{}, false // the name is taken in the file
	}
	return importName{q: name + ".", missing: true}, true
}

// importEdits returns the one edit that imports what the file lacks of
// needs, into its first import declaration: one edit, since two
// insertions at one place have no order.
func (c *checker) importEdits(file *ast.File, needs []importNeed) ([]analysis.TextEdit, bool) {
	var specs []string
	for _, n := range needs {
		if n.im.missing {
			specs = append(specs, strconv.Quote(n.path))
		}
	}
	if len(specs) == 0 {
		return nil, true
	}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if len(gd.Specs) == 0 {
			continue // import ()
		}
		if gd.Lparen.IsValid() {
			// Into the first group, which gofmt sorts.
			at := gd.Specs[0].End()
			return []analysis.TextEdit{{Pos: at, End: at, NewText: []byte("\n\t" + strings.Join(specs, "\n\t"))}}, true
		}
		// import "x" becomes a group that holds it and the new ones.
		specs = append([]string{c.sourceRange(gd.Specs[0].Pos(), gd.Specs[0].End())}, specs...)
		return []analysis.TextEdit{{Pos: gd.Pos(), End: gd.End(), NewText: []byte("import (\n\t" + strings.Join(specs, "\n\t") + "\n)")}}, true
	}
	return nil, false // a file with no import declaration does not build a server
}

// freeName returns the first of names that nothing in the package or in
// any of its files' imports declares, so that a declaration of it at
// package level, or an import of it, clashes with nothing, or "".
func (c *checker) freeName(names ...string) string {
next:
	for _, name := range names {
		if c.pass.Pkg.Scope().Lookup(name) != nil || types.Universe.Lookup(name) != nil {
			continue
		}
		for _, f := range c.pass.Files {
			if s := c.info.Scopes[f]; s != nil && s.Lookup(name) != nil {
				continue next
			}
		}
		return name
	}
	return ""
}
