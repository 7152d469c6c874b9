// Package conformance defines an Analyzer that ... (being written).
//
// # Analyzer conformance
//
// conformance: (being written)
package conformance
