// Package service is the library's services: each calls the API through
// a Connector, an interface the library's client implements in a package
// that imports this one. From here, what Call returns is not known.
package service

import (
	"context"
	"net/http"

	"example.com/upstream/atlas/models"
)

// A Connector sends requests.
type Connector interface {
	Call(req *http.Request, v any) (*models.Response, error)
}

// Issues is the issue service.
type Issues struct{ C Connector }

// Get returns the issue key.
func (s *Issues) Get(ctx context.Context, key string) (string, *models.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/issue/"+key, nil)
	if err != nil {
		return "", nil, err
	}
	var issue string
	resp, err := s.C.Call(req, &issue)
	if err != nil {
		return "", resp, err
	}
	return issue, resp, nil
}
