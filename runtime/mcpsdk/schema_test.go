package mcpsdk_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bind binds a tool whose handler returns the zero Out, and fails the test
// if it cannot be bound.
func bind[In, Out any](t *testing.T, opts ...mcpsdk.Option) *mcp.Tool {
	t.Helper()
	tool, _, err := mcpsdk.Bind(&mcperr.Tool[In, Out]{
		Name:    "sample",
		Handler: func(context.Context, In) (Out, error) { var out Out; return out, nil },
	}, opts...)
	if err != nil {
		t.Fatalf("Bind: %v", err)
	}
	return tool
}

// advertisedJSON returns a schema as the client receives it.
func advertisedJSON(t *testing.T, schema any) any {
	t.Helper()
	b, err := json.Marshal(schema)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	return decodeJSON(t, string(b))
}

const wireErrorSchemaJSON = `{
	"type": "object",
	"description": "Present only when the call failed (isError is true): the failure as a JSON-RPC error object. data.reason names the contract entry, data.recovery.hint says what to do next, data.requestId matches the server's log.",
	"properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": {"type": "object"}},
	"required": ["code", "message"]}`

// TestWidenedObjectSchema pins the output schema advertised for a struct:
// the success properties, optional; "error"; anyOf of the two required sets.
func TestWidenedObjectSchema(t *testing.T) {
	tool := bind[struct{}, book](t)
	want := `{
		"type": "object",
		"properties": {
			"id": {"type": "string"},
			"title": {"type": "string"},
			"year": {"type": "integer"},
			"error": ` + wireErrorSchemaJSON + `
		},
		"additionalProperties": false,
		"anyOf": [{"required": ["id", "title"]}, {"required": ["error"]}]}`
	if diff := cmp.Diff(decodeJSON(t, want), advertisedJSON(t, tool.OutputSchema)); diff != "" {
		t.Errorf("output schema mismatch (-want +got):\n%s", diff)
	}
}

// TestWidenedSchemaAdmits checks, for Out types of every shape, which
// structuredContent values the advertised schema admits: successes and the
// error envelope, and not values that are neither.
func TestWidenedSchemaAdmits(t *testing.T) {
	const envelope = `{"error": {"code": -32001, "message": "No such book.", "data": {"reason": "book_not_found", "requestId": "r"}}}`
	type withErrorField struct {
		Error string `json:"error"`
	}
	tests := []struct {
		name        string
		tool        *mcp.Tool
		admits      []string
		rejects     []string
		wantWrapped bool // anyOf [success, envelope] at the root, rather than merged
		wantObject  bool // root type "object"
	}{{
		name:       "struct",
		tool:       bind[struct{}, book](t),
		admits:     []string{`{"id": "b-1", "title": "Dune"}`, `{"id": "b-1", "title": "Dune", "year": 1965}`, envelope},
		rejects:    []string{`{}`, `{"id": "b-1"}`, `{"error": {"message": "no code"}}`, `{"id": "b-1", "title": "Dune", "isbn": "x"}`},
		wantObject: true,
	}, {
		name:       "pointer to struct",
		tool:       bind[struct{}, *book](t),
		admits:     []string{`{"id": "b-1", "title": "Dune"}`, envelope},
		rejects:    []string{`null`, `{}`},
		wantObject: true,
	}, {
		name:        "slice",
		tool:        bind[struct{}, []book](t),
		admits:      []string{`[]`, `null`, `[{"id": "b-1", "title": "Dune"}]`, envelope},
		rejects:     []string{`{}`, `[{"id": "b-1"}]`, `"text"`},
		wantWrapped: true,
	}, {
		name:        "primitive",
		tool:        bind[struct{}, int](t),
		admits:      []string{`3`, envelope},
		rejects:     []string{`"3"`, `{}`},
		wantWrapped: true,
	}, {
		name:       "map",
		tool:       bind[struct{}, map[string]int](t),
		admits:     []string{`{}`, `{"a": 1}`, envelope},
		rejects:    []string{`{"a": "1"}`},
		wantObject: true,
	}, {
		name:        "struct with its own error field",
		tool:        bind[struct{}, withErrorField](t),
		admits:      []string{`{"error": "a plain string field"}`, envelope},
		rejects:     []string{`{}`, `{"error": 3}`},
		wantWrapped: true,
		wantObject:  true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schema := advertisedJSON(t, tt.tool.OutputSchema).(map[string]any)
			if wrapped := schema["properties"] == nil && schema["anyOf"] != nil; wrapped != tt.wantWrapped {
				t.Errorf("wrapped in anyOf = %v, want %v: %v", wrapped, tt.wantWrapped, schema)
			}
			if got := schema["type"] == "object"; got != tt.wantObject {
				t.Errorf("root type object = %v, want %v: %v", got, tt.wantObject, schema)
			}
			resolved := clientSchema(t, tt.tool.OutputSchema)
			for _, v := range tt.admits {
				if err := resolved.Validate(decodeJSON(t, v)); err != nil {
					t.Errorf("%s: rejected, want admitted: %v", v, err)
				}
			}
			for _, v := range tt.rejects {
				if err := resolved.Validate(decodeJSON(t, v)); err == nil {
					t.Errorf("%s: admitted, want rejected", v)
				}
			}
		})
	}
}

// TestNoOutputSchemaForAny checks that a tool whose Out is any advertises no
// output schema, and that a struct{} input still advertises an object.
func TestNoOutputSchemaForAny(t *testing.T) {
	tool := bind[struct{}, any](t)
	if tool.OutputSchema != nil {
		t.Errorf("OutputSchema = %v, want nil", tool.OutputSchema)
	}
	want := `{"type": "object", "additionalProperties": false}`
	if diff := cmp.Diff(decodeJSON(t, want), advertisedJSON(t, tool.InputSchema)); diff != "" {
		t.Errorf("input schema mismatch (-want +got):\n%s", diff)
	}
}

// TestSchemaOverrides checks WithInputSchema and WithOutputSchema: the
// overrides are what is advertised (the output one widened) and enforced.
func TestSchemaOverrides(t *testing.T) {
	in := &jsonschema.Schema{
		Type:       "object",
		Properties: map[string]*jsonschema.Schema{"q": {Type: "string", MinLength: jsonschema.Ptr(2)}},
		Required:   []string{"q"},
	}
	out := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"n": {Type: "integer"}}}
	tool := bind[map[string]any, map[string]any](t, mcpsdk.WithInputSchema(in), mcpsdk.WithOutputSchema(out))
	if diff := cmp.Diff(advertisedJSON(t, in), advertisedJSON(t, tool.InputSchema)); diff != "" {
		t.Errorf("input schema mismatch (-want +got):\n%s", diff)
	}
	want := `{"type": "object", "properties": {"n": {"type": "integer"}, "error": ` + wireErrorSchemaJSON + `}}`
	if diff := cmp.Diff(decodeJSON(t, want), advertisedJSON(t, tool.OutputSchema)); diff != "" {
		t.Errorf("output schema mismatch (-want +got):\n%s", diff)
	}
}

// TestWithTool checks that WithTool customises the advertised tool after the
// binding filled it in.
func TestWithTool(t *testing.T) {
	tool := bind[struct{}, book](t, mcpsdk.WithTool(func(tool *mcp.Tool) {
		tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: true}
		tool.Meta["example.com/owner"] = "books-team"
	}))
	if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
		t.Errorf("Annotations = %+v, want ReadOnlyHint", tool.Annotations)
	}
	if tool.Meta["example.com/owner"] != "books-team" {
		t.Errorf("Meta = %v, want the added key", tool.Meta)
	}
}

// TestBindErrors checks that a tool that cannot be registered is reported,
// by Bind as an error and by AddTool as a panic at registration time.
func TestBindErrors(t *testing.T) {
	handler := func(context.Context, string) (book, error) { return book{}, nil }
	if _, _, err := mcpsdk.Bind(&mcperr.Tool[string, book]{Name: "scalar_input", Handler: handler}); err == nil {
		t.Errorf("Bind with a string input: no error, want one (MCP arguments are objects)")
	}
	if _, _, err := mcpsdk.Bind(&mcperr.Tool[struct{}, book]{Name: "no_handler"}); err == nil {
		t.Errorf("Bind without a handler: no error, want one")
	}
	if _, _, err := mcpsdk.Bind[struct{}, book](nil); err == nil {
		t.Errorf("Bind(nil): no error, want one")
	}
	defer func() {
		if recover() == nil {
			t.Errorf("AddTool without a handler did not panic")
		}
	}()
	mcpsdk.AddTool(mcp.NewServer(&mcp.Implementation{Name: "s"}, nil), &mcperr.Tool[struct{}, book]{Name: "no_handler"})
}
