// Package unwired implements ports.Charts too, but no program wires it
// in: its empty answer reaches no handler.
package unwired

import "context"

type api interface {
	Get(ctx context.Context, path string) ([]string, error)
}

// Store is a chart store nobody uses.
type Store struct{ api api }

// Repos lists the repositories.
func (s *Store) Repos(ctx context.Context) ([]string, error) { // want Repos:"answer pending: no-fake-empty-result@18"
	repos, err := s.api.Get(ctx, "/repos")
	if err != nil {
		return nil, nil
	}
	return repos, nil
}
