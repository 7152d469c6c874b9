// Package synth generates a synthetic MCP server on the mcperr runtime, of
// any number of tools, for the benchmarks: it is what mcperrlint's cost
// must stay linear in.
//
// The server is shaped like a real one grown large. Tools are spread over
// packages of PerPackage tools, one file each, with a small test; every
// tool package has a service package and a store package of its own, so
// a handler's failures come from up to two packages below it:
//
//	tools/tNNN     mcperr.Tool literals and their handlers, a Register func
//	services/sNNN  services: pass on the store's errors, add WithReason errors
//	stores/dNNN    the bottom of each chain: WithReason errors, plain errors
//	contracts      contract lists shared across packages (ContractFact)
//	util           helpers that reach neither the runtime nor an SDK
//	cmd/server     registers every tool on a go-sdk server via mcpsdk
//
// Most tools are clean; every tenth forwards a reason its contract does
// not declare, and every twenty-fifth returns a factory error where Fail
// fits, so the run reports findings as a real one would.
package synth

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"text/template"

	"github.com/mcperrlint/mcperrlint/internal/workspace"
)

// Module is the synthetic server's module path.
const Module = "example.com/synth"

// A Config says what to generate.
type Config struct {
	Tools      int    // number of tools
	PerPackage int    // tools per package; 0 means 20
	Repo       string // directory of the mcperrlint module, used through go.work with the runtime's
	GoVersion  string // the go line of go.mod and go.work; "" means 1.26.0
}

// Generate writes the server into dir, which must not exist or be empty.
func Generate(dir string, cfg Config) error {
	if cfg.PerPackage <= 0 {
		cfg.PerPackage = 20
	}
	if cfg.GoVersion == "" {
		cfg.GoVersion = "1.26.0"
	}
	repo, err := filepath.Abs(cfg.Repo)
	if err != nil {
		return err
	}
	g := &generator{dir: dir}
	g.write("go.mod", "module "+Module+"\n\ngo "+cfg.GoVersion+"\n")
	g.write("go.work", workspace.GoWork(cfg.GoVersion, filepath.ToSlash(repo)))
	if sum, err := os.ReadFile(filepath.Join(repo, "go.sum")); err == nil {
		g.write("go.work.sum", string(sum))
	}
	g.source("contracts/contracts.go", contractsTmpl, nil)
	g.source("util/util.go", utilTmpl, nil)

	npkg := (cfg.Tools + cfg.PerPackage - 1) / cfg.PerPackage
	var pkgs []string
	for p := range npkg {
		pkg := fmt.Sprintf("%03d", p)
		pkgs = append(pkgs, pkg)
		var tools []tool
		for i := p * cfg.PerPackage; i < min(cfg.Tools, (p+1)*cfg.PerPackage); i++ {
			tools = append(tools, tool{Pkg: pkg, N: fmt.Sprintf("%05d", i), I: i})
		}
		data := map[string]any{"Pkg": pkg, "Tools": tools}
		g.source("stores/d"+pkg+"/store.go", storeTmpl, data)
		g.source("services/s"+pkg+"/service.go", serviceTmpl, data)
		for _, t := range tools {
			g.source("tools/t"+pkg+"/tool"+t.N+".go", toolTmpl, t)
		}
		g.source("tools/t"+pkg+"/register.go", registerTmpl, data)
		g.source("tools/t"+pkg+"/tools_test.go", testTmpl, data)
	}
	g.source("cmd/server/main.go", mainTmpl, map[string]any{"Pkgs": pkgs})
	return g.err
}

// A tool is one generated tool.
type tool struct {
	Pkg string // its package number
	N   string // its number, zero-padded
	I   int
}

// Shared reports whether the tool uses a contract of package contracts.
func (t tool) Shared() bool { return t.I%5 == 4 }

// Undeclared reports whether the tool's service forwards a reason the
// tool does not declare (a finding).
func (t tool) Undeclared() bool { return t.I%10 == 3 }

// Factory reports whether the handler returns a factory error whose code
// its contract declares (a prefer-fail finding).
func (t tool) Factory() bool { return t.I%25 == 7 }

// Deep reports whether the service passes on the store's errors (a chain
// two packages deep) rather than failing on its own.
func (t tool) Deep() bool { return t.I%3 != 0 }

type generator struct {
	dir string
	err error
}

func (g *generator) write(name, content string) {
	if g.err != nil {
		return
	}
	path := filepath.Join(g.dir, name)
	if g.err = os.MkdirAll(filepath.Dir(path), 0o755); g.err != nil {
		return
	}
	g.err = os.WriteFile(path, []byte(content), 0o644)
}

func (g *generator) source(name string, tmpl *template.Template, data any) {
	if g.err != nil {
		return
	}
	var buf bytes.Buffer
	if g.err = tmpl.Execute(&buf, data); g.err != nil {
		return
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		g.err = fmt.Errorf("%s: %v\n%s", name, err, buf.Bytes())
		return
	}
	g.write(name, string(src))
}

func parse(text string) *template.Template {
	return template.Must(template.New("").Parse(text))
}

var contractsTmpl = parse(`// Package contracts holds contract lists that tools of many packages share.
package contracts

import "github.com/mcperrlint/mcperrlint/runtime/mcperr"

// Lookup is the contract of the tools that look a record up.
var Lookup = []mcperr.Contract{
	{Reason: "record_missing", Code: mcperr.CodeNotFound, When: "No record has the id.", Recovery: "List the records to find a valid id first.", ThrownByService: true},
	{Reason: "record_locked", Code: mcperr.CodeConflict, When: "The record is being edited.", Recovery: "Wait a few seconds, then call the tool again.", Retryable: true, ThrownByService: true},
	{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The id is malformed.", Recovery: "Pass an id of letters, digits and dashes only."},
}
`)

var utilTmpl = parse(`// Package util reaches neither the runtime nor an SDK.
package util

import (
	"strings"
	"unicode"
)

// ValidID reports whether id has only letters, digits and dashes.
func ValidID(id string) bool {
	if id == "" {
		return false
	}
	for _, r := range id {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' {
			return false
		}
	}
	return true
}

// Normalize trims and lower-cases an id.
func Normalize(id string) string { return strings.ToLower(strings.TrimSpace(id)) }
`)

var storeTmpl = parse(`// Package d{{.Pkg}} stores the records of the tools of package t{{.Pkg}}.
package d{{.Pkg}}

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// ErrClosed is returned once the store is closed.
var ErrClosed = errors.New("store closed")

var records = map[string]string{"a-1": "first", "b-2": "second"}
{{range .Tools}}
// Load{{.N}} loads a record for tool {{.N}}.
func Load{{.N}}(ctx context.Context, id string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("load {{.N}}: %w", err)
	}
	switch id {
	case "locked":
		return "", mcperr.Conflict("The record is being edited.", mcperr.WithReason("record_locked"), mcperr.RecoveryFor(ctx, "record_locked"))
	case "closed":
		return "", ErrClosed
	}
	v, ok := records[id]
	if !ok {
		return "", mcperr.NotFound("No record has that id.", mcperr.WithReason("record_missing"), mcperr.RecoveryFor(ctx, "record_missing"))
	}
	return v, nil
}
{{end}}`)

var serviceTmpl = parse(`// Package s{{.Pkg}} is the service layer of the tools of package t{{.Pkg}}.
package s{{.Pkg}}

import (
	"context"
	"fmt"

	"example.com/synth/stores/d{{.Pkg}}"
	"example.com/synth/util"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)
{{range .Tools}}
// Get{{.N}} returns the record tool {{.N}} asks for.
func Get{{.N}}(ctx context.Context, id string) (string, error) {
	id = util.Normalize(id)
{{- if .Deep}}
	v, err := d{{.Pkg}}.Load{{.N}}(ctx, id)
	if err != nil {
		return "", err
	}
{{- else}}
	v := "record " + id
	if id == "gone" {
		return "", mcperr.NotFound("No record has that id.", mcperr.WithReason("record_missing"), mcperr.RecoveryFor(ctx, "record_missing"))
	}
{{- end}}
{{- if .Undeclared}}
	if len(v) > 64 {
		return "", mcperr.ValidationError("The record is too long.", mcperr.WithReason("record_too_long"))
	}
{{- end}}
	return fmt.Sprintf("%s (%d)", v, {{.I}}), nil
}
{{end}}`)

var toolTmpl = parse(`package t{{.Pkg}}

import (
	"context"

	"example.com/synth/services/s{{.Pkg}}"
{{- if .Shared}}
	"example.com/synth/contracts"
{{- end}}
	"example.com/synth/util"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// Get{{.N}} is tool {{.N}}.
var Get{{.N}} = mcperr.Tool[Input, Output]{
	Name:        "get_record_{{.N}}",
	Description: "Returns record {{.N}} by id.",
{{- if .Shared}}
	Errors:      contracts.Lookup,
{{- else}}
	Errors: []mcperr.Contract{
		{Reason: "record_missing", Code: mcperr.CodeNotFound, When: "No record has the id.", Recovery: "List the records to find a valid id first.", ThrownByService: true},
		{Reason: "record_locked", Code: mcperr.CodeConflict, When: "The record is being edited.", Recovery: "Wait a few seconds, then call the tool again.", Retryable: true, ThrownByService: true},
		{Reason: "bad_id", Code: mcperr.CodeInvalidParams, When: "The id is malformed.", Recovery: "Pass an id of letters, digits and dashes only."},
	},
{{- end}}
	Handler: get{{.N}},
}

func get{{.N}}(ctx context.Context, in Input) (Output, error) {
	if !util.ValidID(in.ID) {
{{- if .Factory}}
		return Output{}, mcperr.InvalidParams("The id is malformed.")
{{- else}}
		return Output{}, mcperr.Fail(ctx, "bad_id", "", mcperr.RecoveryFor(ctx, "bad_id"))
{{- end}}
	}
	v, err := s{{.Pkg}}.Get{{.N}}(ctx, in.ID)
	if err != nil {
		return Output{}, err
	}
	return Output{Value: v}, nil
}
`)

var registerTmpl = parse(`// Package t{{.Pkg}} declares tools {{(index .Tools 0).N}} and on.
package t{{.Pkg}}

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
)

// Input is what the tools take.
type Input struct {
	ID string ` + "`json:\"id\"`" + `
}

// Output is what they return.
type Output struct {
	Value string ` + "`json:\"value\"`" + `
}

// Register adds the package's tools to s.
func Register(s *mcp.Server) {
{{- range .Tools}}
	mcpsdk.AddTool(s, &Get{{.N}})
{{- end}}
}
`)

var testTmpl = parse(`package t{{.Pkg}}

import (
	"context"
	"testing"
)

func TestTools(t *testing.T) {
	for _, id := range []string{"a-1", "missing", "bad id"} {
		{{- range .Tools}}
		_, _ = Get{{.N}}.Call(context.Background(), Input{ID: id})
		{{- end}}
	}
}
`)

var mainTmpl = parse(`// Command server serves every synthetic tool over stdio.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
{{range .Pkgs}}
	"example.com/synth/tools/t{{.}}"
{{- end}}
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "synth", Version: "v0.0.1"}, nil)
{{- range .Pkgs}}
	t{{.}}.Register(s)
{{- end}}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
`)
