package mcpsdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type address struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type searchArgs struct {
	Query  string   `json:"query"`
	Limit  int      `json:"limit,omitempty"`
	Tags   []string `json:"tags,omitempty"`
	Ship   *address `json:"ship,omitempty"`
	Format string   `json:"format,omitempty"`
}

// searchSchema is the inferred schema of searchArgs plus what inference
// cannot say: a default, an enum, a minimum length.
func searchSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.For[searchArgs](nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Properties["limit"].Default = json.RawMessage("10")
	s.Properties["format"].Enum = []any{"short", "long"}
	s.Properties["query"].MinLength = jsonschema.Ptr(1)
	return s
}

// rawHandler binds a tool and returns its raw go-sdk handler, so arguments
// the client would never send (an array, say) can be tried.
func rawHandler[In, Out any](t *testing.T, handler func(context.Context, In) (Out, error), opts ...mcpsdk.Option) mcp.ToolHandler {
	t.Helper()
	opts = append([]mcpsdk.Option{mcpsdk.WithLogger(slog.New(&recorder{})), mcpsdk.WithRequestIDs(sequentialIDs())}, opts...)
	_, h, err := mcpsdk.Bind(&mcperr.Tool[In, Out]{Name: "search", Handler: handler}, opts...)
	if err != nil {
		t.Fatalf("Bind: %v", err)
	}
	return h
}

// invoke calls a raw handler with raw JSON arguments and returns the result
// as JSON values, the way a client decodes it.
func invoke(t *testing.T, h mcp.ToolHandler, args string) (isError bool, text string, structured any) {
	t.Helper()
	var raw json.RawMessage
	if args != "" {
		raw = json.RawMessage(args)
	}
	res, err := h(context.Background(), &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "search", Arguments: raw}})
	if err != nil || res == nil {
		t.Fatalf("handler returned %v, %v; want a result and no error", res, err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatalf("result does not marshal: %v", err)
	}
	var wire struct {
		IsError           bool `json:"isError"`
		Content           []struct{ Text string }
		StructuredContent any `json:"structuredContent"`
	}
	if err := json.Unmarshal(b, &wire); err != nil || len(wire.Content) == 0 {
		t.Fatalf("result %s: %v", b, err)
	}
	return wire.IsError, wire.Content[0].Text, wire.StructuredContent
}

// TestArgumentIssues checks the issues reported for bad arguments: every
// violation, at the path the agent wrote, in schema order.
func TestArgumentIssues(t *testing.T) {
	h := rawHandler(t, func(context.Context, searchArgs) (string, error) { return "ok", nil }, mcpsdk.WithInputSchema(searchSchema(t)))
	tests := []struct {
		name string
		args string
		want string // data.issues
	}{{
		name: "several at once",
		args: `{"query": 3, "tags": ["sf", 2], "ship": {"town": "Leeds"}, "extra": true}`,
		want: `[
			{"path": "query", "message": "expected string, got integer"},
			{"path": "tags[1]", "message": "expected string, got integer"},
			{"path": "ship.city", "message": "required property is missing"},
			{"path": "ship.town", "message": "unknown property; expected one of city, zip"},
			{"path": "extra", "message": "unknown property; expected one of query, limit, tags, ship, format"}]`,
	}, {
		name: "keyword the walk delegates to the validator",
		args: `{"query": ""}`,
		want: `[{"path": "query", "message": "minLength: \"\" contains 0 Unicode code points, fewer than 1"}]`,
	}, {
		name: "enum",
		args: `{"query": "dune", "format": "medium"}`,
		want: `[{"path": "format", "message": "must be one of \"short\", \"long\""}]`,
	}, {
		name: "number for an integer",
		args: `{"query": "dune", "limit": 1.5}`,
		want: `[{"path": "limit", "message": "expected integer, got number"}]`,
	}, {
		name: "null for a nullable object is fine, a string is not",
		args: `{"query": "dune", "ship": "Leeds"}`,
		want: `[{"path": "ship", "message": "expected null or object, got string"}]`,
	}, {
		name: "not an object",
		args: `["dune"]`,
		want: `[{"message": "arguments must be a JSON object, got array"}]`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			isError, _, structured := invoke(t, h, tt.args)
			if !isError {
				t.Fatalf("isError = false, want true")
			}
			got := structured.(map[string]any)["error"].(map[string]any)["data"].(map[string]any)["issues"]
			if diff := cmp.Diff(decodeJSON(t, tt.want), got); diff != "" {
				t.Errorf("data.issues mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestArgumentMessageLimit checks that the message lists the first five
// issues and counts the rest, while data.issues has them all.
func TestArgumentMessageLimit(t *testing.T) {
	type many struct {
		A, B, C, D, E, F, G int
	}
	h := rawHandler(t, func(context.Context, many) (string, error) { return "ok", nil })
	_, text, structured := invoke(t, h, `{}`)
	want := "Error: Invalid arguments: A: required property is missing; B: required property is missing; " +
		"C: required property is missing; D: required property is missing; E: required property is missing (and 2 more).\n\n" +
		"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
		"(reason invalid_arguments · not retryable · request req-1)"
	if diff := cmp.Diff(want, text); diff != "" {
		t.Errorf("text mismatch (-want +got):\n%s", diff)
	}
	issues := structured.(map[string]any)["error"].(map[string]any)["data"].(map[string]any)["issues"].([]any)
	if len(issues) != 7 {
		t.Errorf("got %d issues, want 7", len(issues))
	}
}

// TestArgumentDecoding checks what reaches the handler from valid arguments:
// defaults applied, absent arguments accepted, large integers exact.
func TestArgumentDecoding(t *testing.T) {
	var got searchArgs
	h := rawHandler(t, func(_ context.Context, in searchArgs) (string, error) { got = in; return "ok", nil },
		mcpsdk.WithInputSchema(searchSchema(t)))
	if isError, text, _ := invoke(t, h, `{"query": "dune"}`); isError {
		t.Fatalf("valid call failed: %s", text)
	}
	if diff := cmp.Diff(searchArgs{Query: "dune", Limit: 10}, got); diff != "" {
		t.Errorf("arguments mismatch, default not applied? (-want +got):\n%s", diff)
	}

	type optional struct {
		Page int `json:"page,omitempty"`
	}
	paging, err := jsonschema.For[optional](nil)
	if err != nil {
		t.Fatal(err)
	}
	paging.Properties["page"].Default = json.RawMessage("1")
	for _, args := range []string{"", "null", "{}"} {
		var page int
		h := rawHandler(t, func(_ context.Context, in optional) (string, error) { page = in.Page; return "ok", nil },
			mcpsdk.WithInputSchema(paging))
		if isError, text, _ := invoke(t, h, args); isError || page != 1 {
			t.Errorf("arguments %q: got isError %v (%s), page %d; want success with the default page 1", args, isError, text, page)
		}
	}

	type bigID struct {
		ID int64 `json:"id"`
	}
	var id int64
	hb := rawHandler(t, func(_ context.Context, in bigID) (string, error) { id = in.ID; return "ok", nil })
	invoke(t, hb, `{"id": 9007199254740993}`)
	if id != 9007199254740993 {
		t.Errorf("id = %d, want 9007199254740993 (precision lost through float64)", id)
	}
}

// isbn rejects itself on decoding, as a type with its own rules would: the
// schema (a string) admits what the Go type does not.
type isbn string

func (i *isbn) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if len(s) != 13 {
		return errors.New("an ISBN has 13 digits")
	}
	*i = isbn(s)
	return nil
}

// TestArgumentDecodeFailure checks that a decoding error after validation is
// an invalid-arguments failure too, not an internal one.
func TestArgumentDecodeFailure(t *testing.T) {
	type args struct {
		ISBN isbn `json:"isbn"`
	}
	h := rawHandler(t, func(context.Context, args) (string, error) { return "ok", nil })
	_, _, structured := invoke(t, h, `{"isbn": "123"}`)
	want := `{"error": {"code": -32602, "message": "Invalid arguments: an ISBN has 13 digits.", "data": {
		"reason": "invalid_arguments", "retryable": false, "requestId": "req-1",
		"issues": [{"message": "an ISBN has 13 digits"}],
		"recovery": {"hint": "Correct the listed arguments to match the tool's input schema, then call the tool again."}}}}`
	if diff := cmp.Diff(decodeJSON(t, want), structured); diff != "" {
		t.Errorf("structuredContent mismatch (-want +got):\n%s", diff)
	}
}

// TestArgumentIssueOrder checks that issues follow the schema's property
// order, missing and invalid ones interleaved, as the agent reads its call.
func TestArgumentIssueOrder(t *testing.T) {
	type reserve struct {
		ID     string `json:"id"`
		Patron string `json:"patron"`
	}
	h := rawHandler(t, func(context.Context, reserve) (string, error) { return "ok", nil })
	_, text, _ := invoke(t, h, `{"id": 7}`)
	want := "Error: Invalid arguments: id: expected string, got integer; patron: required property is missing.\n\n" +
		"Recovery: Correct the listed arguments to match the tool's input schema, then call the tool again.\n\n" +
		"(reason invalid_arguments · not retryable · request req-1)"
	if diff := cmp.Diff(want, text); diff != "" {
		t.Errorf("text mismatch (-want +got):\n%s", diff)
	}
}
