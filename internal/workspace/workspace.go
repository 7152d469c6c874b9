// Package workspace knows how this repository's modules fit together: the
// linter at the root, and the runtime's modules, which the root (and the
// examples, and any user) requires at the runtime's release version. Each
// module's go.mod, and the go.work, map that version to the checkout; a
// release drops the go.mod lines (scripts/release-gomod.sh). Code that
// writes a throwaway module on this checkout (a benchmark's synthetic
// server, a test's fixture) writes its go.work with GoWork.
package workspace

import (
	"fmt"
	"strings"
)

// Root is the linter's module path, at the root of the repository.
const Root = "github.com/mcperrlint/mcperrlint"

// RuntimeVersion is the version every module of the repository requires
// the runtime's modules at: their release version (tagged
// runtime/mcperr/v0.1.0, …). The modules' go.mod files and the go.work
// files replace it with the checkout; scripts/tidy.sh writes both the
// requirements and the go.mod lines.
const RuntimeVersion = "v0.1.0"

// RuntimeModules are the runtime's modules, as directories of the
// repository; each module's path is Root + "/" + its directory. The
// runtime's cross-SDK test module is not among them: nothing requires it.
var RuntimeModules = []string{"runtime/internal", "runtime/mcperr", "runtime/mcpgo", "runtime/mcpsdk"}

// GoWork returns the go.work of a module that uses this checkout: it uses
// the module beside it, the linter module at repo (a path as go.work
// writes it: absolute, or relative to the go.work's directory, with
// slashes), and the runtime's modules, whose release version it replaces
// with the checkout.
func GoWork(goVersion, repo string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "go %s\n\nuse (\n\t.\n\t%s\n", goVersion, repo)
	for _, dir := range RuntimeModules {
		fmt.Fprintf(&b, "\t%s/%s\n", repo, dir)
	}
	b.WriteString(")\n\nreplace (\n")
	for _, dir := range RuntimeModules {
		fmt.Fprintf(&b, "\t%s/%s %s => %s/%s\n", Root, dir, RuntimeVersion, repo, dir)
	}
	b.WriteString(")\n")
	return b.String()
}
