package sariftest

import (
	"strings"
	"testing"
)

// TestRejectsInvalidLogs makes sure the validator really checks nested
// definitions, so that a passing validation means something.
func TestRejectsInvalidLogs(t *testing.T) {
	const valid = `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[
		{"ruleId":"r","level":"warning","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go"},"region":{"startLine":1}}}]}]}]}`
	for name, doc := range map[string]string{
		"valid":             valid,
		"unknown level":     strings.Replace(valid, `"warning"`, `"fatal"`, 1),
		"line 0":            strings.Replace(valid, `"startLine":1`, `"startLine":0`, 1),
		"no driver name":    strings.Replace(valid, `"name":"x"`, `"fullName":"x"`, 1),
		"unknown property":  strings.Replace(valid, `"ruleId"`, `"rule"`, 1),
		"wrong version":     strings.Replace(valid, `"2.1.0"`, `"2.0.0"`, 1),
		"message not text":  strings.Replace(valid, `{"text":"m"}`, `"m"`, 1),
		"results not array": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":{}}]}`,
		"not JSON":          `{"version"`,
	} {
		err := Validate([]byte(doc))
		if (err == nil) != (name == "valid") {
			t.Errorf("%s: Validate = %v", name, err)
		}
	}
}
