// Package ports declares what the application needs from the cluster and
// the chart store; adapters implement it in packages that import only
// this one.
package ports

import "context"

// Cluster is the port to the cluster.
type Cluster interface {
	Info(ctx context.Context) (*Info, error)
	Health(ctx context.Context, release string) ([]string, error)
}

// Charts is the port to the chart store.
type Charts interface {
	Repos(ctx context.Context) ([]string, error)
}

// Info is what the cluster says of itself.
type Info struct {
	Version string
	CRDs    []string
}
