// Package plain reaches neither the runtime nor an SDK: outside the roots,
// it is loaded from export data.
package plain

import "strings"

// Normalize trims and lower-cases an id.
func Normalize(id string) string { return strings.ToLower(strings.TrimSpace(id)) }
