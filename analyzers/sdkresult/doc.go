// Package sdkresult defines an Analyzer that ... (being written).
//
// # Analyzer sdkresult
//
// sdkresult: (being written)
package sdkresult
