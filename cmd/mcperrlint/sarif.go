package main

// SARIF 2.1.0 output, shaped for GitHub code scanning: one reportingDescriptor
// per rule with its documentation, results with paths relative to
// %SRCROOT% and fingerprints that survive edits elsewhere in the file.
// Columns are UTF-16 code units (the run says so), as SARIF viewers and
// editors count them; go/token counts bytes.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

const (
	sarifSchema  = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion = "2.1.0"
	srcRootID    = "%SRCROOT%"

	// fingerprintKey names mcperrlint's partial fingerprint. Its version
	// changes whenever the way it is computed does.
	fingerprintKey = "mcperrlint/v1"

	informationURI = "https://github.com/mcperrlint/mcperrlint"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	ColumnKind  string            `json:"columnKind"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifText          `json:"shortDescription"`
	FullDescription      sarifText          `json:"fullDescription"`
	Help                 sarifText          `json:"help"`
	HelpURI              string             `json:"helpUri,omitempty"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           sarifRuleProps     `json:"properties"`
}

type sarifText struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
	// Enabled is false for a rule this run did not check (one that is
	// off by default, its flag unset), and absent otherwise: SARIF's
	// default is true.
	Enabled *bool `json:"enabled,omitempty"`
}

type sarifRuleProps struct {
	Tags []string `json:"tags"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	RelatedLocations    []sarifRelatedLoc `json:"relatedLocations,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          *sarifResultProps `json:"properties,omitempty"`
}

type sarifResultProps struct {
	Analyzer string `json:"analyzer"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifRelatedLoc struct {
	ID               int           `json:"id"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
	Message          *sarifText    `json:"message,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// A sarifRegion's endColumn is the column after the region's last
// character, as go/token's End is.
type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent *sarifText  `json:"insertedContent,omitempty"`
}

// writeSARIF writes res as a SARIF 2.1.0 log with one run.
func writeSARIF(w io.Writer, res *result) error {
	run := sarifRun{
		Tool:        sarifTool{Driver: res.sarifDriver()},
		Invocations: []sarifInvocation{res.sarifInvocation()},
		ColumnKind:  "utf16CodeUnits",
		Results:     []sarifResult{},
	}
	index := map[string]int{}
	for i, r := range run.Tool.Driver.Rules {
		index[r.ID] = i
	}
	occurrences := map[string]int{}
	for _, f := range res.findings {
		run.Results = append(run.Results, res.sarifResult(f, index[f.rule.ID], occurrences))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

func (res *result) sarifDriver() sarifDriver {
	d := sarifDriver{
		Name:           "mcperrlint",
		Version:        buildVersion(),
		InformationURI: informationURI,
		Rules:          []sarifRule{},
	}
	if strings.HasPrefix(d.Version, "v") {
		// Module versions are semantic versions; "(devel)" is not one.
		d.SemanticVersion = strings.TrimPrefix(d.Version, "v")
	}
	for _, r := range res.rules {
		full := r.FirstParagraph()
		help := sarifText{Text: strings.TrimSpace(r.Doc), Markdown: strings.TrimSpace(r.Markdown())}
		if full == "" {
			full = fmt.Sprintf("Reported by the %s analyzer; see %s.", r.Analyzer, r.URL)
			help = sarifText{Text: full}
		}
		d.Rules = append(d.Rules, sarifRule{
			ID:                   r.ID,
			Name:                 r.ID,
			ShortDescription:     sarifText{Text: r.Summary()},
			FullDescription:      sarifText{Text: full},
			Help:                 help,
			HelpURI:              r.URL,
			DefaultConfiguration: sarifConfiguration{Level: sarifLevel(r.Severity), Enabled: disabled(r)},
			Properties:           sarifRuleProps{Tags: []string{"mcperrlint", r.Analyzer}},
		})
	}
	return d
}

// disabled returns a false to record as a rule's enabled when the run did
// not check the rule, and nil when it did.
func disabled(r analyzers.Rule) *bool {
	if r.Enabled() {
		return nil
	}
	return new(bool)
}

// sarifLevel maps a rule severity to a SARIF level.
func sarifLevel(severity string) string {
	if severity == "error" {
		return "error"
	}
	return "warning"
}

// sarifInvocation says whether the run was complete, and why not.
func (res *result) sarifInvocation() sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: len(res.problems) == 0}
	for _, p := range res.problems {
		text := p.message
		if where := p.where(res.root); where != "" {
			text = where + ": " + text
		} else if p.pkg != "" {
			text = p.pkg + ": " + text
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
			sarifNotification{Level: "error", Message: sarifText{Text: text}})
	}
	return inv
}

// sarifResult converts a finding. occurrences counts the findings already
// written per fingerprint input, so that identical lines stay distinct.
func (res *result) sarifResult(f *finding, ruleIndex int, occurrences map[string]int) sarifResult {
	r := sarifResult{
		RuleID:              f.rule.ID,
		RuleIndex:           ruleIndex,
		Level:               sarifLevel(f.rule.Severity),
		Message:             sarifText{Text: f.message},
		Locations:           []sarifLocation{{PhysicalLocation: res.sarifPhysical(f.span)}},
		PartialFingerprints: map[string]string{fingerprintKey: res.fingerprint(f, occurrences)},
		Properties:          &sarifResultProps{Analyzer: f.analyzer},
	}
	for i, rel := range f.related {
		loc := sarifRelatedLoc{ID: i + 1, PhysicalLocation: res.sarifPhysical(rel.span)}
		if rel.message != "" {
			loc.Message = &sarifText{Text: rel.message}
		}
		r.RelatedLocations = append(r.RelatedLocations, loc)
	}
	for _, fx := range f.fixes {
		r.Fixes = append(r.Fixes, res.sarifFix(fx))
	}
	return r
}

// sarifFix converts a suggested fix, grouping its edits by file.
func (res *result) sarifFix(fx fix) sarifFix {
	out := sarifFix{Description: sarifText{Text: fx.message}, ArtifactChanges: []sarifArtifactChange{}}
	byFile := map[string]int{}
	for _, e := range fx.edits {
		i, ok := byFile[e.span.file]
		if !ok {
			i = len(out.ArtifactChanges)
			byFile[e.span.file] = i
			out.ArtifactChanges = append(out.ArtifactChanges, sarifArtifactChange{ArtifactLocation: res.sarifArtifact(e.span.file)})
		}
		rep := sarifReplacement{DeletedRegion: res.sarifRegion(e.span)}
		if e.newText != "" {
			rep.InsertedContent = &sarifText{Text: e.newText}
		}
		out.ArtifactChanges[i].Replacements = append(out.ArtifactChanges[i].Replacements, rep)
	}
	return out
}

func (res *result) sarifPhysical(s span) sarifPhysical {
	return sarifPhysical{ArtifactLocation: res.sarifArtifact(s.file), Region: res.sarifRegion(s)}
}

// sarifArtifact locates file relative to %SRCROOT%, or by its absolute
// file URI when it lies outside the source root.
func (res *result) sarifArtifact(file string) sarifArtifact {
	rel, inside := relPath(res.root, file)
	if !inside {
		return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: rel}).String()}
	}
	return sarifArtifact{URI: (&url.URL{Path: rel}).EscapedPath(), URIBaseID: srcRootID}
}

func (res *result) sarifRegion(s span) sarifRegion {
	return sarifRegion{
		StartLine:   s.start.Line,
		StartColumn: res.sources.utf16Column(s.file, s.start.Line, s.start.Column),
		EndLine:     s.end.Line,
		EndColumn:   res.sources.utf16Column(s.file, s.end.Line, s.end.Column),
	}
}

// fingerprint identifies a finding across commits: a hash of its rule, its
// file, the text of its line without surrounding space, and how many
// findings with those three came before it in the file. The line number is
// left out, so that an edit above the finding does not make it a new
// alert; the message too, so that rewording it does not.
func (res *result) fingerprint(f *finding, occurrences map[string]int) string {
	rel, _ := relPath(res.root, f.span.file)
	text := strings.TrimSpace(res.sources.line(f.span.file, f.span.start.Line))
	input := f.rule.ID + "\x00" + rel + "\x00" + text
	n := occurrences[input]
	occurrences[input]++
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d", input, n))
	return hex.EncodeToString(sum[:16])
}
