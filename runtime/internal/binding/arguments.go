package binding

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
)

// ReasonInvalidArguments is the data.reason of the failure a call gets when
// its arguments do not match the tool's input schema or cannot be decoded
// into In. The handler is not run. data.issues lists what is wrong.
const ReasonInvalidArguments = "invalid_arguments"

// invalidArgumentsRecovery is the recovery hint of ReasonInvalidArguments.
const invalidArgumentsRecovery = "Correct the listed arguments to match the tool's input schema, then call the tool again."

// Bounds on what an invalid-arguments failure reports, so that a huge bad
// payload cannot produce a huge error.
const (
	maxIssues        = 20 // in data.issues
	maxIssuesInText  = 5  // in the message
	maxAllowedListed = 10 // property names suggested for an unknown one
)

// An issue is one thing wrong with the arguments. Path locates it in the
// arguments object ("filters.tags[2]"); it is empty when the problem is the
// arguments as a whole.
type issue struct {
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

// String renders the issue for the failure message.
func (i issue) String() string {
	if i.Path == "" {
		return i.Message
	}
	return i.Path + ": " + i.Message
}

// decodeArguments validates raw arguments against the input schema, after
// applying its defaults, and decodes them into an In. Absent or null
// arguments count as {}. Numbers are carried as json.Number until they are
// decoded into In, so large integers keep their precision.
func decodeArguments[In any](raw json.RawMessage, schema *jsonschema.Schema, resolved *jsonschema.Resolved) (In, error) {
	var in In
	args, err := parseArguments(raw)
	if err != nil {
		return in, err
	}
	if err := resolved.ApplyDefaults(&args); err != nil {
		return in, invalidArguments([]issue{{Message: "defaults could not be applied"}}, err)
	}
	if err := resolved.Validate(withFloatNumbers(args)); err != nil {
		return in, invalidArguments(explain(schema, withFloatNumbers(args), err), err)
	}
	data, err := json.Marshal(args)
	if err != nil {
		return in, invalidArguments([]issue{{Message: "arguments could not be re-encoded"}}, err)
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return in, invalidArguments([]issue{decodeIssue(err)}, err)
	}
	return in, nil
}

// parseArguments decodes the arguments object, keeping numbers exact.
func parseArguments(raw json.RawMessage) (any, error) {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var args any
	if err := dec.Decode(&args); err != nil {
		return nil, invalidArguments([]issue{{Message: "arguments are not valid JSON"}}, err)
	}
	if _, ok := args.(map[string]any); !ok {
		msg := "arguments must be a JSON object, got " + jsonTypeOf(withFloatNumbers(args))
		return nil, invalidArguments([]issue{{Message: msg}}, errors.New(msg))
	}
	return args, nil
}

// invalidArguments builds the failure for a call with bad arguments. The
// message lists the first issues so that an agent reading only the text can
// fix the call; data.issues has them all, up to maxIssues.
func invalidArguments(issues []issue, cause error) *mcperr.Error {
	if len(issues) > maxIssues {
		issues = issues[:maxIssues]
	}
	return mcperr.InvalidParams(invalidArgumentsMessage(issues),
		mcperr.WithReason(ReasonInvalidArguments),
		mcperr.WithData("issues", issues),
		mcperr.WithRetryable(false),
		mcperr.WithRecovery(invalidArgumentsRecovery),
		mcperr.WithCause(cause))
}

// invalidArgumentsMessage renders the message of an invalid-arguments
// failure: "Invalid arguments: a: …; b: …."
func invalidArgumentsMessage(issues []issue) string {
	shown := issues
	if len(shown) > maxIssuesInText {
		shown = shown[:maxIssuesInText]
	}
	parts := make([]string, len(shown))
	for i, is := range shown {
		parts[i] = is.String()
	}
	msg := "Invalid arguments: " + strings.Join(parts, "; ")
	if more := len(issues) - len(shown); more > 0 {
		msg += fmt.Sprintf(" (and %d more)", more)
	}
	return msg + "."
}

// decodeIssue turns an error from decoding valid arguments into In into an
// issue: a value the schema admits but the Go type does not (a custom
// UnmarshalJSON rejecting it, say).
func decodeIssue(err error) issue {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		return issue{Path: typeErr.Field, Message: fmt.Sprintf("cannot use a JSON %s here", typeErr.Value)}
	}
	return issue{Message: err.Error()}
}

// withFloatNumbers returns v with every json.Number replaced by a float64,
// the representation jsonschema-go validates (it types json.Number as a
// string). Maps and slices are copied, not modified.
func withFloatNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(v), 64) // out of range gives ±Inf, still a number
		return f
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, elem := range v {
			out[k] = withFloatNumbers(elem)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, elem := range v {
			out[i] = withFloatNumbers(elem)
		}
		return out
	}
	return v
}
