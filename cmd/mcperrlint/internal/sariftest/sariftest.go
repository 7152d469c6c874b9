// Package sariftest validates SARIF logs against the SARIF 2.1.0 JSON
// schema, for the tests of the mcperrlint command.
//
// The schema, testdata/sarif-schema-2.1.0.json, is the OASIS SARIF 2.1.0
// schema (errata 01) byte for byte as the Go module
// github.com/owenrumney/go-sarif/v3 v3.3.1 embeds it
// (pkg/report/v210/sarif/schema.go), fetched through the Go module proxy.
package sariftest

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

//go:embed testdata/sarif-schema-2.1.0.json
var schemaJSON []byte

// schema is the resolved schema.
var schema = sync.OnceValues(func() (*jsonschema.Resolved, error) {
	var raw map[string]any
	if err := json.Unmarshal(schemaJSON, &raw); err != nil {
		return nil, err
	}
	// The schema is draft-04, which jsonschema-go does not read, but every
	// keyword it uses means the same in draft-07 (it has no boolean
	// exclusiveMinimum or exclusiveMaximum): name it so, with its id under
	// draft-07's name.
	raw["$schema"] = "http://json-schema.org/draft-07/schema#"
	raw["$id"] = raw["id"]
	delete(raw, "id")
	data, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return s.Resolve(nil)
})

// Validate reports whether log, a JSON document, is a valid SARIF 2.1.0
// log.
func Validate(log []byte) error {
	rs, err := schema()
	if err != nil {
		return fmt.Errorf("loading the SARIF schema: %v", err)
	}
	var instance any
	if err := json.Unmarshal(log, &instance); err != nil {
		return fmt.Errorf("not JSON: %v", err)
	}
	return rs.Validate(instance)
}
