// Package clean has nothing to report.
package clean

// Sum adds.
func Sum(a, b int) int { return a + b }
