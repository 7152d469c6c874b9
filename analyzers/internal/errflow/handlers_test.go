package errflow_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/errflow"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
)

// describe reports the handlers the layer finds and their paths as
// diagnostics, so the fixtures state them in want comments: at the
// handler, or at the package clause for a handler of another package.
var describe = &analysis.Analyzer{
	Name:     "describe",
	Doc:      "report the handlers and their paths as diagnostics",
	Requires: []*analysis.Analyzer{errflow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[errflow.Analyzer].(*errflow.Result)
		seen := map[string]bool{}
		report := func(pos token.Pos, text string) {
			if key := fmt.Sprint(pos, text); !seen[key] {
				seen[key] = true
				pass.Reportf(pos, "%s", text)
			}
		}
		for _, h := range res.Handlers {
			name := h.Name()
			if own := model.KindOf(h.Sig); own != 0 {
				name = own.String() + " " + name
			}
			for _, p := range h.Paths {
				text := fmt.Sprintf("handler %q: %s %v", name, p.Kind, p.Roles)
				for _, flag := range []struct {
					on   bool
					name string
				}{{p.Converting, "converting"}, {p.Deferred, "deferred"}, {h.Candidate, "candidate"}, {len(h.Tools) > 0, fmt.Sprintf("tools=%d", len(h.Tools))}} {
					if flag.on {
						text += " " + flag.name
					}
				}
				if h.Body == nil {
					report(pass.Files[0].Name.Pos(), "foreign "+text)
					continue
				}
				pos := h.Body.Node.Pos()
				if fd, ok := h.Body.Node.(*ast.FuncDecl); ok {
					pos = fd.Name.Pos()
				}
				report(pos, strings.TrimSpace(text))
			}
		}
		return nil, nil
	},
}

func TestHandlers(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe,
		"./tools", "./handlers", "./adapters", "./gosdk", "./gosdkdot", "./mcpgo", "./mcpgohandlers", "./propagate", "./delegates")
}

// TestHandlerOrderIsStable runs the layer on a handler with six
// delegates, many times: the handlers must come in the same order every
// time (the order they are found in, not a map's), since the first one
// found names the path of a finding reached through several.
func TestHandlerOrderIsStable(t *testing.T) {
	var orders [][]string
	record := &analysis.Analyzer{
		Name:     "order",
		Doc:      "record the order of the handlers",
		Requires: []*analysis.Analyzer{errflow.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			var names []string
			for _, h := range pass.ResultOf[errflow.Analyzer].(*errflow.Result).Handlers {
				names = append(names, h.Name())
			}
			orders = append(orders, names)
			return describe.Run(pass) // for the fixture's want comments
		},
	}
	for range 6 {
		analysistest.Run(t, analysistest.TestData(), record, "./delegates")
	}
	for _, o := range orders[1:] {
		if diff := cmp.Diff(orders[0], o); diff != "" {
			t.Fatalf("handler order changed between runs (-first +later):\n%s", diff)
		}
	}
	if len(orders[0]) != 7 {
		t.Errorf("found %d handlers %v, want route and its six delegates", len(orders[0]), orders[0])
	}
}
