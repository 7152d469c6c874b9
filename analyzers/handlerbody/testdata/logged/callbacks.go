package logged

// Loops whose parts are gathered by a callback the loop body hands to a
// call (ast.Inspect's visitor): what the callback writes, the call
// writes, so a read skipped with continue leaves a part out.

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// exportedNames lists the exported functions of files.
func exportedNames(files []string) []string {
	var names []string
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil { // want `no-fake-empty-result: helper exportedNames skips to the next iteration when err is not nil and answers with what the loop found`
			continue
		}
		f, perr := parser.ParseFile(fset, name, src, 0)
		if perr != nil { // want `no-fake-empty-result: helper exportedNames skips to the next iteration when perr is not nil`
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if fd, ok := n.(*ast.FuncDecl); ok && fd.Name.IsExported() {
				names = append(names, fd.Name.Name)
			}
			return true
		})
	}
	return names
}

// sizes answers how many files it measured; the callback only counts in
// a local of its own, and the loop's parts are the sizes it appends
// itself, after the skip.
func sizes(files []string) []int {
	var out []int
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			depth := 0
			if n != nil {
				depth++
			}
			return depth > 0
		})
		out = append(out, int(f.End()-f.Pos()))
	}
	return out
}

func exportedTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	files := strings.Split(req.GetString("files", ""), ",")
	names := exportedNames(files)
	n := sizes(files)
	if n == nil {
		return mcp.NewToolResultError("a file does not parse"), nil
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

// RegisterCallbacks registers the tool.
func RegisterCallbacks(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("exported"), exportedTool)
}
