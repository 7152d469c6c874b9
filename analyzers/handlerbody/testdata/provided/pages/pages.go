// Package pages is a provider: its documents are pages whose sections
// are fetched one by one, and it hands itself to the builder.
package pages

import (
	"context"
	"errors"
	"strings"

	"fixtures/provided/builder"
)

type pages struct{}

// NewServer builds the server over this provider.
func NewServer() any { return builder.Build(&pages{}) }

func section(ctx context.Context, id string) (string, error) {
	if id == "" {
		return "", errors.New("no such section")
	}
	return "section " + id, nil
}

// Fetch gathers a page's sections; one that fails to load is left out
// of a page that reads as complete.
func (p *pages) Fetch(ctx context.Context, id string) (*builder.Document, error) { // want Fetch:"answer pending: no-fake-empty-result@31"
	var text strings.Builder
	for _, s := range []string{id + "/a", id + "/b"} {
		body, err := section(ctx, s)
		if err == nil { // want `no-fake-empty-result: helper Fetch adds to its answer only when err is nil`
			text.WriteString(body)
		}
	}
	return &builder.Document{ID: id, Text: text.String()}, nil
}

func (p *pages) Search(ctx context.Context, q string) ([]builder.Document, error) {
	return nil, nil
}
