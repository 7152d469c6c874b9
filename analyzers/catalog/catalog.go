// Package catalog defines the error catalog of an MCP server: every mcperr
// tool with the failures its contract declares, written as the Markdown
// registry (ERROR_CODES.md) or as JSON, and the check that keeps released
// reasons stable.
//
// A tool's reasons are API: clients switch on them and on their codes. The
// catalog lists them for people, and [Check] compares a released catalog
// with the code so that a reason is never removed, nor its code changed,
// by accident. Additions are always fine.
//
// The catalog is computed by [Analyzer] from the shared model, so it sees
// exactly the tools and contracts the rules check, including contracts
// declared in other packages.
package catalog

import (
	"cmp"
	"go/token"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Version is the version of the catalog's formats, written in both. A
// reader refuses other versions rather than misread them.
const Version = 1

// A Catalog is the tools of a set of packages, sorted by name, then package,
// then declaration order, so that the same code always gives the same
// catalog.
type Catalog struct {
	Version int     `json:"version"`
	Tools   []*Tool `json:"tools"`
}

// A Tool is one mcperr tool and its contract.
type Tool struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Package     string `json:"package"` // import path of the package declaring the tool

	// Errors are the contract's entries in declaration order; empty when
	// the tool declares no contract.
	Errors []Entry `json:"errors"`

	// NotStatic says the contract, or some of its entries, cannot be known
	// at build time (rule error-contract-not-static): Errors lists only the
	// entries that can.
	NotStatic bool `json:"notStatic,omitempty"`

	// BindingErrors are the failures the runtime's SDK bindings
	// (runtime/mcpsdk, runtime/mcpgo) report for the tool themselves and
	// advertise in its _meta contract, but which its contract does not
	// declare: invalid_arguments, for arguments that do not match the input
	// schema.
	BindingErrors []Entry `json:"bindingErrors,omitempty"`

	pos token.Position // where the tool is declared, for ordering only
}

// An Entry is one declared failure. Fields not written as constants are
// left at their zero value.
type Entry struct {
	Reason          string `json:"reason"`
	Code            int64  `json:"code"`
	CodeName        string `json:"codeName"` // mcperr.Code's name, "NotFound"; "" for no code or an unknown one
	When            string `json:"when"`
	Recovery        string `json:"recovery"`
	Retryable       bool   `json:"retryable"`
	Severity        string `json:"severity"` // mcperr.Severity's name: "error", "warning", ...
	ThrownByService bool   `json:"thrownByService"`
}

// Analyzer finds the tools of a package. Its result is a []*Tool; it
// reports nothing. Drivers run it with [New] to build a catalog.
var Analyzer = &analysis.Analyzer{
	Name:       "mcpcatalog",
	Doc:        "list the mcperr tools of a package with their error contracts",
	URL:        rules.DocsURL,
	Requires:   []*analysis.Analyzer{model.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[[]*Tool](),
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	var tools []*Tool
	for _, t := range m.Tools {
		// Tools in generated files are listed too: the catalog reports
		// nothing, it describes the server.
		tools = append(tools, toolOf(pass, t))
	}
	return tools, nil
}

// toolOf describes a tool of the model.
func toolOf(pass *analysis.Pass, t *model.Tool) *Tool {
	out := &Tool{
		Name:        t.Name,
		Title:       t.Title,
		Description: t.Description,
		Package:     pass.Pkg.Path(),
		Errors:      []Entry{},
		pos:         pass.Fset.Position(t.Pos()),
	}
	switch {
	case t.Errors == nil:
		// No contract.
	case t.Contract == nil:
		out.NotStatic = true
	default:
		out.NotStatic = len(t.Contract.NotStatic) > 0
		for _, e := range t.Contract.Entries {
			out.Errors = append(out.Errors, entryOf(e))
		}
	}
	if !slices.ContainsFunc(out.Errors, func(e Entry) bool { return e.Reason == invalidArguments.Reason }) {
		out.BindingErrors = []Entry{invalidArguments}
	}
	return out
}

// invalidArguments is the failure the bindings report for arguments that do
// not match a tool's input schema (binding.ReasonInvalidArguments in
// runtime/internal, which the linter's module cannot import), as they
// advertise it and log it.
var invalidArguments = Entry{
	Reason:    "invalid_arguments",
	Code:      int64(mcperr.CodeInvalidParams),
	CodeName:  mcperr.CodeInvalidParams.String(),
	When:      "The arguments do not match the tool's input schema.",
	Recovery:  "Correct the listed arguments to match the tool's input schema, then call the tool again.",
	Retryable: false,
	Severity:  mcperr.SeverityWarning.String(),
}

// entryOf describes a contract entry from its constant fields.
func entryOf(e *model.Entry) Entry {
	var out Entry
	out.Reason, _ = e.Reason.String()
	out.When, _ = e.When.String()
	out.Recovery, _ = e.Recovery.String()
	out.Retryable, _ = e.Retryable.Bool()
	out.ThrownByService, _ = e.ThrownByService.Bool()
	if code, ok := e.Code.Int(); ok {
		out.Code, out.CodeName = code, codeName(code)
	}
	if !e.Severity.Written {
		out.Severity = mcperr.SeverityError.String()
	} else if sev, ok := e.Severity.Int(); ok {
		out.Severity = mcperr.Severity(sev).String()
	}
	return out
}

// codeName returns the name of a known mcperr.Code, or "".
func codeName(code int64) string {
	if c := mcperr.Code(code); c.Known() {
		return c.String()
	}
	return ""
}

// New returns the catalog of tools, as found by Analyzer in any number of
// packages, in catalog order. Tools without a constant name cannot be
// listed and are left out; Unnamed returns them.
func New(tools []*Tool) *Catalog {
	c := &Catalog{Version: Version, Tools: []*Tool{}}
	for _, t := range tools {
		if t.Name != "" {
			c.Tools = append(c.Tools, t)
		}
	}
	slices.SortStableFunc(c.Tools, func(a, b *Tool) int {
		return cmp.Or(
			cmp.Compare(a.Name, b.Name),
			cmp.Compare(a.Package, b.Package),
			cmp.Compare(a.pos.Filename, b.pos.Filename),
			cmp.Compare(a.pos.Offset, b.pos.Offset))
	})
	return c
}

// Unnamed returns the positions of the tools among tools whose name is not
// a constant, which a catalog cannot list.
func Unnamed(tools []*Tool) []token.Position {
	var out []token.Position
	for _, t := range tools {
		if t.Name == "" {
			out = append(out, t.pos)
		}
	}
	return out
}
