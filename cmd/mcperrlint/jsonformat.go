package main

import (
	"encoding/json"
	"io"
	"runtime/debug"
)

// The JSON format of -format=json, version 1. It is a stable interface:
// fields are only ever added, and a change that is not an addition comes
// with a new version number. docs/hosts.md documents it.
type jsonReport struct {
	Version  int           `json:"version"` // 1
	Tool     jsonTool      `json:"tool"`
	Findings []jsonFinding `json:"findings"` // sorted by file, then position, then rule
	Errors   []jsonError   `json:"errors"`   // why the run is incomplete; empty when it is complete
}

type jsonTool struct {
	Name    string `json:"name"`    // "mcperrlint"
	Version string `json:"version"` // the module version, or "(devel)"
}

type jsonFinding struct {
	Rule     string `json:"rule"`     // the rule id, e.g. "error-contract-empty"
	Analyzer string `json:"analyzer"` // the analyzer that reported it
	Severity string `json:"severity"` // the rule's default level: "error" or "warning"
	jsonLocation
	Message string        `json:"message"` // without the "rule-id: " prefix of the text output
	URL     string        `json:"url"`     // the rule's documentation
	Related []jsonRelated `json:"related"`
	Fixes   []jsonFix     `json:"fixes"`
}

// A jsonLocation is a range of a file. Lines and columns are 1-based;
// columns count bytes, as the go command's positions do.
type jsonLocation struct {
	File   string     `json:"file"` // relative to the source root, with forward slashes; absolute when outside it
	Line   int        `json:"line"`
	Column int        `json:"column"`
	End    jsonEndPos `json:"end"`
}

type jsonEndPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type jsonRelated struct {
	jsonLocation
	Message string `json:"message"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

// A jsonEdit replaces the bytes [offset, endOffset) of its file with
// newText; an insertion has offset == endOffset.
type jsonEdit struct {
	jsonLocation
	Offset    int    `json:"offset"`
	EndOffset int    `json:"endOffset"`
	NewText   string `json:"newText"`
}

type jsonError struct {
	Package  string `json:"package,omitempty"`  // import path
	Position string `json:"position,omitempty"` // file:line:col, the file relative to the source root
	Message  string `json:"message"`
}

// writeJSON writes res in the JSON format.
func writeJSON(w io.Writer, res *result) error {
	report := jsonReport{
		Version:  1,
		Tool:     jsonTool{Name: "mcperrlint", Version: buildVersion()},
		Findings: []jsonFinding{},
		Errors:   []jsonError{},
	}
	for _, f := range res.findings {
		report.Findings = append(report.Findings, res.jsonFinding(f))
	}
	for _, p := range res.problems {
		report.Errors = append(report.Errors, jsonError{Package: p.pkg, Position: p.where(res.root), Message: p.message})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(report)
}

func (res *result) jsonFinding(f *finding) jsonFinding {
	jf := jsonFinding{
		Rule:         f.rule.ID,
		Analyzer:     f.analyzer,
		Severity:     f.rule.Severity,
		jsonLocation: res.jsonLocation(f.span),
		Message:      f.message,
		URL:          f.rule.URL,
		Related:      []jsonRelated{},
		Fixes:        []jsonFix{},
	}
	for _, r := range f.related {
		jf.Related = append(jf.Related, jsonRelated{res.jsonLocation(r.span), r.message})
	}
	for _, fx := range f.fixes {
		jfx := jsonFix{Message: fx.message, Edits: []jsonEdit{}}
		for _, e := range fx.edits {
			jfx.Edits = append(jfx.Edits, jsonEdit{
				jsonLocation: res.jsonLocation(e.span),
				Offset:       e.span.start.Offset,
				EndOffset:    e.span.end.Offset,
				NewText:      e.newText,
			})
		}
		jf.Fixes = append(jf.Fixes, jfx)
	}
	return jf
}

func (res *result) jsonLocation(s span) jsonLocation {
	file, _ := relPath(res.root, s.file)
	return jsonLocation{
		File:   file,
		Line:   s.start.Line,
		Column: s.start.Column,
		End:    jsonEndPos{Line: s.end.Line, Column: s.end.Column},
	}
}

// buildVersion returns mcperrlint's module version, "(devel)" for a build
// from a work tree.
func buildVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
