// Package golangci is mcperrlint's golangci-lint v2 module plugin.
//
// A custom golangci-lint binary that imports this package (see
// scripts/build-golangci.sh, or golangci-lint custom with a .custom-gcl.yml)
// runs every mcperrlint analyzer as one linter, "mcperrlint", configured in
// .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable:
//	    - mcperrlint
//	  settings:
//	    custom:
//	      mcperrlint:
//	        type: module
//	        description: error contracts of MCP servers
//	        settings:
//	          disable: [preferfail]        # analyzers not to run
//	          contractstruct:              # an analyzer's flags, as -contractstruct.min-words
//	            min-words: 3
//	            require-contract: true     # the opt-in rule error-contract-missing
//	          sdkresult:
//	            converting-middleware: true
//
// The settings are the flags of the mcperrlint command: every key but
// "disable" names an analyzer, and its keys name that analyzer's flags.
// Values must have the flag's type (a number for an integer flag, true or
// false for a boolean one, a string otherwise). Anything else is rejected
// with an error that says what is valid, so a typo never goes unnoticed.
//
// Findings carry the rule id as the first word of their message; they are
// suppressed by //nolint:mcperrlint, or, under every host alike, by
// //mcperrlint:ignore <rule> <reason>.
package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers"
)

func init() {
	register.Plugin("mcperrlint", New)
}

// plugin is the configured linter.
type plugin struct {
	analyzers []*analysis.Analyzer
}

// New applies the settings of .golangci.yml to the analyzers and returns
// the linter. golangci-lint calls it once, when it loads its
// configuration.
func New(settings any) (register.LinterPlugin, error) {
	raw, err := register.DecodeSettings[map[string]any](settings)
	if err != nil {
		return nil, err
	}
	s, err := parseSettings(raw, analyzers.Suite())
	if err != nil {
		return nil, err
	}
	if err := s.apply(); err != nil {
		return nil, err
	}
	return &plugin{analyzers: s.enabled()}, nil
}

// BuildAnalyzers returns the analyzers that are not disabled.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode asks for type information: every analyzer needs it.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
