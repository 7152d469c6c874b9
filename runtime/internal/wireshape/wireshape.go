// Package wireshape checks that a tool result is the failure a tool's
// contract declares for a reason, in the shape the bindings send: the test
// helpers of every binding (mcpsdktest, mcpgotest) share it, so that a
// server's test asserts the same thing whichever SDK it is on.
package wireshape

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/internal/binding"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// A Tool is what a client is told about a tool, decoded from JSON.
type Tool struct {
	Name string
	// Contract is the value of _meta[binding.MetaKeyErrors], or nil.
	Contract any
	// OutputSchema is the advertised output schema, or nil.
	OutputSchema any
}

// A Result is what a client receives from a call.
type Result struct {
	IsError    bool
	Text       string // content[0].text
	Structured any    // structuredContent
}

// Check returns the failure res carries and every way it is not the failure
// tool's contract declares for reason, as the runtime sends it: isError
// true; structuredContent {"error": {code, message, data}} that the
// advertised output schema admits; content[0] exactly the text of that
// error; data.reason the reason, which the advertised contract lists, with
// its code and retryability; and a request id.
func Check(tool Tool, res Result, reason string) (mcperr.WireError, []string) {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if !res.IsError {
		add("isError is false: the call succeeded, with content[0].text %q", res.Text)
		return mcperr.WireError{}, problems
	}
	w, ok := mcperr.FromResult(res.Structured, "")
	if !ok {
		add("structuredContent has no error object {code, message}: %s; content[0].text is %q", jsonText(res.Structured), res.Text)
		return mcperr.WireError{}, problems
	}
	if want := w.Text(); res.Text != want {
		add("content[0].text is %q, not the text of structuredContent.error, %q", res.Text, want)
	}
	if got := w.Reason(); got != reason {
		add("data.reason is %q, want %q (the failure: %s)", got, reason, w.Message)
	}
	if w.RequestID() == "" {
		add("data.requestId is missing: the failure cannot be matched to the server's log")
	}
	entries, err := contractOf(tool.Contract)
	switch {
	case err != nil:
		add("the advertised contract (_meta[%q]) does not decode: %v", binding.MetaKeyErrors, err)
	default:
		i := slices.IndexFunc(entries, func(e binding.MetaEntry) bool { return e.Reason == reason })
		if i < 0 {
			add("tool %q does not advertise reason %q in _meta[%q] (it lists %s)", tool.Name, reason, binding.MetaKeyErrors, reasons(entries))
			break
		}
		entry := entries[i]
		if int64(w.Code) != entry.Code {
			add("code is %d (%s), but the contract declares %d (%s) for %q", w.Code, w.Code, entry.Code, entry.CodeName, reason)
		}
		if retryable, stated := w.Data["retryable"].(bool); !stated {
			add("data.retryable is missing; the contract declares %v for %q", entry.Retryable, reason)
		} else if retryable != entry.Retryable {
			add("data.retryable is %v, but the contract declares %v for %q", retryable, entry.Retryable, reason)
		}
	}
	if tool.OutputSchema != nil {
		if err := validate(tool.OutputSchema, res.Structured); err != nil {
			add("structuredContent does not match the advertised output schema: %v", err)
		}
	}
	return w, problems
}

// contractOf decodes an advertised contract.
func contractOf(v any) ([]binding.MetaEntry, error) {
	if v == nil {
		return nil, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var entries []binding.MetaEntry
	err = json.Unmarshal(raw, &entries)
	return entries, err
}

// reasons lists the advertised reasons, for messages.
func reasons(entries []binding.MetaEntry) string {
	if len(entries) == 0 {
		return "none"
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Reason
	}
	return strings.Join(names, ", ")
}

// validate checks a decoded value against a schema as a client received it.
func validate(schema, value any) error {
	raw, err := json.Marshal(schema)
	if err != nil {
		return err
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return fmt.Errorf("the schema does not decode: %w", err)
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return fmt.Errorf("the schema does not resolve: %w", err)
	}
	raw, err = json.Marshal(value)
	if err != nil {
		return err
	}
	var decoded any
	if err := json.Unmarshal(raw, &decoded); err != nil {
		return err
	}
	return resolved.Validate(decoded)
}

// jsonText renders a value for a message.
func jsonText(v any) string {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(raw)
}

// JSONText renders call arguments for a test's message.
func JSONText(v any) string { return jsonText(v) }
