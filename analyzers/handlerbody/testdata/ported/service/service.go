// Package service is the application layer: it answers with what the
// ports answer.
package service

import (
	"context"

	"fixtures/ported/ports"
)

// Service holds the ports.
type Service struct{ Cluster ports.Cluster }

// Inventory answers with what the cluster port answers.
func (s *Service) Inventory(ctx context.Context) (*ports.Info, error) { // want Inventory:"answer pending: wired: fixtures/ported/ports.Cluster.Info"
	return s.Cluster.Info(ctx)
}

// Health answers with the port's health.
func (s *Service) Health(ctx context.Context, release string) ([]string, error) { // want Health:"answer pending: wired: fixtures/ported/ports.Cluster.Health"
	return s.Cluster.Health(ctx, release)
}
