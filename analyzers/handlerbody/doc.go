// Package handlerbody defines an Analyzer that ... (being written).
//
// # Analyzer handlerbody
//
// handlerbody: (being written)
package handlerbody
