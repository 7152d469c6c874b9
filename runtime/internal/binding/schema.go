package binding

import (
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
)

// inputSchema returns the schema arguments are validated against: the
// override, or the one inferred from In (through pointers; any takes any
// object). MCP requires it to have type "object".
func inputSchema[In any](override *jsonschema.Schema) (*jsonschema.Schema, *jsonschema.Resolved, error) {
	schema := override
	if schema == nil {
		var err error
		if schema, err = inferSchema(reflect.TypeFor[In]()); err != nil {
			return nil, nil, err
		}
	}
	if schema.Type != "object" {
		return nil, nil, fmt.Errorf("input schema has type %q; MCP tool arguments must be an object, so In must be a struct or a map with string keys", schemaType(schema))
	}
	resolved, err := schema.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
	if err != nil {
		return nil, nil, fmt.Errorf("input schema: %w", err)
	}
	return schema, resolved, nil
}

// outputSchema returns the schema successful outputs are validated against
// (nil when Out is any and there is no override) and its resolved form.
func outputSchema[Out any](override *jsonschema.Schema) (*jsonschema.Schema, *jsonschema.Resolved, error) {
	schema := override
	if schema == nil {
		if reflect.TypeFor[Out]() == reflect.TypeFor[any]() {
			return nil, nil, nil
		}
		var err error
		if schema, err = inferSchema(reflect.TypeFor[Out]()); err != nil {
			return nil, nil, err
		}
	}
	resolved, err := schema.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
	if err != nil {
		return nil, nil, fmt.Errorf("output schema: %w", err)
	}
	return schema, resolved, nil
}

// inferSchema infers the schema of t with jsonschema-go. Pointers are
// followed, as the go-sdk does, so *T advertises T's schema; the interface
// type any gets the empty object schema.
func inferSchema(t reflect.Type) (*jsonschema.Schema, error) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeFor[any]() {
		return &jsonschema.Schema{Type: "object"}, nil
	}
	schema, err := jsonschema.ForType(t, nil)
	if err != nil {
		return nil, err
	}
	if schema == nil {
		return nil, fmt.Errorf("no schema can be inferred for %v", t)
	}
	return schema, nil
}

// schemaType names the type a schema declares, for messages.
func schemaType(s *jsonschema.Schema) string {
	if s.Type != "" {
		return s.Type
	}
	if len(s.Types) > 0 {
		return fmt.Sprint(s.Types)
	}
	return "unspecified"
}

// widenOutput returns the output schema clients are shown: the success
// schema widened so that a result carrying only {"error": WireError} is
// valid too. The original is not modified.
//
// A plain object schema keeps its shape, so clients that read properties
// still can: the success properties stay, "error" joins them, and the
// required set moves into anyOf [{required: success}, {required: [error]}].
// Any other schema becomes anyOf [success, error envelope], with type
// "object" kept at the root when the success schema is an object.
func widenOutput(s *jsonschema.Schema) *jsonschema.Schema {
	if isPlainObject(s) {
		return widenPlainObject(s)
	}
	return widenByAnyOf(s)
}

// isPlainObject reports whether s is an object schema whose validity is
// decided by its own properties alone, with no "error" property of its own,
// so the envelope can be merged into it.
func isPlainObject(s *jsonschema.Schema) bool {
	if s.Type != "object" || s.Ref != "" || s.DynamicRef != "" ||
		s.AllOf != nil || s.AnyOf != nil || s.OneOf != nil || s.Not != nil || s.If != nil {
		return false
	}
	_, clash := s.Properties[ErrorProperty]
	return !clash
}

// widenPlainObject merges the error property into an object schema.
func widenPlainObject(s *jsonschema.Schema) *jsonschema.Schema {
	w := s.CloneSchemas()
	if w.Properties == nil {
		w.Properties = make(map[string]*jsonschema.Schema, 1)
	}
	w.Properties[ErrorProperty] = wireErrorSchema()
	if w.PropertyOrder != nil {
		w.PropertyOrder = append(w.PropertyOrder, ErrorProperty)
	}
	if len(w.Required) > 0 {
		w.AnyOf = []*jsonschema.Schema{
			{Required: w.Required},
			{Required: []string{ErrorProperty}},
		}
		w.Required = nil
	}
	return w
}

// widenByAnyOf wraps s in anyOf with the error envelope. The keywords that
// must stay at the root for references inside s to resolve ($schema, $id,
// $defs, definitions) move to the wrapper.
func widenByAnyOf(s *jsonschema.Schema) *jsonschema.Schema {
	inner := s.CloneSchemas()
	w := &jsonschema.Schema{
		Schema:      inner.Schema,
		ID:          inner.ID,
		Defs:        inner.Defs,
		Definitions: inner.Definitions,
		AnyOf:       []*jsonschema.Schema{inner, errorEnvelopeSchema()},
	}
	inner.Schema, inner.ID, inner.Defs, inner.Definitions = "", "", nil, nil
	if s.Type == "object" {
		w.Type = "object"
	}
	return w
}

// errorEnvelopeSchema is the schema of the structuredContent of a failed
// call: {"error": WireError} and nothing else.
func errorEnvelopeSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:                 "object",
		Properties:           map[string]*jsonschema.Schema{ErrorProperty: wireErrorSchema()},
		Required:             []string{ErrorProperty},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

// wireErrorSchema is the schema of mcperr.WireError, the JSON-RPC error
// object shape.
func wireErrorSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:        "object",
		Description: "Present only when the call failed (isError is true): the failure as a JSON-RPC error object. data.reason names the contract entry, data.recovery.hint says what to do next, data.requestId matches the server's log.",
		Properties: map[string]*jsonschema.Schema{
			"code":    {Type: "integer"},
			"message": {Type: "string"},
			"data":    {Type: "object"},
		},
		PropertyOrder: []string{"code", "message", "data"},
		Required:      []string{"code", "message"},
	}
}
