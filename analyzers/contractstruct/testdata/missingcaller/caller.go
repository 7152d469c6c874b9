// Package missingcaller builds its tools with another package's helper:
// the finding is at the helper's literal, not at each call.
package missingcaller

import (
	"context"

	"fixtures/missing"
)

func lookup(ctx context.Context, isbn string) (string, error) { return "", nil }

var Lookup = missing.NewTool("lookup", lookup)
