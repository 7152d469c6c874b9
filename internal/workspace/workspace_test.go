package workspace_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/mod/modfile"

	"github.com/mcperrlint/mcperrlint/internal/workspace"
)

// repo is the root of the repository.
var repo = filepath.Join("..", "..")

// published are the modules users require: the linter and the runtime's.
func published() []string {
	return append([]string{"."}, workspace.RuntimeModules...)
}

// TestModulesRequireReleases checks every module's go.mod: it requires the
// runtime's modules at RuntimeVersion, as a user's module does; it replaces
// exactly that version of each runtime module it requires with that
// module's directory in this checkout, a relative path, so that it builds
// from a clone on its own (GOWORK=off); and it has no other replace and no
// exclude, so that a release needs only drop those lines
// (scripts/release-gomod.sh) for go install pkg@version to accept it.
func TestModulesRequireReleases(t *testing.T) {
	for _, dir := range append(published(), "runtime/internal/crosssdk", "examples") {
		file := filepath.Join(repo, dir, "go.mod")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := modfile.Parse(file, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := path.Join(workspace.Root, dir); mod.Module.Mod.Path != want {
			t.Errorf("%s: module %s, want %s", file, mod.Module.Mod.Path, want)
		}
		if len(mod.Exclude) > 0 {
			t.Errorf("%s: has exclude directives, which go install pkg@version refuses", file)
		}
		var required []string
		for _, req := range mod.Require {
			if isRuntime(req.Mod.Path) {
				required = append(required, req.Mod.Path)
				if req.Mod.Version != workspace.RuntimeVersion {
					t.Errorf("%s: requires %s, want %s (scripts/tidy.sh writes it)", file, req.Mod, workspace.RuntimeVersion)
				}
			}
		}
		var replaced []string
		for _, r := range mod.Replace {
			if !isRuntime(r.Old.Path) || r.Old.Version != workspace.RuntimeVersion || r.New.Version != "" {
				t.Errorf("%s: replace %s => %s; only the runtime's release version may be replaced, with the checkout", file, r.Old, r.New)
				continue
			}
			if want := checkoutPath(dir, strings.TrimPrefix(r.Old.Path, workspace.Root+"/")); r.New.Path != want {
				t.Errorf("%s: replaces %s with %s, want %s", file, r.Old, r.New.Path, want)
			}
			replaced = append(replaced, r.Old.Path)
		}
		slices.Sort(required)
		slices.Sort(replaced)
		if diff := cmp.Diff(required, replaced); diff != "" {
			t.Errorf("%s: the runtime modules it replaces are not those it requires (-required +replaced; scripts/tidy.sh keeps them in step):\n%s", file, diff)
		}
	}
}

// checkoutPath returns the path, relative to the module in directory from,
// of the module in directory to, as a go.mod's replace directive writes it.
func checkoutPath(from, to string) string {
	rel, err := filepath.Rel(filepath.FromSlash(from), filepath.FromSlash(to))
	if err != nil {
		panic(err)
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, "../") && rel != ".." {
		rel = "./" + rel
	}
	return rel
}

// isRuntime reports whether a module path is one of the runtime's modules.
func isRuntime(modPath string) bool {
	return slices.ContainsFunc(workspace.RuntimeModules, func(dir string) bool { return modPath == workspace.Root+"/"+dir })
}

// TestGoWorkFiles checks every go.work of the repository: the root's uses
// every module and replaces the runtime's release version with the
// checkout; each fixture's (and the demo's) uses this repository and
// replaces the same way, exactly as GoWork writes it.
func TestGoWorkFiles(t *testing.T) {
	var works []string
	err := filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.Name() == "go.work" {
			works = append(works, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(works) < 2 {
		t.Fatalf("found go.work files %v; want the root's and the fixtures'", works)
	}
	for _, file := range works {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		work, err := modfile.ParseWork(file, data, nil)
		if err != nil {
			t.Fatal(err)
		}
		var uses []string
		for _, u := range work.Use {
			uses = append(uses, u.Path)
		}
		rel, err := filepath.Rel(filepath.Dir(file), repo)
		if err != nil {
			t.Fatal(err)
		}
		rel = filepath.ToSlash(rel)
		var wantUses []string
		if rel == "." { // the root's
			for _, dir := range append(published(), "runtime/internal/crosssdk", "examples") {
				wantUses = append(wantUses, "./"+dir)
			}
			wantUses[0] = "."
			slices.Sort(uses)
			slices.Sort(wantUses)
		} else {
			wantUses = []string{".", rel}
			for _, dir := range workspace.RuntimeModules {
				wantUses = append(wantUses, rel+"/"+dir)
			}
		}
		if diff := cmp.Diff(wantUses, uses); diff != "" {
			t.Errorf("%s: use directives (-want +got):\n%s", file, diff)
		}
		var replaces, wantReplaces []string
		for _, r := range work.Replace {
			replaces = append(replaces, r.Old.String()+" => "+r.New.Path)
		}
		for _, dir := range workspace.RuntimeModules {
			target := rel + "/" + dir
			if rel == "." {
				target = "./" + dir
			}
			wantReplaces = append(wantReplaces, workspace.Root+"/"+dir+"@"+workspace.RuntimeVersion+" => "+target)
		}
		if diff := cmp.Diff(wantReplaces, replaces); diff != "" {
			t.Errorf("%s: replace directives (-want +got):\n%s", file, diff)
		}
		if rel != "." {
			generated, err := modfile.ParseWork("generated", []byte(workspace.GoWork(work.Go.Version, rel)), nil)
			if err != nil {
				t.Fatalf("GoWork: %v", err)
			}
			if len(generated.Use) != len(work.Use) || len(generated.Replace) != len(work.Replace) {
				t.Errorf("%s: GoWork writes %d uses and %d replaces, the file has %d and %d",
					file, len(generated.Use), len(generated.Replace), len(work.Use), len(work.Replace))
			}
		}
	}
}

// TestServerBuildLists builds throwaway server modules on the checkout, as a
// user's would be (GOWORK=off, go mod tidy), and checks what each brings
// into the server's build list: runtime/mcperr nothing at all, each SDK
// binding its own SDK and not the other, and none of them the linter, its
// golang.org/x/tools pin or the golangci-lint plugin registry.
func TestServerBuildLists(t *testing.T) {
	if testing.Short() {
		t.Skip("tidies throwaway modules: not with -short")
	}
	tests := []struct {
		name    string
		imports string
		want    []string // exactly these modules, when set
		has     []string
		hasNot  []string
	}{{
		name:    "runtime/mcperr only",
		imports: "runtime/mcperr",
		want:    []string{"example.com/server", workspace.Root + "/runtime/mcperr"},
	}, {
		name:    "the go-sdk binding",
		imports: "runtime/mcpsdk",
		has:     []string{"github.com/modelcontextprotocol/go-sdk", workspace.Root + "/runtime/internal", workspace.Root + "/runtime/mcperr"},
		hasNot:  []string{"github.com/mark3labs/mcp-go", workspace.Root, "github.com/golangci/plugin-module-register"},
	}, {
		name:    "the mcp-go binding",
		imports: "runtime/mcpgo",
		has:     []string{"github.com/mark3labs/mcp-go", workspace.Root + "/runtime/internal", workspace.Root + "/runtime/mcperr"},
		hasNot:  []string{"github.com/modelcontextprotocol/go-sdk", workspace.Root, "github.com/golangci/plugin-module-register"},
	}}
	abs, err := filepath.Abs(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "go.mod"), "module example.com/server\n\ngo 1.26.0\n")
			write(t, filepath.Join(dir, "main.go"), "package main\n\nimport _ \""+workspace.Root+"/"+tt.imports+"\"\n\nfunc main() {}\n")
			// The runtime is not on the module proxy yet: point its
			// release version at the checkout, as go.work does.
			for _, mod := range workspace.RuntimeModules {
				gocmd(t, dir, "mod", "edit", "-replace", workspace.Root+"/"+mod+"="+filepath.Join(abs, mod))
			}
			gocmd(t, dir, "mod", "tidy")
			gocmd(t, dir, "build", "./...")
			list := strings.Fields(gocmd(t, dir, "list", "-m", "-f", "{{.Path}}", "all"))
			if tt.want != nil {
				if diff := cmp.Diff(tt.want, list); diff != "" {
					t.Errorf("go list -m all (-want +got):\n%s", diff)
				}
			}
			for _, mod := range tt.has {
				if !slices.Contains(list, mod) {
					t.Errorf("go list -m all lacks %s:\n%s", mod, strings.Join(list, "\n"))
				}
			}
			for _, mod := range tt.hasNot {
				if slices.Contains(list, mod) {
					t.Errorf("go list -m all has %s:\n%s", mod, strings.Join(list, "\n"))
				}
			}
		})
	}
}

// gocmd runs the go command in dir as a user's module would, outside this
// repository's workspace, and returns its standard output.
func gocmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if exit, ok := err.(*exec.ExitError); ok {
			stderr = exit.Stderr
		}
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr)
	}
	return string(out)
}

// write writes a file.
func write(t *testing.T, file, content string) {
	t.Helper()
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
