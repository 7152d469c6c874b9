package sdkresult_test

import (
	"go/format"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/crosstest"
	"github.com/mcperrlint/mcperrlint/analyzers/sdkresult"
)

// TestOtherPackages checks handlers registered by another package than
// their own: what depends on the server is reported by the package that
// builds it, at the handler's return.
func TestOtherPackages(t *testing.T) {
	defer unfold(t)()
	crosstest.Run(t, analysistest.TestData(), sdkresult.Analyzer, "./handlers", "./register", "./serve", "./converted", "./selfreg", "./selfmain",
		"./ctorserver", "./ctortools", "./ctormain", "./ctortools2", "./ctormain2", "./ctortools3", "./ctormain3", "./resulthelper", "./resulttools")
}

func Test(t *testing.T) {
	defer unfold(t)()
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), sdkresult.Analyzer,
		"./gosdkraw", "./gosdktyped", "./mcpgo", "./register",
		"./aliased", "./dotted", "./mcperrtools", "./suppress", "./wrappers", "./middleware",
		"./fixgosdk", "./fixmcpgo", "./toolmw", "./clientfuncs", "./recovered", "./fielderrs", "./fieldrpc", "./builtserver", "./textcause")
}

// unfold turns folding off, so that the fixtures check each return; it
// returns what turns it back on. TestRoots checks folding.
func unfold(t *testing.T) func() {
	t.Helper()
	if err := sdkresult.Analyzer.Flags.Set("fold", "false"); err != nil {
		t.Fatal(err)
	}
	return func() { sdkresult.Analyzer.Flags.Set("fold", "true") }
}

func TestConvertingMiddlewareFlag(t *testing.T) {
	a := sdkresult.Analyzer
	if err := a.Flags.Set("converting-middleware", "true"); err != nil {
		t.Fatal(err)
	}
	defer a.Flags.Set("converting-middleware", "false")
	analysistest.Run(t, analysistest.TestData(), a, "./converting")
}

// TestRoots checks that a return which decides many handlers' returns is
// the one finding, as users see it by default.
func TestRoots(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), sdkresult.Analyzer, "./roots", "./rootsbare")
}

// TestOtherPackagesFixes checks that a finding reported by the package
// that registers a handler of another package (methods registered as
// method values) carries its fix, laid out in the handler's file as it
// is: applying the fixes gives the .golden file.
func TestOtherPackagesFixes(t *testing.T) {
	defer unfold(t)()
	dir := analysistest.TestData()
	results := crosstest.Run(t, dir, sdkresult.Analyzer, "./methods", "./methodserver")
	edits := map[string]map[[2]int]string{} // by file: new text by offsets
	for _, r := range results {
		fset := r.Action.Package.Fset
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				f := fset.File(e.Pos)
				if edits[f.Name()] == nil {
					edits[f.Name()] = map[[2]int]string{}
				}
				edits[f.Name()][[2]int{f.Offset(e.Pos), f.Offset(e.End)}] = string(e.NewText)
			}
		}
	}
	file := filepath.Join(dir, "methods", "methods.go")
	if abs, err := filepath.Abs(file); err == nil {
		file = abs
	}
	if len(edits[file]) == 0 {
		t.Fatalf("no fix edits %s; edits in %v", file, slices.Collect(maps.Keys(edits)))
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	spans := slices.SortedFunc(maps.Keys(edits[file]), func(a, b [2]int) int { return b[0] - a[0] })
	for _, s := range spans {
		src = append(src[:s[0]:s[0]], append([]byte(edits[file][s]), src[s[1]:]...)...)
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("the fixed file does not parse: %v\n%s", err, src)
	}
	want, err := os.ReadFile(file + ".golden")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(formatted)); diff != "" {
		t.Errorf("%s fixed (-want +got):\n%s", file, diff)
	}
}
