// Package broken does not type-check.
package broken

import "fixture/plain"

var N int = plain.Normalize("x")

func f() { undefined() }
