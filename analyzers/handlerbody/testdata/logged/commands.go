package logged

import (
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// What a command writes into the buffers its output fields point at is
// what its run gave; an answer decoded from them after the run's error
// is dropped is a failure passed off as an empty report.

type finding struct {
	Rule string `json:"rule"`
}

// scanReport runs a scanner, drops its error, and answers with the
// findings decoded from what it wrote.
func scanReport(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "scanner", "-json", "./...")
	var out bytes.Buffer
	cmd.Stdout = &out
	_ = cmd.Run() // want `drops the error of Run and answers with what it gave`
	var report struct{ Findings []finding }
	_ = json.Unmarshal(out.Bytes(), &report) // want `drops the error of Unmarshal and answers with what it gave`
	return mcp.NewToolResultText(strings.Repeat("!", len(report.Findings))), nil
}

// moduleList decodes the command's output entry by entry.
func moduleList(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-m", "-json", "all")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run() // want `drops the error of Run and answers with what it gave`
	var paths []string
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var m struct{ Path string }
		if err := dec.Decode(&m); err != nil { // want `stops the loop when err is not nil`
			break
		}
		paths = append(paths, m.Path)
	}
	return mcp.NewToolResultText(strings.Join(paths, "\n")), nil
}

// checkedScan tells the run's failure apart: nothing to report.
func checkedScan(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "scanner", "-json")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return mcp.NewToolResultErrorFromErr("running the scanner", err), nil
	}
	return mcp.NewToolResultText(out.String()), nil
}

// formatted runs a formatter for its effect on the files; what it wrote
// to the terminal is not the answer.
func formatted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cmd := exec.CommandContext(ctx, "gofmt", "-w", ".")
	cmd.Stdout = os.Stderr
	var log bytes.Buffer
	cmd.Stderr = &log
	_ = cmd.Run() // a formatter that fails leaves the files as they were
	return mcp.NewToolResultText("formatted"), nil
}

// goFiles lists the Go files under root, or says why it cannot.
func goFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	return files, err
}

// interfaceNames drops the listing's error; the answer is gathered by a
// visitor over what the listing gave.
func interfaceNames(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	files, _ := goFiles(".") // want `drops the error of goFiles and answers with what it gave`
	fset := token.NewFileSet()
	var names []string
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("parsing "+path, err), nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				names = append(names, ts.Name.Name)
			}
			return true
		})
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

// countedNames answers with a count made elsewhere: the visitor's
// parameter is not what the dropped call gave.
func countedNames(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, _ = goFiles(".")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", nil, 0)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("parsing main.go", err), nil
	}
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			names = append(names, id.Name)
		}
		return true
	})
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

// RegisterCommands registers the tools.
func RegisterCommands(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("scan"), scanReport)
	s.AddTool(mcp.NewTool("modules"), moduleList)
	s.AddTool(mcp.NewTool("checked_scan"), checkedScan)
	s.AddTool(mcp.NewTool("formatted"), formatted)
	s.AddTool(mcp.NewTool("interfaces"), interfaceNames)
	s.AddTool(mcp.NewTool("counted"), countedNames)
}
