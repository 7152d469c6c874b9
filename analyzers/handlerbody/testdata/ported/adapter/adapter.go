// Package adapter implements the ports over a client; it imports neither
// the service nor the tools.
package adapter

import (
	"context"
	"log"

	"fixtures/ported/ports"
)

type api interface {
	Get(ctx context.Context, path string) ([]string, error)
}

// Client implements ports.Cluster and ports.Charts.
type Client struct{ api api }

// Info answers with no CRDs when they cannot be listed.
func (c *Client) Info(ctx context.Context) (*ports.Info, error) { // want Info:"answer pending: no-fake-empty-result@26"
	v, err := c.api.Get(ctx, "/version")
	if err != nil {
		return nil, err
	}
	crds, err := c.api.Get(ctx, "/crds")
	if err != nil { // want `no-fake-empty-result: helper Info empties what the failed call gives when err is not nil and answers with it`
		crds = nil
	}
	return &ports.Info{Version: v[0], CRDs: crds}, nil
}

// Health adds the deployments only when listing them works.
func (c *Client) Health(ctx context.Context, release string) ([]string, error) { // want Health:"answer pending: no-fake-empty-result@36"
	var health []string
	deps, err := c.api.Get(ctx, "/deployments/"+release)
	if err == nil { // want `no-fake-empty-result: helper Health adds to its answer only when err is nil`
		health = append(health, deps...)
	}
	return health, nil
}

// Repos answers with no repositories when their list cannot be read.
func (c *Client) Repos(ctx context.Context) ([]string, error) { // want Repos:"answer pending: no-fake-empty-result@47"
	repos, err := c.api.Get(ctx, "/repos")
	if err != nil {
		log.Printf("repos: %v", err)
		return nil, nil // want `no-fake-empty-result: helper Repos returns a nil error and an empty value while handling err`
	}
	return repos, nil
}
