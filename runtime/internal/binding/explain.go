package binding

// jsonschema-go reports the first violation it meets, as one string, and
// meets them in map order; an agent fixing a call wants every violation, each
// at a path it can find in its own arguments. explain therefore walks the
// instance beside the schema and localises violations itself for the
// keywords that inferred schemas use (type, enum, required, properties,
// additionalProperties, items). Whatever it cannot localise (a pattern, a
// minimum, a combinator) is delegated back to jsonschema-go on the smallest
// subschema that fails, so the validator stays the single judge of validity
// and explain only decides where to point.

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// explain returns the issues that make instance invalid against schema.
// validationErr, the validator's verdict, is the fallback when the walk
// cannot localise anything, so the result is never empty.
func explain(schema *jsonschema.Schema, instance any, validationErr error) []issue {
	var x explainer
	x.walk(schema, instance, "")
	if len(x.issues) == 0 {
		return []issue{{Message: trimValidationError(validationErr.Error())}}
	}
	return x.issues
}

// An explainer collects issues during one walk.
type explainer struct {
	issues []issue
}

// add records an issue, up to maxIssues.
func (x *explainer) add(path, message string) {
	if len(x.issues) < maxIssues {
		x.issues = append(x.issues, issue{Path: path, Message: message})
	}
}

// walk explains why v, at path, fails s. A type or enum mismatch is reported
// alone; otherwise objects and arrays are walked into, and if nothing below
// fails, s's remaining keywords are checked on v as a whole.
func (x *explainer) walk(s *jsonschema.Schema, v any, path string) {
	if s == nil || len(x.issues) >= maxIssues {
		return
	}
	if types := schemaTypes(s); len(types) > 0 && !typeMatches(types, v) {
		x.add(path, fmt.Sprintf("expected %s, got %s", strings.Join(types, " or "), jsonTypeOf(v)))
		return
	}
	if len(s.Enum) > 0 && !slices.ContainsFunc(s.Enum, func(e any) bool { return sameJSON(e, v) }) {
		x.add(path, "must be one of "+listJSON(s.Enum))
		return
	}
	before := len(x.issues)
	switch v := v.(type) {
	case map[string]any:
		x.object(s, v, path)
	case []any:
		x.array(s, v, path)
	}
	if len(x.issues) == before {
		if msg := subschemaFailure(s, v); msg != "" {
			x.add(path, msg)
		}
	}
}

// object explains an object: its declared properties in schema order (each
// missing required one, each present one that fails), then required
// properties it does not declare, then unknown ones.
func (x *explainer) object(s *jsonschema.Schema, v map[string]any, path string) {
	required := make(map[string]bool, len(s.Required))
	for _, name := range s.Required {
		required[name] = true
	}
	for _, name := range orderedKeys(s.Properties, s.PropertyOrder) {
		if value, ok := v[name]; ok {
			x.walk(s.Properties[name], value, joinPath(path, name))
		} else if required[name] {
			x.add(joinPath(path, name), "required property is missing")
		}
	}
	for _, name := range s.Required {
		if _, declared := s.Properties[name]; !declared {
			if _, ok := v[name]; !ok {
				x.add(joinPath(path, name), "required property is missing")
			}
		}
	}
	for _, name := range slices.Sorted(maps.Keys(v)) {
		if _, declared := s.Properties[name]; !declared {
			x.extra(s, v[name], joinPath(path, name))
		}
	}
}

// extra explains a property the schema does not declare.
func (x *explainer) extra(s *jsonschema.Schema, v any, path string) {
	switch {
	case len(s.PatternProperties) > 0 || s.AdditionalProperties == nil:
		// allowed, or decided by patterns: left to the validator
	case isFalseSchema(s.AdditionalProperties):
		x.add(path, unknownPropertyMessage(s))
	default:
		x.walk(s.AdditionalProperties, v, path)
	}
}

// array explains an array item by item.
func (x *explainer) array(s *jsonschema.Schema, v []any, path string) {
	for i, item := range v {
		sub := s.Items
		if i < len(s.PrefixItems) {
			sub = s.PrefixItems[i]
		}
		x.walk(sub, item, path+"["+strconv.Itoa(i)+"]")
	}
}

// unknownPropertyMessage says a property is not allowed and, when the list is
// short, which ones are.
func unknownPropertyMessage(s *jsonschema.Schema) string {
	allowed := orderedKeys(s.Properties, s.PropertyOrder)
	if len(allowed) == 0 {
		return "unknown property; this object takes none"
	}
	if len(allowed) > maxAllowedListed {
		return "unknown property"
	}
	return "unknown property; expected one of " + strings.Join(allowed, ", ")
}

// subschemaFailure validates v against s alone and returns the validator's
// message, or "" when v is valid or s cannot be resolved on its own (it
// refers to definitions elsewhere in the document).
func subschemaFailure(s *jsonschema.Schema, v any) string {
	resolved, err := s.CloneSchemas().Resolve(nil)
	if err != nil {
		return ""
	}
	if err := resolved.Validate(v); err != nil {
		return trimValidationError(err.Error())
	}
	return ""
}

// trimValidationError drops jsonschema-go's "validating <schema>: "
// prefixes, which name schema locations, not argument paths.
func trimValidationError(msg string) string {
	for strings.HasPrefix(msg, "validating ") {
		i := strings.Index(msg, ": ")
		if i < 0 {
			break
		}
		msg = msg[i+2:]
	}
	return msg
}

// orderedKeys returns m's keys: those named in order first, in that order,
// then the rest sorted, so issues come out in a stable, readable order.
func orderedKeys[V any](m map[string]V, order []string) []string {
	keys := make([]string, 0, len(m))
	seen := make(map[string]bool, len(order))
	for _, k := range order {
		if _, ok := m[k]; ok && !seen[k] {
			keys = append(keys, k)
			seen[k] = true
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !seen[k] {
			keys = append(keys, k)
		}
	}
	return keys
}

// joinPath appends a property name to a path: "a", "a.b", "a[0].b".
func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// schemaTypes returns the JSON types s allows, or nil when it does not say.
func schemaTypes(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

// typeMatches reports whether v has one of types; "number" admits integers.
func typeMatches(types []string, v any) bool {
	got := jsonTypeOf(v)
	return slices.Contains(types, got) || got == "integer" && slices.Contains(types, "number")
}

// jsonTypeOf names the JSON type of a decoded value, as JSON Schema does: a
// float64 with no fractional part is an integer.
func jsonTypeOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if _, frac := math.Modf(v); frac == 0 {
			return "integer"
		}
		return "number"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return fmt.Sprintf("%T", v)
}

// isFalseSchema reports whether s is the schema false, {"not": {}}, as
// jsonschema-go infers for the additionalProperties of a struct.
func isFalseSchema(s *jsonschema.Schema) bool {
	if s.Not == nil {
		return false
	}
	b, err := json.Marshal(s)
	return err == nil && string(b) == "false"
}

// sameJSON reports whether two decoded JSON values are equal, comparing
// their encodings so that 1 and 1.0 match.
func sameJSON(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// listJSON renders enum values for a message: "a", "b", 3.
func listJSON(values []any) string {
	parts := make([]string, len(values))
	for i, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte(fmt.Sprint(v))
		}
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}
