// Package svc is the service layer: it passes on the repository's errors.
package svc

import (
	"context"

	"fixture/repo"
)

// Title returns the title of a book.
func Title(ctx context.Context, id string) (string, error) {
	b, err := repo.Find(ctx, id)
	if err != nil {
		return "", err
	}
	return b, nil
}
