// Package preferfail defines an Analyzer that ... (being written).
//
// # Analyzer preferfail
//
// preferfail: (being written)
package preferfail
