// Package askers holds the models a server asks, each behind one
// interface, each over a client library whose errors print the body of
// the response the API refused with. The returns that hand such an error
// on are where it comes into the module.
package askers

import (
	"context"
	"errors"
	"fmt"

	"example.com/upstream/chatapi"
)

// An Asker answers a question.
type Asker interface {
	Ask(ctx context.Context, question string) (string, error)
}

// Pick returns the model named name.
func Pick(name string) Asker {
	c := &chatapi.Client{URL: "https://models.example/" + name}
	switch name {
	case "backup":
		return &Backup{c}
	case "careful":
		return &Careful{c}
	}
	return &Chat{c}
}

// Chat is the main model.
type Chat struct{ c *chatapi.Client }

func (a *Chat) Ask(ctx context.Context, question string) (string, error) {
	answer, err := a.c.Complete(ctx, question)
	if err != nil {
		return "", err
	}
	return answer, nil
}

// Backup is the model asked when the main one is down.
type Backup struct{ c *chatapi.Client }

func (a *Backup) Ask(ctx context.Context, question string) (string, error) {
	answer, err := a.c.Complete(ctx, "backup: "+question)
	if err != nil {
		return "", fmt.Errorf("backup model: %w", err)
	}
	return answer, nil
}

// Careful says in its own words what a refused call was: its error never
// carries the body.
type Careful struct{ c *chatapi.Client }

func (a *Careful) Ask(ctx context.Context, question string) (string, error) {
	answer, err := a.c.Complete(ctx, question)
	var reqErr *chatapi.RequestError
	if errors.As(err, &reqErr) {
		return "", fmt.Errorf("the model refused the question (status %d)", reqErr.StatusCode)
	}
	if err != nil {
		return "", err
	}
	return answer, nil
}
