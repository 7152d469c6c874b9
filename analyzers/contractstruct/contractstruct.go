package contractstruct

// Contracts are checked where they are written, not per tool: a contract
// shared by two tools is one piece of code and gets one set of findings.
// Only the tool-level questions (is Errors there? empty? can it be known?)
// are asked per tool.

import (
	_ "embed"
	"flag"
	"go/ast"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcperrlint/mcperrlint/analyzers/internal/docs"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/model"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/report"
	"github.com/mcperrlint/mcperrlint/analyzers/internal/rules"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

//go:embed doc.go
var doc string

// Analyzer checks that mcperr error contracts are well formed.
var Analyzer = &analysis.Analyzer{
	Name:     "contractstruct",
	Doc:      docs.Analyzer(doc, "contractstruct"),
	URL:      rules.AnalyzerURL("contractstruct"),
	Requires: []*analysis.Analyzer{model.Analyzer},
	Run:      run,
}

// minWordsFlag is read from pass.Analyzer.Flags in run, never through a
// package variable, so that each configured copy of the analyzer (the
// golangci-lint plugin's, say) keeps its own value.
const minWordsFlag = "min-words"

func init() {
	Analyzer.Flags.Int(minWordsFlag, 5, "fewest words a contract entry's Recovery may have")
	// error-contract-missing is a team's policy, not a defect: off unless
	// asked for. The flag's name comes from the rule table, which the
	// reporter and the rule reference, docs/rules, read it from too.
	Analyzer.Flags.Bool(rules.ContractMissing.OptInFlag(), false,
		"report every mcperr tool that declares no Errors (rule error-contract-missing)")
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[model.Analyzer].(*model.Model)
	if !m.ImportsRuntime {
		return nil, nil
	}
	r := report.New(pass, m)
	defer r.Finish()

	minWords := pass.Analyzer.Flags.Lookup(minWordsFlag).Value.(flag.Getter).Get().(int)
	static := staticPlaces(pass, m)
	for _, e := range m.Entries {
		checkEntry(r, e, minWords, static(e.Lit))
	}
	for _, c := range m.Contracts {
		if static(c.Lit) {
			for _, elt := range c.NotStatic {
				r.Report(rules.ContractNotStatic, elt,
					"this contract entry is not statically known: write it as an mcperr.Contract literal, or a variable initialised by one and never reassigned")
			}
		}
		checkUnique(r, c)
	}
	requireContract := r.Enabled(rules.ContractMissing)
	for _, t := range m.Tools {
		checkToolErrors(r, t, requireContract)
		if requireContract {
			checkContractMissing(pass, r, t)
		}
	}
	return nil, nil
}

// staticPlaces returns whether a contract or entry literal is where a
// static contract can be: in a tool's contract, or declared outside any
// function (a package variable another package's tools may use). A
// literal a function builds at run time (Errors: contractFor("publish"))
// can never be: the tool's use of it is the one finding, not each of its
// fields again.
func staticPlaces(pass *analysis.Pass, m *model.Model) func(*ast.CompositeLit) bool {
	inTool := map[*ast.CompositeLit]bool{}
	for _, t := range m.Tools {
		if t.Contract != nil {
			inTool[t.Contract.Lit] = true
			for _, e := range t.Contract.Entries {
				inTool[e.Lit] = true
			}
		}
	}
	var funcs []ast.Node // the bodies of the package's functions
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					funcs = append(funcs, n.Body)
				}
				return false
			case *ast.FuncLit:
				funcs = append(funcs, n.Body)
				return false
			}
			return true
		})
	}
	return func(lit *ast.CompositeLit) bool {
		if inTool[lit] {
			return true
		}
		for _, body := range funcs {
			if body.Pos() <= lit.Pos() && lit.End() <= body.End() {
				return false
			}
		}
		return true
	}
}

// checkToolErrors checks a tool's Errors field as a whole.
func checkToolErrors(r *report.Reporter, t *model.Tool, requireContract bool) {
	switch {
	case t.Errors == nil:
		// No contract: nothing is promised, nothing to check here (see
		// checkContractMissing).
	case t.Contract == nil:
		r.Report(rules.ContractNotStatic, t.Errors,
			"the contract of tool %s is not statically known: write it as a []mcperr.Contract literal, or a variable initialised by one and never reassigned", toolName(t))
	case len(t.Contract.Entries) == 0 && len(t.Contract.NotStatic) == 0:
		// Dropping the field is no way out when every tool must have a
		// contract.
		fix := "drop the Errors field or declare the tool's failure modes"
		if requireContract {
			fix = "declare the tool's failure modes"
		}
		r.Report(rules.ContractEmpty, t.Errors,
			"tool %s declares an empty contract, which tells clients nothing: %s", toolName(t), fix)
	}
}

// checkContractMissing reports a tool that declares no contract at all:
// no Errors field, or Errors: nil. An empty or non-static contract is
// reported by checkToolErrors instead. The finding underlines the tool's
// type (the literal when the type is elided), where a directive on the
// line above or at the end of the line covers it.
//
// Tools in _test.go files are left out: they are a test's scaffolding
// (a tool built to exercise a binding or a handler), which no client calls.
func checkContractMissing(pass *analysis.Pass, r *report.Reporter, t *model.Tool) {
	if t.Errors != nil || inTestFile(pass, t.Lit) {
		return
	}
	at := ast.Node(t.Lit)
	if t.Lit.Type != nil {
		at = t.Lit.Type
	}
	r.Report(rules.ContractMissing, at,
		"tool %s declares no error contract: declare the failures it can return in its Errors field, one mcperr.Contract per reason", toolName(t))
}

// inTestFile reports whether n is in a _test.go file.
func inTestFile(pass *analysis.Pass, n ast.Node) bool {
	tf := pass.Fset.File(n.Pos())
	return tf != nil && strings.HasSuffix(tf.Name(), "_test.go")
}

// checkUnique reports each repeat of a reason within one contract.
func checkUnique(r *report.Reporter, c *model.Contract) {
	first := map[string]bool{}
	for i, e := range c.Entries {
		reason, ok := e.Reason.String()
		if !ok || reason == "" {
			continue
		}
		if first[reason] {
			at := ast.Node(c.Sites[i])
			if e.Reason.Expr != nil && e.Lit == c.Sites[i] {
				at = e.Reason.Expr
			}
			r.Report(rules.ContractReasonUnique, at,
				"reason %q is declared again; reasons must be unique within a contract, and at run time the last entry silently wins", reason)
		}
		first[reason] = true
	}
}

// checkEntry checks one contract entry's fields; whether they are
// constants only where a static contract can be (see staticPlaces).
func checkEntry(r *report.Reporter, e *model.Entry, minWords int, static bool) {
	for _, f := range []model.Field{e.Reason, e.When, e.Recovery, e.Code, e.Retryable, e.Severity, e.ThrownByService} {
		if static && f.Written && !f.Constant() {
			r.Report(rules.ContractNotStatic, f.Expr,
				"this contract field is not a constant: mcperrlint can only check contracts written out at build time")
		}
	}
	checkCode(r, e)
	checkReason(r, e)
	checkWhen(r, e)
	checkRecovery(r, e, minWords)
	checkRetryable(r, e)
	checkSeverity(r, e)
}

// name describes an entry in messages by its reason, when it has one.
func name(e *model.Entry) string {
	if reason, ok := e.Reason.String(); ok && reason != "" {
		return "entry " + quote(reason)
	}
	return "this entry"
}

func quote(s string) string { return `"` + s + `"` }

func toolName(t *model.Tool) string {
	if t.Name == "" {
		return "(unnamed)"
	}
	return quote(t.Name)
}

func checkCode(r *report.Reporter, e *model.Entry) {
	if !e.Code.Written {
		r.Report(rules.ContractCodeType, e.Lit,
			"%s has no Code: add the code its failures surface as, e.g. Code: mcperr.CodeNotFound", name(e))
		return
	}
	code, ok := e.Code.Int()
	if !ok {
		return // not constant: reported as not static
	}
	switch c := mcperr.Code(code); {
	case !c.Known():
		r.Report(rules.ContractCodeUnknown, e.Code.Expr,
			"Code %d of %s is not an mcperr.Code: use one of the mcperr.Code constants", code, name(e))
	case c == mcperr.CodeUnknownError:
		r.Report(rules.ContractCodeUnknownError, e.Code.Expr,
			"%s declares CodeUnknownError, the classifier's give-up code, which tells a client nothing: pick the specific code", name(e))
	}
}

// reasonFormat is the shape of a reason: snake_case, like an API constant.
var reasonFormat = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

func checkReason(r *report.Reporter, e *model.Entry) {
	reason, isString := e.Reason.String()
	switch {
	case !e.Reason.Written:
		r.Report(rules.ContractReasonRequired, e.Lit,
			"this entry has no Reason: add the stable snake_case name clients switch on")
	case !isString:
		// not constant: reported as not static
	case reason == "":
		r.Report(rules.ContractReasonRequired, e.Reason.Expr,
			"this entry's Reason is empty: add the stable snake_case name clients switch on")
	case !reasonFormat.MatchString(reason):
		r.Report(rules.ContractReasonFormat, e.Reason.Expr,
			"reason %q is not snake_case: write reasons like API constants, e.g. %q", reason, snake(reason))
	}
}

func checkWhen(r *report.Reporter, e *model.Entry) {
	when, isString := e.When.String()
	switch {
	case !e.When.Written:
		r.Report(rules.ContractWhenRequired, e.Lit,
			"%s has no When: describe the situation in which it fails", name(e))
	case isString && strings.TrimSpace(when) == "":
		r.Report(rules.ContractWhenRequired, e.When.Expr,
			"%s has a blank When: describe the situation in which it fails", name(e))
	}
}

func checkRecovery(r *report.Reporter, e *model.Entry, minWords int) {
	recovery, isString := e.Recovery.String()
	switch {
	case !e.Recovery.Written:
		r.Report(rules.ContractRecoveryRequired, e.Lit,
			"%s has no Recovery: tell the agent what to do when it happens", name(e))
	case !isString:
		// not constant: reported as not static
	case strings.TrimSpace(recovery) == "":
		r.Report(rules.ContractRecoveryEmpty, e.Recovery.Expr,
			"%s has an empty Recovery: tell the agent what to do when it happens", name(e))
	default:
		if words := len(strings.Fields(recovery)); words < minWords {
			r.Report(rules.ContractRecoveryMinWords, e.Recovery.Expr,
				"the Recovery of %s has %d word(s), fewer than %d: say what to try and with what, not %q", name(e), words, minWords, recovery)
		}
	}
}

// permanent are the codes retrying cannot fix: the request itself is wrong
// or not allowed, and sending it again unchanged gives the same answer.
var permanent = map[mcperr.Code]bool{
	mcperr.CodeInvalidParams:   true,
	mcperr.CodeInvalidRequest:  true,
	mcperr.CodeMethodNotFound:  true,
	mcperr.CodeParseError:      true,
	mcperr.CodeValidationError: true,
	mcperr.CodeUnauthorized:    true,
	mcperr.CodeForbidden:       true,
}

func checkRetryable(r *report.Reporter, e *model.Entry) {
	retryable, ok := e.Retryable.Bool()
	code, codeOK := e.Code.Int()
	if ok && retryable && codeOK && permanent[mcperr.Code(code)] {
		r.Report(rules.ContractRetryableMismatch, e.Retryable.Expr,
			"%s is Retryable but its code %s cannot be fixed by retrying unchanged: agents would loop; drop Retryable or use the code the failure really is",
			name(e), mcperr.Code(code))
	}
}

func checkSeverity(r *report.Reporter, e *model.Entry) {
	severity, ok := e.Severity.Int()
	if !ok {
		return
	}
	if severity < int64(mcperr.SeverityError) || severity > int64(mcperr.SeverityDebug) {
		r.Report(rules.ContractSeverityUnknown, e.Severity.Expr,
			"Severity %d of %s is not an mcperr.Severity: use SeverityWarning, SeverityNotice, SeverityInfo or SeverityDebug, or omit it for SeverityError", severity, name(e))
	}
}

// snake suggests a snake_case spelling of a reason for the message.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case 'A' <= r && r <= 'Z':
			if i > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			b.WriteRune(r + ('a' - 'A'))
		case r == '-' || r == ' ' || r == '.':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
