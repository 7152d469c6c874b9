// Package quiet implements Provider but never hands itself in: no tool
// answers with what it gives.
package quiet

import (
	"context"
	"strings"

	"fixtures/provided/builder"
)

// Quiet is a provider nothing wires in: no value of it is ever made.
type Quiet struct{}

func load(ctx context.Context, id string) (string, error) { return id, nil }

func (Quiet) Fetch(ctx context.Context, id string) (*builder.Document, error) { // want Fetch:"answer pending: no-fake-empty-result@19"
	var text strings.Builder
	if body, err := load(ctx, id); err == nil {
		text.WriteString(body)
	}
	return &builder.Document{ID: id, Text: text.String()}, nil
}

func (Quiet) Search(ctx context.Context, q string) ([]builder.Document, error) { return nil, nil }
