// Package rules is the table of mcperrlint's rules: every rule id appears
// here once, with the analyzer that reports it and its default severity.
//
// A rule's documentation lives in its analyzer's doc.go, under a heading
// "# Rule <id>", from which the reference pages under docs/rules and SARIF
// help are generated; its check is one function in that analyzer.
package rules

// A Severity is a rule's default level. Go's analysis drivers treat every
// diagnostic alike; the severity reaches users through SARIF levels, the
// rule reference and golangci-lint's severity rules.
type Severity int

const (
	Warning Severity = iota
	Error
)

func (s Severity) String() string {
	if s == Error {
		return "error"
	}
	return "warning"
}

// A Rule is one class of finding. Its ID is the diagnostic Category and the
// anchor of its documentation.
type Rule struct {
	ID       string
	Analyzer string // the analyzer that reports it; "*" for every analyzer
	Severity Severity
}

// referenceURL is the directory of the rule reference, docs/rules, as
// GitHub shows it. Its pages are generated from the analyzers' doc.go files
// (go test ./analyzers -update).
const referenceURL = "https://github.com/mcperrlint/mcperrlint/blob/main/docs/rules/"

// DocsURL is the index of the rule reference, docs/rules/README.md: every
// analyzer and rule, with one section per analyzer whose anchor is
// "analyzer-<name>".
const DocsURL = referenceURL + "README.md"

// AnalyzerURL returns the address of an analyzer's page of the rule
// reference, docs/rules/<analyzer>.md: its flags and each of its rules in
// full. It is the URL of each analyzer of the suite.
func AnalyzerURL(analyzer string) string { return referenceURL + analyzer + ".md" }

// URL returns the address of the rule's documentation: the section of its
// analyzer's page, docs/rules/<analyzer>.md, whose anchor is the rule id.
func (r Rule) URL() string { return AnalyzerURL(r.DocumentedBy()) + "#" + r.ID }

// DocumentedBy returns the analyzer whose doc.go documents r: the analyzer
// that reports it, or, for a rule every analyzer reports, the one that
// owns the directives it is about.
func (r Rule) DocumentedBy() string {
	if a, ok := documentedBy[r]; ok {
		return a
	}
	return r.Analyzer
}

// documentedBy maps each rule every analyzer reports ("*") to the analyzer
// that documents it.
var documentedBy = map[Rule]string{
	IgnoreUnused: "ignoredirective",
}

// The rules, grouped by analyzer in the order of the design's tables.
var (
	ContractMissing           = Rule{"error-contract-missing", "contractstruct", Warning} // opt-in: see OptInFlag
	ContractEmpty             = Rule{"error-contract-empty", "contractstruct", Warning}
	ContractNotStatic         = Rule{"error-contract-not-static", "contractstruct", Error}
	ContractCodeType          = Rule{"error-contract-code-type", "contractstruct", Error}
	ContractCodeUnknown       = Rule{"error-contract-code-unknown", "contractstruct", Error}
	ContractCodeUnknownError  = Rule{"error-contract-code-unknown-error", "contractstruct", Warning}
	ContractReasonRequired    = Rule{"error-contract-reason-required", "contractstruct", Error}
	ContractReasonFormat      = Rule{"error-contract-reason-format", "contractstruct", Warning}
	ContractReasonUnique      = Rule{"error-contract-reason-unique", "contractstruct", Error}
	ContractWhenRequired      = Rule{"error-contract-when-required", "contractstruct", Error}
	ContractRecoveryRequired  = Rule{"error-contract-recovery-required", "contractstruct", Error}
	ContractRecoveryEmpty     = Rule{"error-contract-recovery-empty", "contractstruct", Error}
	ContractRecoveryMinWords  = Rule{"error-contract-recovery-min-words", "contractstruct", Warning}
	ContractRetryableMismatch = Rule{"error-contract-retryable-mismatch", "contractstruct", Warning}
	ContractSeverityUnknown   = Rule{"error-contract-severity-unknown", "contractstruct", Error}

	ReasonUndeclared    = Rule{"error-contract-reason-undeclared", "conformance", Error}
	ReasonDynamic       = Rule{"error-contract-reason-dynamic", "conformance", Warning}
	Conformance         = Rule{"error-contract-conformance", "conformance", Warning}
	Unthrown            = Rule{"error-contract-unthrown", "conformance", Warning}
	RecoveryUnforwarded = Rule{"error-contract-recovery-unforwarded", "conformance", Warning}
	ReasonCodeMismatch  = Rule{"error-contract-reason-code-mismatch", "conformance", Warning}

	PreferFail = Rule{"error-contract-prefer-fail", "preferfail", Warning}

	PreferMCPErrorInHandler  = Rule{"prefer-mcp-error-in-handler", "handlerbody", Warning}
	PreferErrorFactory       = Rule{"prefer-error-factory", "handlerbody", Warning}
	PreserveCauseOnRethrow   = Rule{"preserve-cause-on-rethrow", "handlerbody", Warning}
	NoStringifyUpstreamError = Rule{"no-stringify-upstream-error", "handlerbody", Warning}
	NoFakeEmptyResult        = Rule{"no-fake-empty-result", "handlerbody", Warning}

	SDKProtocolError             = Rule{"sdk-protocol-error", "sdkresult", Warning}
	SDKNilResult                 = Rule{"sdk-nil-result", "sdkresult", Error}
	SDKResultDropped             = Rule{"sdk-result-dropped", "sdkresult", Warning}
	SDKWrappedProtocolError      = Rule{"sdk-wrapped-protocol-error", "sdkresult", Warning}
	SDKErrorResultWithoutContent = Rule{"sdk-error-result-without-content", "sdkresult", Warning}

	IgnoreMalformed = Rule{"mcperrlint-ignore-malformed", "ignoredirective", Warning}
	IgnoreUnused    = Rule{"mcperrlint-ignore-unused", "*", Warning}
)

// All lists every rule, in documentation order.
var All = []Rule{
	ContractMissing, ContractEmpty, ContractNotStatic, ContractCodeType, ContractCodeUnknown,
	ContractCodeUnknownError, ContractReasonRequired, ContractReasonFormat,
	ContractReasonUnique, ContractWhenRequired, ContractRecoveryRequired,
	ContractRecoveryEmpty, ContractRecoveryMinWords, ContractRetryableMismatch,
	ContractSeverityUnknown,
	ReasonUndeclared, ReasonDynamic, Conformance, Unthrown, RecoveryUnforwarded,
	ReasonCodeMismatch,
	PreferFail,
	PreferMCPErrorInHandler, PreferErrorFactory, PreserveCauseOnRethrow,
	NoStringifyUpstreamError, NoFakeEmptyResult,
	SDKProtocolError, SDKNilResult, SDKResultDropped, SDKWrappedProtocolError,
	SDKErrorResultWithoutContent,
	IgnoreMalformed, IgnoreUnused,
}

// optIn maps each rule that is off by default to the boolean flag of its
// analyzer that turns it on. Such a rule asks for more than correctness (a
// team's policy, not a defect every server has), so a suite run as is
// never reports it.
var optIn = map[Rule]string{
	ContractMissing: "require-contract",
}

// OptInFlag returns the name of the boolean flag of r's analyzer that turns
// r on when r is off by default (-<analyzer>.<flag> on the command line, a
// key of the analyzer's golangci-lint settings), and "" when r always runs.
func (r Rule) OptInFlag() string { return optIn[r] }

// optOut maps each rule a boolean flag of its analyzer turns off to that
// flag: a server that converts handler errors where the suite cannot see
// it (-sdkresult.converting-middleware) has no protocol errors to report.
var optOut = map[Rule]string{
	SDKProtocolError: "converting-middleware",
}

// OptOutFlag returns the name of the boolean flag of r's analyzer that
// turns r off, and "" when none does.
func (r Rule) OptOutFlag() string { return optOut[r] }

// EnabledBy reports whether a run checks r, given the values of its
// analyzer's boolean flags: every rule is checked, but one that is off by
// default only when its flag turns it on, and one a flag turns off only
// when that flag is unset.
func (r Rule) EnabledBy(set func(flag string) bool) bool {
	if name := r.OptOutFlag(); name != "" && set(name) {
		return false
	}
	name := r.OptInFlag()
	return name == "" || set(name)
}

// ByID returns the rule with the given id.
func ByID(id string) (Rule, bool) {
	for _, r := range All {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// Of returns the rules the named analyzer reports, excluding the ones every
// analyzer reports.
func Of(analyzer string) []Rule {
	var out []Rule
	for _, r := range All {
		if r.Analyzer == analyzer {
			out = append(out, r)
		}
	}
	return out
}
